import { describe, it } from "vitest";
import { DomainError } from "../decider.ts";
import { deciderSpecification } from "../testing/decider-specification.ts";
import { refusedWith } from "../testing/refusals.ts";
import { type VatReturnValidated, vatReturnDecider } from "./vat-return.ts";

const spec = deciderSpecification(vatReturnDecider);

const data: VatReturnValidated["data"] = {
  period: "2026-03",
  periodicity: "monthly",
  start: "2026-03-01",
  end: "2026-03-31",
  form: "3310-CA3-SD",
  formVersion: "2026",
  boxes: [{ code: "32", base: null, tax: 82 }],
  lines: [{ mvt: "m-1", line: 3 }],
  settlementMvt: "m-s",
  validatedOn: "2026-04-10",
};
const validate = (refusal: DomainError | null = null) => ({
  type: "ValidateVatReturn" as const,
  data,
  context: { refusal },
});

describe("a VAT return", () => {
  it("is validated once, as a fact with its boxes, lines and settlement", () => {
    spec
      .given([])
      .when(validate())
      .then([{ type: "VatReturnValidated", data }]);
  });

  it("never changes: a second validation of the period is refused", () => {
    spec
      .given([{ type: "VatReturnValidated", data }])
      .when(validate())
      .thenThrows(refusedWith("vat.alreadyValidated", { field: "period", period: "2026-03" }, 409));
  });

  it("is refused with what the shell found (drafts dated in the period…)", () => {
    const refusal = new DomainError("vat.draftsInPeriod", { field: "period", count: 1 });
    spec.given([]).when(validate(refusal)).thenThrows(refusedWith("vat.draftsInPeriod"));
  });
});
