import type { EntryContent, EntryLine } from "../accounting/entry.ts";
import { DomainError } from "../decider.ts";
import type { Cents } from "../money.ts";
import type { EntryLineVat, VatCodeRate, VatKind } from "../vat/code.ts";

/**
 * The entry a statement line without a document becomes (bank fees, a subscription, a tax): in the
 * bank's journal, the bank's 512 account for the line's amount — debited for money in, credited for
 * money out — against the chosen account, with the VAT the amount includes apart at its rate
 * (collected VAT for money in, deductible VAT for money out). A third-party account (411, 401) takes
 * the contact's auxiliary account and no VAT. The bank's line is always the entry's first: what the
 * statement line is matched to.
 */
export type LineEntryInput = {
  readonly line: { readonly date: string; readonly amount: Cents; readonly label: string };
  readonly bank: { readonly account: string; readonly journal: string };
  readonly booking: {
    readonly account: string;
    readonly auxiliary?: string | null | undefined;
    readonly vatRate?: string | undefined;
    readonly label?: string | undefined;
    readonly pieceRef?: string | undefined;
  };
  readonly vatAccounts: {
    readonly collected: Readonly<Record<"20" | "10" | "5.5" | "2.1", string>>;
    readonly deductible: string;
  };
};

/** Tenths of a percent: 20 % is 200. */
const RATES: Readonly<Record<string, number>> = { "20": 200, "10": 100, "5.5": 55, "2.1": 21 };

/** The VAT included in `gross` at `rate` (tenths of a percent), rounded half away from zero. */
export const includedVat = (gross: Cents, rate: number): Cents => {
  const abs = Math.abs(gross);
  const vat = Math.floor((abs * rate * 2 + (1000 + rate)) / (2 * (1000 + rate)));
  return gross < 0 ? -vat : vat;
};

const line = (
  account: string,
  auxiliary: string | null,
  label: string | null,
  amount: Cents,
  side: "debit" | "credit",
  vat?: EntryLineVat,
): EntryLine => ({
  account,
  auxiliary,
  label,
  debit: side === "debit" ? amount : 0,
  credit: side === "credit" ? amount : 0,
  ...(vat && { vat }),
});

/** What a booked account buys or sells, for the VAT code: a fixed asset (2), services (61-62, 706), goods. */
const kindOf = (account: string): VatKind =>
  account.startsWith("2")
    ? "fixedAsset"
    : ["61", "62", "706"].some((p) => account.startsWith(p))
      ? "services"
      : "goods";

export const lineEntry = ({ line: l, bank, booking, vatAccounts }: LineEntryInput): EntryContent => {
  if (l.amount === 0) throw new DomainError("statementLine.zeroAmount", { field: "amount" });
  const abs = Math.abs(l.amount);
  const moneyIn = l.amount > 0;
  const bankSide = moneyIn ? "debit" : "credit";
  const otherSide = moneyIn ? "credit" : "debit";
  const rate = booking.auxiliary ? undefined : RATES[booking.vatRate ?? ""];
  const vat = rate === undefined ? 0 : includedVat(abs, rate);
  const label = (booking.label?.trim() || l.label.trim() || "Relevé bancaire").slice(0, 200);
  // The VAT is due or deductible on the day of the bank's line (a payment): coded for the VAT return,
  // the base on the booked line and the tax with its base on the VAT account.
  const code =
    vat > 0
      ? {
          rate: booking.vatRate as VatCodeRate,
          kind: kindOf(booking.account),
          regime: "domestic" as const,
        }
      : undefined;
  const lines: EntryLine[] = [
    line(bank.account, null, null, abs, bankSide),
    line(booking.account, booking.auxiliary ?? null, null, abs - vat, otherSide, code),
  ];
  if (vat > 0 && code) {
    const vatAccount = moneyIn
      ? vatAccounts.collected[booking.vatRate as "20" | "10" | "5.5" | "2.1"]
      : vatAccounts.deductible;
    lines.push(
      line(vatAccount, null, `TVA ${code.rate.replace(".", ",")}\u00a0%`, vat, otherSide, {
        ...code,
        base: abs - vat,
      }),
    );
  }
  return {
    journal: bank.journal,
    date: l.date,
    pieceRef: (booking.pieceRef ?? "Relevé").slice(0, 60),
    pieceDate: l.date,
    label,
    lines,
  };
};
