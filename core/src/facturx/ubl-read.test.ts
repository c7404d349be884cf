import { describe, expect, it } from "vitest";
import { readEInvoiceXml } from "./read.ts";
import { calculationViolations } from "./rules.ts";
import { purchaseProposal } from "./to-draft.ts";

/** A UBL 2.1 invoice (EN 16931 binding) as a French supplier would send it: two rates, a discount, an exemption. */
const ubl = (root: "Invoice" | "CreditNote", payable = "165.50") => `<?xml version="1.0" encoding="UTF-8"?>
<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2"
  xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>
  <cbc:ProfileID>M1</cbc:ProfileID>
  <cbc:ID>UBL-2026-7</cbc:ID>
  <cbc:IssueDate>2026-02-10</cbc:IssueDate>
  ${root === "Invoice" ? "<cbc:DueDate>2026-03-12</cbc:DueDate><cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>" : "<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>"}
  <cbc:Note>#PMT#Indemnité forfaitaire de 40 €</cbc:Note>
  <cbc:Note>Livraison en deux fois</cbc:Note>
  <cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  ${root === "CreditNote" ? "<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>UBL-2026-3</cbc:ID><cbc:IssueDate>2026-01-20</cbc:IssueDate></cac:InvoiceDocumentReference></cac:BillingReference>" : ""}
  <cac:AccountingSupplierParty><cac:Party>
    <cac:PostalAddress><cbc:StreetName>4 rue des Forges</cbc:StreetName><cbc:CityName>Lille</cbc:CityName><cbc:PostalZone>59000</cbc:PostalZone><cac:Country><cbc:IdentificationCode>FR</cbc:IdentificationCode></cac:Country></cac:PostalAddress>
    <cac:PartyTaxScheme><cbc:CompanyID>FR40303265045</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
    <cac:PartyLegalEntity><cbc:RegistrationName>Forges du Nord SAS</cbc:RegistrationName><cbc:CompanyID schemeID="0002">303265045</cbc:CompanyID></cac:PartyLegalEntity>
  </cac:Party></cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty><cac:Party>
    <cac:PartyLegalEntity><cbc:RegistrationName>Atelier Démo SARL</cbc:RegistrationName><cbc:CompanyID schemeID="0002">123456782</cbc:CompanyID></cac:PartyLegalEntity>
  </cac:Party></cac:AccountingCustomerParty>
  <cac:PaymentMeans><cbc:PaymentMeansCode>58</cbc:PaymentMeansCode><cac:PayeeFinancialAccount><cbc:ID>FR7630006000011234567890189</cbc:ID></cac:PayeeFinancialAccount></cac:PaymentMeans>
  <cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReason>Remise fidélité</cbc:AllowanceChargeReason><cbc:Amount currencyID="EUR">10.00</cbc:Amount><cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>20</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:AllowanceCharge>
  <cac:TaxTotal><cbc:TaxAmount currencyID="EUR">18.00</cbc:TaxAmount>
    <cac:TaxSubtotal><cbc:TaxableAmount currencyID="EUR">90.00</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">18.00</cbc:TaxAmount><cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>20</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal>
    <cac:TaxSubtotal><cbc:TaxableAmount currencyID="EUR">57.50</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">0.00</cbc:TaxAmount><cac:TaxCategory><cbc:ID>AE</cbc:ID><cbc:Percent>0</cbc:Percent><cbc:TaxExemptionReason>Autoliquidation, art. 283-2 nonies du CGI</cbc:TaxExemptionReason><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal>
  </cac:TaxTotal>
  <cac:LegalMonetaryTotal>
    <cbc:LineExtensionAmount currencyID="EUR">157.50</cbc:LineExtensionAmount>
    <cbc:TaxExclusiveAmount currencyID="EUR">147.50</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="EUR">165.50</cbc:TaxInclusiveAmount>
    <cbc:AllowanceTotalAmount currencyID="EUR">10.00</cbc:AllowanceTotalAmount>
    <cbc:PayableAmount currencyID="EUR">${payable}</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>
  <cac:${root}Line><cbc:ID>1</cbc:ID><cbc:${root === "Invoice" ? "Invoiced" : "Credited"}Quantity unitCode="KGM">4</cbc:${root === "Invoice" ? "Invoiced" : "Credited"}Quantity><cbc:LineExtensionAmount currencyID="EUR">100.00</cbc:LineExtensionAmount>
    <cac:Item><cbc:Name>Acier</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>20</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="EUR">25</cbc:PriceAmount></cac:Price></cac:${root}Line>
  <cac:${root}Line><cbc:ID>2</cbc:ID><cbc:${root === "Invoice" ? "Invoiced" : "Credited"}Quantity unitCode="HUR">2.5</cbc:${root === "Invoice" ? "Invoiced" : "Credited"}Quantity><cbc:LineExtensionAmount currencyID="EUR">57.50</cbc:LineExtensionAmount>
    <cac:Item><cbc:Name>Pose</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>AE</cbc:ID><cbc:Percent>0</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="EUR">46</cbc:PriceAmount><cbc:BaseQuantity>2</cbc:BaseQuantity></cac:Price></cac:${root}Line>
</${root}>`;

