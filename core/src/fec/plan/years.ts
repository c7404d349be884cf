import { addDays, endOfMonth, isFirstOfMonth, isLastOfMonth, monthsBetween } from "../../accounting/dates.ts";
import { type FiscalState, type FiscalYear, fiscalDecider, fiscalYearOf } from "../../accounting/fiscal.ts";
import { fecIssue, type Sink } from "./findings.ts";
import { simulator } from "./simulator.ts";

/**
 * The fiscal years part of the FEC import plan: the years the entries fall in, opened on the
 * simulated calendar.
 */

/** The last day of the first month numbered `month` (1-12) ending on or after `date`. */
const closingOnOrAfter = (date: string, month: number): string => {
  const year = Number(date.slice(0, 4));
  const end = endOfMonth(`${year}-${String(month).padStart(2, "0")}-01`);
  return end >= date ? end : endOfMonth(`${year + 1}-${String(month).padStart(2, "0")}-01`);
};

/** The twelve months ending on `end`. */
const twelveMonthsTo = (end: string) => ({ start: addDays(endOfMonth(end, -12), 1), end });

export type YearsOptions = {
  /** The month (1-12) the file's years end in: the file name's closing date's, else the organisation's. */
  readonly closingMonth: number;
  /** The file name's closing date, when it has one: the end of the file's own year. */
  readonly closingDate?: string | null | undefined;
  /** The earliest date of the file's opening entries (à-nouveaux): they open its year. */
  readonly openingDate?: string | null | undefined;
  /** Years of the organisation nothing was posted in yet: their dates may still change. */
  readonly emptyYears?: readonly string[] | undefined;
};

/** The first day of the year opening entries dated `date` open: that day, or the next after a month's end. */
const openedOn = (date: string | null | undefined) =>
  !date ? null : isFirstOfMonth(date) ? date : isLastOfMonth(date) ? addDays(date, 1) : null;

/**
 * The years the file's own entries make, before or among the organisation's years. A FEC holds one
 * fiscal year: the one ending on the closing date its name gives (when it falls within twelve months
 * after the latest entry), or on the closing month after its latest entry. It starts on the day its
 * opening entries open, or twelve months before its end; longer (up to 24 months) when it holds
 * earlier entries and the name gives its end, as a company's first year may. Entries further back
 * make years ending in the same month, and only years that hold an entry are made: no empty year
 * fills the time up to the organisation's books.
 */
const fileYears = (dates: readonly string[], options: YearsOptions) => {
  const earliest = dates[0];
  const latest = dates.at(-1);
  if (!earliest || !latest) return [];
  const name = options.closingDate;
  const named = name && name >= latest && name <= endOfMonth(latest, 12) ? name : null;
  const end = named ?? closingOnOrAfter(latest, options.closingMonth);
  const opening = openedOn(options.openingDate);
  const start =
    opening && opening <= earliest && monthsBetween(opening, end).length <= 24
      ? opening
      : twelveMonthsTo(end).start;
  if (earliest >= start) return [{ start, end }];
  const longStart = `${earliest.slice(0, 7)}-01`;
  if (named && monthsBetween(longStart, end).length <= 24) return [{ start: longStart, end }];
  const years = [];
  for (let year = { start, end }; year.end >= earliest; year = twelveMonthsTo(addDays(year.start, -1)))
    if (dates.some((d) => year.start <= d && d <= year.end)) years.unshift(year);
  return years;
};

/**
 * The fiscal years the entries need. After the organisation's last year, 12-month years follow it
 * (a calendar has no gap going forward). Before it, the file's own years (`fileYears`), opened
 * before the first year or in a gap. A year of the organisation that a file's year overlaps and
 * that nothing was posted in yet, with no year right before it, moves after the file's year: a new
 * organisation's first year follows the books it takes over. Any other overlap is an error naming
 * both years: the import never cuts a file's year in two.
 */
export const planYears = (
  dates: readonly string[],
  initial: FiscalState,
  options: YearsOptions,
  newId: () => string,
  sink: Sink,
) => {
  const sim = simulator(fiscalDecider, initial, sink);
  const last = initial.years.at(-1);
  const run = (command: Parameters<typeof sim.run>[0], start: string, end: string) =>
    sim.run(command, (e) =>
      fecIssue(0, e.code, "error", `fiscal year ${start} to ${end}: ${sink.explain(e)}`, {
        ...e.params,
        start,
        end,
      }),
    );
  const open = (start: string, end: string) =>
    run({ type: "OpenFiscalYear", data: { id: newId(), start, end } }, start, end);
  const sorted = [...new Set(dates)].sort();
  const uncovered = sorted.filter((d) => !fiscalYearOf(initial, d));
  const within = uncovered.filter((d) => !last || d <= last.end);
  const after = uncovered.filter((d) => last && d > last.end);
  const empty = new Set(options.emptyYears ?? []);
  // The file's years from all its dates (a year the organisation holds in part is still the file's
  // whole year), those that hold a date no year of the organisation covers.
  const needed = fileYears(
    sorted.filter((d) => !last || d <= last.end),
    options,
  ).filter((year) => within.some((d) => year.start <= d && d <= year.end));
  // Latest first: each earlier one then goes before the years there are, where a gap may be left.
  for (const year of needed.reverse()) {
    const overlapped = sim.state.years.find((y) => y.start <= year.end && year.start <= y.end);
    if (overlapped && movable(sim.state, overlapped, empty)) {
      const next = sim.state.years.find((y) => y.start === addDays(overlapped.end, 1));
      const start = addDays(year.end, 1);
      const end = next ? overlapped.end : endOfMonth(start, 11);
      run({ type: "RedefineFiscalYear", data: { id: overlapped.id, start, end, entries: 0 } }, start, end);
    }
    open(year.start, year.end);
  }
  const latest = after.at(-1);
  const lastNow = sim.state.years.at(-1);
  if (latest && lastNow)
    for (let start = addDays(lastNow.end, 1); start <= latest; ) {
      const end = endOfMonth(start, 11);
      if (!open(start, end)) break;
      start = addDays(end, 1);
    }
  return sim;
};

/** Whether a year may move out of a file year's way: nothing in it, nothing right before it. */
const movable = (state: FiscalState, year: FiscalYear, empty: ReadonlySet<string>) =>
  empty.has(year.id) &&
  year.status === "open" &&
  year.openingMvt === null &&
  !state.years.some((y) => y.end === addDays(year.start, -1));
