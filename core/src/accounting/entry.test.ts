import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DomainError } from "../decider.ts";
import { deciderSpecification } from "../testing/decider-specification.ts";
import { expectRefused, refusedWith } from "../testing/refusals.ts";
import { type ChartEvent, chartDecider } from "./chart.ts";
import {
  checkVolume,
  counterFor,
  type EntryCommand,
  type EntryContent,
  type EntryEvent,
  type EntryLine,
  type EntryOrigin,
  type EntryState,
  entryCounter,
  entryDecider,
  entryNumber,
  entryStreamId,
  type PostingContext,
  reversalOf,
  totals,
  volumeOf,
} from "./entry.ts";
import { type FiscalEvent, fiscalDecider } from "./fiscal.ts";
import { defaultJournals, type JournalsEvent, journalsDecider } from "./journals.ts";

const spec = deciderSpecification(entryDecider);

// ---------------------------------------------------------------------------------------------
// The context an entry is checked against: a small chart, the default journals, three years.

const chartAccount = (number: string, label: string, lettrable = false, collective = false) => ({
  number,
  label,
  labelEn: label,
  lettrable,
  collective,
});
const aux = (number: string, control: string): ChartEvent => ({
  type: "AccountCreated",
  data: {
    number,
    kind: "auxiliary",
    label: number,
    labelEn: number,
    lettrable: true,
    collective: false,
    control,
  },
});
const chartEvents: ChartEvent[] = [
  {
    type: "ChartInitialised",
    data: {
      templateId: "test",
      accounts: [
        chartAccount("401000", "Fournisseurs", true, true),
        chartAccount("411000", "Clients", true, true),
        chartAccount("445660", "TVA déductible"),
        chartAccount("445710", "TVA collectée"),
        chartAccount("467000", "Autres débiteurs", true),
        chartAccount("512000", "Banque"),
        chartAccount("607000", "Achats de marchandises"),
        chartAccount("608000", "Frais accessoires"),
        chartAccount("706000", "Prestations de services"),
      ],
    },
  },
  aux("CDUPONT", "411000"),
  aux("CMARTIN", "411000"),
  aux("FMARTIN", "401000"),
  aux("CCLOS", "411000"),
  { type: "AccountClosed", data: { number: "CCLOS" } },
  { type: "AccountClosed", data: { number: "608000" } },
];
const chart = chartEvents.reduce(chartDecider.evolve, chartDecider.initialState());

const journalsEvents: JournalsEvent[] = [
  { type: "JournalsInitialised", data: { journals: defaultJournals } },
];
const journals = journalsEvents.reduce(journalsDecider.evolve, journalsDecider.initialState());

const yearsOpened: FiscalEvent[] = [
  { type: "FiscalYearOpened", data: { id: "FY2024", start: "2024-01-01", end: "2024-12-31" } },
  { type: "FiscalYearOpened", data: { id: "FY2025", start: "2025-01-01", end: "2025-12-31" } },
  { type: "FiscalYearOpened", data: { id: "FY2026", start: "2026-01-01", end: "2026-12-31" } },
  { type: "FiscalYearClosed", data: { id: "FY2024", closedOn: "2025-03-01" } },
];
const fiscalOf = (events: readonly FiscalEvent[]) =>
  [...yearsOpened, ...events].reduce(fiscalDecider.evolve, fiscalDecider.initialState());

const context: PostingContext = { chart, journals, fiscal: fiscalOf([]) };
/** The same context once the periods up to `until` are locked. */
const lockedUntil = (until: string): PostingContext => ({
  ...context,
  fiscal: fiscalOf([{ type: "PeriodLocked", data: { until, previous: null } }]),
});
const with2025Closed: PostingContext = {
  ...context,
  fiscal: fiscalOf([{ type: "FiscalYearClosed", data: { id: "FY2025", closedOn: "2026-02-01" } }]),
};
const chartWith = (...events: ChartEvent[]): PostingContext => ({
  ...context,
  chart: events.reduce(chartDecider.evolve, chart),
});

// ---------------------------------------------------------------------------------------------
// Entries.

const line = (
  account: string,
  debit: number,
  credit: number,
  auxiliary: string | null = null,
  label: string | null = null,
): EntryLine => ({ account, auxiliary, label, debit, credit });

/** A sales invoice: 120,00 TTC to Dupont, 100,00 of services, 20,00 of VAT. */
const sale: EntryContent = {
  journal: "VT",
  date: "2025-06-15",
  pieceRef: "F2025-0001",
  pieceDate: "2025-06-14",
  label: "Facture Dupont",
  lines: [line("411000", 12000, 0, "CDUPONT"), line("706000", 0, 10000), line("445710", 0, 2000)],
};
const withLines = (lines: EntryLine[], content: EntryContent = sale): EntryContent => ({ ...content, lines });

const mvt = "mvt-1";
const manual: EntryOrigin = { kind: "manual" };

const drafted = (content: EntryContent = sale, origin: EntryOrigin = manual): EntryEvent => ({
  type: "EntryDrafted",
  data: { mvt, ...content, origin },
});
const validatedEvent = (
  content: EntryContent = sale,
  number = "VT000001",
  sequence = 1,
  fiscalYearId = "FY2025",
  validatedOn = "2025-06-20",
  origin: EntryOrigin = manual,
): EntryEvent => ({
  type: "EntryValidated",
  data: { mvt, ...content, number, sequence, fiscalYearId, validatedOn, origin },
});

const draft = (
  content: EntryContent = sale,
  ctx: PostingContext = context,
  origin?: EntryOrigin,
): EntryCommand => ({
  type: "DraftEntry",
  data: { mvt, ...content, origin },
  context: ctx,
});
const change = (content: EntryContent, ctx: PostingContext = context): EntryCommand => ({
  type: "ChangeDraft",
  data: content,
  context: ctx,
});
const deleteDraft: EntryCommand = { type: "DeleteDraft", data: {} };
const validate = (sequence = 1, validatedOn = "2025-06-20", ctx: PostingContext = context): EntryCommand => ({
  type: "ValidateEntry",
  data: { sequence, validatedOn },
  context: ctx,
});

const stateOf = (events: readonly EntryEvent[]): EntryState =>
  events.reduce(entryDecider.evolve, entryDecider.initialState());

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
