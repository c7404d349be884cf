import type { LiveDocument } from "./document.ts";
import { isPriced } from "./lines.ts";
import { franchiseMention, sameLine, withSaleRegime } from "./sale-regime.ts";

/**
 * What a document lacks to be validated: the mandatory mentions of a French invoice (CGI ann. II
 * 242 nonies A, C. com. L441-9, the 2026 mentions) and what its posting needs. Each problem is a
 * stable code with the field it concerns, for the validation check screen (`GET /docs/{id}/validate`);
 * validation refuses the first one.
 */
export type DocumentProblem = { readonly code: string; readonly field: string };

/** The organisation as its invoices print it (the seller on sales documents). */
export type SellerIdentity = {
  readonly name: string | null;
  readonly siren: string | null;
  readonly vatNumber: string | null;
  readonly hasAddress: boolean;
  /** Franchise en base (293 B): no VAT number needed, every line exempt with the 293 B mention. */
  readonly vatFranchise: boolean;
};

const REVERSE_CHARGE = /autoliquidation|262 ter|intracommunautaire|reverse charge/i;
const FRANCHISE_MENTION = franchiseMention;

export const documentProblems = (doc: LiveDocument, seller: SellerIdentity): DocumentProblem[] => {
  const problems: DocumentProblem[] = [];
  const add = (code: string, field: string) => problems.push({ code, field });
  const priced = doc.lines.filter(isPriced);
  const sales = doc.direction === "sales";
  const invoiceLike = doc.kind === "invoice" || doc.kind === "creditNote";
  const contact = doc.contact;

  if (priced.length === 0) add("doc.mention.noLines", "lines");
  if (!contact) add("doc.mention.contact", "contact");

  if (sales) {
    if (!seller.name) add("doc.mention.sellerName", "seller.name");
    if (!seller.hasAddress) add("doc.mention.sellerAddress", "seller.address");
    if (!seller.siren) add("doc.mention.sellerSiren", "seller.siren");
    if (!seller.vatFranchise && !seller.vatNumber) add("doc.mention.sellerVatNumber", "seller.vatNumber");
    if (
      seller.vatFranchise &&
      priced.some((l) => l.vatRate !== "exempt" || l.vatExemption !== FRANCHISE_MENTION)
    )
      add("doc.mention.franchiseMention", "lines");
    if (contact) {
      if (!contact.billingAddress) add("doc.mention.customerAddress", "contact.billingAddress");
      // Business customers established in France: their SIREN (Décr. 2022-1299).
      const french = (contact.billingAddress?.country ?? "FR") === "FR";
      if (invoiceLike && contact.kind === "company" && french && !contact.siren)
        add("doc.mention.customerSiren", "contact.siren");
      if (
        priced.some((l) => l.vatExemption !== null && REVERSE_CHARGE.test(l.vatExemption)) &&
        !contact.vatNumber
      )
        add("doc.mention.customerVatNumber", "contact.vatNumber");
      // A line whose regime is not the one its customer and nature decide (a draft written before the
      // regimes, or whose contact changed outside the commands): set the contact again, or edit the line.
      for (const line of priced)
        if (!sameLine(withSaleRegime(doc, line), line))
          add("doc.vatRegimeOutdated", `lines.${line.id}.vatRate`);
    }
    if (doc.kind === "creditNote" && (doc.origin?.relation !== "creditNote" || !doc.origin.number))
      add("doc.mention.creditedInvoice", "origin");
  } else if (invoiceLike) {
    if (!doc.header.supplierNumber) add("doc.mention.supplierNumber", "supplierNumber");
    if (!doc.header.supplierDate) add("doc.mention.supplierDate", "supplierDate");
  }

  if (invoiceLike) {
    if (contact && !contact.auxiliary) add("doc.contactAccountMissing", "contact.auxiliary");
    for (const line of priced) if (!line.account) add("doc.lineAccountMissing", `lines.${line.id}.account`);
  }
  return problems;
};
