import { describe, expect, it } from "vitest";
import { deciderSpecification } from "../testing/decider-specification.ts";
import { refusedWith } from "../testing/refusals.ts";
import {
  type ClosingEvent,
  closingDecider,
  closingStepCodes,
  closingSteps,
  closingStreamId,
} from "./closing.ts";

const spec = deciderSpecification(closingDecider);
const Y = "year-2025";
const OPEN = { status: "open", start: "2025-01-01", end: "2025-12-31" } as const;

const stateOf = (events: readonly ClosingEvent[]) =>
  events.reduce(closingDecider.evolve, closingDecider.initialState());

const added: ClosingEvent = {
  type: "ClosingStepAdded",
  data: { yearId: Y, id: "s1", label: "Rapprocher la caisse" },
};

it("keeps a year's closing checklist in one stream per year", () => {
  expect(closingStreamId("y1")).toBe("closing-y1");
});

describe("the closing checklist", () => {
  it("starts with the ten standard steps, all to do, in the order they are done", () => {
    expect(closingSteps(closingDecider.initialState())).toEqual(
      closingStepCodes.map((id) => ({ id, label: null, status: "todo", note: "" })),
    );
    expect(closingStepCodes).toEqual([
      "stock",
      "accruals",
      "prepayments",
      "depreciation",
      "provisions",
      "bankReconciliation",
      "thirdParties",
      "vat",
      "corporateTax",
      "suspense",
    ]);
  });

  it("marks a standard step done with a note that keeps its lines", () => {
    spec
      .given([])
      .when({
        type: "UpdateClosingStep",
        data: {
          yearId: Y,
          id: "stock",
          status: "done",
          note: "  Inventaire du 31/12 :\r\nstock 3 200 €\u0007 ",
          year: OPEN,
        },
      })
      .then([
        {
          type: "ClosingStepUpdated",
          data: { yearId: Y, id: "stock", status: "done", note: "Inventaire du 31/12 :\nstock 3 200 €" },
        },
      ]);
  });

  it("records nothing when nothing changes", () => {
    spec
      .given([{ type: "ClosingStepUpdated", data: { yearId: Y, id: "vat", status: "notApplicable" } }])
      .when({
        type: "UpdateClosingStep",
        data: { yearId: Y, id: "vat", status: "notApplicable", note: "", year: OPEN },
      })
      .then([]);
  });

  it("adds the organisation's own steps after the standard ones, and lets them be renamed", () => {
    spec
      .given([])
      .when({
        type: "AddClosingStep",
        data: { yearId: Y, id: "s1", label: " Rapprocher   la caisse ", year: OPEN },
      })
      .then([added]);
    spec
      .given([added])
      .when({
        type: "UpdateClosingStep",
        data: { yearId: Y, id: "s1", label: "Compter la caisse", year: OPEN },
      })
      .then([{ type: "ClosingStepUpdated", data: { yearId: Y, id: "s1", label: "Compter la caisse" } }]);
    const steps = closingSteps(stateOf([added]));
    expect(steps).toHaveLength(11);
    expect(steps.at(-1)).toEqual({ id: "s1", label: "Rapprocher la caisse", status: "todo", note: "" });
  });

  it("refuses a step added twice, or with the id of a standard one", () => {
    spec
      .given([added])
      .when({ type: "AddClosingStep", data: { yearId: Y, id: "s1", label: "Autre", year: OPEN } })
      .thenThrows(refusedWith("closingStep.duplicate", undefined, 409));
    spec
      .given([])
      .when({ type: "AddClosingStep", data: { yearId: Y, id: "vat", label: "TVA", year: OPEN } })
      .thenThrows(refusedWith("closingStep.duplicate", undefined, 409));
  });

  it("refuses an empty label, an unknown status, an unknown step and renaming a standard step", () => {
    spec
      .given([])
      .when({ type: "AddClosingStep", data: { yearId: Y, id: "s2", label: "  ", year: OPEN } })
      .thenThrows(refusedWith("validation.required"));
    spec
      .given([])
      .when({
        type: "UpdateClosingStep",
        data: { yearId: Y, id: "vat", status: "finished", year: OPEN },
      })
      .thenThrows(refusedWith("closingStep.invalidStatus"));
    spec
      .given([])
      .when({
        type: "UpdateClosingStep",
        data: { yearId: Y, id: "nope", status: "done", year: OPEN },
      })
      .thenThrows(refusedWith("closingStep.notFound", undefined, 404));
    spec
      .given([])
      .when({ type: "UpdateClosingStep", data: { yearId: Y, id: "vat", label: "TVA", year: OPEN } })
      .thenThrows(refusedWith("closingStep.standardLabel", undefined, 409));
    spec
      .given([])
      .when({
        type: "UpdateClosingStep",
        data: { yearId: Y, id: "vat", note: "x".repeat(2001), year: OPEN },
      })
      .thenThrows(refusedWith("validation.tooLong"));
  });

  it("changes nothing once the year is closed", () => {
    spec
      .given([added])
      .when({
        type: "UpdateClosingStep",
        data: { yearId: Y, id: "s1", status: "done", year: { ...OPEN, status: "closed" } },
      })
      .thenThrows(refusedWith("fiscalYear.alreadyClosed", undefined, 409));
    spec
      .given([])
      .when({
        type: "AddClosingStep",
        data: { yearId: Y, id: "s3", label: "Tard", year: { ...OPEN, status: "closed" } },
      })
      .thenThrows(refusedWith("fiscalYear.alreadyClosed", undefined, 409));
  });
});
