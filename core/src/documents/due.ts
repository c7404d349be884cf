import { addDays, endOfMonth, type IsoDate, isIsoDate } from "../accounting/dates.ts";
import type { ContactPaymentTerms } from "../contacts/contact.ts";
import { maxPaymentDays } from "../contacts/records.ts";
import { DomainError } from "../decider.ts";
import { decimalUnits, divideRounded, formatUnits } from "../decimal.ts";
import type { Cents } from "../money.ts";

/**
 * Due dates and late payment (Code de commerce L441-10, D441-5): 30 days by default; agreed terms
 * at most 60 days from the invoice date or 45 days end of month; late from the day after the due
 * date, with penalties at the agreed rate (never below 3 × the legal interest rate; by default the
 * ECB refinancing rate + 10 points) and a fixed €40 recovery indemnity owed by businesses.
 */
export const DEFAULT_PAYMENT_DAYS = 30;
export const RECOVERY_INDEMNITY_CENTS: Cents = 4000;

type Terms = Pick<ContactPaymentTerms, "days" | "endOfMonth">;

/**
 * The due date of a document issued on `issueDate` under `terms`: `days` after it, or after the end
 * of its month with `endOfMonth` (the Senate's reading of "45 jours fin de mois": end of month, then
 * 45 days); 30 days without terms.
 */
export const dueDate = (issueDate: IsoDate, terms: Terms | null): IsoDate => {
  if (!terms) return addDays(issueDate, DEFAULT_PAYMENT_DAYS);
  return addDays(terms.endOfMonth ? endOfMonth(issueDate) : issueDate, terms.days);
};

/** The latest due date the law allows for a document issued on `issueDate`. */
export const latestDueDate = (issueDate: IsoDate): IsoDate => {
  const plain = addDays(issueDate, maxPaymentDays.plain);
  const monthEnd = addDays(endOfMonth(issueDate), maxPaymentDays.endOfMonth);
  return plain > monthEnd ? plain : monthEnd;
};

/** Refuses a due date before the issue date or past the legal limit. */
export const checkDueDate = (issueDate: IsoDate, due: IsoDate): void => {
  if (!isIsoDate(due)) throw new DomainError("validation.invalidDate", { field: "dueDate", value: due });
  if (due < issueDate) throw new DomainError("doc.dueBeforeIssue", { field: "dueDate", issueDate });
  const latest = latestDueDate(issueDate);
  if (due > latest) throw new DomainError("doc.dueDateTooLate", { field: "dueDate", max: latest });
};

const dayNumber = (date: IsoDate): number =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;

/** Whole days from `from` to `to` (negative when `to` is before). */
export const daysBetween = (from: IsoDate, to: IsoDate): number => dayNumber(to) - dayNumber(from);

/**
 * The day whose ECB rate applies to penalties starting after `due`: the rate in force on 1 January
 * for the first half-year, on 1 July for the second.
 */
export const ecbRateDate = (due: IsoDate): IsoDate => {
  const start = addDays(due, 1);
  return `${start.slice(0, 4)}-${Number(start.slice(5, 7)) <= 6 ? "01" : "07"}-01`;
};

export type LatenessInput = {
  readonly dueDate: IsoDate;
  /** The day the lateness is computed for. */
  readonly on: IsoDate;
  readonly amountDue: Cents;
  /** The agreed yearly rate in percent ("12.5"); null: ECB rate + 10 points. */
  readonly penaltyRate: string | null;
  /** The ECB main refinancing rate in percent at `ecbRateDate(dueDate)`. */
  readonly ecbRate: string;
  /** The legal interest rate for professionals in percent, for the 3 × floor. */
  readonly legalInterestRate: string;
  /** Whether the debtor is a business (the €40 indemnity is owed by businesses only). */
  readonly business: boolean;
};

export type Lateness = {
  readonly daysLate: number;
  /** The yearly penalty rate applied, in percent. */
  readonly rate: string;
  /** Penalties accrued: amount due × rate × days late / 365, rounded half up. */
  readonly penalty: Cents;
  readonly indemnity: Cents;
};

const RATE_SCALE = 4;
const rateUnits = (value: string, field: string): bigint => {
  const units = decimalUnits(value, RATE_SCALE);
  if (units === undefined || units < 0n)
    throw new DomainError("validation.invalidPercentage", { field, value });
  return units;
};

/** The yearly penalty rate: the agreed one, else ECB + 10 points, never below 3 × the legal rate. */
export const penaltyRate = (agreed: string | null, ecbRate: string, legalInterestRate: string): string => {
  const base =
    agreed === null
      ? rateUnits(ecbRate, "ecbRate") + 10n * 10n ** BigInt(RATE_SCALE)
      : rateUnits(agreed, "penaltyRate");
  const floor = 3n * rateUnits(legalInterestRate, "legalInterestRate");
  return formatUnits(base > floor ? base : floor, RATE_SCALE);
};

export const lateness = (input: LatenessInput): Lateness => {
  const rate = penaltyRate(input.penaltyRate, input.ecbRate, input.legalInterestRate);
  const daysLate = Math.max(0, daysBetween(input.dueDate, input.on));
  if (daysLate === 0 || input.amountDue <= 0) return { daysLate, rate, penalty: 0, indemnity: 0 };
  const penalty = Number(
    divideRounded(
      BigInt(input.amountDue) * rateUnits(rate, "rate") * BigInt(daysLate),
      100n * 10n ** BigInt(RATE_SCALE) * 365n,
    ),
  );
  return { daysLate, rate, penalty, indemnity: input.business ? RECOVERY_INDEMNITY_CENTS : 0 };
};
