import type { DocumentContact } from "./document.ts";
import type { NotSentReason } from "./transmission.ts";

/**
 * Whether a document goes through the approved platform (the reform's e-invoicing) or to e-reporting:
 * a validated sales invoice or credit note whose customer is a French business with a SIREN is looked
 * up in the directory; found there, it is sent; a person (B2C), a foreign customer or a SIREN the
 * directory does not know go to e-reporting, with the reason. Pure: the directory's answer comes in.
 */
export type TransmissionScope =
  /** Not a document the platform is about: nothing to do. */
  | { readonly decision: "none" }
  /** Ask the directory about this SIREN, then decide again with its answer. */
  | { readonly decision: "lookup"; readonly siren: string }
  | { readonly decision: "send"; readonly siren: string }
  | { readonly decision: "ereporting"; readonly reason: NotSentReason };

export type ScopedDocument = {
  readonly kind: string;
  readonly direction: string;
  readonly validation: unknown;
  readonly contact: Pick<DocumentContact, "kind" | "siren" | "billingAddress"> | null;
  /** An internal credit note (a rejected or refused invoice cancelled in the books): never sent. */
  readonly internal?: true | undefined;
};

const SIREN = /^\d{9}$/;

/** The customer's country as its billing address states it (France when none: a domestic customer). */
const countryOf = (contact: NonNullable<ScopedDocument["contact"]>): string => {
  const country = (contact.billingAddress?.country ?? "FR").trim().toUpperCase();
  // Monaco is in the French VAT territory.
  return country === "MC" ? "FR" : country;
};

/**
 * The scope of a document: `directory` is the directory's answer about the customer's SIREN — `found`
 * (a platform receives for it), `notFound`, or absent when not asked yet (then `lookup` says whom to
 * ask).
 */
export const transmissionScope = (
  doc: ScopedDocument,
  directory?: "found" | "notFound",
): TransmissionScope => {
  if (doc.direction !== "sales" || (doc.kind !== "invoice" && doc.kind !== "creditNote") || !doc.validation)
    return { decision: "none" };
  // Neither sent nor e-reported: it cancels, in the organisation's books only, an invoice the platform
  // rejected or the buyer refused.
  if (doc.internal) return { decision: "none" };
  const contact = doc.contact;
  if (!contact || contact.kind === "person") return { decision: "ereporting", reason: "b2c" };
  if (countryOf(contact) !== "FR") return { decision: "ereporting", reason: "international" };
  const siren = contact.siren?.replace(/\s+/g, "") ?? "";
  // A French organisation without a SIREN (an association not registered…) is no business of the
  // directory: its sale is reported as B2C.
  if (!SIREN.test(siren)) return { decision: "ereporting", reason: "b2c" };
  if (directory === undefined) return { decision: "lookup", siren };
  return directory === "found"
    ? { decision: "send", siren }
    : { decision: "ereporting", reason: "notInDirectory" };
};
