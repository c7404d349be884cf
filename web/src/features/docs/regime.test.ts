import { saleRegimeMentions } from "@registre/core";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/http.ts";
import { regimeLabelKey, regimeOutdated } from "./regime.tsx";

describe("a sales line's VAT regime", () => {
  it("is named by its kind, a service's by its mention: reverse charged in the EU, outside French VAT beyond", () => {
    expect(regimeLabelKey({ kind: "intraEu" }, saleRegimeMentions.intraEu)).toBe("intraEu");
    expect(regimeLabelKey({ kind: "export" }, saleRegimeMentions.export)).toBe("export");
    expect(regimeLabelKey({ kind: "reverseCharge" }, saleRegimeMentions.reverseChargeEu)).toBe(
      "reverseCharge",
    );
    expect(regimeLabelKey({ kind: "reverseCharge" }, saleRegimeMentions.outsideEu)).toBe("outsideScope");
  });

  it("knows the refusal of a line whose regime its customer no longer decides", () => {
    const problem = (code: string) =>
      new ApiError("problem", "", 422, { type: "about:blank", title: "", status: 422, code, detail: "" });
    expect(regimeOutdated(problem("doc.vatRegimeOutdated"))).toBe(true);
    expect(regimeOutdated(problem("doc.mention.contact"))).toBe(false);
    expect(regimeOutdated([{ code: "doc.mention.sellerSiren" }, { code: "doc.vatRegimeOutdated" }])).toBe(
      true,
    );
    expect(regimeOutdated(null)).toBe(false);
  });
});
