import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DomainError } from "../decider.ts";
import { expectRefused, refusedWith } from "../testing/refusals.ts";
import {
  change,
  context,
  deleteDraft,
  draft,
  drafted,
  line,
  lockedUntil,
  mvt,
  sale,
  spec,
  stateOf,
  validatedEvent,
  with2025Closed,
  withLines,
} from "./entry.fixtures.ts";
import {
  checkVolume,
  correctionOf,
  type EntryContent,
  type EntryEvent,
  entryDecider,
  entryStreamId,
  volumeOf,
} from "./entry.ts";

it("keeps each entry in its own stream", () => {
  expect(entryStreamId("mvt-1")).toBe("entry-mvt-1");
});

describe("drafting an entry", () => {
  const given = spec.given([]);

  it("records the draft, typed in by hand unless said otherwise", () => {
    given.when(draft()).then([drafted()]);
    given
      .when(draft(sale, context, { kind: "import", file: "fec.txt", number: "12" }))
      .then([drafted(sale, { kind: "import", file: "fec.txt", number: "12" })]);
  });

  it("normalises it: journal and account codes in capitals, texts cleaned of TAB, |, CR and LF", () => {
    given
      .when(
        draft({
          journal: "vt",
          date: "2025-06-15",
          pieceRef: " F2025|0001\t",
          pieceDate: "2025-06-14",
          label: "Facture\nDupont ",
          lines: [
            line(" 411000 ", 12000, 0, " cdupont ", "Client\r\nDupont"),
            line("706000", 0, 10000, null, ""),
            line("445710", 0, 2000),
          ],
        }),
      )
      .then([
        drafted({
          ...sale,
          pieceRef: "F2025 0001",
          lines: [line("411000", 12000, 0, "CDUPONT", "Client Dupont"), ...sale.lines.slice(1)],
        }),
      ]);
  });

  it("may be incomplete: unbalanced, a single line, an account not yet in the chart", () => {
    const incomplete = withLines([line("706999", 0, 10000)]);
    given.when(draft(incomplete)).then([drafted(incomplete)]);
    given.when(draft(withLines([]))).then([drafted(withLines([]))]);
  });

  it("accepts zero amounts", () => {
    const zero = withLines([line("411000", 0, 0, "CDUPONT"), line("706000", 0, 0)]);
    given.when(draft(zero)).then([drafted(zero)]);
  });

  it("refuses a date or a document date that is not a calendar day", () => {
    given
      .when(draft({ ...sale, date: "2025-02-29" }))
      .thenThrows(refusedWith("validation.invalidDate", { value: "2025-02-29" }));
    given
      .when(draft({ ...sale, pieceDate: "14/06/2025" }))
      .thenThrows(refusedWith("validation.invalidDate", { value: "14/06/2025" }));
  });

  it("refuses an amount that is not a whole, non-negative number of cents, naming the line", () => {
    for (const amount of [
      -1,
      0.5,
      12.345,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.MAX_SAFE_INTEGER + 1,
    ]) {
      given
        .when(draft(withLines([line("411000", 12000, 0, "CDUPONT"), line("706000", 0, amount)])))
        .thenThrows(refusedWith("entry.invalidAmount", { line: 2 }));
      given
        .when(draft(withLines([line("411000", amount, 0, "CDUPONT"), line("706000", 0, 12000)])))
        .thenThrows(refusedWith("entry.invalidAmount", { line: 1 }));
    }
  });

  it("refuses a line past 100 billion euros, and an entry past 10 trillion on a side", () => {
    const max = 10 ** 13;
    given
      .when(draft(withLines([line("411000", max + 1, 0, "CDUPONT"), line("706000", 0, max + 1)])))
      .thenThrows(refusedWith("entry.amountTooLarge", { line: 1, max: "100000000000,00" }));
    const side = (account: string, debit: number, credit: number, n: number) =>
      Array.from({ length: n }, () => line(account, debit, credit, account === "411000" ? "CDUPONT" : null));
    const atBound = draft(withLines([...side("411000", max, 0, 100), ...side("706000", 0, max, 100)]));
    expect(() => entryDecider.decide(atBound, entryDecider.initialState())).not.toThrow();
    given
      .when(draft(withLines([...side("411000", max, 0, 101), ...side("706000", 0, max, 101)])))
      .thenThrows(refusedWith("entry.totalTooLarge", { max: "10000000000000,00" }));
  });

  it("counts what an entry adds to the organisation's volume and refuses it past a safe integer", () => {
    expect(volumeOf(sale)).toBe(24000);
    expect(() => checkVolume(1, Number.MAX_SAFE_INTEGER)).not.toThrow();
    expect(() => checkVolume(2, Number.MAX_SAFE_INTEGER)).toThrow(DomainError);
    expectRefused(
      () => checkVolume(Number.MAX_SAFE_INTEGER - 9, 11),
      refusedWith("organisation.volumeExceeded"),
    );
  });

  it("refuses a line with both a debit and a credit", () => {
    given
      .when(draft(withLines([...sale.lines, line("512000", 100, 100)])))
      .thenThrows(refusedWith("entry.bothSides", { line: 4 }));
  });

  it("refuses a journal that does not exist: 404", () => {
    given
      .when(draft({ ...sale, journal: "ZZ" }))
      .thenThrows(refusedWith("journal.notFound", { code: "ZZ" }, 404));
  });

  it("refuses a date outside every fiscal year", () => {
    given
      .when(draft({ ...sale, date: "2027-01-05" }))
      .thenThrows(refusedWith("fiscalYear.none", { date: "2027-01-05" }));
  });

  it("refuses a date in a closed year: 409", () => {
    given
      .when(draft({ ...sale, date: "2024-12-31" }))
      .thenThrows(
        refusedWith("fiscalYear.closed", { date: "2024-12-31", start: "2024-01-01", end: "2024-12-31" }, 409),
      );
  });

  it("refuses a date in a locked period: 409", () => {
    given
      .when(draft(sale, lockedUntil("2025-06-30")))
      .thenThrows(refusedWith("period.locked", { date: "2025-06-15", until: "2025-06-30" }, 409));
    given.when(draft(sale, lockedUntil("2025-05-31"))).then([drafted()]);
  });

  it("needs a document reference of at most 60 characters and a label of at most 200", () => {
    given
      .when(draft({ ...sale, pieceRef: " |\t" }))
      .thenThrows(refusedWith("validation.required", { field: "pieceRef" }));
    given
      .when(draft({ ...sale, pieceRef: "R".repeat(61) }))
      .thenThrows(refusedWith("validation.tooLong", { field: "pieceRef", max: 60 }));
    given
      .when(draft({ ...sale, label: "" }))
      .thenThrows(refusedWith("validation.required", { field: "label" }));
    given
      .when(draft({ ...sale, label: "L".repeat(201) }))
      .thenThrows(refusedWith("validation.tooLong", { field: "label", max: 200 }));
    given
      .when(draft(withLines([line("411000", 12000, 0, "CDUPONT", "L".repeat(201)), ...sale.lines.slice(1)])))
      .thenThrows(refusedWith("validation.tooLong", { field: "lineLabel", max: 200 }));
  });

  it("takes a blank line label as none: the line shows the entry's label", () => {
    const produced = entryDecider.decide(
      draft(withLines([line("411000", 12000, 0, "CDUPONT", "   "), ...sale.lines.slice(1)])),
      entryDecider.initialState(),
    );
    const drafted = produced[0];
    expect(drafted?.type === "EntryDrafted" && drafted.data.lines[0]?.label).toBeNull();
  });

  it("refuses more than 10 000 lines", () => {
    const many = Array.from({ length: 10_001 }, () => line("706000", 0, 1));
    given.when(draft(withLines(many))).thenThrows(refusedWith("entry.tooManyLines", { max: 10_000 }));
  });

  it("is drafted once: entry.exists, 409, even after it was deleted or validated", () => {
    spec
      .given([drafted()])
      .when(draft())
      .thenThrows(refusedWith("entry.exists", {}, 409));
    spec
      .given([drafted(), { type: "EntryDraftDeleted", data: { mvt } }])
      .when(draft())
      .thenThrows(refusedWith("entry.exists", {}, 409));
    spec
      .given([drafted(), validatedEvent()])
      .when(draft())
      .thenThrows(refusedWith("entry.exists", {}, 409));
  });
});

