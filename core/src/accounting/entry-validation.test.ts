import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expectRefused, refusedWith } from "../testing/refusals.ts";
import {
  chartWith,
  context,
  draft,
  drafted,
  journals,
  line,
  lockedUntil,
  manual,
  mvt,
  sale,
  spec,
  stateOf,
  validate,
  validatedEvent,
  with2025Closed,
  withLines,
} from "./entry.fixtures.ts";
import {
  counterFor,
  type EntryContent,
  type EntryOrigin,
  entryCounter,
  entryDecider,
  entryNumber,
  reversalOf,
  totals,
} from "./entry.ts";
import { fiscalDecider } from "./fiscal.ts";
import { journalsDecider } from "./journals.ts";

describe("validating an entry", () => {
  const given = spec.given([drafted()]);

  it("records the whole entry with its number, its sequence, its fiscal year and its validation date", () => {
    given.when(validate(1, "2025-06-20")).then([validatedEvent()]);
    expect(stateOf([drafted(), validatedEvent()])).toEqual({
      status: "validated",
      mvt,
      content: sale,
      origin: manual,
      number: "VT000001",
      validatedOn: "2025-06-20",
      fiscalYearId: "FY2025",
    });
  });

  it("numbers the entry in its journal: the journal code and the sequence on six digits", () => {
    given
      .when(validate(42, "2025-07-01"))
      .then([validatedEvent(sale, "VT000042", 42, "FY2025", "2025-07-01")]);
    const purchase: EntryContent = {
      ...sale,
      journal: "HA",
      pieceRef: "FA-77",
      label: "Facture Martin",
      lines: [line("607000", 10000, 0), line("445660", 2000, 0), line("401000", 0, 12000, "FMARTIN")],
    };
    spec
      .given([drafted(purchase)])
      .when(validate(7))
      .then([validatedEvent(purchase, "HA000007", 7)]);
  });

  it("files the entry in the fiscal year of its date", () => {
    const next = { ...sale, date: "2026-01-02" };
    spec
      .given([drafted(next)])
      .when(validate(1))
      .then([validatedEvent(next, "VT000001", 1, "FY2026")]);
  });

  it("keeps the origin of the draft", () => {
    const origin: EntryOrigin = { kind: "reversal", of: "mvt-0" };
    spec
      .given([drafted(sale, origin)])
      .when(validate())
      .then([validatedEvent(sale, "VT000001", 1, "FY2025", "2025-06-20", origin)]);
  });

  it("needs at least two lines", () => {
    spec
      .given([drafted(withLines([line("512000", 100, 0)]))])
      .when(validate())
      .thenThrows(refusedWith("entry.tooFewLines", {}));
    spec
      .given([drafted(withLines([]))])
      .when(validate())
      .thenThrows(refusedWith("entry.tooFewLines"));
  });

  it("refuses an entry whose debits and credits differ, showing both and the difference in FEC form", () => {
    spec
      .given([
        drafted(
          withLines([line("411000", 12000, 0, "CDUPONT"), line("706000", 0, 10000), line("445710", 0, 1990)]),
        ),
      ])
      .when(validate())
      .thenThrows(refusedWith("entry.unbalanced", { debit: "120,00", credit: "119,90", difference: "0,10" }));
    spec
      .given([drafted(withLines([line("512000", 5, 0), line("706000", 0, 123456)]))])
      .when(validate())
      .thenThrows(
        refusedWith("entry.unbalanced", { debit: "0,05", credit: "1234,56", difference: "1234,51" }),
      );
  });

  it("refuses an entry of zero", () => {
    spec
      .given([drafted(withLines([line("512000", 0, 0), line("706000", 0, 0)]))])
      .when(validate())
      .thenThrows(refusedWith("entry.zero", {}));
  });

  it("accepts a zero line in an entry that is not zero", () => {
    const withZero = withLines([...sale.lines, line("467000", 0, 0)]);
    spec
      .given([drafted(withZero)])
      .when(validate())
      .then([validatedEvent(withZero)]);
  });

  it("refuses an account that is not a general account of the chart, naming the line", () => {
    spec
      .given([drafted(withLines([line("411000", 12000, 0, "CDUPONT"), line("706999", 0, 12000)]))])
      .when(validate())
      .thenThrows(refusedWith("entry.unknownAccount", { line: 2, account: "706999" }));
    spec
      .given([drafted(withLines([line("CDUPONT", 12000, 0), line("706000", 0, 12000)]))])
      .when(validate())
      .thenThrows(refusedWith("entry.unknownAccount", { line: 1, account: "CDUPONT" }));
  });

  it("refuses a closed account, general or auxiliary", () => {
    spec
      .given([drafted(withLines([line("608000", 500, 0), line("512000", 0, 500)]))])
      .when(validate())
      .thenThrows(refusedWith("entry.closedAccount", { line: 1, account: "608000" }));
    spec
      .given([drafted(withLines([line("411000", 500, 0, "CCLOS"), line("706000", 0, 500)]))])
      .when(validate())
      .thenThrows(refusedWith("entry.closedAccount", { line: 1, account: "CCLOS" }));
  });

  it("sees the chart as it is at validation, not as it was when drafted", () => {
    spec
      .given([drafted()])
      .when(validate(1, "2025-06-20", chartWith({ type: "AccountClosed", data: { number: "706000" } })))
      .thenThrows(refusedWith("entry.closedAccount", { line: 2, account: "706000" }));
    spec
      .given([drafted(withLines([line("411000", 12000, 0, "CDUPONT"), line("706100", 0, 12000)]))])
      .when(
        validate(
          1,
          "2025-06-20",
          chartWith({
            type: "AccountCreated",
            data: {
              number: "706100",
              kind: "general",
              label: "Conseil",
              labelEn: "Consulting",
              lettrable: false,
              collective: false,
              control: null,
            },
          }),
        ),
      )
      .then([validatedEvent(withLines([line("411000", 12000, 0, "CDUPONT"), line("706100", 0, 12000)]))]);
  });

  it("needs an auxiliary account on every line of a collective account", () => {
    spec
      .given([drafted(withLines([line("411000", 12000, 0), line("706000", 0, 12000)]))])
      .when(validate())
      .thenThrows(refusedWith("entry.auxiliaryRequired", { line: 1, account: "411000" }));
  });

  it("needs the auxiliary account to be one of that collective account", () => {
    spec
      .given([drafted(withLines([line("411000", 12000, 0, "FMARTIN"), line("706000", 0, 12000)]))])
      .when(validate())
      .thenThrows(
        refusedWith("entry.unknownAuxiliary", { line: 1, account: "411000", auxiliary: "FMARTIN" }),
      );
    spec
      .given([drafted(withLines([line("411000", 12000, 0, "CINCONNU"), line("706000", 0, 12000)]))])
      .when(validate())
      .thenThrows(
        refusedWith("entry.unknownAuxiliary", { line: 1, account: "411000", auxiliary: "CINCONNU" }),
      );
    // An auxiliary account on a line of an account that is not its control account.
    spec
      .given([drafted(withLines([line("512000", 12000, 0, "CDUPONT"), line("706000", 0, 12000)]))])
      .when(validate())
      .thenThrows(
        refusedWith("entry.unknownAuxiliary", { line: 1, account: "512000", auxiliary: "CDUPONT" }),
      );
    // A general account named as the auxiliary.
    spec
      .given([drafted(withLines([line("411000", 12000, 0, "706000"), line("706000", 0, 12000)]))])
      .when(validate())
      .thenThrows(refusedWith("entry.unknownAuxiliary", { line: 1, account: "411000", auxiliary: "706000" }));
  });

  it("checks the fiscal calendar again: the year closed or the period locked since the draft", () => {
    given
      .when(validate(1, "2026-02-01", with2025Closed))
      .thenThrows(
        refusedWith("fiscalYear.closed", { date: "2025-06-15", start: "2025-01-01", end: "2025-12-31" }, 409),
      );
    given
      .when(validate(1, "2025-07-01", lockedUntil("2025-06-30")))
      .thenThrows(refusedWith("period.locked", { date: "2025-06-15", until: "2025-06-30" }, 409));
  });

  it("checks the journal again: deleted since the draft", () => {
    const noVT = journalsDecider.evolve(journals, { type: "JournalDeleted", data: { code: "VT" } });
    given
      .when(validate(1, "2025-06-20", { ...context, journals: noVT }))
      .thenThrows(refusedWith("journal.notFound", { code: "VT" }, 404));
  });

  it("is done once: entry.alreadyValidated, 409, naming its number", () => {
    spec
      .given([drafted(), validatedEvent()])
      .when(validate(2))
      .thenThrows(refusedWith("entry.alreadyValidated", { number: "VT000001" }, 409));
  });

  it("refuses an entry never drafted, or deleted: 404", () => {
    spec
      .given([])
      .when(validate())
      .thenThrows(refusedWith("entry.notFound", {}, 404));
    spec
      .given([drafted(), { type: "EntryDraftDeleted", data: { mvt } }])
      .when(validate())
      .thenThrows(refusedWith("entry.notFound", {}, 404));
  });

  it("validates any balanced, non-zero entry on open accounts (property)", () => {
    const accounts = fc.constantFrom<[string, string | null]>(
      ["411000", "CDUPONT"],
      ["411000", "CMARTIN"],
      ["401000", "FMARTIN"],
      ["445710", null],
      ["512000", null],
      ["607000", null],
      ["706000", null],
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(accounts, fc.integer({ min: 0, max: 1e9 }), fc.boolean()), {
          minLength: 1,
          maxLength: 8,
        }),
        accounts,
        fc.integer({ min: 1, max: 999_999 }),
        (moves, [balAccount, balAux], sequence) => {
          const lines = moves.map(([[account, auxiliary], amount, debit]) =>
            line(account, debit ? amount : 0, debit ? 0 : amount, auxiliary),
          );
          const { debit, credit } = totals(lines);
          const gap = debit - credit;
          const all = [...lines, line(balAccount, gap < 0 ? -gap : 0, gap > 0 ? gap : 0, balAux)];
          const content = withLines(all);
          const run = () => entryDecider.decide(validate(sequence), stateOf([drafted(content)]));
          if (totals(all).debit === 0) expectRefused(run, refusedWith("entry.zero"));
          else {
            const [event] = run();
            expect(event?.type).toBe("EntryValidated");
            if (event?.type !== "EntryValidated") return;
            expect(event.data.number).toBe(`VT${String(sequence).padStart(6, "0")}`);
            expect(totals(event.data.lines).debit).toBe(totals(event.data.lines).credit);
          }
        },
      ),
    );
  });
});

