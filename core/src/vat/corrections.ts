import type { EntryLine } from "../accounting/entry.ts";
import type { Cents } from "../money.ts";
import { vatAccounts } from "./code.ts";

/**
 * A correction of an earlier validated return, carried by a later one (vat-return.md §4: a validated
 * return never changes; a mistake is corrected on a later return). `payBack` is VAT deducted before that
 * must be paid back (box 15 of the CA3, line 13 of the CA12), `deduct` other VAT to deduct (box 21 of
 * both). It is kept on the later return's fact with its reason; its settlement line moves `account`
 * (by default 445660, where a regularisation booked without a VAT code waits): debited by VAT paid
 * back, credited by VAT deducted.
 */
export type VatCorrectionKind = "payBack" | "deduct";
export const vatCorrectionKinds: readonly VatCorrectionKind[] = ["payBack", "deduct"];

export type VatCorrection = {
  /** The earlier validated return it corrects. */
  readonly period: string;
  readonly kind: VatCorrectionKind;
  /** Cents, ≥ 0. */
  readonly amount: Cents;
  readonly reason: string;
  /** The settlement line's account. */
  readonly account: string;
};

export const defaultCorrectionAccount = vatAccounts.deductible;

/** The corrections' sums in cents, by kind. */
export const correctionSums = (
  corrections: readonly VatCorrection[],
): { readonly payBack: Cents; readonly deduct: Cents } => ({
  payBack: corrections.filter((c) => c.kind === "payBack").reduce((s, c) => s + c.amount, 0),
  deduct: corrections.filter((c) => c.kind === "deduct").reduce((s, c) => s + c.amount, 0),
});

/** The longest line label a correction's reason gives its settlement line. */
const LABEL_LENGTH = 120;

/** The corrections' settlement lines: VAT paid back debited, VAT deducted credited, to the cent. */
export const correctionLines = (corrections: readonly VatCorrection[]): EntryLine[] =>
  corrections
    .filter((c) => c.amount > 0)
    .map((c) => ({
      account: c.account,
      auxiliary: null,
      label: `Régularisation ${c.period} : ${c.reason}`.slice(0, LABEL_LENGTH),
      debit: c.kind === "payBack" ? c.amount : 0,
      credit: c.kind === "deduct" ? c.amount : 0,
    }));