describe("changing a draft", () => {
  const given = spec.given([drafted()]);
  const paid: EntryContent = {
    ...sale,
    label: "Facture Dupont (corrigée)",
    lines: [...sale.lines.slice(0, 2), line("445710", 0, 2000, null, "TVA 20 %")],
  };

  it("records the new, normalised content", () => {
    given.when(change(paid)).then([{ type: "EntryDraftChanged", data: paid }]);
    given
      .when(change({ ...paid, journal: "od", label: " Facture Dupont\t(corrigée) " }))
      .then([{ type: "EntryDraftChanged", data: { ...paid, journal: "OD" } }]);
  });

  it("records nothing when the normalised content is the same", () => {
    given.when(change(sale)).then([]);
    given.when(change({ ...sale, journal: "vt", label: "Facture\tDupont" })).then([]);
  });

  it("sees the changes already recorded", () => {
    spec
      .given([drafted(), { type: "EntryDraftChanged", data: paid }])
      .when(change(paid))
      .then([]);
    spec
      .given([drafted(), { type: "EntryDraftChanged", data: paid }])
      .when(change(sale))
      .then([{ type: "EntryDraftChanged", data: sale }]);
  });

  it("checks the new content as a draft is checked", () => {
    given
      .when(change({ ...sale, date: "2024-06-01" }))
      .thenThrows(refusedWith("fiscalYear.closed", undefined, 409));
    given
      .when(change(sale, lockedUntil("2025-06-30")))
      .thenThrows(refusedWith("period.locked", undefined, 409));
    given
      .when(change(withLines([line("411000", -5, 0, "CDUPONT")])))
      .thenThrows(refusedWith("entry.invalidAmount", { line: 1 }));
    given
      .when(change({ ...sale, journal: "XX" }))
      .thenThrows(refusedWith("journal.notFound", { code: "XX" }, 404));
  });

  it("refuses an entry never drafted, or deleted: 404", () => {
    spec
      .given([])
      .when(change(sale))
      .thenThrows(refusedWith("entry.notFound", {}, 404));
    spec
      .given([drafted(), { type: "EntryDraftDeleted", data: { mvt } }])
      .when(change(sale))
      .thenThrows(refusedWith("entry.notFound", {}, 404));
  });
});

