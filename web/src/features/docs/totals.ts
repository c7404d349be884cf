/**
 * Live totals of a document being typed, by the core's EN 16931 arithmetic (`core/src/documents/
 * totals.ts`; the web reaches the core through HTTP only, so the few lines are here, and
 * `totals.test.ts` checks them against the core's for any lines): each line's net rounded half up to
 * the cent, the VAT of each category computed once on its base. Quantities, prices and discounts are
 * decimal strings read into bigint units of 10^-4, never floats. The API's answer is what is kept.
 */
import type { Cents } from "../../lib/money.ts";

export const vatRates = ["20", "10", "5.5", "2.1", "0", "exempt"] as const;
export type VatRate = (typeof vatRates)[number];
const rateTenths: Record<VatRate, bigint> = {
  "20": 200n,
  "10": 100n,
  "5.5": 55n,
  "2.1": 21n,
  "0": 0n,
  exempt: 0n,
};

const SCALE = 4;
const HUNDRED_PERCENT = 100n * 10n ** BigInt(SCALE);

/** "12.5", "-3" -> units of 10^-4; null when not a decimal of at most 4 decimals. */
export const decimalUnits = (text: string): bigint | null => {
  const match = /^([+-]?)(\d+)(?:\.(\d*))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = match[3] ?? "";
  if (fraction.length > SCALE) return null;
  const units = BigInt(match[2] ?? "0") * 10n ** BigInt(SCALE) + BigInt(fraction.padEnd(SCALE, "0") || "0");
  return match[1] === "-" ? -units : units;
};

/** Half away from zero, as the core rounds. */
const divideRounded = (numerator: bigint, denominator: bigint): bigint => {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (2n * n + d) / (2n * d);
  return negative ? -q : q;
};

export type PricedValues = {
  quantity: string;
  unitPrice: string;
  discount: string;
  vatRate: VatRate;
  vatExemption: string | null;
};

/** A line's net in cents; null while one of its figures is not a decimal yet. */
export const lineNet = (line: Pick<PricedValues, "quantity" | "unitPrice" | "discount">): Cents | null => {
  const q = decimalUnits(line.quantity);
  const p = decimalUnits(line.unitPrice);
  const d = line.discount.trim() === "" ? 0n : decimalUnits(line.discount);
  if (q === null || p === null || d === null) return null;
  return Number(divideRounded(q * p * (HUNDRED_PERCENT - d), 10n ** 12n));
};

export const vatOnBase = (base: Cents, rate: VatRate): Cents =>
  Number(divideRounded(BigInt(base) * rateTenths[rate], 1000n));

export type BreakdownRow = { vatRate: VatRate; vatExemption: string | null; base: Cents; vat: Cents };
export type LiveTotals = {
  breakdown: BreakdownRow[];
  totalExclTax: Cents;
  totalVat: Cents;
  totalInclTax: Cents;
  /** Lines whose figures cannot be read yet (left out of the totals). */
  unreadable: number;
};

const rateOrder = (rate: VatRate) => vatRates.indexOf(rate);

/** Totals per VAT category (20 %, 10 %, 5.5 %, 2.1 %, 0 %, then exemptions by ground) and overall. */
export const liveTotals = (lines: readonly PricedValues[]): LiveTotals => {
  const bases = new Map<string, BreakdownRow>();
  let unreadable = 0;
  for (const line of lines) {
    const net = lineNet(line);
    if (net === null) {
      unreadable += 1;
      continue;
    }
    const exemption = line.vatExemption || null;
    const key = `${line.vatRate}|${exemption ?? ""}`;
    const row = bases.get(key) ?? { vatRate: line.vatRate, vatExemption: exemption, base: 0, vat: 0 };
    bases.set(key, { ...row, base: row.base + net });
  }
  const breakdown = [...bases.values()]
    .map((row) => ({ ...row, vat: vatOnBase(row.base, row.vatRate) }))
    .sort(
      (a, b) =>
        rateOrder(a.vatRate) - rateOrder(b.vatRate) ||
        (a.vatExemption ?? "").localeCompare(b.vatExemption ?? ""),
    );
  const totalExclTax = breakdown.reduce((sum, row) => sum + row.base, 0);
  const totalVat = breakdown.reduce((sum, row) => sum + row.vat, 0);
  return { breakdown, totalExclTax, totalVat, totalInclTax: totalExclTax + totalVat, unreadable };
};
