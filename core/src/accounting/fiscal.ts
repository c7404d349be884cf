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
 * The fiscal calendar of one organisation (stream `fiscal-<orgId>`): its fiscal years, one after
 * the other without gap or overlap, and the period lock, a date up to which nothing may be posted
 * any more. The lock only moves forward; closing a year moves it to the year's end, for good.
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
  | { type: "FiscalYearClosed"; data: { id: string; closedOn: IsoDate } };

export type FiscalCommand =
  | { type: "OpenFiscalYear"; data: { id: string; start?: IsoDate | undefined; end?: IsoDate | undefined } }
  | { type: "LockPeriod"; data: { until: IsoDate } }
  | { type: "RecordOpeningEntry"; data: { yearId: string; mvt: string } }
  /** `drafts` is what the ledger says: entries of the year still in draft. */
  | { type: "CloseFiscalYear"; data: { id: string; closedOn: IsoDate; drafts: number } };

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

const openYear = (
  command: Extract<FiscalCommand, { type: "OpenFiscalYear" }>,
  state: FiscalState,
): FiscalEvent[] => {
  const last = state.years.at(-1);
  if (state.years.some((y) => y.id === command.data.id))
    throw new DomainError("fiscalYear.duplicate", {}, 409);
  const start = command.data.start ?? (last ? addDays(last.end, 1) : undefined);
  if (!start || !isIsoDate(start)) throw new DomainError("validation.invalidDate", { value: String(start) });
  const end = command.data.end ?? endOfMonth(start, 11);
  if (!isIsoDate(end)) throw new DomainError("validation.invalidDate", { value: end });
  if (!isFirstOfMonth(start) || !isLastOfMonth(end) || end <= start)
    throw new DomainError("fiscalYear.invalidBounds", { start, end });
  const months = monthsBetween(start, end).length;
  // A first year may run up to 24 months; later ones are 12 months, or shorter/longer once (max 24).
  if (months > 24) throw new DomainError("fiscalYear.tooLong", { start, end, max: 24 });
  const first = state.years[0];
  // Books brought from another software (a FEC of earlier years) go before the first year, right
  // before it, as long as nothing is closed yet: the chronology of closings stays whole.
  if (first && end < first.start) {
    if (end !== addDays(first.start, -1))
      throw new DomainError(
        "fiscalYear.notContiguous",
        { start, expected: addDays(last?.end ?? end, 1) },
        409,
      );
    if (state.years.some((y) => y.status === "closed"))
      throw new DomainError("fiscalYear.beforeClosed", { start, end }, 409);
    return [{ type: "FiscalYearOpened", data: { id: command.data.id, start, end } }];
  }
  if (last && start !== addDays(last.end, 1))
    throw new DomainError("fiscalYear.notContiguous", { start, expected: addDays(last.end, 1) }, 409);
  return [{ type: "FiscalYearOpened", data: { id: command.data.id, start, end } }];
};

const decide = (command: FiscalCommand, state: FiscalState): FiscalEvent[] => {
  switch (command.type) {
    case "OpenFiscalYear":
      return openYear(command, state);
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
      const earlierOpen = state.years.find((y) => y.end < year.start && y.status === "open");
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
