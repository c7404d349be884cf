import { describe, expect, it } from "vitest";
import { buildCii } from "./cii-write.ts";
import { facturxLine, facturxMentions, facturxSeller, validatedSalesDocument } from "./facturx.testing.ts";
import { eInvoiceOfDocument } from "./from-document.ts";
import type { EInvoice } from "./model.ts";
import { readEInvoiceXml } from "./read.ts";
import { calculationViolations, vatOfBase } from "./rules.ts";

/** EN 16931's BR-CO-10 … BR-CO-17 on Registre's own XML, each broken on purpose once. */
const generated = (): EInvoice => {
  const doc = validatedSalesDocument([
    facturxLine(),
    facturxLine({ id: "l2", quantity: "1", unitPrice: "20.48", vatRate: "20" }),
    facturxLine({ id: "l3", quantity: "1", unitPrice: "198", vatRate: "5.5", nature: "goods" }),
  ]);
  // Read back from the XML: the rules are checked on what the file says.
  const read = readEInvoiceXml(
    buildCii(eInvoiceOfDocument(doc, facturxSeller, facturxMentions), "en16931"),
  ).invoice;
  return {
    ...read,
    allowances: [
      { amount: 500, percent: null, base: null, reason: "Remise", vat: { category: "S", rate: "20" } },
    ],
    charges: [{ amount: 300, percent: null, base: null, reason: "Port", vat: { category: "S", rate: "20" } }],
    totals: { ...read.totals, allowanceTotal: 500, chargeTotal: 300, taxBasis: read.totals.taxBasis - 200 },
    vatBreakdown: read.vatBreakdown.map((b) =>
      b.rate === "20" ? { ...b, base: b.base - 200, vat: vatOfBase(b.base - 200, "20") } : b,
    ),
  };
};

const fixTotals = (i: EInvoice): EInvoice => {
  const taxTotal = i.vatBreakdown.reduce((s, b) => s + b.vat, 0);
  const grandTotal = i.totals.taxBasis + taxTotal;
  return { ...i, totals: { ...i.totals, taxTotal, grandTotal, duePayable: grandTotal } };
};

describe("BR-CO-10 … BR-CO-17", () => {
  it("Registre's XML passes them all; BR-CO-17 rounds half up (20.48 × 20 % = 4.10, 198 × 5.5 % = 10.89)", () => {
    const invoice = fixTotals(generated());
    expect(calculationViolations(invoice)).toEqual([]);
    expect(vatOfBase(2048, "20")).toBe(410);
    expect(vatOfBase(19800, "5.5")).toBe(1089);
    expect(vatOfBase(-2048, "20")).toBe(-410);
  });

  const broken: [string, (i: EInvoice) => EInvoice][] = [
    ["BR-CO-10", (i) => ({ ...i, lines: i.lines.map((l, n) => (n === 0 ? { ...l, net: l.net + 1 } : l)) })],
    ["BR-CO-11", (i) => ({ ...i, totals: { ...i.totals, allowanceTotal: 400 }, allowances: i.allowances })],
    ["BR-CO-12", (i) => ({ ...i, charges: [] })],
    [
      "BR-CO-13",
      (i) => ({ ...i, totals: { ...i.totals, lineTotal: (i.totals.lineTotal ?? 0) + 100 }, lines: [] }),
    ],
    ["BR-CO-14", (i) => ({ ...i, totals: { ...i.totals, taxTotal: i.totals.taxTotal + 1 } })],
    ["BR-CO-15", (i) => ({ ...i, totals: { ...i.totals, grandTotal: i.totals.grandTotal + 1 } })],
    ["BR-CO-16", (i) => ({ ...i, totals: { ...i.totals, prepaid: 1000 } })],
    // The category's VAT one cent off, the totals made consistent with it: only BR-CO-17 sees it.
    [
      "BR-CO-17",
      (i) =>
        fixTotals({
          ...i,
          vatBreakdown: i.vatBreakdown.map((b) => (b.rate === "5.5" ? { ...b, vat: b.vat + 1 } : b)),
        }),
    ],
  ];
  it.each(broken)("%s is reported when broken", (rule, breakIt) => {
    const violations = calculationViolations(breakIt(fixTotals(generated())));
    expect(violations.map((v) => v.rule)).toContain(rule);
    expect(violations[0]?.rule).toBe(rule);
  });
});
