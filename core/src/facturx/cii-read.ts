import { DomainError } from "../decider.ts";
import type {
  EAddress,
  EAllowanceCharge,
  EInvoice,
  ELine,
  EParty,
  EVat,
  FacturxProfile,
  VatCategoryCode,
} from "./model.ts";
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

/** A guideline id (BT-24) as a Factur-X profile; Factur-X 1.0's colon notation accepted. */
export const profileOfGuideline = (id: string | null): FacturxProfile | null => {
  if (!id) return null;
  const g = id.toLowerCase();
  if (g.includes("factur-x.eu:1p0:minimum")) return "minimum";
  if (g.includes("factur-x.eu:1p0:basicwl")) return "basicwl";
  if (g.includes("factur-x.eu:1p0:basic")) return "basic";
  if (g.includes("factur-x.eu:1p0:extended") || (g.includes("xrechnung") && g.includes("extension")))
    return "extended";
  if (g.startsWith("urn:cen.eu:en16931:2017")) return "en16931";
  return null;
};

const categories = new Set<VatCategoryCode>(["S", "Z", "E", "AE", "K", "G", "O", "L", "M"]);
export const vatCategory = (code: string | null, field: string): VatCategoryCode => {
  if (code && categories.has(code as VatCategoryCode)) return code as VatCategoryCode;
  throw new DomainError("einvoice.invalidVatCategory", { field, value: (code ?? "").slice(0, 10) });
};

const address = (node: XNode): EAddress | null => {
  if (node === undefined) return null;
  const lines = ["LineOne", "LineTwo", "LineThree"].flatMap((n) => at(node, n) ?? []);
  return {
    lines,
    postcode: at(node, "PostcodeCode"),
    city: at(node, "CityName"),
    country: at(node, "CountryID") ?? "FR",
  };
};

const party = (node: XNode): EParty => {
  const legal = kid(node, "SpecifiedLegalOrganization", "ID");
  const scheme = attr(legal, "schemeID");
  const legalId = txt(legal)?.replace(/\s/g, "") ?? null;
  const siret = kids(node, "GlobalID").find((g) => attr(g, "schemeID") === "0009");
  const registrations = kids(node, "SpecifiedTaxRegistration").map((r) => kid(r, "ID"));
  const vat = registrations.find((id) => attr(id, "schemeID") === "VA");
  const taxRegistration = registrations.find((id) => attr(id, "schemeID") === "FC");
  const email = kids(node, "URIUniversalCommunication")
    .map((u) => kid(u, "URIID"))
    .find((u) => attr(u, "schemeID") === "EM");
  const siren =
    legalId && (scheme === "0002" || scheme === null) && /^\d{9}$/.test(legalId)
      ? legalId
      : legalId && scheme === "0009" && /^\d{14}$/.test(legalId)
        ? legalId.slice(0, 9)
        : (txt(siret)?.replace(/\s/g, "").slice(0, 9) ?? null);
  return {
    id: at(node, "ID"),
    name: at(node, "Name") ?? "",
    siren: siren && /^\d{9}$/.test(siren) ? siren : null,
    vatNumber: txt(vat)?.replace(/\s/g, "").toUpperCase() ?? null,
    ...(taxRegistration ? { taxRegistration: txt(taxRegistration) } : {}),
    address: address(kid(node, "PostalTradeAddress")),
    email: txt(email),
  };
};

const vatOf = (node: XNode, field: string): EVat => ({
  category: vatCategory(at(node, "CategoryCode"), `${field}.CategoryCode`),
  rate: decimal4(at(node, "RateApplicablePercent"), `${field}.RateApplicablePercent`, "0"),
});

