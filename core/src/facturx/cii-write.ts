import type { EAddress, EAllowanceCharge, EInvoice, EParty, EVat, IssuedFacturxProfile } from "./model.ts";
import { profileGuidelines } from "./model.ts";

/**
 * The CII XML (UN/CEFACT Cross Industry Invoice D16B, the Factur-X syntax) of an e-invoice, at the
 * EN 16931 or BASIC profile: elements in the order of the profile's XSD, what BASIC does not carry
 * (item descriptions and ids, the BIC, seller order) left out. Pure: a string out.
 */

const escapeXml = (text: string): string =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

/** Cents as CII writes an amount: "-12.34". */
export const ciiAmount = (cents: number): string => {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
};

/** A rate as CII writes a percentage: two decimals at least ("20.00", "5.50"). */
export const ciiPercent = (rate: string): string => {
  const [whole = "0", decimals = ""] = rate.split(".");
  return `${whole}.${decimals.padEnd(2, "0")}`;
};

const day102 = (date: string): string => date.replace(/-/g, "");

type Node = string | null | undefined | false;

const el = (name: string, ...children: Node[]): string => {
  const inner = children.filter((c): c is string => typeof c === "string" && c !== "").join("");
  return inner === "" ? "" : `<${name}>${inner}</${name}>`;
};
const text = (name: string, value: string | null | undefined, attributes = ""): string =>
  value === null || value === undefined || value === ""
    ? ""
    : `<${name}${attributes}>${escapeXml(value)}</${name}>`;
const date = (name: string, value: string | null | undefined, ns = "udt"): string =>
  value
    ? `<${name}><${ns}:DateTimeString format="102">${day102(value)}</${ns}:DateTimeString></${name}>`
    : "";

const address = (a: EAddress | null): string =>
  a
    ? el(
        "ram:PostalTradeAddress",
        text("ram:PostcodeCode", a.postcode),
        text("ram:LineOne", a.lines[0]),
        text("ram:LineTwo", a.lines[1]),
        text("ram:LineThree", a.lines.slice(2).join(", ")),
        text("ram:CityName", a.city),
        text("ram:CountryID", a.country),
      )
    : "";

const party = (tag: string, p: EParty): string =>
  el(
    tag,
    text("ram:ID", p.id),
    text("ram:Name", p.name),
    p.siren ? el("ram:SpecifiedLegalOrganization", text("ram:ID", p.siren, ' schemeID="0002"')) : "",
    address(p.address),
    p.email ? el("ram:URIUniversalCommunication", text("ram:URIID", p.email, ' schemeID="EM"')) : "",
    p.vatNumber ? el("ram:SpecifiedTaxRegistration", text("ram:ID", p.vatNumber, ' schemeID="VA"')) : "",
    p.taxRegistration
      ? el("ram:SpecifiedTaxRegistration", text("ram:ID", p.taxRegistration, ' schemeID="FC"'))
      : "",
  );

const tax = (tag: string, vat: EVat): string =>
  el(
    tag,
    text("ram:TypeCode", "VAT"),
    text("ram:CategoryCode", vat.category),
    text("ram:RateApplicablePercent", ciiPercent(vat.rate)),
  );

const allowanceCharge = (charge: boolean, a: EAllowanceCharge): string =>
  el(
    "ram:SpecifiedTradeAllowanceCharge",
    el("ram:ChargeIndicator", `<udt:Indicator>${charge}</udt:Indicator>`),
    a.percent !== null ? text("ram:CalculationPercent", ciiPercent(a.percent)) : "",
    a.base !== null ? text("ram:BasisAmount", ciiAmount(a.base)) : "",
    text("ram:ActualAmount", ciiAmount(a.amount)),
    text("ram:Reason", a.reason),
    a.vat ? tax("ram:CategoryTradeTax", a.vat) : "",
  );

const sum = (items: readonly EAllowanceCharge[]) => items.reduce((s, a) => s + a.amount, 0);

