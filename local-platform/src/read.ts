import { embeddedInvoiceXml } from "./facturx.ts";
import type { FlowSyntax, InvoiceFacts, LifecycleFacts } from "./model.ts";
import { at, attr, declaredNamespaces, kid, kids, NotReadable, parseXml, rootOf, type XNode } from "./xml.ts";

/**
 * What the platform reads of a submitted file, by its declared syntax: the invoice's number, date, type
 * and parties (to route it by the buyer's SIREN), or the lifecycle message's referenced invoice (to
 * forward it). A file that is not what its syntax says throws NotReadable (the acknowledgement's
 * InvalidSchema).
 */
export type FileFacts =
  | { kind: "invoice"; invoice: InvoiceFacts }
  | { kind: "lifecycle"; lifecycle: LifecycleFacts }
  | { kind: "report" };

const CII_NS = "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100";
const CDAR_NS = "urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100";
const UBL_NS = {
  Invoice: "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2",
  CreditNote: "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2",
} as const;

const isPdf = (bytes: Uint8Array) =>
  new TextDecoder("latin1").decode(bytes.subarray(0, 1024)).includes("%PDF-");

export const readFile = async (syntax: FlowSyntax, bytes: Uint8Array): Promise<FileFacts> => {
  switch (syntax) {
    case "CII":
      return { kind: "invoice", invoice: readCii(bytes) };
    case "UBL":
      return { kind: "invoice", invoice: readUbl(bytes) };
    case "Factur-X": {
      if (!isPdf(bytes)) throw new NotReadable("A Factur-X flow is a PDF: this file is not one.");
      let xml: Uint8Array | null;
      try {
        xml = await embeddedInvoiceXml(bytes);
      } catch (error) {
        if (error instanceof NotReadable) throw error;
        throw new NotReadable("The PDF cannot be read.");
      }
      if (!xml) throw new NotReadable("The PDF embeds no factur-x.xml.");
      return { kind: "invoice", invoice: readCii(xml) };
    }
    case "CDAR":
      return { kind: "lifecycle", lifecycle: readCdar(bytes) };
    case "FRR": {
      // The e-reporting file's schema is not public: a well-formed XML document is taken.
      const doc = parseXml(bytes);
      if (!rootOf(doc)) throw new NotReadable("The file has no single root element.");
      return { kind: "report" };
    }
  }
};

/** A SIREN from a legal identifier (scheme 0002: SIREN; 0009: SIRET) or a French VAT number. */
const sirenOf = (party: XNode): string | null => {
  for (const id of kids(kid(party, "SpecifiedLegalOrganization"), "ID")) {
    const value = at(id)?.replace(/\s/g, "") ?? "";
    const scheme = attr(id, "schemeID");
    if ((scheme === "0002" || scheme === null) && /^\d{9}$/.test(value)) return value;
    if (scheme === "0009" && /^\d{14}$/.test(value)) return value.slice(0, 9);
  }
  for (const reg of kids(party, "SpecifiedTaxRegistration")) {
    const m = /^FR[0-9A-Z]{2}(\d{9})$/.exec(at(reg, "ID")?.replace(/\s/g, "") ?? "");
    if (m) return m[1] as string;
  }
  return null;
};

const requireRoot = (bytes: Uint8Array, name: string, namespace: string, what: string): XNode => {
  const doc = parseXml(bytes);
  const root = rootOf(doc);
  if (root?.name !== name || !declaredNamespaces(bytes).includes(namespace))
    throw new NotReadable(`The file is not ${what} (its root is not ${name} in ${namespace}).`);
  return root.node;
};

