import { addDays, daysInMonth, type IsoDate } from "../accounting/dates.ts";
import { DomainError } from "../decider.ts";
import { type OrganisationSettings, vatPeriodicityOf } from "../organisation/organisation.ts";

/**
 * The e-reporting calendar (e-invoicing-platforms.md §4): what is not a domestic B2B invoice — B2C
 * sales, international B2B sales and purchases (transactions), and the payments of services taxed on
 * receipts sold to them — reaches the platform at the frequency of the organisation's VAT regime:
 *
 * - réel normal (and mini-réel) monthly: transactions by ten-day period (1–10, 11–20, 21–end), each due
 *   within the ten days that follow (the 20th, the 30th — the month's last day in February —, the 10th
 *   of the next month); payments by month, due by the 10th of the next month;
 * - réel normal quarterly: transactions and payments by month, due by the 10th of the next month;
 * - réel simplifié: by month, due between the 25th and the 30th of the next month;
 * - franchise en base: by two months (January–February, March–April, …), due between the 25th and the
 *   30th of the month after.
 *
 * A period's id names its kind, its first month and its cut: `transactions-2026-11-d1` (a ten-day
 * period), `payments-2026-11` (a month), `transactions-2026-01-m2` (two months from January).
 */
export type EReportingKind = "transactions" | "payments";
export const ereportingKinds: readonly EReportingKind[] = ["transactions", "payments"];
export type EReportingCadence = "tenDays" | "month" | "twoMonths";

export type EReportingPeriod = {
  readonly id: string;
  readonly kind: EReportingKind;
  readonly cadence: EReportingCadence;
  readonly start: IsoDate;
  readonly end: IsoDate;
  /** The first day it may be sent (the job sends it that day) and the last one it is due. */
  readonly dueFrom: IsoDate;
  readonly dueBy: IsoDate;
};

export type EReportingRegime = Pick<OrganisationSettings, "vatRegime" | "vatPeriodicity">;

type Family = "normal" | "simplifie" | "franchise";

const familyOf = (regime: EReportingRegime): Family =>
  regime.vatRegime === "franchise"
    ? "franchise"
    : regime.vatRegime === "reel_simplifie"
      ? "simplifie"
      : "normal";

/** How often a kind of data is reported under a regime. */
export const ereportingCadence = (regime: EReportingRegime, kind: EReportingKind): EReportingCadence => {
  const family = familyOf(regime);
  if (family === "franchise") return "twoMonths";
  if (family === "simplifie") return "month";
  return kind === "transactions" && vatPeriodicityOf(regime) === "monthly" ? "tenDays" : "month";
};

const pad = (n: number): string => String(n).padStart(2, "0");
const day = (year: number, month: number, d: number): IsoDate =>
  `${year}-${pad(month)}-${pad(Math.min(d, daysInMonth(year, month)))}`;
const nextMonth = (year: number, month: number, by = 1): [number, number] => {
  const index = year * 12 + (month - 1) + by;
  return [Math.floor(index / 12), (index % 12) + 1];
};

const make = (
  family: Family,
  kind: EReportingKind,
  cadence: EReportingCadence,
  year: number,
  month: number,
  tenth: 1 | 2 | 3 = 1,
): EReportingPeriod => {
  const base = `${kind}-${year}-${pad(month)}`;
  if (cadence === "tenDays") {
    const start = day(year, month, (tenth - 1) * 10 + 1);
    const end = tenth === 3 ? day(year, month, 31) : day(year, month, tenth * 10);
    const dueBy = tenth === 3 ? day(...nextMonth(year, month), 10) : day(year, month, tenth * 10 + 10);
    return { id: `${base}-d${tenth}`, kind, cadence, start, end, dueFrom: addDays(end, 1), dueBy };
  }
  const months = cadence === "twoMonths" ? 2 : 1;
  const [lastYear, lastMonth] = nextMonth(year, month, months - 1);
  const end = day(lastYear, lastMonth, 31);
  const [dueYear, dueMonth] = nextMonth(lastYear, lastMonth);
  const window =
    family === "normal"
      ? { dueFrom: addDays(end, 1), dueBy: day(dueYear, dueMonth, 10) }
      : { dueFrom: day(dueYear, dueMonth, 25), dueBy: day(dueYear, dueMonth, 30) };
  return {
    id: cadence === "twoMonths" ? `${base}-m2` : base,
    kind,
    cadence,
    start: day(year, month, 1),
    end,
    ...window,
  };
};

/** The periods of a kind that start in a month ("2026-11"), in order. */
const periodsStartingIn = (regime: EReportingRegime, kind: EReportingKind, year: number, month: number) => {
  const family = familyOf(regime);
  const cadence = ereportingCadence(regime, kind);
  if (cadence === "tenDays")
    return ([1, 2, 3] as const).map((t) => make(family, kind, cadence, year, month, t));
  if (cadence === "twoMonths" && month % 2 === 0) return [];
  return [make(family, kind, cadence, year, month)];
};

const MONTH = /^((?:19|2\d)\d{2})-(0[1-9]|1[0-2])$/;

/** The periods (transactions then payments) that start in `month` ("2026-11") under a regime. */
export const ereportingPeriodsOfMonth = (regime: EReportingRegime, month: string): EReportingPeriod[] => {
  const m = MONTH.exec(month);
  if (!m) throw new DomainError("validation.invalidDate", { field: "month", value: month });
  const [year, index] = [Number(m[1]), Number(m[2])];
  return ereportingKinds.flatMap((kind) => periodsStartingIn(regime, kind, year, index));
};

/**
 * The periods that start in the `months` months up to the one of `today`, oldest first (in a month,
 * transactions before payments).
 */
export const ereportingPeriodsUpTo = (
  regime: EReportingRegime,
  today: IsoDate,
  months: number,
): EReportingPeriod[] => {
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const out: EReportingPeriod[] = [];
  for (let back = months - 1; back >= 0; back--) {
    const [y, m] = nextMonth(year, month, -back);
    out.push(...ereportingPeriodsOfMonth(regime, `${y}-${pad(m)}`));
  }
  return out;
};

const PERIOD_ID = /^(transactions|payments)-((?:19|2\d)\d{2})-(0[1-9]|1[0-2])(?:-(d[123]|m2))?$/;

/**
 * The period an id names, if it is one of the regime's: `ereporting.unknownPeriod` (404, the field
 * `period`) for an id that is not, or that another regime's calendar cuts (a ten-day period of a
 * quarterly filer).
 */
export const ereportingPeriod = (regime: EReportingRegime, id: string): EReportingPeriod => {
  const m = PERIOD_ID.exec(id);
  const found = m ? ereportingPeriodsOfMonth(regime, `${m[2]}-${m[3]}`).find((p) => p.id === id) : undefined;
  if (!found) throw new DomainError("ereporting.unknownPeriod", { field: "period", value: id }, 404);
  return found;
};

/** Where a period stands in time: not over yet, over and due (by `dueBy`), or past its last day. */
export type EReportingTiming = "toCome" | "due" | "late";

export const ereportingTiming = (period: EReportingPeriod, today: IsoDate): EReportingTiming =>
  today <= period.end ? "toCome" : today > period.dueBy ? "late" : "due";