export const buildCii = (invoice: EInvoice, profile: IssuedFacturxProfile): string => {
  const full = profile === "en16931";
  const lines = invoice.lines.map((line) =>
    el(
      "ram:IncludedSupplyChainTradeLineItem",
      el("ram:AssociatedDocumentLineDocument", text("ram:LineID", line.id)),
      el(
        "ram:SpecifiedTradeProduct",
        full ? text("ram:SellerAssignedID", line.sellerItemId) : "",
        text("ram:Name", line.name),
        full ? text("ram:Description", line.description) : "",
      ),
      el(
        "ram:SpecifiedLineTradeAgreement",
        el("ram:NetPriceProductTradePrice", text("ram:ChargeAmount", line.netPrice)),
      ),
      el(
        "ram:SpecifiedLineTradeDelivery",
        text("ram:BilledQuantity", line.quantity, ` unitCode="${escapeXml(line.unitCode)}"`),
      ),
      el(
        "ram:SpecifiedLineTradeSettlement",
        tax("ram:ApplicableTradeTax", line.vat),
        ...line.allowances.map((a) => allowanceCharge(false, a)),
        ...line.charges.map((a) => allowanceCharge(true, a)),
        el(
          "ram:SpecifiedTradeSettlementLineMonetarySummation",
          text("ram:LineTotalAmount", ciiAmount(line.net)),
        ),
      ),
    ),
  );
  const t = invoice.totals;
  const delivery = invoice.delivery;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<rsm:CrossIndustryInvoice xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100"',
    ' xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"',
    ' xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"',
    ' xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">',
    el(
      "rsm:ExchangedDocumentContext",
      invoice.operationCategory
        ? el(
            "ram:BusinessProcessSpecifiedDocumentContextParameter",
            text("ram:ID", invoice.operationCategory),
          )
        : "",
      el("ram:GuidelineSpecifiedDocumentContextParameter", text("ram:ID", profileGuidelines[profile])),
    ),
    el(
      "rsm:ExchangedDocument",
      text("ram:ID", invoice.number),
      text("ram:TypeCode", invoice.typeCode),
      date("ram:IssueDateTime", invoice.issueDate),
      ...invoice.notes.map((n) =>
        el("ram:IncludedNote", text("ram:Content", n.content), text("ram:SubjectCode", n.subject)),
      ),
    ),
    el(
      "rsm:SupplyChainTradeTransaction",
      ...lines,
      el(
        "ram:ApplicableHeaderTradeAgreement",
        text("ram:BuyerReference", invoice.buyerReference),
        party("ram:SellerTradeParty", invoice.seller),
        party("ram:BuyerTradeParty", invoice.buyer),
        invoice.orderReference
          ? el("ram:BuyerOrderReferencedDocument", text("ram:IssuerAssignedID", invoice.orderReference))
          : "",
      ),
      // The delivery element is required, even empty.
      `<ram:ApplicableHeaderTradeDelivery>${
        delivery
          ? [
              delivery.address
                ? el("ram:ShipToTradeParty", text("ram:Name", delivery.name), address(delivery.address))
                : "",
              delivery.date
                ? el("ram:ActualDeliverySupplyChainEvent", date("ram:OccurrenceDateTime", delivery.date))
                : "",
            ].join("")
          : ""
      }</ram:ApplicableHeaderTradeDelivery>`,
      el(
        "ram:ApplicableHeaderTradeSettlement",
        text("ram:InvoiceCurrencyCode", invoice.currency),
        invoice.payment
          ? el(
              "ram:SpecifiedTradeSettlementPaymentMeans",
              text("ram:TypeCode", invoice.payment.meansCode),
              invoice.payment.iban
                ? el("ram:PayeePartyCreditorFinancialAccount", text("ram:IBANID", invoice.payment.iban))
                : "",
              full && invoice.payment.bic
                ? el("ram:PayeeSpecifiedCreditorFinancialInstitution", text("ram:BICID", invoice.payment.bic))
                : "",
            )
          : "",
        ...invoice.vatBreakdown.map((b) =>
          el(
            "ram:ApplicableTradeTax",
            text("ram:CalculatedAmount", ciiAmount(b.vat)),
            text("ram:TypeCode", "VAT"),
            text("ram:ExemptionReason", b.exemptionReason),
            text("ram:BasisAmount", ciiAmount(b.base)),
            text("ram:CategoryCode", b.category),
            text("ram:ExemptionReasonCode", b.exemptionCode),
            text("ram:DueDateTypeCode", b.dueDateCode),
            text("ram:RateApplicablePercent", ciiPercent(b.rate)),
          ),
        ),
        ...invoice.allowances.map((a) => allowanceCharge(false, a)),
        ...invoice.charges.map((a) => allowanceCharge(true, a)),
        invoice.dueDate || invoice.paymentTerms
          ? el(
              "ram:SpecifiedTradePaymentTerms",
              text("ram:Description", invoice.paymentTerms),
              date("ram:DueDateDateTime", invoice.dueDate),
            )
          : "",
        el(
          "ram:SpecifiedTradeSettlementHeaderMonetarySummation",
          text("ram:LineTotalAmount", ciiAmount(t.lineTotal ?? 0)),
          invoice.charges.length > 0
            ? text("ram:ChargeTotalAmount", ciiAmount(t.chargeTotal ?? sum(invoice.charges)))
            : "",
          invoice.allowances.length > 0
            ? text("ram:AllowanceTotalAmount", ciiAmount(t.allowanceTotal ?? sum(invoice.allowances)))
            : "",
          text("ram:TaxBasisTotalAmount", ciiAmount(t.taxBasis)),
          text("ram:TaxTotalAmount", ciiAmount(t.taxTotal), ` currencyID="${escapeXml(invoice.currency)}"`),
          t.rounding !== null ? text("ram:RoundingAmount", ciiAmount(t.rounding)) : "",
          text("ram:GrandTotalAmount", ciiAmount(t.grandTotal)),
          t.prepaid !== null ? text("ram:TotalPrepaidAmount", ciiAmount(t.prepaid)) : "",
          text("ram:DuePayableAmount", ciiAmount(t.duePayable)),
        ),
        invoice.precedingInvoice
          ? el(
              "ram:InvoiceReferencedDocument",
              text("ram:IssuerAssignedID", invoice.precedingInvoice.number),
              date("ram:FormattedIssueDateTime", invoice.precedingInvoice.date, "qdt"),
            )
          : "",
      ),
    ),
    "</rsm:CrossIndustryInvoice>\n",
  ].join("");
};
