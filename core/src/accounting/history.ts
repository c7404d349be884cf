import type { CommandMetadata } from "../decider.ts";
import type { Cents } from "../money.ts";
import { type ChartEvent, chartDecider } from "./chart.ts";
import type { IsoDate } from "./dates.ts";
import { type EntryEvent, type EntryState, entryDecider, totals } from "./entry.ts";
import type { LetteringEvent } from "./lettering.ts";
import { type AccountMovements, type TrialBalance, trialBalance } from "./reports.ts";

/**
 * The accountant's time machine: an organisation's ledger as it stood at a place in its log, folded
 * from its events with the entries' own `evolve` (what their streams are), and what changed after.
 * The trial balance adds up validated lines only, per general account, as the live one does; drafts
 * are counted apart.
 */
export const ledgerHistoryTypes = [
  "EntryDrafted",
  "EntryDraftChanged",
  "EntryDraftDeleted",
  "EntryValidated",
  "LinesLettered",
  "LinesUnlettered",
  "ChartInitialised",
  "AccountCreated",
  "AccountUpdated",
  "AccountClosed",
  "AccountReopened",
  "AccountDeleted",
] as const;

/** A stored ledger or chart event: its stream, its place in the log and who recorded it. */
export type LedgerHistoryEvent = (EntryEvent | LetteringEvent | ChartEvent) & {
  readonly streamId: string;
  readonly position: number;
  readonly metadata: CommandMetadata;
};

export type LedgerChangeKind =
  | "added"
  | "reversed"
  | "changed"
  | "deleted"
  | "validated"
  | "lettered"
  | "unlettered";

export type LedgerChange = {
  readonly kind: LedgerChangeKind;
  readonly position: number;
  /** When it was recorded (ISO-8601) and by whom. */
  readonly at: string;
  readonly userId: string | null;
  /** The entry (none for a lettering). */
  readonly mvt: string | null;
  readonly number: string | null;
  readonly journal: string | null;
  readonly date: IsoDate | null;
  readonly label: string | null;
  /** A reversal: the entry it reverses. */
  readonly reverses: string | null;
  /** A lettering: its account, code and how many lines. */
  readonly account: string | null;
  readonly code: string | null;
  readonly lines: number | null;
};

export type LedgerAsOf = {
  readonly trialBalance: TrialBalance;
  readonly validated: number;
  readonly drafts: { readonly count: number; readonly debit: Cents; readonly credit: Cents };
};

export type LedgerRange = { readonly start: IsoDate; readonly end: IsoDate };

const isEntryEvent = (e: LedgerHistoryEvent): e is LedgerHistoryEvent & EntryEvent =>
  e.type.startsWith("Entry");
const isChartEvent = (e: LedgerHistoryEvent): e is LedgerHistoryEvent & ChartEvent =>
  !isEntryEvent(e) && e.type !== "LinesLettered" && e.type !== "LinesUnlettered";

type Entries = Map<string, EntryState>;

const evolveEntries = (entries: Entries, events: readonly LedgerHistoryEvent[]): void => {
  for (const e of events)
    if (isEntryEvent(e))
      entries.set(e.streamId, entryDecider.evolve(entries.get(e.streamId) ?? entryDecider.initialState(), e));
};

/** The chart as its events up to the moment make it (its labels as they stood then). */
const chartOf = (events: readonly LedgerHistoryEvent[]) => {
  const chartEvents = events.filter(isChartEvent);
  return chartDecider.foldEvents
    ? chartDecider.foldEvents(chartDecider.initialState(), chartEvents)
    : chartEvents.reduce(chartDecider.evolve, chartDecider.initialState());
};

const inRange = (date: IsoDate, range: LedgerRange | undefined) =>
  !range || (date >= range.start && date <= range.end);

/** Movements per general account into a trial balance, labelled by the chart as its events made it. */
export const trialBalanceAsOf = (
  movements: readonly { account: string; debit: Cents; credit: Cents }[],
  chartEvents: readonly LedgerHistoryEvent[],
): TrialBalance => {
  const chart = chartOf(chartEvents);
  const rows: AccountMovements[] = movements
    .filter((m) => m.debit !== 0 || m.credit !== 0)
    .map((m) => ({
      account: m.account,
      label: chart.accounts[m.account]?.label ?? "",
      debit: m.debit,
      credit: m.credit,
    }));
  return trialBalance(rows);
};

