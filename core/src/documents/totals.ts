import { divideRounded } from "../decimal.ts";
import { type VatRate, vatRates } from "../items/item.ts";
import { vatRateTenths } from "../items/prices.ts";
import type { Cents } from "../money.ts";
import type { DepositDeduction } from "./document.ts";
import { type DocumentLine, isPriced, lineNet } from "./lines.ts";

/**
 * Document totals by EN 16931's arithmetic: each line's net rounded to the cent (BT-131), the base
 * of each VAT category the sum of its lines (BT-116), its VAT computed once on that base and rounded
 * half up (BR-CO-17), the totals the sums of those (BR-CO-10…16). Integer cents out.
 */

/** A VAT category: a rate, or an exemption with its legal ground (each ground its own category). */
export type VatCategory = { readonly vatRate: VatRate; readonly vatExemption: string | null };
export type VatBreakdownRow = VatCategory & { readonly base: Cents; readonly vat: Cents };

export type DocumentTotals = {
  readonly lines: readonly { readonly id: string; readonly net: Cents }[];
  readonly breakdown: readonly VatBreakdownRow[];
  readonly totalExclTax: Cents;
  readonly totalVat: Cents;
  readonly totalInclTax: Cents;
  /**
   * VAT the buyer self-assesses (a purchase from a business abroad): in the breakdown, not in the total
   * the supplier is owed, which is then the total excl. tax (`totalVat` 0).
   */
  readonly selfAssessedVat: Cents;
  /** Deposit invoices deducted (incl. tax), and their net and VAT. */
  readonly depositsExclTax: Cents;
  readonly depositsVat: Cents;
  readonly deposits: Cents;
  readonly paid: Cents;
  /** What is left to pay: incl. tax − deposits − paid (BT-115). */
  readonly due: Cents;
};

/** The VAT on a category's base, rounded half up to the cent (half away from zero when negative). */
export const vatOnBase = (base: Cents, vatRate: VatRate): Cents =>
  Number(divideRounded(BigInt(base) * vatRateTenths[vatRate], 1000n));

export const categoryKey = (c: VatCategory): string => `${c.vatRate}|${c.vatExemption ?? ""}`;

const rateOrder = (rate: VatRate): number => (vatRates as readonly string[]).indexOf(rate);

/** Categories in print order: 20 %, 10 %, 5.5 %, 2.1 %, 0 %, then exemptions by their ground. */
export const compareCategories = (a: VatCategory, b: VatCategory): number =>
  rateOrder(a.vatRate) - rateOrder(b.vatRate) || (a.vatExemption ?? "").localeCompare(b.vatExemption ?? "");

/** Each category's base and VAT, from the lines' rounded nets. */
export const vatBreakdown = (lines: readonly DocumentLine[]): VatBreakdownRow[] => {
  const bases = new Map<string, { category: VatCategory; base: number }>();
  for (const line of lines) {
    if (!isPriced(line)) continue;
    const category = { vatRate: line.vatRate, vatExemption: line.vatExemption };
    const key = categoryKey(category);
    const current = bases.get(key) ?? { category, base: 0 };
    bases.set(key, { category, base: current.base + lineNet(line) });
  }
  return [...bases.values()]
    .map(({ category, base }) => ({ ...category, base, vat: vatOnBase(base, category.vatRate) }))
    .sort(compareCategories);
};

export const documentTotals = (
  lines: readonly DocumentLine[],
  options: {
    readonly deposits?: readonly DepositDeduction[];
    readonly paid?: Cents;
    readonly selfAssessed?: boolean;
  } = {},
): DocumentTotals => {
  const nets = lines.filter(isPriced).map((line) => ({ id: line.id, net: lineNet(line) }));
  const breakdown = vatBreakdown(lines);
  const totalExclTax = breakdown.reduce((s, r) => s + r.base, 0);
  const computedVat = breakdown.reduce((s, r) => s + r.vat, 0);
  const selfAssessedVat = options.selfAssessed ? computedVat : 0;
  const totalVat = computedVat - selfAssessedVat;
  const shares = (options.deposits ?? []).flatMap((d) => d.shares);
  const depositsExclTax = shares.reduce((s, r) => s + r.net, 0);
  const depositsVat = shares.reduce((s, r) => s + r.vat, 0);
  const paid = options.paid ?? 0;
  const totalInclTax = totalExclTax + totalVat;
  const deposits = depositsExclTax + depositsVat;
  return {
    lines: nets,
    breakdown,
    totalExclTax,
    totalVat,
    totalInclTax,
    selfAssessedVat,
    depositsExclTax,
    depositsVat,
    deposits,
    paid,
    due: totalInclTax - deposits - paid,
  };
};
