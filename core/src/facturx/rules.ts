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

/**
 * EN 16931's rules of the VAT categories an exempt or untaxed sale uses (BR-AE, BR-E, BR-G, BR-IC, BR-O,
 * as the EN 16931 schematron words them), checked on an e-invoice: each category's lines and breakdown
 * agree (-01, -08), its rate and VAT are 0 (-05/-06, -09), it states why (-10), the parties are
 * identified as it needs (-02), an intra-EU delivery says when and where to (BR-IC-11, BR-IC-12), a
 * breakdown "not subject to VAT" stands alone (BR-O-11), and an exemption code is a VATEX code (BR-CL-22).
 * Returns the rules broken, each once. A quick check for core's tests; the tests workspace runs the official
 * schematron itself on Registre's output (tests/facturx/, tests/fixtures/en16931/).
 */
export const categoryViolations = (invoice: EInvoice): string[] => {
  const broken = new Set<string>();
  const family: Record<string, string> = { AE: "AE", E: "E", G: "G", K: "IC", O: "O" };
  const seller = !!invoice.seller.vatNumber;
  // BR-AE-02 and BR-E-02 also take the seller's tax registration (BT-32); BR-G-02 and BR-IC-02 do not.
  const sellerTax = seller || !!invoice.seller.taxRegistration;
  const buyer = !!invoice.buyer.vatNumber;
  const categories = new Set(invoice.vatBreakdown.map((b) => b.category));
  for (const line of invoice.lines) {
    const f = family[line.vat.category];
    if (!f) continue;
    if (!categories.has(line.vat.category)) broken.add(`BR-${f}-01`);
    if (decimalUnits(line.vat.rate, RATE_SCALE) !== 0n) broken.add(`BR-${f}-05`);
  }
  for (const b of invoice.vatBreakdown) {
    const f = family[b.category];
    if (!f) {
      if (b.exemptionReason || b.exemptionCode) broken.add(`BR-${b.category}-10`);
      continue;
    }
    const base = total(invoice.lines.filter((l) => l.vat.category === b.category).map((l) => l.net));
    if (invoice.lines.length > 0 && base !== b.base) broken.add(`BR-${f}-08`);
    if (b.vat !== 0 || decimalUnits(b.rate, RATE_SCALE) !== 0n) broken.add(`BR-${f}-09`);
    if (!b.exemptionReason && !b.exemptionCode) broken.add(`BR-${f}-10`);
    if (b.exemptionCode && !/^VATEX-[A-Z]{2}-[A-Z0-9-]+$/.test(b.exemptionCode)) broken.add("BR-CL-22");
    if (b.category === "AE" && !(sellerTax && (buyer || invoice.buyer.siren))) broken.add("BR-AE-02");
    if (b.category === "K" && !(seller && buyer)) broken.add("BR-IC-02");
    if (b.category === "E" && !sellerTax) broken.add("BR-E-02");
    if (b.category === "G" && !seller) broken.add("BR-G-02");
    if (b.category === "O" && (seller || buyer)) broken.add("BR-O-02");
    if (b.category === "O" && categories.size > 1) broken.add("BR-O-11");
    if (b.category === "K" && !invoice.delivery?.date) broken.add("BR-IC-11");
    if (b.category === "K" && !invoice.delivery?.address?.country) broken.add("BR-IC-12");
  }
  return [...broken];
};