export const readCii = (bytes: Uint8Array): InvoiceFacts => {
  const root = requireRoot(bytes, "CrossIndustryInvoice", CII_NS, "a CII invoice");
  const header = kid(root, "ExchangedDocument");
  const number = at(header, "ID");
  const agreement = kid(root, "SupplyChainTradeTransaction", "ApplicableHeaderTradeAgreement");
  if (!number || agreement === undefined)
    throw new NotReadable("The CII invoice has no number (BT-1) or no trade agreement.");
  const seller = kid(agreement, "SellerTradeParty");
  const buyer = kid(agreement, "BuyerTradeParty");
  return {
    number,
    typeCode: at(header, "TypeCode") ?? "380",
    issueDate: (at(header, "IssueDateTime", "DateTimeString") ?? "").replace(/-/g, "").slice(0, 8),
    sellerSiren: sirenOf(seller),
    sellerName: at(seller, "Name"),
    buyerSiren: sirenOf(buyer),
    buyerName: at(buyer, "Name"),
  };
};

/** A UBL party's SIREN: PartyLegalEntity/CompanyID (0002), else a French VAT number. */
const ublSiren = (party: XNode): string | null => {
  for (const id of kids(kid(party, "PartyLegalEntity"), "CompanyID")) {
    const value = at(id)?.replace(/\s/g, "") ?? "";
    const scheme = attr(id, "schemeID");
    if ((scheme === "0002" || scheme === null) && /^\d{9}$/.test(value)) return value;
  }
  for (const scheme of kids(party, "PartyTaxScheme")) {
    const m = /^FR[0-9A-Z]{2}(\d{9})$/.exec(at(scheme, "CompanyID")?.replace(/\s/g, "") ?? "");
    if (m) return m[1] as string;
  }
  return null;
};

export const readUbl = (bytes: Uint8Array): InvoiceFacts => {
  const doc = parseXml(bytes);
  const root = rootOf(doc);
  const kind = root?.name === "Invoice" || root?.name === "CreditNote" ? root.name : null;
  if (!root || !kind || !declaredNamespaces(bytes).includes(UBL_NS[kind]))
    throw new NotReadable("The file is not a UBL invoice or credit note.");
  const number = at(root.node, "ID");
  if (!number) throw new NotReadable("The UBL invoice has no number (BT-1).");
  const seller = kid(root.node, "AccountingSupplierParty", "Party");
  const buyer = kid(root.node, "AccountingCustomerParty", "Party");
  return {
    number,
    typeCode: at(root.node, kind === "Invoice" ? "InvoiceTypeCode" : "CreditNoteTypeCode") ?? "380",
    issueDate: (at(root.node, "IssueDate") ?? "").replace(/-/g, "").slice(0, 8),
    sellerSiren: ublSiren(seller),
    sellerName: at(seller, "PartyLegalEntity", "RegistrationName"),
    buyerSiren: ublSiren(buyer),
    buyerName: at(buyer, "PartyLegalEntity", "RegistrationName"),
  };
};

export const readCdar = (bytes: Uint8Array): LifecycleFacts => {
  const root = requireRoot(bytes, "CrossDomainAcknowledgementAndResponse", CDAR_NS, "a CDAR message");
  const reference = kid(root, "AcknowledgementDocument", "ReferenceReferencedDocument");
  const invoiceNumber = at(reference, "IssuerAssignedID");
  if (!invoiceNumber)
    throw new NotReadable("The CDAR message references no invoice (ReferenceReferencedDocument).");
  const globalSiren = (party: XNode): string | null => {
    const id = kids(party, "GlobalID").find((g) => attr(g, "schemeID") === "0002");
    const value = at(id) ?? "";
    return /^\d{9}$/.test(value) ? value : null;
  };
  const header = kid(root, "ExchangedDocument");
  const sellerRecipient = kids(header, "RecipientTradeParty").find((p) => at(p, "RoleCode") === "SE");
  return {
    invoiceNumber,
    sellerSiren: globalSiren(kid(reference, "IssuerTradeParty")) ?? globalSiren(sellerRecipient),
    issuerRole: at(header, "IssuerTradeParty", "RoleCode"),
    statusCode: at(reference, "ProcessConditionCode"),
  };
};
