import { DomainError } from "../decider.ts";
import type { ReadLimits } from "../read-limits.ts";
import { readCii } from "./cii-read.ts";
import type { EInvoice } from "./model.ts";
import { readUbl } from "./ubl-read.ts";
import { kid, parseXml } from "./xml.ts";

export type EInvoiceSyntax = "cii" | "ubl";

/**
 * An e-invoice's XML, CII (Factur-X, any profile) or UBL (Invoice, CreditNote), as the neutral model.
 * Not XML: `einvoice.notXml`; XML of something else: `einvoice.notInvoice`; a profile not known:
 * `einvoice.unknownProfile`; a required term missing: `einvoice.missingField {field}`.
 */
export const readEInvoiceXml = (
  source: string,
  limits: ReadLimits = {},
): { syntax: EInvoiceSyntax; invoice: EInvoice } => {
  const document = parseXml(source, limits);
  const cii = kid(document, "CrossIndustryInvoice");
  if (cii !== undefined) return { syntax: "cii", invoice: readCii(cii) };
  const invoice = kid(document, "Invoice");
  if (invoice !== undefined) return { syntax: "ubl", invoice: readUbl(invoice, false) };
  const credit = kid(document, "CreditNote");
  if (credit !== undefined) return { syntax: "ubl", invoice: readUbl(credit, true) };
  throw new DomainError("einvoice.notInvoice", { field: "file" });
};
