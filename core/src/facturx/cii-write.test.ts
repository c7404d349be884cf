import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import type { PricedLine } from "../documents/lines.ts";
import { documentTotals } from "../documents/totals.ts";
import { vatRates } from "../items/item.ts";
import { buildCii } from "./cii-write.ts";
import { facturxLine, facturxMentions, facturxSeller, validatedSalesDocument } from "./facturx.testing.ts";
import { eInvoiceOfDocument } from "./from-document.ts";
import type { IssuedFacturxProfile } from "./model.ts";
import { readEInvoiceXml } from "./read.ts";
import { calculationViolations } from "./rules.ts";
import { purchaseProposal } from "./to-draft.ts";

/**
 * Registre's CII against the official Factur-X XSDs (xmllint, libxml2-utils: installed by .ci/run;
 * this test fails, never skips, without it), EN 16931's calculation rules, and the round trip through
 * the reader.
 */
const XSD = fileURLToPath(new URL("../../../../shared/fixtures/facturx/xsd/", import.meta.url));
const schemas: Record<IssuedFacturxProfile, string> = {
  en16931: join(XSD, "en16931/Factur-X_EN16931.xsd"),
  basic: join(XSD, "basic/Factur-X_BASIC.xsd"),
};
const dir = mkdtempSync(join(tmpdir(), "registre-cii-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let written = 0;
/** xmllint's verdict: null when the file validates, else its messages. */
const xsdErrors = (xml: string, profile: IssuedFacturxProfile): string | null => {
  const file = join(dir, `invoice-${written++}.xml`);
  writeFileSync(file, xml);
  try {
    execFileSync("xmllint", ["--noout", "--schema", schemas[profile], file], { stdio: "pipe" });
    return null;
  } catch (error) {
    const e = error as { code?: string; stderr?: Buffer };
    if (e.code === "ENOENT") throw new Error("xmllint is missing: apt-get install libxml2-utils");
    return e.stderr?.toString() ?? String(error);
  }
};

const lines = [
  facturxLine(),
  facturxLine({
    id: "l2",
    label: "Câble <HDMI> & adaptateur",
    quantity: "2.5",
    unitPrice: "12.3456",
    discount: "10",
    vatRate: "10",
    nature: "goods",
    unit: "C62",
    description: null,
    reference: null,
  }),
  facturxLine({
    id: "l3",
    label: "Débours",
    quantity: "1",
    unitPrice: "60",
    vatRate: "exempt",
    vatExemption: "Débours, art. 267 II-2° du CGI",
  }),
  facturxLine({
    id: "l4",
    label: "Retour",
    quantity: "-1",
    unitPrice: "20",
    vatRate: "5.5",
    nature: "goods",
  }),
];

describe("the CII of a validated invoice", () => {
  it.each(["en16931", "basic"] as const)("validates against the official %s XSD", (profile) => {
    const invoice = eInvoiceOfDocument(validatedSalesDocument(lines), facturxSeller, facturxMentions);
    const xml = buildCii(invoice, profile);
    expect(xsdErrors(xml, profile)).toBeNull();
    expect(calculationViolations(invoice)).toEqual([]);
    // The check is no formality: the same file without its type code (BT-3) fails.
    expect(xsdErrors(xml.replace("<ram:TypeCode>380</ram:TypeCode>", ""), profile)).toContain("TypeCode");
  });

  it("carries the 2026 mentions: BT-47 SIREN 0002, BG-15 delivery, BT-23, BT-8 débits, PMD/PMT/AAB", () => {
    const xml = buildCii(
      eInvoiceOfDocument(validatedSalesDocument(lines), facturxSeller, facturxMentions),
      "en16931",
    );
    expect(xml).toContain(
      '<ram:BuyerTradeParty><ram:ID>CLIENT</ram:ID><ram:Name>LE CLIENT</ram:Name><ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">987654321</ram:ID>',
    );
    expect(xml).toMatch(/<ram:ShipToTradeParty>.*<ram:CityName>NICE<\/ram:CityName>/);
    expect(xml).toContain("<ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>M1</ram:ID>");
    expect(xml).toContain("<ram:DueDateTypeCode>5</ram:DueDateTypeCode>");
    for (const subject of ["PMD", "PMT", "AAB"])
      expect(xml).toContain(`<ram:SubjectCode>${subject}</ram:SubjectCode>`);
    expect(xml).toContain("Câble &lt;HDMI&gt; &amp; adaptateur");
  });

  it("a credit note is 381 and names its invoice (BT-25, BT-26)", () => {
    const doc = validatedSalesDocument([facturxLine()], {
      kind: "creditNote",
      origin: {
        relation: "creditNote",
        docId: "d0",
        kind: "invoice",
        number: "FA2026-00007",
        issueDate: "2026-01-15",
      },
    });
    const xml = buildCii(eInvoiceOfDocument(doc, facturxSeller, facturxMentions), "en16931");
    expect(xml).toContain("<ram:TypeCode>381</ram:TypeCode>");
    expect(xml).toContain(
      '<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>FA2026-00007</ram:IssuerAssignedID><ram:FormattedIssueDateTime><qdt:DateTimeString format="102">20260115</qdt:DateTimeString>',
    );
    expect(xsdErrors(xml, "en16931")).toBeNull();
  });

  it("BASIC leaves out what its XSD does not carry (item description, BIC)", () => {
    const xml = buildCii(
      eInvoiceOfDocument(validatedSalesDocument(lines), facturxSeller, facturxMentions),
      "basic",
    );
    expect(xml).not.toContain("Sprint de janvier");
    expect(xml).not.toContain("AGRIFRPP");
    expect(xml).toContain("urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic");
  });
});

const decimal = (max: number, scale: number, min = 0) =>
  fc.integer({ min, max: max * 10 ** scale }).map((n) => {
    const s = String(n).padStart(scale + 1, "0");
    return `${s.slice(0, -scale)}.${s.slice(-scale)}`;
  });

const pricedLine = fc
  .record({
    quantity: fc.tuple(decimal(500, 3, 1), fc.boolean()).map(([q, negative]) => (negative ? `-${q}` : q)),
    unitPrice: decimal(5000, 4),
    discount: fc.oneof(fc.constant("0"), decimal(100, 2)),
    vatRate: fc.constantFrom(...vatRates),
    exemption: fc.constantFrom(
      "TVA non applicable, art. 293 B du CGI",
      "Autoliquidation",
      "Exonération de TVA, art. 262 ter I du CGI",
      "Exportation, art. 262 I du CGI",
    ),
    nature: fc.constantFrom("goods" as const, "services" as const),
  })
  .map(
    (l): Omit<PricedLine, "id"> =>
      facturxLine({
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        discount: l.discount,
        vatRate: l.vatRate,
        vatExemption: l.vatRate === "exempt" ? l.exemption : null,
        nature: l.nature,
      }),
  );
const invoiceLines = fc
  .array(pricedLine, { minLength: 1, maxLength: 8 })
  .map((ls) => ls.map((l, i): PricedLine => ({ ...l, id: `l${i + 1}` })));

describe("any invoice", () => {
  it("passes BR-CO-10…17 and round-trips build → read → draft to the same totals", () => {
    fc.assert(
      fc.property(invoiceLines, fc.constantFrom("en16931" as const, "basic" as const), (ls, profile) => {
        const doc = validatedSalesDocument(ls);
        const invoice = eInvoiceOfDocument(doc, facturxSeller, facturxMentions);
        expect(calculationViolations(invoice)).toEqual([]);
        const read = readEInvoiceXml(buildCii(invoice, profile)).invoice;
        expect(calculationViolations(read)).toEqual([]);
        expect(read.totals).toEqual(invoice.totals);
        const totals = documentTotals(ls);
        expect(purchaseProposal(read).totals).toEqual({
          excludingTax: totals.totalExclTax,
          vat: totals.totalVat,
          includingTax: totals.totalInclTax,
          due: totals.due,
        });
      }),
      { numRuns: 300 },
    );
  });

  it("validates against its profile's XSD", () => {
    fc.assert(
      fc.property(invoiceLines, fc.constantFrom("en16931" as const, "basic" as const), (ls, profile) => {
        const xml = buildCii(
          eInvoiceOfDocument(validatedSalesDocument(ls), facturxSeller, facturxMentions),
          profile,
        );
        expect(xsdErrors(xml, profile)).toBeNull();
      }),
      { numRuns: 15 },
    );
  });
});
