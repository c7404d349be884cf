import { decimalUnits } from "../decimal.ts";
import type { VatRate } from "../items/item.ts";
import { PRICE_SCALE } from "../items/prices.ts";
import type { Cents } from "../money.ts";
import { lineNet } from "./lines.ts";
import { categoryKey, compareCategories, type VatBreakdownRow, vatOnBase } from "./totals.ts";

/**
 * The totals of a document being typed (the web's editor, as the user types): the documents' own
 * arithmetic (`lineNet`, `vatOnBase`: each line's net rounded to the cent, each VAT category's VAT
 * computed once on its base), over lines whose figures may not be decimals yet — those are left out and
 * counted. The subpath `@registre/core/documents` exports this module alone, free of side effects.
 */

export { type VatRate, vatRates } from "../items/item.ts";
export { type VatBreakdownRow, vatOnBase } from "./totals.ts";

/** A priced line as typed: its figures as text (a discount may be empty). */
export type TypedLine = {
  readonly quantity: string;
  readonly unitPrice: string;
  readonly discount: string;
  readonly vatRate: VatRate;
  readonly vatExemption: string | null;
};

const readable = (text: string) => decimalUnits(text, PRICE_SCALE) !== undefined;

/** A typed line's net in cents (`lineNet`); null while one of its figures is not a decimal yet. */
export const typedLineNet = (line: Pick<TypedLine, "quantity" | "unitPrice" | "discount">): Cents | null => {
  const discount = line.discount.trim() === "" ? "0" : line.discount;
  if (!readable(line.quantity) || !readable(line.unitPrice) || !readable(discount)) return null;
  return lineNet({
    quantity: line.quantity.trim(),
    unitPrice: line.unitPrice.trim(),
    discount: discount.trim(),
  });
};

export type LiveTotals = {
  readonly breakdown: readonly VatBreakdownRow[];
  readonly totalExclTax: Cents;
  readonly totalVat: Cents;
  readonly totalInclTax: Cents;
  /** Lines whose figures cannot be read yet (left out of the totals). */
  readonly unreadable: number;
};

/** Totals per VAT category (in print order: 20 %, 10 %, 5.5 %, 2.1 %, 0 %, then exemptions) and overall. */
export const liveTotals = (lines: readonly TypedLine[]): LiveTotals => {
  const bases = new Map<string, VatBreakdownRow>();
  let unreadable = 0;
  for (const line of lines) {
    const net = typedLineNet(line);
    if (net === null) {
      unreadable += 1;
      continue;
    }
    const vatExemption = line.vatExemption || null;
    const key = categoryKey({ vatRate: line.vatRate, vatExemption });
    const row = bases.get(key) ?? { vatRate: line.vatRate, vatExemption, base: 0, vat: 0 };
    bases.set(key, { ...row, base: row.base + net });
  }
  const breakdown = [...bases.values()]
    .map((row) => ({ ...row, vat: vatOnBase(row.base, row.vatRate) }))
    .sort(compareCategories);
  const totalExclTax = breakdown.reduce((sum, row) => sum + row.base, 0);
  const totalVat = breakdown.reduce((sum, row) => sum + row.vat, 0);
  return { breakdown, totalExclTax, totalVat, totalInclTax: totalExclTax + totalVat, unreadable };
};