const allowanceCharges = (nodes: XNode[], field: string, header: boolean) => {
  const allowances: EAllowanceCharge[] = [];
  const charges: EAllowanceCharge[] = [];
  nodes.forEach((n, i) => {
    const f = `${field}[${i}]`;
    const item: EAllowanceCharge = {
      amount: requiredCents(at(n, "ActualAmount"), `${f}.ActualAmount`),
      percent: at(n, "CalculationPercent")
        ? decimal4(at(n, "CalculationPercent"), `${f}.CalculationPercent`)
        : null,
      base: cents(at(n, "BasisAmount"), `${f}.BasisAmount`),
      reason: at(n, "Reason"),
      vat: header ? vatOf(kid(n, "CategoryTradeTax"), `${f}.CategoryTradeTax`) : null,
    };
    (at(n, "ChargeIndicator", "Indicator") === "true" ? charges : allowances).push(item);
  });
  return { allowances, charges };
};

const line = (node: XNode, i: number): ELine => {
  const f = `line[${i}]`;
  const agreement = kid(node, "SpecifiedLineTradeAgreement");
  const settlement = kid(node, "SpecifiedLineTradeSettlement");
  const quantityNode = kid(node, "SpecifiedLineTradeDelivery", "BilledQuantity");
  const price = decimal4(at(agreement, "NetPriceProductTradePrice", "ChargeAmount"), `${f}.NetPrice`, "0");
  const basis = at(agreement, "NetPriceProductTradePrice", "BasisQuantity");
  const { allowances, charges } = allowanceCharges(
    kids(settlement, "SpecifiedTradeAllowanceCharge"),
    `${f}.allowanceCharge`,
    false,
  );
  return {
    id: at(node, "AssociatedDocumentLineDocument", "LineID") ?? String(i + 1),
    name: at(node, "SpecifiedTradeProduct", "Name") ?? "",
    description: paragraphAt(node, "SpecifiedTradeProduct", "Description"),
    sellerItemId: at(node, "SpecifiedTradeProduct", "SellerAssignedID"),
    quantity: decimal4(txt(quantityNode), `${f}.BilledQuantity`),
    unitCode: attr(quantityNode, "unitCode") ?? "C62",
    netPrice: basis ? divide4(price, decimal4(basis, `${f}.BasisQuantity`)) : price,
    allowances,
    charges,
    net: requiredCents(
      at(settlement, "SpecifiedTradeSettlementLineMonetarySummation", "LineTotalAmount"),
      `${f}.LineTotalAmount`,
    ),
    vat: vatOf(kid(settlement, "ApplicableTradeTax"), `${f}.ApplicableTradeTax`),
  };
};

