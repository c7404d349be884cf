import { addDays, daysInMonth, type IsoDate, isIsoDate } from "../accounting/dates.ts";
import { DomainError } from "../decider.ts";

/**
 * A VAT return's period (vat-return.md §1, §5): a month ("2026-03") for the monthly CA3, a quarter
 * ("2026-Q1") for the quarterly one, a year ("2026") for the CA12 — the calendar year; a CA12 on a
 * fiscal year that is not the calendar one is not handled yet. The CA12's instalments are periods of
 * their own: "2026-AC1" (July) and "2026-AC2" (December), of the yearly periodicity.
 */
export type VatPeriodicity = "monthly" | "quarterly" | "yearly";
export const vatPeriodicities: readonly VatPeriodicity[] = ["monthly", "quarterly", "yearly"];

export type VatPeriod = {
  readonly key: string;
  readonly periodicity: VatPeriodicity;
  readonly start: IsoDate;
  readonly end: IsoDate;
  /** A CA12's instalment: 1 in July, 2 in December; absent for a return. */
  readonly instalment?: 1 | 2;
};

const pad = (n: number): string => String(n).padStart(2, "0");

const lastDay = (year: number, month: number): IsoDate =>
  `${year}-${pad(month)}-${pad(daysInMonth(year, month))}`;

const make = (periodicity: VatPeriodicity, year: number, index: number): VatPeriod => {
  if (periodicity === "yearly")
    return { key: `${year}`, periodicity, start: `${year}-01-01`, end: `${year}-12-31` };
  if (periodicity === "quarterly") {
    const first = (index - 1) * 3 + 1;
    return {
      key: `${year}-Q${index}`,
      periodicity,
      start: `${year}-${pad(first)}-01`,
      end: lastDay(year, first + 2),
    };
  }
  return {
    key: `${year}-${pad(index)}`,
    periodicity,
    start: `${year}-${pad(index)}-01`,
    end: lastDay(year, index),
  };
};

/** The years a period may fall in: four digits, from 1900 to 2999 (a year 0 is no date). */
const YEAR = "((?:19|2\\d)\\d{2})";

/** "2026-03", "2026-Q1", "2026" as a period; `vat.invalidPeriod` otherwise. */
export const parseVatPeriod = (key: string): VatPeriod => {
  const month = new RegExp(`^${YEAR}-(0[1-9]|1[0-2])$`).exec(key);
  if (month) return make("monthly", Number(month[1]), Number(month[2]));
  const quarter = new RegExp(`^${YEAR}-Q([1-4])$`).exec(key);
  if (quarter) return make("quarterly", Number(quarter[1]), Number(quarter[2]));
  const year = new RegExp(`^${YEAR}$`).exec(key);
  if (year) return make("yearly", Number(year[1]), 1);
  const instalment = new RegExp(`^${YEAR}-AC([12])$`).exec(key);
  if (instalment) return instalmentPeriod(Number(instalment[1]), instalment[2] === "1" ? 1 : 2);
  throw new DomainError("vat.invalidPeriod", { field: "period", value: key });
};

/** The period of `periodicity` a date falls in. */
export const vatPeriodOf = (date: IsoDate, periodicity: VatPeriodicity): VatPeriod => {
  if (!isIsoDate(date)) throw new DomainError("validation.invalidDate", { value: date });
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return make(periodicity, year, periodicity === "quarterly" ? Math.ceil(month / 3) : month);
};

/** The period just before, of the same periodicity. */
export const previousVatPeriod = (period: VatPeriod): VatPeriod =>
  vatPeriodOf(addDays(period.start, -1), period.periodicity);

/** The period just after, of the same periodicity. */
export const nextVatPeriod = (period: VatPeriod): VatPeriod =>
  vatPeriodOf(addDays(period.end, 1), period.periodicity);

/** The CA12's instalment of a year (vat-return.md §5): the first in July, the second in December. */
export const instalmentPeriod = (year: number, instalment: 1 | 2): VatPeriod => {
  const month = instalment === 1 ? 7 : 12;
  return {
    key: `${year}-AC${instalment}`,
    periodicity: "yearly",
    start: `${year}-${pad(month)}-01`,
    end: lastDay(year, month),
    instalment,
  };
};

/** Whether a period key names an instalment rather than a return. */
export const isInstalmentKey = (key: string): boolean => /-AC[12]$/.test(key);