describe("entry numbers and counters", () => {
  it("write the journal code then the sequence on six digits", () => {
    expect(entryNumber("VT", 1)).toBe("VT000001");
    expect(entryNumber("BQ2", 123_456)).toBe("BQ2123456");
    expect(entryNumber("AN", 999_999)).toBe("AN999999");
  });

  it("sort in sequence order within a journal (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_998 }), fc.integer({ min: 1, max: 999_998 }), (a, b) => {
        expect(entryNumber("VT", a) < entryNumber("VT", b)).toBe(a < b);
        expect(Number(entryNumber("VT", a).slice(2))).toBe(a);
      }),
    );
  });

  it("run one counter per journal and fiscal year", () => {
    expect(entryCounter("VT", "FY2025")).toBe("entry:VT:FY2025");
    expect(entryCounter("VT", "FY2026")).not.toBe(entryCounter("VT", "FY2025"));
    expect(entryCounter("HA", "FY2025")).not.toBe(entryCounter("VT", "FY2025"));
  });

  it("give a draft the counter of its journal and of the year of its date", () => {
    expect(counterFor(stateOf([drafted()]), context.fiscal)).toBe("entry:VT:FY2025");
    const purchase2026 = { ...sale, journal: "HA", date: "2026-03-01" };
    expect(counterFor(stateOf([drafted(purchase2026)]), context.fiscal)).toBe("entry:HA:FY2026");
    const changed = stateOf([drafted(), { type: "EntryDraftChanged", data: { ...sale, journal: "OD" } }]);
    expect(counterFor(changed, context.fiscal)).toBe("entry:OD:FY2025");
  });

  it("refuse a counter to an entry already validated, never drafted, or outside every year", () => {
    expectRefused(
      () => counterFor(stateOf([drafted(), validatedEvent()]), context.fiscal),
      refusedWith("entry.alreadyValidated", { number: "VT000001" }, 409),
    );
    expectRefused(() => counterFor(stateOf([]), context.fiscal), refusedWith("entry.notFound", {}, 404));
    expectRefused(
      () => counterFor(stateOf([drafted()]), fiscalDecider.initialState()),
      refusedWith("fiscalYear.none", { date: "2025-06-15" }),
    );
  });
});

