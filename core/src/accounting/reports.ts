import type { Cents } from "../money.ts";

/** An account's movements over a period: what the per-period balances add up to. */
export type AccountMovements = {
  readonly account: string;
  readonly label: string;
  readonly debit: Cents;
  readonly credit: Cents;
};

export type TrialBalanceRow = AccountMovements & {
  readonly balanceDebit: Cents;
  readonly balanceCredit: Cents;
};

export type TrialBalance = {
  readonly rows: readonly TrialBalanceRow[];
  readonly totals: { debit: Cents; credit: Cents; balanceDebit: Cents; balanceCredit: Cents };
};

/** The balance générale: movements and balance of every account, by account number. */
export const trialBalance = (movements: readonly AccountMovements[]): TrialBalance => {
  const rows = [...movements]
    .sort((a, b) => (a.account < b.account ? -1 : a.account > b.account ? 1 : 0))
    .map((m) => {
      const net = m.debit - m.credit;
      return { ...m, balanceDebit: net > 0 ? net : 0, balanceCredit: net < 0 ? -net : 0 };
    });
  const sum = (f: (r: TrialBalanceRow) => Cents) => rows.reduce((s, r) => s + f(r), 0);
  return {
    rows,
    totals: {
      debit: sum((r) => r.debit),
      credit: sum((r) => r.credit),
      balanceDebit: sum((r) => r.balanceDebit),
      balanceCredit: sum((r) => r.balanceCredit),
    },
  };
};

export type { StatementLine, StatementSection } from "./statements.ts";
