import type { Cents } from "../money.ts";
import { accountClassOf } from "./chart.ts";
import type { EntryLine } from "./entry.ts";

/** A balance of a general account at the end of a year (non-collective accounts). */
export type ClosingBalance = { readonly account: string; readonly debit: Cents; readonly credit: Cents };

/** A third-party line still open (not lettered) at the end of a year. */
export type OpenItem = {
  readonly account: string;
  readonly auxiliary: string | null;
  readonly label: string;
  readonly debit: Cents;
  readonly credit: Cents;
};

export const PROFIT_ACCOUNT = "120000";
export const LOSS_ACCOUNT = "129000";

/**
 * The lines of the opening entry (journal AN) of the next year (reference, section 6.5): the
 * balances of classes 1 to 5 carried forward, each customer's and supplier's open items line by
 * line so that lettering continues, and the year's result (class 7 − class 6) to 120 or 129.
 * Collective accounts must be given as open items only.
 */
export const openingLines = (
  balances: readonly ClosingBalance[],
  openItems: readonly OpenItem[],
  label: { result: string },
): EntryLine[] => {
  const lines: EntryLine[] = [];
  let result = 0;
  for (const b of [...balances].sort((x, y) => (x.account < y.account ? -1 : 1))) {
    const net = b.debit - b.credit;
    const cls = accountClassOf(b.account);
    if (cls === 6 || cls === 7) result -= net;
    else if (cls >= 1 && cls <= 5 && net !== 0)
      lines.push({
        account: b.account,
        auxiliary: null,
        label: null,
        debit: net > 0 ? net : 0,
        credit: net < 0 ? -net : 0,
      });
  }
  for (const item of openItems) {
    const net = item.debit - item.credit;
    if (net === 0) continue;
    lines.push({
      account: item.account,
      auxiliary: item.auxiliary,
      label: item.label,
      debit: net > 0 ? net : 0,
      credit: net < 0 ? -net : 0,
    });
  }
  if (result > 0)
    lines.push({ account: PROFIT_ACCOUNT, auxiliary: null, label: label.result, debit: 0, credit: result });
  if (result < 0)
    lines.push({ account: LOSS_ACCOUNT, auxiliary: null, label: label.result, debit: -result, credit: 0 });
  return lines;
};
