import { addDays, endOfMonth, monthsBetween } from "../../accounting/dates.ts";
import { type FiscalState, fiscalDecider, fiscalYearOf } from "../../accounting/fiscal.ts";
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

/**
 * The fiscal years the entries need. With years already there, 12-month years follow the last one.
 * Without, the file's year starts on the first day of the month of its earliest entry (opening
 * entries are dated on the first day of the year) and ends on the closing date the file name
 * gives, or the first one of that month after the latest entry when the name's date does not fit;
 * a first year may last 24 months, longer spans are cut into years ending in that month.
 */
export const planYears = (
  dates: readonly string[],
  initial: FiscalState,
  closingMonth: number,
  newId: () => string,
  sink: Sink,
) => {
  const sim = simulator(fiscalDecider, initial, sink);
  const years = [...initial.years].sort((a, b) => (a.start < b.start ? -1 : 1));
  const last = years.at(-1);
  const firstYear = years[0];
  const open = (start: string, end: string) =>
    sim.run({ type: "OpenFiscalYear", data: { id: newId(), start, end } }, (e) =>
      fecIssue(0, e.code, "error", `fiscal year ${start} to ${end}: ${sink.explain(e)}`, e.params),
    );
  // Earlier books than the first year (an organisation created today, its past brought by FEC):
  // 12-month years back from the first one, until the earliest entry is covered.
  const before = dates.filter((d) => firstYear && d < firstYear.start).sort()[0];
  if (firstYear && before)
    for (let end = addDays(firstYear.start, -1); ; ) {
      const start = `${endOfMonth(end, -11).slice(0, 7)}-01`;
      if (!open(start, end) || start <= before) break;
      end = addDays(start, -1);
    }
  const uncovered = dates.filter((d) => !fiscalYearOf(initial, d) && (!last || d > last.end)).sort();
  const latest = uncovered.at(-1);
  const earliest = uncovered[0];
  if (!latest || !earliest) return sim;
  if (last) {
    for (let start = addDays(last.end, 1); start <= latest; ) {
      const end = endOfMonth(start, 11);
      if (!open(start, end)) break;
      start = addDays(end, 1);
    }
    return sim;
  }
  const start = `${earliest.slice(0, 7)}-01`;
  const end = closingOnOrAfter(latest, closingMonth);
  if (monthsBetween(start, end).length <= 24) {
    open(start, end);
    return sim;
  }
  let first = closingOnOrAfter(start, closingMonth);
  if (monthsBetween(start, first).length < 12 && monthsBetween(start, endOfMonth(first, 12)).length <= 24)
    first = endOfMonth(first, 12);
  if (!open(start, first)) return sim;
  for (let s = addDays(first, 1); s <= latest; ) {
    const e = endOfMonth(s, 11);
    if (!open(s, e)) break;
    s = addDays(e, 1);
  }
  return sim;
};
