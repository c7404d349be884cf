import { type Decider, DomainError } from "../decider.ts";
import {
  addDays,
  endOfMonth,
  type IsoDate,
  isFirstOfMonth,
  isIsoDate,
  isLastOfMonth,
  monthsBetween,
} from "./dates.ts";

/**
 * The fiscal calendar of one organisation (stream `fiscal-<orgId>`): its fiscal years, never
 * overlapping, and the period lock, a date up to which nothing may be posted any more. The lock
 * only moves forward; closing a year moves it to the year's end, for good.
 *
 * New years follow the last one without a gap. Books taken over from another software go before
 * them: an earlier year may be opened before the first one or in a gap, as long as no later year is
 * closed, leaving a gap where the organisation kept no books in Registre (no empty years are made
 * up). Years that follow each other without a gap form a run: closings go in order within a run.
 */
export const fiscalStreamId = (orgId: string): string => `fiscal-${orgId}`;

export type FiscalYear = {
  readonly id: string;
  readonly start: IsoDate;
  readonly end: IsoDate;
  readonly status: "open" | "closed";
  /** The opening entry (journal AN) of this year, once generated. */
  readonly openingMvt: string | null;
};

export type FiscalEvent =
  | { type: "FiscalYearOpened"; data: { id: string; start: IsoDate; end: IsoDate } }
  | { type: "PeriodLocked"; data: { until: IsoDate; previous: IsoDate | null } }
  | { type: "OpeningEntryRecorded"; data: { yearId: string; mvt: string } }
  | { type: "FiscalYearClosed"; data: { id: string; closedOn: IsoDate } }
  | { type: "FiscalYearRedefined"; data: { id: string; start: IsoDate; end: IsoDate } };

export type FiscalCommand =
  | { type: "OpenFiscalYear"; data: { id: string; start?: IsoDate | undefined; end?: IsoDate | undefined } }
  | { type: "LockPeriod"; data: { until: IsoDate } }
  | { type: "RecordOpeningEntry"; data: { yearId: string; mvt: string } }
  /** `drafts` is what the ledger says: entries of the year still in draft. */
  | { type: "CloseFiscalYear"; data: { id: string; closedOn: IsoDate; drafts: number } }
  /**
   * New dates for a year nothing was posted in yet (`entries` is what the ledger says: entries of
   * any status dated in the year); the year's neighbours keep theirs.
   */
  | { type: "RedefineFiscalYear"; data: { id: string; start: IsoDate; end: IsoDate; entries: number } };

export type FiscalState = {
  readonly years: readonly FiscalYear[];
  readonly lockedUntil: IsoDate | null;
};

export const initialFiscalState = (): FiscalState => ({ years: [], lockedUntil: null });

/** The fiscal year a date falls in, if any. */
export const fiscalYearOf = (state: FiscalState, date: IsoDate): FiscalYear | undefined =>
  state.years.find((y) => y.start <= date && date <= y.end);

export const fiscalYearById = (state: FiscalState, id: string): FiscalYear => {
  const year = state.years.find((y) => y.id === id);
  if (!year) throw new DomainError("fiscalYear.notFound", { id }, 404);
  return year;
};

/** The monthly periods of a year: "2025-01" … "2025-12". */
export const periodsOf = (year: Pick<FiscalYear, "start" | "end">): string[] =>
  monthsBetween(year.start, year.end);

/**
 * Where a posting dated `date` may go: an open fiscal year, after the period lock. Throws the
 * reason otherwise.
 */
export const postingYear = (state: FiscalState, date: IsoDate): FiscalYear => {
  if (!isIsoDate(date)) throw new DomainError("validation.invalidDate", { value: date });
  const year = fiscalYearOf(state, date);
  if (!year) throw new DomainError("fiscalYear.none", { date });
  if (year.status === "closed")
    throw new DomainError("fiscalYear.closed", { date, start: year.start, end: year.end }, 409);
  if (state.lockedUntil !== null && date <= state.lockedUntil)
    throw new DomainError("period.locked", { date, until: state.lockedUntil }, 409);
  return year;
};

