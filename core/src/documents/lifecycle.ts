import { DomainError } from "../decider.ts";
import type { DocumentDirection, DocumentKind, DocumentStatus, LiveDocument } from "./document.ts";

/**
 * The lifecycle of each kind of document, written down as data: from a status, the statuses a
 * document may go to. Every document starts as a draft, which may change or be deleted; out of draft
 * its content is fixed. Invoices and credit notes leave draft only by validation (numbered, posted).
 */
export const documentTransitions: Readonly<
  Record<DocumentKind, Readonly<Partial<Record<DocumentStatus, readonly DocumentStatus[]>>>>
> = {
  quote: {
    draft: ["sent", "accepted", "refused", "cancelled"],
    sent: ["accepted", "refused", "cancelled"],
    accepted: ["cancelled"],
  },
  order: {
    draft: ["sent", "accepted", "refused", "cancelled"],
    sent: ["accepted", "refused", "cancelled"],
    accepted: ["delivered", "cancelled"],
  },
  delivery: { draft: ["delivered", "cancelled"] },
  invoice: { draft: ["validated"], validated: ["sent"] },
  creditNote: { draft: ["validated"], validated: ["sent"] },
};

/** The transitions that only validation makes (it numbers the document and posts its entry). */
export const byValidation = (kind: DocumentKind, to: DocumentStatus): boolean =>
  to === "validated" && (kind === "invoice" || kind === "creditNote");

/** The statuses a document of `kind` may go to from `from`. */
export const nextStatuses = (kind: DocumentKind, from: DocumentStatus): readonly DocumentStatus[] =>
  documentTransitions[kind][from] ?? [];

export const canTransition = (kind: DocumentKind, from: DocumentStatus, to: DocumentStatus): boolean =>
  nextStatuses(kind, from).includes(to);

/** Refuses a status change the table does not allow, or that only validation makes. */
export const checkTransition = (doc: LiveDocument, to: DocumentStatus): void => {
  // An internal credit note (issue 25) cancels a refused invoice in the books only: it is never sent.
  if (doc.internal && to === "sent") throw new DomainError("doc.internalNotSent", { field: "status" }, 409);
  if (byValidation(doc.kind, to) && doc.status === "draft")
    throw new DomainError("doc.validationRequired", { kind: doc.kind }, 409);
  if (!canTransition(doc.kind, doc.status, to))
    throw new DomainError("doc.transitionRefused", { kind: doc.kind, from: doc.status, to }, 409);
};

/** A document whose content may change: a draft. A validated invoice never changes. */
export const checkDraft = (doc: LiveDocument): void => {
  if (doc.status === "draft") return;
  if (doc.status === "validated" || doc.validation !== null)
    throw new DomainError("doc.validatedImmutable", { number: doc.number ?? "" }, 409);
  throw new DomainError("doc.notDraft", { status: doc.status }, 409);
};

/**
 * When a document takes its number: sales invoices and credit notes at validation, never before
 * (gapless series); quotes, orders and delivery slips at creation, in their own series; purchase
 * invoices and credit notes carry the supplier's number (no series of ours).
 */
export type NumberingMoment = "creation" | "validation" | "supplier";

export const numberedAt = (kind: DocumentKind, direction: DocumentDirection): NumberingMoment => {
  if (kind === "invoice" || kind === "creditNote") return direction === "sales" ? "validation" : "supplier";
  return "creation";
};

/** Documents whose validation posts an entry: invoices and credit notes, both sides. */
export const postsEntry = (kind: DocumentKind): boolean => kind === "invoice" || kind === "creditNote";
