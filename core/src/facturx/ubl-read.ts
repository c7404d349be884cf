import { DomainError } from "../decider.ts";
import { profileOfGuideline, vatCategory } from "./cii-read.ts";
import type { EAddress, EAllowanceCharge, EInvoice, ELine, EParty, EVat } from "./model.ts";
import {
  at,
  attr,
  cents,
  decimal4,
  divide4,
  isoDay,
  kid,
  kids,
  paragraphAt,
  requiredCents,
  txt,
  type XNode,
} from "./xml.ts";

/** A UBL 2.1 `Invoice` or `CreditNote` (EN 16931 syntax binding) as the neutral e-invoice. */

const address = (node: XNode): EAddress | null =>
  node === undefined
    ? null
    : {
        lines: ["StreetName", "AdditionalStreetName"]
          .flatMap((n) => at(node, n) ?? [])
          .concat(at(node, "AddressLine", "Line") ?? []),
        postcode: at(node, "PostalZone"),
        city: at(node, "CityName"),
        country: at(node, "Country", "IdentificationCode") ?? "FR",
      };

const party = (node: XNode): EParty => {
  const legal = kid(node, "PartyLegalEntity", "CompanyID");
  const legalId = txt(legal)?.replace(/\s/g, "") ?? null;
  const vat = kids(node, "PartyTaxScheme")
    .filter((s) => (at(s, "TaxScheme", "ID") ?? "VAT") === "VAT")
    .map((s) => at(s, "CompanyID"))[0];
  const siren =
    legalId && /^\d{9}$/.test(legalId)
      ? legalId
      : legalId && /^\d{14}$/.test(legalId)
        ? legalId.slice(0, 9)
        : null;
  return {
    name: at(node, "PartyLegalEntity", "RegistrationName") ?? at(node, "PartyName", "Name") ?? "",
    siren:
      attr(legal, "schemeID") === null || ["0002", "0009"].includes(attr(legal, "schemeID") ?? "")
        ? siren
        : null,
    vatNumber: vat?.replace(/\s/g, "").toUpperCase() ?? null,
    address: address(kid(node, "PostalAddress")),
    email: at(node, "Contact", "ElectronicMail"),
  };
};

const vatOf = (node: XNode, field: string): EVat => ({
  category: vatCategory(at(node, "ID"), `${field}.ID`),
  rate: decimal4(at(node, "Percent"), `${field}.Percent`, "0"),
});

const allowanceCharges = (nodes: XNode[], field: string, header: boolean) => {
  const allowances: EAllowanceCharge[] = [];
  const charges: EAllowanceCharge[] = [];
  nodes.forEach((n, i) => {
    const f = `${field}[${i}]`;
    const item: EAllowanceCharge = {
      amount: requiredCents(at(n, "Amount"), `${f}.Amount`),
      percent: at(n, "MultiplierFactorNumeric") ? decimal4(at(n, "MultiplierFactorNumeric"), f) : null,
      base: cents(at(n, "BaseAmount"), `${f}.BaseAmount`),
      reason: at(n, "AllowanceChargeReason"),
      vat: header ? vatOf(kid(n, "TaxCategory"), `${f}.TaxCategory`) : null,
    };
    (at(n, "ChargeIndicator") === "true" ? charges : allowances).push(item);
  });
  return { allowances, charges };
};

