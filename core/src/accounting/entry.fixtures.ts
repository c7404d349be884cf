import { deciderSpecification } from "../testing/decider-specification.ts";
import { type ChartEvent, chartDecider } from "./chart.ts";
import {
  type EntryCommand,
  type EntryContent,
  type EntryEvent,
  type EntryLine,
  type EntryOrigin,
  type EntryState,
  entryDecider,
  type PostingContext,
} from "./entry.ts";
import { type FiscalEvent, fiscalDecider } from "./fiscal.ts";
import { defaultJournals, type JournalsEvent, journalsDecider } from "./journals.ts";

export const spec = deciderSpecification(entryDecider);

// ---------------------------------------------------------------------------------------------
// The context an entry is checked against: a small chart, the default journals, three years.

export const chartAccount = (number: string, label: string, lettrable = false, collective = false) => ({
  number,
  label,
  labelEn: label,
  lettrable,
  collective,
});
export const aux = (number: string, control: string): ChartEvent => ({
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
export const chartEvents: ChartEvent[] = [
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
export const chart = chartEvents.reduce(chartDecider.evolve, chartDecider.initialState());

export const journalsEvents: JournalsEvent[] = [
  { type: "JournalsInitialised", data: { journals: defaultJournals } },
];
export const journals = journalsEvents.reduce(journalsDecider.evolve, journalsDecider.initialState());

export const yearsOpened: FiscalEvent[] = [
  { type: "FiscalYearOpened", data: { id: "FY2024", start: "2024-01-01", end: "2024-12-31" } },
  { type: "FiscalYearOpened", data: { id: "FY2025", start: "2025-01-01", end: "2025-12-31" } },
  { type: "FiscalYearOpened", data: { id: "FY2026", start: "2026-01-01", end: "2026-12-31" } },
  { type: "FiscalYearClosed", data: { id: "FY2024", closedOn: "2025-03-01" } },
];
export const fiscalOf = (events: readonly FiscalEvent[]) =>
  [...yearsOpened, ...events].reduce(fiscalDecider.evolve, fiscalDecider.initialState());

export const context: PostingContext = { chart, journals, fiscal: fiscalOf([]) };
/** The same context once the periods up to `until` are locked. */
export const lockedUntil = (until: string): PostingContext => ({
  ...context,
  fiscal: fiscalOf([{ type: "PeriodLocked", data: { until, previous: null } }]),
});
export const with2025Closed: PostingContext = {
  ...context,
  fiscal: fiscalOf([{ type: "FiscalYearClosed", data: { id: "FY2025", closedOn: "2026-02-01" } }]),
};
export const chartWith = (...events: ChartEvent[]): PostingContext => ({
  ...context,
  chart: events.reduce(chartDecider.evolve, chart),
});

// ---------------------------------------------------------------------------------------------
// Entries.

export const line = (
  account: string,
  debit: number,
  credit: number,
  auxiliary: string | null = null,
  label: string | null = null,
): EntryLine => ({ account, auxiliary, label, debit, credit });

/** A sales invoice: 120,00 TTC to Dupont, 100,00 of services, 20,00 of VAT. */
export const sale: EntryContent = {
  journal: "VT",
  date: "2025-06-15",
  pieceRef: "F2025-0001",
  pieceDate: "2025-06-14",
  label: "Facture Dupont",
  lines: [line("411000", 12000, 0, "CDUPONT"), line("706000", 0, 10000), line("445710", 0, 2000)],
};
export const withLines = (lines: EntryLine[], content: EntryContent = sale): EntryContent => ({
  ...content,
  lines,
});

export const mvt = "mvt-1";
export const manual: EntryOrigin = { kind: "manual" };

export const drafted = (content: EntryContent = sale, origin: EntryOrigin = manual): EntryEvent => ({
  type: "EntryDrafted",
  data: { mvt, ...content, origin },
});
export const validatedEvent = (
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

export const draft = (
  content: EntryContent = sale,
  ctx: PostingContext = context,
  origin?: EntryOrigin,
): EntryCommand => ({
  type: "DraftEntry",
  data: { mvt, ...content, origin },
  context: ctx,
});
export const change = (content: EntryContent, ctx: PostingContext = context): EntryCommand => ({
  type: "ChangeDraft",
  data: content,
  context: ctx,
});
export const deleteDraft: EntryCommand = { type: "DeleteDraft", data: {} };
export const validate = (
  sequence = 1,
  validatedOn = "2025-06-20",
  ctx: PostingContext = context,
): EntryCommand => ({
  type: "ValidateEntry",
  data: { sequence, validatedOn },
  context: ctx,
});

export const stateOf = (events: readonly EntryEvent[]): EntryState =>
  events.reduce(entryDecider.evolve, entryDecider.initialState());
