import type { Cents } from "../money.ts";

/**
 * The reconciliation statement (état de rapprochement) of a bank account at a date: the balance of its
 * 512 account in the books, the book movements the bank has not shown yet (matched to no statement
 * line dated on or before that day), the statement lines the books do not hold yet, and the bank's
 * balance. Money in is + on both sides (a 512 debit, a credit on the statement), so
 *
 *   bank balance = book balance − Σ unmatched book movements + Σ unmatched statement lines
 *
 * when everything is accounted for; `difference` is what is left unexplained (0 when it reconciles).
 */
export type UnmatchedBookMovement = {
  readonly mvt: string;
  readonly line: number;
  readonly date: string;
  readonly number: string;
  readonly label: string;
  /** Debit − credit of the 512 line: + money in. */
  readonly amount: Cents;
};
export type UnmatchedStatementLine = {
  readonly statementId: string;
  readonly no: number;
  readonly date: string;
  readonly label: string;
  readonly amount: Cents;
};

export type ReconciliationStatementInput = {
  readonly date: string;
  readonly bookBalance: Cents;
  readonly bankBalance: Cents | null;
  readonly unmatchedBook: readonly UnmatchedBookMovement[];
  readonly unmatchedLines: readonly UnmatchedStatementLine[];
};

export type ReconciliationStatement = ReconciliationStatementInput & {
  readonly unmatchedBookTotal: Cents;
  readonly unmatchedLinesTotal: Cents;
  /** The bank balance the books explain: book balance − unmatched book + unmatched lines. */
  readonly explainedBankBalance: Cents;
  /** Bank balance − explained balance: 0 when reconciled; null without a bank balance. */
  readonly difference: Cents | null;
};

const byDate = <T extends { date: string }>(items: readonly T[]): T[] =>
  [...items].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));

export const reconciliationStatement = (input: ReconciliationStatementInput): ReconciliationStatement => {
  const unmatchedBookTotal = input.unmatchedBook.reduce((s, m) => s + m.amount, 0);
  const unmatchedLinesTotal = input.unmatchedLines.reduce((s, l) => s + l.amount, 0);
  const explainedBankBalance = input.bookBalance - unmatchedBookTotal + unmatchedLinesTotal;
  return {
    ...input,
    unmatchedBook: byDate(input.unmatchedBook),
    unmatchedLines: byDate(input.unmatchedLines),
    unmatchedBookTotal,
    unmatchedLinesTotal,
    explainedBankBalance,
    difference: input.bankBalance === null ? null : input.bankBalance - explainedBankBalance,
  };
};