/**
 * The validated facts alone: the lines of every `EntryValidated` event, summed per general account.
 * A validated entry never changes again (a reversal is an entry of its own) and its event carries the
 * whole entry, so this equals the fold of the whole log (`ledgerAsOf`, tested as a property) — and a
 * database can sum it without the rest of the log (the API's read path).
 */
export const validatedMovements = (
  events: readonly LedgerHistoryEvent[],
  range?: LedgerRange,
): { account: string; debit: Cents; credit: Cents }[] => {
  const movements = new Map<string, { debit: Cents; credit: Cents }>();
  for (const e of events) {
    if (e.type !== "EntryValidated" || !inRange(e.data.date, range)) continue;
    for (const l of e.data.lines) {
      const m = movements.get(l.account) ?? { debit: 0, credit: 0 };
      movements.set(l.account, { debit: m.debit + l.debit, credit: m.credit + l.credit });
    }
  }
  return [...movements].map(([account, m]) => ({ account, ...m }));
};

/** The ledger as the events up to the moment make it: the trial balance (over `range` when given) and the drafts. */
export const ledgerAsOf = (events: readonly LedgerHistoryEvent[], range?: LedgerRange): LedgerAsOf => {
  const entries: Entries = new Map();
  evolveEntries(entries, events);
  const movements = new Map<string, { debit: Cents; credit: Cents }>();
  let validated = 0;
  const drafts = { count: 0, debit: 0, credit: 0 };
  for (const state of entries.values()) {
    if (state.status === "draft") {
      const t = totals(state.content.lines);
      drafts.count += 1;
      drafts.debit += t.debit;
      drafts.credit += t.credit;
    }
    if (state.status !== "validated") continue;
    validated += 1;
    const { date, lines } = state.content;
    if (!inRange(date, range)) continue;
    for (const l of lines) {
      const m = movements.get(l.account) ?? { debit: 0, credit: 0 };
      movements.set(l.account, { debit: m.debit + l.debit, credit: m.credit + l.credit });
    }
  }
  const rows = [...movements].map(([account, m]) => ({ account, ...m }));
  return { trialBalance: trialBalanceAsOf(rows, events), validated, drafts };
};

/** What the events after the moment did, in log order, each named by its entry as it then stood. */
export const ledgerChangesSince = (
  before: readonly LedgerHistoryEvent[],
  after: readonly LedgerHistoryEvent[],
): LedgerChange[] => {
  const entries: Entries = new Map();
  evolveEntries(entries, before);
  const changes: LedgerChange[] = [];
  for (const e of after) {
    const base = {
      position: e.position,
      at: e.metadata.at,
      userId: e.metadata.userId ?? null,
      mvt: null,
      number: null,
      journal: null,
      date: null,
      label: null,
      reverses: null,
      account: null,
      code: null,
      lines: null,
    };
    if (e.type === "LinesLettered" || e.type === "LinesUnlettered") {
      changes.push({
        ...base,
        kind: e.type === "LinesLettered" ? "lettered" : "unlettered",
        account: e.data.account,
        code: e.data.code,
        lines: e.data.lines.length,
      });
      continue;
    }
    if (!isEntryEvent(e)) continue;
    const previous = entries.get(e.streamId) ?? entryDecider.initialState();
    const state = entryDecider.evolve(previous, e);
    entries.set(e.streamId, state);
    const shown = state.status === "draft" || state.status === "validated" ? state : previous;
    const origin = shown.status === "draft" || shown.status === "validated" ? shown.origin : null;
    const kind: LedgerChangeKind =
      e.type === "EntryDrafted"
        ? origin?.kind === "reversal"
          ? "reversed"
          : "added"
        : e.type === "EntryDraftChanged"
          ? "changed"
          : e.type === "EntryDraftDeleted"
            ? "deleted"
            : "validated";
    changes.push({
      ...base,
      kind,
      mvt: e.streamId.slice("entry-".length),
      ...((shown.status === "draft" || shown.status === "validated") && {
        number: shown.number,
        journal: shown.content.journal,
        date: shown.content.date,
        label: shown.content.label,
      }),
      reverses: origin?.kind === "reversal" ? origin.of : null,
    });
  }
  return changes;
};
