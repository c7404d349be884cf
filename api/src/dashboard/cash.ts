import { accountMovements, listFiscalYears } from "../accounting/queries.ts";
import type { AppContext } from "../context.ts";
import { loadBanking } from "../payments/banking.ts";

export type BankCash = { id: string; name: string; account: string; closed: boolean; balance: number };
export type CashToday = {
  /** Banks and cash in hand (51, 53) at the end of `asOf`. */
  total: number;
  banks: BankCash[];
  /** What 51 and 53 hold outside the bank accounts' own 512 sub-accounts (cash in hand, others). */
  other: number;
  asOf: string;
};

/**
 * Cash at the end of a day, per bank account (its 512 sub-account) and in all (51, 53), from the ledger's
 * balances read model: the validated movements from the first open fiscal year's start (its opening
 * entries carry what came before) to the day.
 */
export const cashAt = async (ctx: AppContext, orgId: string, day: string): Promise<CashToday> => {
  const [years, { view }] = await Promise.all([listFiscalYears(ctx, orgId), loadBanking(ctx, orgId)]);
  const first = years.find((y) => y.status === "open") ?? years[0];
  const movements =
    first && first.start <= day ? await accountMovements(ctx, orgId, { start: first.start, end: day }) : [];
  const balanceOf = (account: string) =>
    movements.filter((m) => m.account === account).reduce((s, m) => s + m.debit - m.credit, 0);
  const banks = Object.values(view.banks)
    .map((b) => ({
      id: b.id,
      name: b.name,
      account: b.account,
      closed: b.closed,
      balance: balanceOf(b.account),
    }))
    .filter((b) => !b.closed || b.balance !== 0)
    .sort((a, b) => Number(a.closed) - Number(b.closed) || a.name.localeCompare(b.name, "fr"));
  const total = movements
    .filter((m) => m.account.startsWith("51") || m.account.startsWith("53"))
    .reduce((s, m) => s + m.debit - m.credit, 0);
  return { total, banks, other: total - banks.reduce((s, b) => s + b.balance, 0), asOf: day };
};