/** A CII `CrossIndustryInvoice` (any Factur-X profile) as the neutral e-invoice. */
export const readCii = (root: XNode): EInvoice => {
  const context = kid(root, "ExchangedDocumentContext");
  const guideline = at(context, "GuidelineSpecifiedDocumentContextParameter", "ID");
  const profile = profileOfGuideline(guideline);
  if (!profile)
    throw new DomainError("einvoice.unknownProfile", {
      field: "BT-24",
      profile: (guideline ?? "").slice(0, 100),
    });
  const document = kid(root, "ExchangedDocument");
  const transaction = kid(root, "SupplyChainTradeTransaction");
  const agreement = kid(transaction, "ApplicableHeaderTradeAgreement");
  const delivery = kid(transaction, "ApplicableHeaderTradeDelivery");
  const settlement = kid(transaction, "ApplicableHeaderTradeSettlement");
  const sums = kid(settlement, "SpecifiedTradeSettlementHeaderMonetarySummation");
  const number = at(document, "ID");
  if (!number) throw new DomainError("einvoice.missingField", { field: "BT-1" });
  const issueDate = isoDay(at(document, "IssueDateTime", "DateTimeString"), "BT-2");
  if (!issueDate) throw new DomainError("einvoice.missingField", { field: "BT-2" });
  const typeCode = at(document, "TypeCode");
  if (!typeCode) throw new DomainError("einvoice.missingField", { field: "BT-3" });
  const shipTo = kid(delivery, "ShipToTradeParty");
  const deliveryDate = isoDay(
    at(delivery, "ActualDeliverySupplyChainEvent", "OccurrenceDateTime", "DateTimeString"),
    "BT-72",
  );
  const terms = kid(settlement, "SpecifiedTradePaymentTerms");
  const means = kid(settlement, "SpecifiedTradeSettlementPaymentMeans");
  const { allowances, charges } = allowanceCharges(
    kids(settlement, "SpecifiedTradeAllowanceCharge"),
    "allowanceCharge",
    true,
  );
  const preceding = kid(settlement, "InvoiceReferencedDocument");
  return {
    profile,
    typeCode,
    number,
    issueDate,
    currency: at(settlement, "InvoiceCurrencyCode") ?? "EUR",
    operationCategory: at(context, "BusinessProcessSpecifiedDocumentContextParameter", "ID"),
    notes: kids(document, "IncludedNote").flatMap((n) => {
      const content = paragraphAt(n, "Content");
      return content ? [{ subject: at(n, "SubjectCode"), content }] : [];
    }),
    seller: party(kid(agreement, "SellerTradeParty")),
    buyer: party(kid(agreement, "BuyerTradeParty")),
    buyerReference: at(agreement, "BuyerReference"),
    orderReference: at(agreement, "BuyerOrderReferencedDocument", "IssuerAssignedID"),
    delivery:
      shipTo !== undefined || deliveryDate
        ? {
            name: at(shipTo, "Name"),
            address: address(kid(shipTo, "PostalTradeAddress")),
            date: deliveryDate,
          }
        : null,
    precedingInvoice: at(preceding, "IssuerAssignedID")
      ? {
          number: at(preceding, "IssuerAssignedID") ?? "",
          date: isoDay(at(preceding, "FormattedIssueDateTime", "DateTimeString"), "BT-26"),
        }
      : null,
    dueDate: isoDay(at(terms, "DueDateDateTime", "DateTimeString"), "BT-9"),
    paymentTerms: paragraphAt(terms, "Description"),
    payment:
      means !== undefined
        ? {
            meansCode: at(means, "TypeCode") ?? "1",
            iban: at(means, "PayeePartyCreditorFinancialAccount", "IBANID")?.replace(/\s/g, "") ?? null,
            bic: at(means, "PayeeSpecifiedCreditorFinancialInstitution", "BICID"),
          }
        : null,
    lines: kids(transaction, "IncludedSupplyChainTradeLineItem").map(line),
    allowances,
    charges,
    vatBreakdown: kids(settlement, "ApplicableTradeTax").map((t, i) => ({
      ...vatOf(t, `vatBreakdown[${i}]`),
      base: requiredCents(at(t, "BasisAmount"), `vatBreakdown[${i}].BasisAmount`),
      vat: requiredCents(at(t, "CalculatedAmount"), `vatBreakdown[${i}].CalculatedAmount`),
      exemptionReason: at(t, "ExemptionReason"),
      exemptionCode: at(t, "ExemptionReasonCode"),
      dueDateCode: at(t, "DueDateTypeCode"),
    })),
    totals: {
      lineTotal: cents(at(sums, "LineTotalAmount"), "BT-106"),
      allowanceTotal: cents(at(sums, "AllowanceTotalAmount"), "BT-107"),
      chargeTotal: cents(at(sums, "ChargeTotalAmount"), "BT-108"),
      taxBasis: requiredCents(at(sums, "TaxBasisTotalAmount"), "BT-109"),
      // BT-110 in the invoice's currency (a second one may give BT-111 in the accounting currency).
      taxTotal:
        cents(
          txt(
            kids(sums, "TaxTotalAmount").find(
              (n) => (attr(n, "currencyID") ?? "EUR") === (at(settlement, "InvoiceCurrencyCode") ?? "EUR"),
            ) ?? kid(sums, "TaxTotalAmount"),
          ),
          "BT-110",
        ) ?? 0,
      grandTotal: requiredCents(at(sums, "GrandTotalAmount"), "BT-112"),
      prepaid: cents(at(sums, "TotalPrepaidAmount"), "BT-113"),
      rounding: cents(at(sums, "RoundingAmount"), "BT-114"),
      duePayable: requiredCents(at(sums, "DuePayableAmount"), "BT-115"),
    },
  };
};
