import { isSelfAssessingSupplier } from "../vat/regime.ts";
import { type LiveDocument, underVatRules2 } from "./document.ts";
import { type DocumentTotals, documentTotals } from "./totals.ts";

/**
 * A purchase from a business abroad (another member state with its VAT number, or outside the EU):
 * its French VAT is self-assessed by the buyer (vat-return.md §2), so the supplier is owed the total
 * excl. tax. Decided from the contact as the document keeps it, so it never changes after validation.
 */
export const isSelfAssessedDocument = (
  doc: Pick<LiveDocument, "direction" | "contact" | "validation">,
): boolean =>
  doc.direction === "purchases" &&
  underVatRules2(doc) &&
  doc.contact !== null &&
  isSelfAssessingSupplier({
    country: doc.contact.billingAddress?.country,
    vatNumber: doc.contact.vatNumber,
  });

/** The document's totals (EN 16931), its deposits deducted and its self-assessed VAT out of what is owed. */
export const documentTotalsOf = (
  doc: Pick<LiveDocument, "direction" | "contact" | "lines" | "deposits" | "validation">,
  paid?: number,
): DocumentTotals =>
  documentTotals(doc.lines, {
    deposits: doc.deposits,
    ...(paid !== undefined && { paid }),
    selfAssessed: isSelfAssessedDocument(doc),
  });