describe("reversing an entry", () => {
  const validatedState = stateOf([drafted(), validatedEvent()]);

  it("swaps every line's debit and credit, dated the day given, with the same document reference", () => {
    expect(reversalOf(validatedState, "2025-07-01")).toEqual({
      journal: "VT",
      date: "2025-07-01",
      pieceRef: "F2025-0001",
      pieceDate: "2025-07-01",
      label: "Extourne VT000001 Facture Dupont",
      lines: [line("411000", 0, 12000, "CDUPONT"), line("706000", 10000, 0), line("445710", 2000, 0)],
    });
  });

  it("takes the label given", () => {
    expect(reversalOf(validatedState, "2025-07-01", "Annulation").label).toBe("Annulation");
  });

  it("keeps the label within 200 characters", () => {
    const long = { ...sale, label: "L".repeat(200) };
    expect(reversalOf(stateOf([drafted(long), validatedEvent(long)]), "2025-07-01").label).toHaveLength(200);
  });

  it("reverses only a validated entry: a draft is changed or deleted instead", () => {
    expectRefused(
      () => reversalOf(stateOf([drafted()]), "2025-07-01"),
      refusedWith("entry.reverseNotValidated", {}, 409),
    );
    expectRefused(
      () => reversalOf(stateOf([]), "2025-07-01"),
      refusedWith("entry.reverseNotValidated", {}, 409),
    );
  });

  it("is a draft that validates, and cancels the entry line by line", () => {
    const reversal = reversalOf(validatedState, "2025-07-01");
    const origin: EntryOrigin = { kind: "reversal", of: mvt };
    const [event] = entryDecider.decide(draft(reversal, context, origin), entryDecider.initialState());
    expect(event).toEqual(drafted(reversal, origin));
    const [validatedReversal] = entryDecider.decide(
      validate(2, "2025-07-01"),
      stateOf([drafted(reversal, origin)]),
    );
    expect(validatedReversal?.type).toBe("EntryValidated");
    reversal.lines.forEach((l, i) => {
      expect(l.debit - l.credit).toBe(-((sale.lines[i]?.debit ?? 0) - (sale.lines[i]?.credit ?? 0)));
    });
  });

  it("totals the entry's debits and credits", () => {
    expect(totals(sale.lines)).toEqual({ debit: 12000, credit: 12000 });
    expect(totals([])).toEqual({ debit: 0, credit: 0 });
  });
});