/** A year's bounds: the first of a month to the last of a month, 1 to 24 months. */
const checkBounds = (
  start: IsoDate | undefined,
  end: IsoDate | undefined,
): { start: IsoDate; end: IsoDate } => {
  if (!start || !isIsoDate(start)) throw new DomainError("validation.invalidDate", { value: String(start) });
  const last = end ?? endOfMonth(start, 11);
  if (!isIsoDate(last)) throw new DomainError("validation.invalidDate", { value: last });
  if (!isFirstOfMonth(start) || !isLastOfMonth(last) || last <= start)
    throw new DomainError("fiscalYear.invalidBounds", { start, end: last });
  // A first year may run up to 24 months; later ones are 12 months, or shorter/longer once (max 24).
  if (monthsBetween(start, last).length > 24)
    throw new DomainError("fiscalYear.tooLong", { start, end: last, max: 24 });
  return { start, end: last };
};

/**
 * Where a year with these bounds may go among `others`: never over one of them, nor before a
 * closed year or the lock (the chronology of closings stays whole), and after the last one only
 * right after it.
 */
const checkPlace = (state: FiscalState, others: readonly FiscalYear[], start: IsoDate, end: IsoDate) => {
  const overlapping = others.find((y) => y.start <= end && start <= y.end);
  if (overlapping)
    throw new DomainError(
      "fiscalYear.overlaps",
      { start, end, otherStart: overlapping.start, otherEnd: overlapping.end },
      409,
    );
  const last = others.at(-1);
  if (last && start > last.end) {
    if (start !== addDays(last.end, 1))
      throw new DomainError("fiscalYear.notContiguous", { start, expected: addDays(last.end, 1) }, 409);
    return;
  }
  if (others.some((y) => y.status === "closed" && y.start > end))
    throw new DomainError("fiscalYear.beforeClosed", { start, end }, 409);
  if (state.lockedUntil !== null && start <= state.lockedUntil)
    throw new DomainError("period.locked", { date: start, until: state.lockedUntil }, 409);
};

const openYear = (
  command: Extract<FiscalCommand, { type: "OpenFiscalYear" }>,
  state: FiscalState,
): FiscalEvent[] => {
  const last = state.years.at(-1);
  if (state.years.some((y) => y.id === command.data.id))
    throw new DomainError("fiscalYear.duplicate", {}, 409);
  const { start, end } = checkBounds(
    command.data.start ?? (last ? addDays(last.end, 1) : undefined),
    command.data.end,
  );
  checkPlace(state, state.years, start, end);
  return [{ type: "FiscalYearOpened", data: { id: command.data.id, start, end } }];
};

/**
 * New bounds for a year nothing was posted in: a new organisation's first year set to the fiscal
 * calendar of the books it takes over, or the current year shortened or lengthened when the
 * organisation changes its closing date. A year right after another keeps its start; a year right
 * before another keeps its end.
 */
const redefineYear = (
  command: Extract<FiscalCommand, { type: "RedefineFiscalYear" }>,
  state: FiscalState,
): FiscalEvent[] => {
  const year = fiscalYearById(state, command.data.id);
  if (year.status === "closed")
    throw new DomainError("fiscalYear.alreadyClosed", { start: year.start, end: year.end }, 409);
  if (command.data.entries > 0 || year.openingMvt !== null)
    throw new DomainError("fiscalYear.notEmpty", { start: year.start, end: year.end }, 409);
  const { start, end } = checkBounds(command.data.start, command.data.end);
  if (start === year.start && end === year.end) return [];
  const others = state.years.filter((y) => y.id !== year.id);
  const previous = others.find((y) => y.end === addDays(year.start, -1));
  const next = others.find((y) => y.start === addDays(year.end, 1));
  if (previous && start !== year.start)
    throw new DomainError("fiscalYear.notContiguous", { start, expected: year.start }, 409);
  if (next && end !== year.end) throw new DomainError("fiscalYear.endFixed", { end: year.end }, 409);
  checkPlace(state, others, start, end);
  return [{ type: "FiscalYearRedefined", data: { id: year.id, start, end } }];
};

/**
 * The years run without a gap up to `year`, latest first: the years whose closings come before its.
 */
const runBefore = (state: FiscalState, year: FiscalYear): FiscalYear[] => {
  const run: FiscalYear[] = [];
  for (let y = year; ; ) {
    const previous = state.years.find((p) => p.end === addDays(y.start, -1));
    if (!previous) return run;
    run.push(previous);
    y = previous;
  }
};

/**
 * The bounds of the year to open after the last one, for an organisation whose fiscal years start
 * in `startMonth` (1-12): twelve months when the last year ends the month before; otherwise up to
 * the next closing date, a short year of 6 to 12 months or, when that would be shorter, a long one
 * of 13 to 17 months.
 */
