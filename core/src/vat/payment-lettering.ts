import type { EntryContent, EntryOrigin } from "../accounting/entry.ts";
import { type LedgerLineFact, lineRef } from "../accounting/lettering.ts";
import type { Cents } from "../money.ts";
import { vatAccounts } from "./code.ts";

/**
 * A validated return is paid when the payment of its due is lettered with it (vat-return.md §4: the
 * VAT due is credited to 445510 by the settlement, paid later by an ordinary BQ entry 445510 / 512).
 * A payment is lettered with the dues it pays exactly: one return's (the oldest unpaid of that amount),
 * or a run of returns in a row (a business paying two months at once); any other amount is left
 * unlettered, for the user to letter by hand, and the returns' state reads it first in, first out.
 */

/** A validated return's due: its settlement's (or instalment's) credit of 445510, not lettered yet. */
export type VatDue = {
  readonly period: string;
  readonly line: LedgerLineFact;
};

/** A debit of 445510 that may pay dues. */
export type VatPayment = LedgerLineFact;

/**
 * The lines of an entry that may pay VAT due: its debits of 445510 — not a return's own entry (its
 * settlement or instalment), not a reversal — dated as the entry; refs `<mvt>/<line>` as the ledger
 * numbers them (from 1).
 */
export const vatPaymentLines = (
  mvt: string,
  content: Pick<EntryContent, "date" | "lines">,
  origin: EntryOrigin,
): VatPayment[] => {
  if (origin.kind === "vatReturn" || origin.kind === "reversal") return [];
  return content.lines.flatMap((l, i) =>
    l.account === vatAccounts.toPay && l.debit > 0 && l.credit === 0
      ? [
          {
            ref: lineRef(mvt, i + 1),
            account: l.account,
            auxiliary: l.auxiliary,
            date: content.date,
            debit: l.debit,
            credit: 0,
          },
        ]
      : [],
  );
};

/**
 * The dues each payment pays, payments in order, each due taken once: the oldest due of exactly the
 * payment's amount, else the first run of dues in a row (in the order given: the returns' order) whose
 * sum is the payment's amount. A due is paid only by a payment dated on or after it.
 */
export const matchVatPayments = (
  dues: readonly VatDue[],
  payments: readonly VatPayment[],
): { payment: VatPayment; dues: VatDue[] }[] => {
  const open = [...dues];
  const matches: { payment: VatPayment; dues: VatDue[] }[] = [];
  for (const payment of payments) {
    const payable = open.filter((d) => d.line.date <= payment.date && d.line.auxiliary === payment.auxiliary);
    const amount = payment.debit;
    let chosen: VatDue[] | undefined;
    const single = payable.find((d) => d.line.credit === amount);
    if (single) chosen = [single];
    else
      for (let from = 0; from < payable.length && !chosen; from++) {
        let sum: Cents = 0;
        for (let to = from; to < payable.length && sum < amount; to++) {
          sum += (payable[to] as VatDue).line.credit;
          if (sum === amount) chosen = payable.slice(from, to + 1);
        }
      }
    if (!chosen) continue;
    for (const d of chosen) open.splice(open.indexOf(d), 1);
    matches.push({ payment, dues: chosen });
  }
  return matches;
};

/** A lettered set's lines: the payment and the dues, with the date the set is settled on. */
export const vatPaymentSet = (match: { payment: VatPayment; dues: readonly VatDue[] }): LedgerLineFact[] => [
  ...match.dues.map((d) => d.line),
  match.payment,
];