describe("a UBL invoice or credit note", () => {
  it("reads as the neutral model and passes BR-CO-10…17", () => {
    const { syntax, invoice } = readEInvoiceXml(ubl("Invoice"));
    expect(syntax).toBe("ubl");
    expect(invoice).toMatchObject({
      profile: "en16931",
      typeCode: "380",
      number: "UBL-2026-7",
      issueDate: "2026-02-10",
      dueDate: "2026-03-12",
      operationCategory: "M1",
      seller: {
        name: "Forges du Nord SAS",
        siren: "303265045",
        vatNumber: "FR40303265045",
        address: { city: "Lille" },
      },
      buyer: { siren: "123456782" },
      payment: { meansCode: "58", iban: "FR7630006000011234567890189" },
      totals: {
        lineTotal: 15750,
        allowanceTotal: 1000,
        taxBasis: 14750,
        taxTotal: 1800,
        grandTotal: 16550,
        duePayable: 16550,
      },
    });
    expect(invoice.notes).toEqual([
      { subject: "PMT", content: "Indemnité forfaitaire de 40 €" },
      { subject: null, content: "Livraison en deux fois" },
    ]);
    expect(invoice.lines.map((l) => [l.quantity, l.unitCode, l.netPrice, l.net])).toEqual([
      ["4", "KGM", "25", 10000],
      ["2.5", "HUR", "23", 5750],
    ]);
    expect(calculationViolations(invoice)).toEqual([]);
  });

  it("becomes a draft whose lines give the file's totals; a credit note names its invoice", () => {
    const proposal = purchaseProposal(readEInvoiceXml(ubl("Invoice")).invoice);
    expect(proposal.totals).toEqual({ excludingTax: 14750, vat: 1800, includingTax: 16550, due: 16550 });
    expect(proposal.lines.map((l) => [l.label, l.quantity, l.unitPrice, l.vatRate, l.vatExemption])).toEqual([
      ["Acier", "4", "25", "20", null],
      ["Pose", "2.5", "23", "exempt", "Autoliquidation, art. 283-2 nonies du CGI"],
      ["Remise fidélité", "-1", "10.00", "20", null],
    ]);
    const credit = readEInvoiceXml(ubl("CreditNote")).invoice;
    expect(credit).toMatchObject({
      typeCode: "381",
      precedingInvoice: { number: "UBL-2026-3", date: "2026-01-20" },
    });
    expect(purchaseProposal(credit).kind).toBe("creditNote");
  });

  it("a payable amount that is not the total (BR-CO-16) is refused", () => {
    const invoice = readEInvoiceXml(ubl("Invoice", "165.00")).invoice;
    expect(calculationViolations(invoice)).toEqual([{ rule: "BR-CO-16", expected: 16550, actual: 16500 }]);
  });
});