export const nextYearBounds = (
  state: FiscalState,
  startMonth: number,
): { start: IsoDate; end: IsoDate } | null => {
  const last = state.years.at(-1);
  return last ? yearAfter(last.end, startMonth) : null;
};

/** The bounds of the year starting the day after `end`, as `nextYearBounds` tells them. */
export const yearAfter = (end: IsoDate, startMonth: number): { start: IsoDate; end: IsoDate } => {
  const start = addDays(end, 1);
  const months = ((startMonth - Number(start.slice(5, 7)) + 11) % 12) + 1;
  return { start, end: endOfMonth(start, (months < 6 ? months + 12 : months) - 1) };
};

/** The twelve months before the first year: the year to open for earlier books. */
export const earlierYearBounds = (state: FiscalState): { start: IsoDate; end: IsoDate } | null => {
  const first = state.years[0];
  if (!first) return null;
  const end = addDays(first.start, -1);
  return { start: `${endOfMonth(end, -11).slice(0, 7)}-01`, end };
};

const decide = (command: FiscalCommand, state: FiscalState): FiscalEvent[] => {
  switch (command.type) {
    case "OpenFiscalYear":
      return openYear(command, state);
    case "RedefineFiscalYear":
      return redefineYear(command, state);
    case "LockPeriod": {
      const { until } = command.data;
      if (!isIsoDate(until) || !isLastOfMonth(until)) throw new DomainError("period.invalidLock", { until });
      if (state.lockedUntil !== null && until <= state.lockedUntil)
        throw new DomainError("period.lockBackwards", { until, current: state.lockedUntil }, 409);
      if (!fiscalYearOf(state, until)) throw new DomainError("fiscalYear.none", { date: until });
      return [{ type: "PeriodLocked", data: { until, previous: state.lockedUntil } }];
    }
    case "RecordOpeningEntry": {
      const year = fiscalYearById(state, command.data.yearId);
      if (year.openingMvt === command.data.mvt) return [];
      if (year.openingMvt !== null) throw new DomainError("fiscalYear.openingExists", {}, 409);
      return [{ type: "OpeningEntryRecorded", data: command.data }];
    }
    case "CloseFiscalYear": {
      const year = fiscalYearById(state, command.data.id);
      if (year.status === "closed")
        throw new DomainError("fiscalYear.alreadyClosed", { start: year.start, end: year.end }, 409);
      const earlierOpen = runBefore(state, year).find((y) => y.status === "open");
      if (earlierOpen)
        throw new DomainError(
          "fiscalYear.previousOpen",
          { start: earlierOpen.start, end: earlierOpen.end },
          409,
        );
      if (command.data.drafts > 0)
        throw new DomainError("fiscalYear.draftsRemain", { count: command.data.drafts }, 409);
      return [{ type: "FiscalYearClosed", data: { id: year.id, closedOn: command.data.closedOn } }];
    }
    default:
      return command satisfies never;
  }
};

const updateYear = (state: FiscalState, id: string, change: Partial<FiscalYear>): FiscalState => ({
  ...state,
  years: state.years.map((y) => (y.id === id ? { ...y, ...change } : y)),
});

const evolve = (state: FiscalState, event: FiscalEvent): FiscalState => {
  switch (event.type) {
    case "FiscalYearOpened":
      return {
        ...state,
        years: [...state.years, { ...event.data, status: "open" as const, openingMvt: null }].sort((a, b) =>
          a.start < b.start ? -1 : 1,
        ),
      };
    case "FiscalYearRedefined":
      return {
        ...state,
        years: [
          ...updateYear(state, event.data.id, { start: event.data.start, end: event.data.end }).years,
        ].sort((a, b) => (a.start < b.start ? -1 : 1)),
      };
    case "PeriodLocked":
      return { ...state, lockedUntil: event.data.until };
    case "OpeningEntryRecorded":
      return updateYear(state, event.data.yearId, { openingMvt: event.data.mvt });
    case "FiscalYearClosed": {
      const closed = updateYear(state, event.data.id, { status: "closed" });
      const end = fiscalYearById(state, event.data.id).end;
      return {
        ...closed,
        lockedUntil: state.lockedUntil && state.lockedUntil > end ? state.lockedUntil : end,
      };
    }
    default:
      return event satisfies never;
  }
};

export const fiscalDecider: Decider<FiscalCommand, FiscalEvent, FiscalState> = {
  decide,
  evolve,
  initialState: initialFiscalState,
};
