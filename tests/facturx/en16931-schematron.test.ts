import {
  buildCii,
  type DocumentContact,
  depositDeduction,
  eInvoiceOfDocument,
  franchiseMention,
  type IssuedFacturxProfile,
  issuedFacturxProfiles,
  type LiveDocument,
  type PricedLine,
  vatRates,
  withSaleRegimes,
} from "@registre/core";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import {
  facturxLine,
  facturxMentions,
  facturxSeller,
  validatedSalesDocument,
} from "../../core/src/facturx/facturx.testing.ts";
import { en16931Schematron, type SchematronVerdict } from "../support/en16931-schematron.ts";

/**
 * Every kind of Factur-X Registre writes, checked by EN 16931's official schematron (CEN/TC 434's
 * validation for CII, tests/fixtures/en16931/): a domestic invoice at every rate, a credit note, a deposit
 * invoice and the final invoice that deducts it, the franchise, and the sales exempt or outside French VAT
 * (K intra-EU goods, AE services to a business of another member state, G exports, E services outside the
 * EU) — at both profiles Registre issues (BASIC is a CIUS of EN 16931: its rules hold for it too). No fatal
 * assert, no warning; and a file broken on purpose is refused, so the check is real.
 */
let check: (xml: string) => SchematronVerdict;
beforeAll(async () => {
  check = await en16931Schematron();
}, 240_000);

/** The rules broken, by id, each once, in order. */
const broken = (verdict: SchematronVerdict) => [...new Set(verdict.errors.map((e) => e.id))].sort();

const domesticLines: PricedLine[] = [
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
    label: "Confiture",
    quantity: "12",
    unitPrice: "4.2",
    vatRate: "5.5",
    nature: "goods",
  }),
  facturxLine({
    id: "l4",
    label: "Journal",
    quantity: "3",
    unitPrice: "1.9",
    vatRate: "2.1",
    nature: "goods",
  }),
  facturxLine({
    id: "l5",
    label: "Débours",
    quantity: "1",
    unitPrice: "60",
    vatRate: "exempt",
    vatExemption: "Débours, art. 267 II-2° du CGI",
  }),
  facturxLine({
    id: "l6",
    label: "Retour",
    quantity: "-1",
    unitPrice: "20",
    vatRate: "5.5",
    nature: "goods",
  }),
];

const deposit = validatedSalesDocument(
  [
    facturxLine({
      id: "d1",
      label: "Acompte de 30 % sur commande CO2026-00004",
      quantity: "1",
      unitPrice: "405",
    }),
    facturxLine({
      id: "d2",
      label: "Acompte de 30 % sur commande CO2026-00004",
      quantity: "1",
      unitPrice: "90",
      vatRate: "10",
      nature: "goods",
    }),
  ],
  { id: "dep", number: "FA2026-00002", depositOn: "order", header: { ...validatedSalesDocument([]).header } },
);

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

/** Goods and a service to this customer, each line with the regime the decider gives it. */
const abroad = (contact: DocumentContact, changes: Partial<LiveDocument> = {}): LiveDocument =>
  validatedSalesDocument(
    withSaleRegimes({ direction: "sales", contact }, [
      facturxLine({ id: "g", label: "Machine", quantity: "2", unitPrice: "1000", nature: "goods" }),
      facturxLine({ id: "s", label: "Installation", vatRate: "10" }),
    ]) as PricedLine[],
    { contact, header: { ...validatedSalesDocument([]).header, deliveryDate: null }, ...changes },
  );

const cases: Record<string, { doc: LiveDocument; vatNumber?: null; categories: string[]; type: string }> = {
  "a domestic invoice at 20, 10, 5.5 and 2.1 %, a discount, a line deducted and disbursements": {
    doc: validatedSalesDocument(domesticLines),
    categories: ["E", "S"],
    type: "380",
  },
  "a credit note naming its invoice": {
    doc: validatedSalesDocument(domesticLines.slice(0, 3), {
      kind: "creditNote",
      origin: {
        relation: "creditNote",
        docId: "d0",
        kind: "invoice",
        number: "FA2026-00007",
        issueDate: "2026-01-15",
      },
    }),
    categories: ["S"],
    type: "381",
  },
  "a deposit invoice on an order": { doc: deposit, categories: ["S"], type: "386" },
  "the final invoice, its deposit deducted (prepaid)": {
    doc: validatedSalesDocument(
      [
        facturxLine({ quantity: "3" }),
        facturxLine({ id: "l2", quantity: "3", unitPrice: "100", vatRate: "10", nature: "goods" }),
      ],
      { deposits: [depositDeduction(deposit)] },
    ),
    categories: ["S"],
    type: "380",
  },
  "under the franchise, without a VAT number (E, VATEX-FR-FRANCHISE)": {
    doc: validatedSalesDocument([facturxLine({ vatRate: "exempt", vatExemption: franchiseMention })]),
    vatNumber: null,
    categories: ["E"],
    type: "380",
  },
  "to a business of another member state: K for the goods, AE for the services": {
    doc: abroad(customer("DE", "DE136695976")),
    categories: ["AE", "K"],
    type: "380",
  },
  "the same, delivered to an address of its own on a day of its own": {
    doc: abroad(
      {
        ...customer("BE", "BE0477472701"),
        deliveryAddress: {
          line1: "Rue Neuve 1",
          line2: null,
          postalCode: "1000",
          city: "Bruxelles",
          country: "BE",
        },
      },
      { header: { ...validatedSalesDocument([]).header, deliveryDate: "2026-01-20" } },
    ),
    categories: ["AE", "K"],
    type: "380",
  },
  "a credit note of an intra-EU delivery": {
    doc: abroad(customer("DE", "DE136695976"), {
      kind: "creditNote",
      origin: {
        relation: "creditNote",
        docId: "d0",
        kind: "invoice",
        number: "FA2026-00008",
        issueDate: "2026-01-20",
      },
    }),
    categories: ["AE", "K"],
    type: "381",
  },
  "to a business outside the EU: G for the goods (export), E for the services (259-1)": {
    doc: abroad(customer("US", null)),
    categories: ["E", "G"],
    type: "380",
  },
};