export const readUbl = (root: XNode, credit: boolean): EInvoice => {
  const customization = at(root, "CustomizationID");
  const profile = profileOfGuideline(customization);
  if (!profile)
    throw new DomainError("einvoice.unknownProfile", {
      field: "BT-24",
      profile: (customization ?? "").slice(0, 100),
    });
  const number = at(root, "ID");
  if (!number) throw new DomainError("einvoice.missingField", { field: "BT-1" });
  const issueDate = isoDay(at(root, "IssueDate"), "BT-2");
  if (!issueDate) throw new DomainError("einvoice.missingField", { field: "BT-2" });
  const typeCode = at(root, credit ? "CreditNoteTypeCode" : "InvoiceTypeCode") ?? (credit ? "381" : "380");
  const lines: ELine[] = kids(root, credit ? "CreditNoteLine" : "InvoiceLine").map((n, i) => {
    const f = `line[${i}]`;
    const quantityNode = kid(n, credit ? "CreditedQuantity" : "InvoicedQuantity");
    const price = decimal4(at(n, "Price", "PriceAmount"), `${f}.PriceAmount`, "0");
    const basis = at(n, "Price", "BaseQuantity");
    return {
      id: at(n, "ID") ?? String(i + 1),
      name: at(n, "Item", "Name") ?? "",
      description: paragraphAt(n, "Item", "Description"),
      sellerItemId: at(n, "Item", "SellersItemIdentification", "ID"),
      quantity: decimal4(txt(quantityNode), `${f}.Quantity`),
      unitCode: attr(quantityNode, "unitCode") ?? "C62",
      netPrice: basis ? divide4(price, decimal4(basis, `${f}.BaseQuantity`)) : price,
      ...allowanceCharges(kids(n, "AllowanceCharge"), `${f}.AllowanceCharge`, false),
      net: requiredCents(at(n, "LineExtensionAmount"), `${f}.LineExtensionAmount`),
      vat: vatOf(kid(n, "Item", "ClassifiedTaxCategory"), `${f}.ClassifiedTaxCategory`),
    };
  });
  const currency = at(root, "DocumentCurrencyCode") ?? "EUR";
  const taxTotal = kids(root, "TaxTotal").find(
    (t) => (attr(kid(t, "TaxAmount"), "currencyID") ?? currency) === currency,
  );
  const sums = kid(root, "LegalMonetaryTotal");
  const delivery = kid(root, "Delivery");
  const means = kid(root, "PaymentMeans");
  const preceding = kid(root, "BillingReference", "InvoiceDocumentReference");
  const deliveryAddress = address(kid(delivery, "DeliveryLocation", "Address"));
  const deliveryDate = isoDay(at(delivery, "ActualDeliveryDate"), "BT-72");
  return {
    profile,
    typeCode,
    number,
    issueDate,
    currency,
    operationCategory: at(root, "ProfileID"),
    notes: kids(root, "Note").flatMap((n) => {
      const content = txt(n, true);
      if (!content) return [];
      const m = /^#(\w{3})#(.*)$/s.exec(content);
      return [m ? { subject: m[1] ?? null, content: (m[2] ?? "").trim() } : { subject: null, content }];
    }),
    seller: party(kid(root, "AccountingSupplierParty", "Party")),
    buyer: party(kid(root, "AccountingCustomerParty", "Party")),
    buyerReference: at(root, "BuyerReference"),
    orderReference: at(root, "OrderReference", "ID"),
    delivery:
      deliveryAddress || deliveryDate
        ? {
            name: at(delivery, "DeliveryParty", "PartyName", "Name"),
            address: deliveryAddress,
            date: deliveryDate,
          }
        : null,
    precedingInvoice: at(preceding, "ID")
      ? { number: at(preceding, "ID") ?? "", date: isoDay(at(preceding, "IssueDate"), "BT-26") }
      : null,
    dueDate: isoDay(at(root, "DueDate") ?? at(means, "PaymentDueDate"), "BT-9"),
    paymentTerms: paragraphAt(root, "PaymentTerms", "Note"),
    payment:
      means !== undefined
        ? {
            meansCode: at(means, "PaymentMeansCode") ?? "1",
            iban: at(means, "PayeeFinancialAccount", "ID")?.replace(/\s/g, "") ?? null,
            bic: at(means, "PayeeFinancialAccount", "FinancialInstitutionBranch", "ID"),
          }
        : null,
    lines,
    ...allowanceCharges(kids(root, "AllowanceCharge"), "AllowanceCharge", true),
    vatBreakdown: kids(taxTotal, "TaxSubtotal").map((s, i) => ({
      ...vatOf(kid(s, "TaxCategory"), `TaxSubtotal[${i}].TaxCategory`),
      base: requiredCents(at(s, "TaxableAmount"), `TaxSubtotal[${i}].TaxableAmount`),
      vat: requiredCents(at(s, "TaxAmount"), `TaxSubtotal[${i}].TaxAmount`),
      exemptionReason: at(s, "TaxCategory", "TaxExemptionReason"),
      exemptionCode: at(s, "TaxCategory", "TaxExemptionReasonCode"),
      dueDateCode: null,
    })),
    totals: {
      lineTotal: cents(at(sums, "LineExtensionAmount"), "BT-106"),
      allowanceTotal: cents(at(sums, "AllowanceTotalAmount"), "BT-107"),
      chargeTotal: cents(at(sums, "ChargeTotalAmount"), "BT-108"),
      taxBasis: requiredCents(at(sums, "TaxExclusiveAmount"), "BT-109"),
      taxTotal: cents(at(taxTotal, "TaxAmount"), "BT-110") ?? 0,
      grandTotal: requiredCents(at(sums, "TaxInclusiveAmount"), "BT-112"),
      prepaid: cents(at(sums, "PrepaidAmount"), "BT-113"),
      rounding: cents(at(sums, "PayableRoundingAmount"), "BT-114"),
      duePayable: requiredCents(at(sums, "PayableAmount"), "BT-115"),
    },
  };
};
