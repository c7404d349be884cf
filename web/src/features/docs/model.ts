/**
 * The documents as the screens see them: kinds, sides, statuses (the core's own, from its pure
 * subpaths), the lists of the spec's routes and the rights that guard them. The lifecycle table and the
 * transform targets are the core's too, for the buttons a document shows; the API still decides.
 */
import { documentDirections, documentKinds, documentStatuses } from "@registre/core/documents/document";
import { documentTransitions } from "@registre/core/documents/lifecycle";
import { transformTargets } from "@registre/core/documents/transform";

export { documentTransitions, transformTargets };
export const docKinds = documentKinds;
export type DocKind = (typeof docKinds)[number];
export const directions = documentDirections;
export type Direction = (typeof directions)[number];
export const docStatuses = documentStatuses;
export type DocStatus = (typeof docStatuses)[number];

/** The lists of the spec (/org/sales/quotes…): each shows one kind, invoices their credit notes too. */
export const listSegments = ["quotes", "orders", "invoices", "deliveries"] as const;
export type ListSegment = (typeof listSegments)[number];
export const segmentKinds: Record<ListSegment, readonly DocKind[]> = {
  quotes: ["quote"],
  orders: ["order"],
  invoices: ["invoice", "creditNote"],
  deliveries: ["delivery"],
};
export const segmentOf = (kind: DocKind): ListSegment =>
  kind === "quote" ? "quotes" : kind === "order" ? "orders" : kind === "delivery" ? "deliveries" : "invoices";

/** The resource code of a kind's rights (spec section 6): a credit note is an invoice's. */
export const rightOf = (direction: Direction, kind: DocKind): string => `${direction}.${segmentOf(kind)}`;
export const validateRightOf = (direction: Direction): string => `${direction}.invoices.validate`;

/** The statuses a document may go to, validation aside (its own action: it numbers and posts). */
export const statusActions = (kind: DocKind, from: DocStatus): DocStatus[] =>
  (documentTransitions[kind][from] ?? []).filter((to) => to !== "validated");
export const isValidatable = (kind: DocKind, status: DocStatus): boolean =>
  (kind === "invoice" || kind === "creditNote") && status === "draft";

/** A document is transformed once out of draft (sent, accepted…), never when cancelled or refused (the core's `planTransform`). */
export const canTransform = (status: DocStatus): boolean =>
  status !== "draft" && status !== "cancelled" && status !== "refused";

export const statusColors: Record<DocStatus, string> = {
  draft: "gray",
  validated: "teal",
  sent: "blue",
  accepted: "green",
  refused: "red",
  cancelled: "dark",
  delivered: "cyan",
};

/** Invoices and credit notes are numbered when validated: a draft has none yet (« Brouillon »). */
export const numberedLater = (kind: DocKind): boolean => kind === "invoice" || kind === "creditNote";

/**
 * Where a validated invoice or credit note stands with its payments (issue 23): paid (settled), partly
 * paid, late (unpaid past its due date, with the days), or to pay; with what is still due. `null` for
 * anything else (a draft, a quote…), which shows its status as it is.
 */
export type PaymentStanding =
  | { readonly key: "paid" }
  | { readonly key: "partial" | "toPay"; readonly due: number }
  | { readonly key: "late"; readonly due: number; readonly days: number };

export const paymentStanding = (
  doc: {
    readonly kind: DocKind;
    readonly paymentStatus?: "unpaid" | "partial" | "paid" | null;
    readonly due: number;
    readonly dueDate: string | null;
  },
  today: string,
): PaymentStanding | null => {
  if (!numberedLater(doc.kind) || !doc.paymentStatus) return null;
  if (doc.paymentStatus === "paid") return { key: "paid" };
  const days = doc.dueDate ? Math.round((Date.parse(today) - Date.parse(doc.dueDate)) / 86_400_000) : 0;
  if (doc.kind === "invoice" && days > 0) return { key: "late", due: doc.due, days };
  return { key: doc.paymentStatus === "partial" ? "partial" : "toPay", due: doc.due };
};
