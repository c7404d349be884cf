import { decimalUnits, divideRounded } from "../decimal.ts";
import type { EInvoice } from "./model.ts";

/**
 * EN 16931's calculation rules BR-CO-10 … BR-CO-17, checked on an e-invoice as it states its amounts:
 * what a reader refuses before it trusts a supplier's totals, and what Registre's own output must pass.
 * Each violation names the rule, the amount expected from the others and the amount stated (cents).
 */
export type CalculationViolation = {
  readonly rule: string;
  readonly expected: number;
  readonly actual: number;
};

const RATE_SCALE = 4;

/** BR-CO-17: a category's VAT is its base × rate / 100, rounded half up to the cent. */
export const vatOfBase = (base: number, rate: string): number => {
  const units = decimalUnits(rate, RATE_SCALE);
  if (units === undefined) throw new RangeError(`rate ${rate}`);
  return Number(divideRounded(BigInt(base) * units, 100n * 10n ** BigInt(RATE_SCALE)));
};

const total = (amounts: readonly number[]) => amounts.reduce((s, a) => s + a, 0);

export const calculationViolations = (invoice: EInvoice): CalculationViolation[] => {
  const found: CalculationViolation[] = [];
  const check = (rule: string, expected: number, actual: number) => {
    if (expected !== actual) found.push({ rule, expected, actual });
  };
  const t = invoice.totals;
  const allowances = total(invoice.allowances.map((a) => a.amount));
  const charges = total(invoice.charges.map((a) => a.amount));
  // Profiles without lines (MINIMUM, BASIC WL) state no line to add up.
  if (invoice.lines.length > 0) check("BR-CO-10", total(invoice.lines.map((l) => l.net)), t.lineTotal ?? 0);
  if (t.allowanceTotal !== null || allowances !== 0) check("BR-CO-11", allowances, t.allowanceTotal ?? 0);
  if (t.chargeTotal !== null || charges !== 0) check("BR-CO-12", charges, t.chargeTotal ?? 0);
  if (t.lineTotal !== null)
    check("BR-CO-13", t.lineTotal - (t.allowanceTotal ?? 0) + (t.chargeTotal ?? 0), t.taxBasis);
  if (invoice.vatBreakdown.length > 0)
    check("BR-CO-14", total(invoice.vatBreakdown.map((b) => b.vat)), t.taxTotal);
  check("BR-CO-15", t.taxBasis + t.taxTotal, t.grandTotal);
  check("BR-CO-16", t.grandTotal - (t.prepaid ?? 0) + (t.rounding ?? 0), t.duePayable);
  for (const b of invoice.vatBreakdown) check("BR-CO-17", vatOfBase(b.base, b.rate), b.vat);
  return found;
};