describe("deleting a draft", () => {
  it("deletes it", () => {
    spec
      .given([drafted()])
      .when(deleteDraft)
      .then([{ type: "EntryDraftDeleted", data: { mvt } }]);
    expect(stateOf([drafted(), { type: "EntryDraftDeleted", data: { mvt } }])).toEqual({
      status: "deleted",
      mvt,
    });
  });

  it("refuses an entry never drafted, or already deleted: 404", () => {
    spec
      .given([])
      .when(deleteDraft)
      .thenThrows(refusedWith("entry.notFound", {}, 404));
    spec
      .given([drafted(), { type: "EntryDraftDeleted", data: { mvt } }])
      .when(deleteDraft)
      .thenThrows(refusedWith("entry.notFound", {}, 404));
  });
});

describe("a validated entry is immutable", () => {
  const given = spec.given([drafted(), validatedEvent()]);

  it("refuses any change: entry.validatedImmutable, 409", () => {
    given
      .when(change({ ...sale, label: "Autre" }))
      .thenThrows(refusedWith("entry.validatedImmutable", {}, 409));
    given.when(change(sale)).thenThrows(refusedWith("entry.validatedImmutable", {}, 409));
  });

  it("refuses its deletion: entry.validatedImmutable, 409", () => {
    given.when(deleteDraft).thenThrows(refusedWith("entry.validatedImmutable", {}, 409));
  });

  it("refuses every change and every deletion, whatever is asked and whatever the context (property)", () => {
    const text = fc.oneof(
      fc.constantFrom("VT", "vt", "ZZ", "", " ", "2025-06-15", "2024-06-01"),
      fc.string(),
    );
    const amount = fc.oneof(fc.integer(), fc.double(), fc.constant(Number.NaN));
    const anyLine = fc.record({
      account: text,
      auxiliary: fc.option(text, { nil: null }),
      label: fc.option(text, { nil: null }),
      debit: amount,
      credit: amount,
    });
    const anyContent = fc.record({
      journal: text,
      date: text,
      pieceRef: text,
      pieceDate: text,
      label: text,
      lines: fc.array(anyLine, { maxLength: 4 }),
    });
    const anyContext = fc.constantFrom(context, lockedUntil("2025-12-31"), with2025Closed);
    const history = fc.constantFrom<EntryEvent[]>(
      [drafted(), validatedEvent()],
      [drafted(), { type: "EntryDraftChanged", data: { ...sale, label: "Avant" } }, validatedEvent()],
    );
    fc.assert(
      fc.property(history, anyContent, anyContext, (events, content, ctx) => {
        spec
          .given(events)
          .when(change(content, ctx))
          .thenThrows(refusedWith("entry.validatedImmutable", {}, 409));
        spec
          .given(events)
          .when(deleteDraft)
          .thenThrows(refusedWith("entry.validatedImmutable", {}, 409));
      }),
    );
  });

  it("ignores a draft change that would come after validation", () => {
    const state = stateOf([
      drafted(),
      validatedEvent(),
      { type: "EntryDraftChanged", data: { ...sale, label: "X" } },
    ]);
    expect(state.status === "validated" && state.content.label).toBe("Facture Dupont");
  });
});

describe("how a validated entry is corrected", () => {
  it("reverses what was typed, imported, booked from a bank line, made at a year's end or a reversal", () => {
    expect(correctionOf({ kind: "manual" })).toBe("reversal");
    expect(correctionOf({ kind: "reversal", of: mvt })).toBe("reversal");
    expect(correctionOf({ kind: "import", file: "FEC.txt", number: "12" })).toBe("reversal");
    expect(correctionOf({ kind: "adjustment", yearId: "y", adjustment: "stock" })).toBe("reversal");
    expect(correctionOf({ kind: "statementLine", statement: "s", no: 3 })).toBe("reversal");
  });

  it("sends an entry posted by a document, a payment, a deposit or a VAT return back to it", () => {
    expect(correctionOf({ kind: "document", doc: "d" })).toBe("document");
    expect(correctionOf({ kind: "payment", payment: "p" })).toBe("payment");
    expect(correctionOf({ kind: "deposit", deposit: "r" })).toBe("deposit");
    expect(correctionOf({ kind: "vatReturn", period: "2025-03" })).toBe("vatReturn");
  });
});
