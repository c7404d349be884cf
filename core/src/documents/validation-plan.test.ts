import { describe, expect, it } from "vitest";
import { aux, chartWith } from "../accounting/entry.fixtures.ts";
import { VOLUME_COUNTER, volumeOf } from "../accounting/entry.ts";
import { expectRefused, refusedWith } from "../testing/refusals.ts";
import { documentDecider } from "./decide.ts";
import type { DocumentState } from "./document.ts";
import { created, priced, seller } from "./documents.fixtures.ts";
import { defaultDocumentSeries } from "./numbering.ts";
import { defaultPostingAccounts } from "./posting.ts";
import type { DocumentSeriesState } from "./series-dates.ts";
import { documentValidationPlan, type ValidationPlanInput, validationTarget } from "./validation-plan.ts";

/** Given a document's events and its sequence's last date, when its validation is planned. */
const given = (events: Parameters<typeof created>[0][], last: string | null = null) => {
  const loaded = events
    .map((data) => created(data))
    .reduce<DocumentState>(documentDecider.evolve, documentDecider.initialState());
  const sequenceState: DocumentSeriesState = {
    last: last ? { issueDate: last, number: "FA2025-00007", doc: "d-0" } : null,
  };
  const input = (): ValidationPlanInput => {
    const target = validationTarget(loaded, [], defaultDocumentSeries);
    return {
      id: "d-1",
      loaded,
      before: [],
      target,
      sequenceState: target.sequence ? sequenceState : null,
      lastIssueDate: last,
      seller,
      accounts: defaultPostingAccounts,
      posting: chartWith(aux("CALPHA", "411000")),
      mvt: "m-1",
      validatedOn: "2025-01-05",
    };
  };
  return { when: () => documentValidationPlan(input()) };
};

const invoice = { lines: [priced()] };

describe("a document's validation plan", () => {
  it("takes the series' counter for the year, the journal's and the volume, one each", () => {
    const plan = given([invoice]).when();
    const [draft] = plan.entry({ "doc:sales-invoice:2025": 1, "entry:VT:FY2025": 1 });
    if (draft?.type !== "DraftEntry") throw new Error("no draft");
    expect(plan.counters).toEqual({
      "doc:sales-invoice:2025": 1,
      "entry:VT:FY2025": 1,
      [VOLUME_COUNTER]: volumeOf(draft.data),
    });
  });

  it("numbers the document and its entry with the numbers handed out, the entry's origin the document", () => {
    const plan = given([invoice]).when();
    const numbers = { "doc:sales-invoice:2025": 8, "entry:VT:FY2025": 41 };
    const [validate] = plan.document(numbers);
    expect(validate).toMatchObject({
      type: "ValidateDocument",
      data: { entryMvt: "m-1", numbering: { sequence: 8, series: { id: "sales-invoice" } } },
    });
    const [draft, validateEntry] = plan.entry(numbers);
    expect(draft).toMatchObject({
      type: "DraftEntry",
      data: { mvt: "m-1", journal: "VT", pieceRef: "FA2025-00008", origin: { kind: "document", doc: "d-1" } },
    });
    expect(validateEntry).toMatchObject({
      type: "ValidateEntry",
      data: { sequence: 41, validatedOn: "2025-01-05" },
    });
  });

  it("moves the sequence on to a later date, with the number it prints", () => {
    const plan = given([invoice], "2025-01-02").when();
    expect(plan.sequence?.streamId).toBe("doc-series-sales-invoice-2025");
    expect(plan.sequence?.commands?.({ "doc:sales-invoice:2025": 8 })).toEqual([
      { type: "ReachSeriesDate", data: { issueDate: "2025-01-05", number: "FA2025-00008", doc: "d-1" } },
    ]);
  });

  it("only guards the sequence when its last date is the document's: two validations of a day never conflict", () => {
    const plan = given([invoice], "2025-01-05").when();
    expect(plan.sequence).toEqual({ streamId: "doc-series-sales-invoice-2025", commands: null });
  });

  it("refuses a date before the sequence's last, before any number is taken", () => {
    expectRefused(
      () => given([invoice], "2025-01-06").when(),
      refusedWith("doc.dateBeforeLast", { field: "issueDate", last: "2025-01-06" }),
    );
  });

  it("refuses as the document would first: a quote is not validated", () => {
    expect(() => given([{ kind: "quote", lines: [priced()] }]).when()).toThrow();
  });

  it("takes no sequence for a supplier's invoice: its number is the supplier's", () => {
    const target = validationTarget(
      [created({ direction: "purchases", lines: [priced()] })].reduce<DocumentState>(
        documentDecider.evolve,
        documentDecider.initialState(),
      ),
      [],
      defaultDocumentSeries,
    );
    expect(target.sequence).toBeNull();
  });

  it("refuses a document that is not there", () => {
    expectRefused(
      () => validationTarget(documentDecider.initialState(), [], defaultDocumentSeries),
      refusedWith("doc.notFound"),
    );
  });
});
