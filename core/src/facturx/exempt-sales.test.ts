import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import type { DocumentContact } from "../documents/document.ts";
import type { PricedLine } from "../documents/lines.ts";
import { franchiseMention, saleRegimeMentions, withSaleRegimes } from "../documents/sale-regime.ts";
import { buildCii } from "./cii-write.ts";
import { facturxLine, facturxMentions, facturxSeller, validatedSalesDocument } from "./facturx.testing.ts";
import { eInvoiceOfDocument } from "./from-document.ts";
import type { EInvoice } from "./model.ts";
import { readEInvoiceXml } from "./read.ts";
import { calculationViolations, categoryViolations } from "./rules.ts";
import { purchaseProposal } from "./to-draft.ts";

/**
 * The CII of sales exempt or outside French VAT: categories K, G, AE and E with their VATEX codes and
 * mentions, valid against the official XSD (xmllint) and EN 16931's category rules.
 */
const XSD = fileURLToPath(new URL("../../../../shared/fixtures/facturx/xsd/", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "registre-exempt-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let written = 0;
const xsd = (xml: string) => {
  const file = join(dir, `exempt-${written++}.xml`);
  writeFileSync(file, xml);
  try {
    execFileSync("xmllint", ["--noout", "--schema", join(XSD, "en16931/Factur-X_EN16931.xsd"), file], {
      stdio: "pipe",
    });
    return null;
  } catch (error) {
    const e = error as { code?: string; stderr?: Buffer };
    if (e.code === "ENOENT") throw new Error("xmllint is missing: apt-get install libxml2-utils");
    return e.stderr?.toString() ?? String(error);
  }
};

const customer = (country: string, vatNumber: string | null): DocumentContact => ({
  id: `c-${country}`,
  kind: "company",
  name: `Client ${country}`,
  siren: null,
  vatNumber,
  billingAddress: { line1: "Hauptstraße 1", line2: null, postalCode: "10115", city: "Berlin", country },
  deliveryAddress: null,
  auxiliary: { control: "411000", code: `C${country}` },
  paymentTerms: null,
});

const lines: PricedLine[] = [
  facturxLine({ id: "g", label: "Machine", quantity: "2", unitPrice: "1000", nature: "goods" }),
  facturxLine({ id: "s", label: "Installation", vatRate: "10" }),
];

const invoiceTo = (contact: DocumentContact): EInvoice => {
  const doc = validatedSalesDocument(
    withSaleRegimes({ direction: "sales", contact }, lines) as PricedLine[],
    {
      contact,
      header: { ...validatedSalesDocument([]).header, deliveryDate: null },
    },
  );
  return eInvoiceOfDocument(doc, { ...facturxSeller, vatOnDebits: false }, facturxMentions);
};

const breakdown = (invoice: EInvoice) =>
  invoice.vatBreakdown.map((b) => [b.category, b.rate, b.base, b.vat, b.exemptionCode, b.exemptionReason]);

describe("the CII of a sale exempt or outside French VAT", () => {
  it("to a business of another member state: K for the goods (VATEX-EU-IC), AE for the services, delivered to its country on the issue date", () => {
    const invoice = invoiceTo(customer("DE", "DE136695976"));
    const xml = buildCii(invoice, "en16931");
    expect(xsd(xml)).toBeNull();
    const read = readEInvoiceXml(xml).invoice;
    expect(calculationViolations(read)).toEqual([]);
    expect(categoryViolations(read)).toEqual([]);
    expect(breakdown(read)).toEqual([
      ["AE", "0", 135000, 0, "VATEX-EU-AE", saleRegimeMentions.reverseChargeEu],
      ["K", "0", 200000, 0, "VATEX-EU-IC", saleRegimeMentions.intraEu],
    ]);
    expect(read.lines.map((l) => l.vat.category)).toEqual(["K", "AE"]);
    expect(read.buyer.vatNumber).toBe("DE136695976");
    expect(read.delivery).toMatchObject({ date: "2026-01-31", address: { country: "DE" } });
    expect(read.totals).toMatchObject({ taxTotal: 0, grandTotal: 335000 });
  });

  it("to a business outside the EU: G for the goods (VATEX-EU-G), E with the 259-1 mention for the services", () => {
    const invoice = invoiceTo(customer("US", null));
    const xml = buildCii(invoice, "en16931");
    expect(xsd(xml)).toBeNull();
    const read = readEInvoiceXml(xml).invoice;
    expect(categoryViolations(read)).toEqual([]);
    expect(breakdown(read)).toEqual([
      ["G", "0", 200000, 0, "VATEX-EU-G", saleRegimeMentions.export],
      ["E", "0", 135000, 0, null, saleRegimeMentions.outsideEu],
    ]);
    expect(read.delivery).toBeNull();
  });

  it("under the franchise without a VAT number: E (VATEX-FR-FRANCHISE), the seller's SIREN as its tax registration (BT-32, BR-E-02)", () => {
    const doc = validatedSalesDocument([facturxLine({ vatRate: "exempt", vatExemption: franchiseMention })]);
    const seller = { ...facturxSeller, vatNumber: null };
    const xml = buildCii(eInvoiceOfDocument(doc, seller, facturxMentions), "en16931");
    expect(xsd(xml)).toBeNull();
    expect(xml).toContain(
      '<ram:SpecifiedTaxRegistration><ram:ID schemeID="FC">123456782</ram:ID></ram:SpecifiedTaxRegistration></ram:SellerTradeParty>',
    );
    const read = readEInvoiceXml(xml).invoice;
    expect(read.seller).toMatchObject({ vatNumber: null, taxRegistration: "123456782" });
    expect(breakdown(read)).toEqual([["E", "0", 135000, 0, "VATEX-FR-FRANCHISE", franchiseMention]]);
    expect(categoryViolations(read)).toEqual([]);
    expect(categoryViolations({ ...read, seller: { ...read.seller, taxRegistration: null } })).toEqual([
      "BR-E-02",
    ]);
    // A seller with its VAT number states nothing more.
    expect(buildCii(eInvoiceOfDocument(doc, facturxSeller, facturxMentions), "en16931")).not.toContain(
      'schemeID="FC"',
    );
  });

  it("the category rules catch what the schematron would: no delivery country, no buyer VAT number, O beside others", () => {
    const invoice = invoiceTo(customer("DE", "DE136695976"));
    const [ae, k] = invoice.vatBreakdown;
    if (!ae || !k) throw new Error("two categories expected");
    expect(
      categoryViolations({
        ...invoice,
        buyer: { ...invoice.buyer, vatNumber: null, siren: null },
        delivery: null,
        vatBreakdown: [ae, { ...k, exemptionReason: null, exemptionCode: "EU-IC" }, { ...k, category: "O" }],
      }).sort(),
    ).toEqual(
      ["BR-AE-02", "BR-CL-22", "BR-IC-02", "BR-IC-11", "BR-IC-12", "BR-O-02", "BR-O-08", "BR-O-11"].sort(),
    );
  });
});

describe("a supplier's invoice without French VAT, read as a purchase", () => {
  const german = {
    name: "Müller GmbH",
    siren: null,
    vatNumber: "DE136695976",
    address: { lines: ["Hauptstraße 1"], postcode: "10115", city: "Berlin", country: "DE" },
    email: null,
  };
  const fromGermany = (): EInvoice => {
    const sold = invoiceTo(customer("FR", "FR32123456782"));
    const ours = invoiceTo(customer("DE", "DE136695976"));
    return { ...ours, seller: german, buyer: sold.buyer };
  };

  it("K and AE from a business of another member state: the French rate, self-assessed (goods B2, services A3), the supplier owed the file's total", () => {
    const read = readEInvoiceXml(buildCii(fromGermany(), "en16931")).invoice;
    const proposal = purchaseProposal(read);
    expect(proposal.lines.map((l) => [l.label, l.vatRate, l.vatExemption, l.nature])).toEqual([
      ["Machine", "20", null, "goods"],
      ["Installation", "20", null, "services"],
    ]);
    expect(proposal.totals).toMatchObject({ excludingTax: 335000, vat: 0, includingTax: 335000 });
  });

  it("the same categories from a French supplier (a subcontractor's autoliquidation) stay exempt with their mention", () => {
    const french = { ...german, vatNumber: "FR05987654321", address: { ...german.address, country: "FR" } };
    const proposal = purchaseProposal({ ...fromGermany(), seller: french });
    expect(proposal.lines.map((l) => [l.vatRate, l.vatExemption])).toEqual([
      ["exempt", saleRegimeMentions.intraEu],
      ["exempt", saleRegimeMentions.reverseChargeEu],
    ]);
  });
});
