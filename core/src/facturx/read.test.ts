import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DomainError } from "../decider.ts";
import { readEInvoiceXml } from "./read.ts";
import { calculationViolations } from "./rules.ts";
import { purchaseProposal } from "./to-draft.ts";

/** The fixtures' invoice F20260023 at every profile (../shared/fixtures/facturx, see its README). */
const FIXTURES = new URL("../../../../shared/fixtures/facturx/xml/", import.meta.url);
const fixture = (profile: string) => readFileSync(new URL(`factur-x-${profile}.xml`, FIXTURES), "utf8");

const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof DomainError) return { code: e.code, params: e.params };
    throw e;
  }
  throw new Error("not refused");
};

describe("reading the fixtures' invoice at every profile", () => {
  it.each(["minimum", "basic", "en16931", "extended"])(
    "%s: the header, the parties and the totals",
    (profile) => {
      const { syntax, invoice } = readEInvoiceXml(fixture(profile));
      expect(syntax).toBe("cii");
      expect(invoice.profile).toBe(profile);
      expect(invoice).toMatchObject({ number: "F20260023", typeCode: "380", issueDate: "2026-01-31" });
      expect(invoice.seller).toMatchObject({
        name: "LE FOURNISSEUR",
        siren: "123456782",
        vatNumber: "FR11123456782",
      });
      expect(invoice.buyer).toMatchObject({ name: "LE CLIENT", siren: "987654321" });
      expect(invoice.totals).toMatchObject({
        taxBasis: 10000,
        taxTotal: 490,
        grandTotal: 10490,
        duePayable: 10490,
      });
      expect(calculationViolations(invoice)).toEqual([]);
      if (profile === "minimum") {
        expect(invoice.lines).toHaveLength(0);
        return;
      }
      expect(invoice.operationCategory).toBe("S1");
      expect(invoice.lines).toHaveLength(3);
      expect(invoice.totals).toMatchObject({
        lineTotal: 9500,
        chargeTotal: 1400,
        allowanceTotal: 900,
        prepaid: 0,
      });
      expect(
        invoice.vatBreakdown.map((b) => [b.category, b.rate, b.base, b.vat, b.exemptionCode, b.dueDateCode]),
      ).toEqual([
        ["S", "20", 1100, 220, null, "72"],
        ["E", "0", 6000, 0, "VATEX-EU-79-C", null],
        ["S", "10", 2700, 270, null, null],
        ["K", "0", 200, 0, "VATEX-EU-IC", null],
      ]);
      expect(invoice.delivery).toMatchObject({ date: "2026-01-28", address: { city: "NICE" } });
      expect(invoice.dueDate).toBe("2026-03-02");
      expect(invoice.paymentTerms).toBe("PAIEMENT 30 JOURS NET");
      expect(invoice.notes.map((n) => n.subject)).toEqual(["REG", "ABL", "AAI", "PMD", "PMT", "AAB"]);
    },
  );

  it.each(["basic", "en16931", "extended"])(
    "%s: a draft purchase invoice whose totals are the file's to the cent",
    (profile) => {
      const proposal = purchaseProposal(readEInvoiceXml(fixture(profile)).invoice);
      expect(proposal.kind).toBe("invoice");
      expect(proposal.header).toMatchObject({
        supplierNumber: "F20260023",
        supplierDate: "2026-01-31",
        dueDate: "2026-03-02",
      });
      expect(proposal.totals).toEqual({ excludingTax: 10000, vat: 490, includingTax: 10490, due: 10490 });
      expect(proposal.lines.filter((l) => l.vatRate === "exempt").map((l) => l.vatExemption)).toContain(
        "DEBOURS",
      );
    },
  );

  it("minimum: a draft without lines, for manual entry", () => {
    const proposal = purchaseProposal(readEInvoiceXml(fixture("minimum")).invoice);
    expect(proposal.linesMissing).toBe(true);
    expect(proposal.totals.includingTax).toBe(10490);
  });
});