describe.each(issuedFacturxProfiles)("EN 16931's schematron on Registre's Factur-X (%s)", (profile) => {
  it.each(Object.entries(cases))("%s: no fatal assert, no warning", (_, c) => {
    const seller = c.vatNumber === null ? { ...facturxSeller, vatNumber: null } : facturxSeller;
    const invoice = eInvoiceOfDocument(c.doc, seller, facturxMentions);
    // The case is the one its name says (no O: Registre writes none, BR-O-02 would forbid its VAT number).
    expect([...new Set(invoice.vatBreakdown.map((b) => b.category))].sort()).toEqual(c.categories);
    expect(invoice.typeCode).toBe(c.type);
    const verdict = check(buildCii(invoice, profile));
    expect(verdict.errors).toEqual([]);
    expect(verdict.warnings).toEqual([]);
  });
});

describe("the check is real: a file broken on purpose is refused", () => {
  const xmlTo = (contact: DocumentContact, profile: IssuedFacturxProfile = "en16931") =>
    buildCii(eInvoiceOfDocument(abroad(contact), facturxSeller, facturxMentions), profile);

  it("a file no rule applies to (another root, the CII namespace mistyped) is never taken as valid", () => {
    const xml = xmlTo(customer("DE", "DE136695976"));
    expect(() => check(xml.replaceAll("CrossIndustryInvoice:100", "CrossIndustryInvoice:99"))).toThrow(
      "no rule applies",
    );
    expect(() => check("<Invoice/>")).toThrow("no rule applies");
  });

  it("K and AE without the buyer's VAT number: BR-IC-02 and BR-AE-02", () => {
    const xml = xmlTo(customer("DE", "DE136695976"));
    const buyerVat =
      '<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">DE136695976</ram:ID></ram:SpecifiedTaxRegistration>';
    expect(xml).toContain(buyerVat);
    expect(broken(check(xml.replace(buyerVat, "")))).toEqual(["BR-AE-02", "BR-IC-02"]);
  });

  it("an intra-EU delivery with no country to ship to (BR-IC-12), a grand total that does not add up (BR-CO-15, and the amount due from it, BR-CO-16)", () => {
    const xml = xmlTo(customer("DE", "DE136695976"));
    expect(broken(check(xml.replace(/<ram:ShipToTradeParty>.*<\/ram:ShipToTradeParty>/, "")))).toEqual([
      "BR-IC-12",
    ]);
    const grand = "<ram:GrandTotalAmount>3350.00</ram:GrandTotalAmount>";
    expect(xml).toContain(grand);
    expect(broken(check(xml.replace(grand, "<ram:GrandTotalAmount>3350.01</ram:GrandTotalAmount>")))).toEqual(
      ["BR-CO-15", "BR-CO-16"],
    );
  });

  it("the franchise without a VAT number nor its tax registration (BT-32): BR-E-02", () => {
    const doc = validatedSalesDocument([facturxLine({ vatRate: "exempt", vatExemption: franchiseMention })]);
    const xml = buildCii(
      eInvoiceOfDocument(doc, { ...facturxSeller, vatNumber: null }, facturxMentions),
      "basic",
    );
    const registration =
      '<ram:SpecifiedTaxRegistration><ram:ID schemeID="FC">123456782</ram:ID></ram:SpecifiedTaxRegistration>';
    expect(xml).toContain(registration);
    expect(broken(check(xml.replace(registration, "")))).toEqual(["BR-E-02"]);
  });
});

const decimal = (max: number, scale: number, min = 0) =>
  fc.integer({ min, max: max * 10 ** scale }).map((n) => {
    const s = String(n).padStart(scale + 1, "0");
    return `${s.slice(0, -scale)}.${s.slice(-scale)}`;
  });

const invoiceLines = fc
  .array(
    fc.record({
      quantity: fc.tuple(decimal(500, 3, 1), fc.boolean()).map(([q, negative]) => (negative ? `-${q}` : q)),
      unitPrice: decimal(5000, 4),
      discount: fc.oneof(fc.constant("0"), decimal(100, 2)),
      vatRate: fc.constantFrom(...vatRates),
      nature: fc.constantFrom("goods" as const, "services" as const),
    }),
    { minLength: 1, maxLength: 8 },
  )
  .map((ls) =>
    ls.map((l, i) =>
      facturxLine({
        ...l,
        id: `l${i + 1}`,
        vatExemption: l.vatRate === "exempt" ? "Exonération de TVA, article 261 du CGI" : null,
      }),
    ),
  );

describe("any domestic invoice", () => {
  it("passes the schematron at both profiles: amounts, rates and discounts of any size, lines deducted", () => {
    fc.assert(
      fc.property(invoiceLines, fc.constantFrom(...issuedFacturxProfiles), (lines, profile) => {
        const xml = buildCii(
          eInvoiceOfDocument(validatedSalesDocument(lines), facturxSeller, facturxMentions),
          profile,
        );
        expect(check(xml).errors).toEqual([]);
      }),
      { numRuns: 25 },
    );
  }, 90_000);
});