describe("refusals", () => {
  it("totals that do not add up: the rule named", () => {
    const xml = fixture("en16931").replace("<ram:GrandTotalAmount>104.90", "<ram:GrandTotalAmount>105.90");
    expect(refusal(() => purchaseProposal(readEInvoiceXml(xml).invoice))).toEqual({
      code: "einvoice.totalsMismatch",
      params: { field: "BR-CO-15", rule: "BR-CO-15", expected: "104.90", actual: "105.90" },
    });
  });
  it("a VAT amount not the base × rate (BR-CO-17)", () => {
    const xml = fixture("basic").replace(
      "<ram:CalculatedAmount>2.20</ram:CalculatedAmount>",
      "<ram:CalculatedAmount>2.21</ram:CalculatedAmount>",
    );
    expect(refusal(() => purchaseProposal(readEInvoiceXml(xml).invoice)).params.rule).toBe("BR-CO-14");
  });
  it("a supplier without SIREN nor VAT number", () => {
    const xml = fixture("minimum")
      .replace(
        /<ram:SpecifiedLegalOrganization>\s*<ram:ID schemeID="0002">123456782<\/ram:ID>[\s\S]*?<\/ram:SpecifiedLegalOrganization>/,
        "",
      )
      .replace(
        /<ram:SpecifiedTaxRegistration>\s*<ram:ID schemeID="VA">FR11123456782<\/ram:ID>\s*<\/ram:SpecifiedTaxRegistration>/,
        "",
      );
    expect(refusal(() => purchaseProposal(readEInvoiceXml(xml).invoice)).code).toBe(
      "einvoice.supplierIdentity",
    );
  });
  it("an unknown profile, XML that is no invoice, text that is no XML, a DOCTYPE", () => {
    expect(
      refusal(() =>
        readEInvoiceXml(
          fixture("basic").replace(
            "urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic",
            "urn:example:other",
          ),
        ),
      ),
    ).toMatchObject({
      code: "einvoice.unknownProfile",
    });
    expect(refusal(() => readEInvoiceXml("<?xml version='1.0'?><order><id>1</id></order>")).code).toBe(
      "einvoice.notInvoice",
    );
    expect(refusal(() => readEInvoiceXml("%PDF-1.4 hello")).code).toBe("einvoice.notXml");
    expect(
      refusal(() => readEInvoiceXml('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>')).code,
    ).toBe("einvoice.unsafeXml");
  });
  it("the early Factur-X 1.0 colon notation is BASIC", () => {
    const xml = fixture("basic").replace(
      "urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic",
      "urn:cen.eu:en16931:2017:compliant:factur-x.eu:1p0:basic",
    );
    expect(readEInvoiceXml(xml).invoice.profile).toBe("basic");
  });
});

describe("any damaged file", () => {
  it("is read, or refused with a code of the catalogue: never another error", () => {
    const sources = ["minimum", "basic", "en16931", "extended"].map(fixture);
    fc.assert(
      fc.property(
        fc.nat({ max: 3 }),
        fc.nat(),
        fc.nat({ max: 200 }),
        fc.oneof(
          fc.string({ maxLength: 12 }),
          fc.constantFrom("-1", "1e9", "99999999999999999", "<", "</x>", "&amp;", "2026-13-45"),
        ),
        (which, at, cut, insert) => {
          const source = sources[which] ?? "";
          const start = at % source.length;
          const damaged = source.slice(0, start) + insert + source.slice(start + cut);
          try {
            purchaseProposal(readEInvoiceXml(damaged).invoice);
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            expect(error.code).toMatch(/^(einvoice|validation|doc)\./);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe("texts a supplier's file may hold", () => {
  const seller = (xml: string, name: string) =>
    xml.replace(/(<ram:SellerTradeParty>[\s\S]*?<ram:Name>)[^<]*/, (_all, before) => `${before}${name}`);

  it("cleans controls and bidirectional overrides from every text, before any consumer reads the model", () => {
    const xml = seller(fixture("en16931"), "\u0000LE\u0007 FOURNISSEUR\u202e\u202c\u001a")
      .replace("<ram:CityName>", "<ram:CityName>\u0000")
      .replace(/<ram:Content>/, "<ram:Content>Première ligne\r\nseconde\u0007 ligne ");
    const { invoice } = readEInvoiceXml(xml);
    expect(invoice.seller.name).toBe("LE FOURNISSEUR");
    expect(invoice.seller.address?.city).toBe("PARIS");
    // A note keeps its line breaks; a name or an address line has them made spaces.
    expect(invoice.notes[0]?.content).toMatch(/^Première ligne\r?\nseconde ligne/);
    expect(readEInvoiceXml(seller(fixture("en16931"), "LE\r\nFOURNISSEUR")).invoice.seller.name).toBe(
      "LE FOURNISSEUR",
    );
    expect(purchaseProposal(invoice).totals.includingTax).toBe(10490);
  });

  it("reads a file ending with a DOS end-of-file byte or NUL padding after its root element", () => {
    expect(readEInvoiceXml(`${fixture("en16931")}\u001a`).invoice.number).toBe("F20260023");
    expect(readEInvoiceXml(`${fixture("basic")}\r\n\u0000\u0000`).invoice.number).toBe("F20260023");
  });

  it("a name made only of noise is a missing name, not an empty one kept", () => {
    const { invoice } = readEInvoiceXml(seller(fixture("en16931"), "\u0007\u202e"));
    expect(invoice.seller.name).toBe("");
  });
});
