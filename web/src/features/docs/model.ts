/**
 * The documents as the screens see them: kinds, sides, statuses, the lists of the spec's routes and the
 * rights that guard them. The lifecycle table is the core's (`documentTransitions`), kept here for the
 * buttons a document shows; `model.test.ts` compares the two, the API still decides.
 */
export const docKinds = ["quote", "order", "delivery", "invoice", "creditNote"] as const;
export type DocKind = (typeof docKinds)[number];
export const directions = ["sales", "purchases"] as const;
export type Direction = (typeof directions)[number];
export const docStatuses = [
  "draft",
  "validated",
  "sent",
  "accepted",
  "refused",
  "cancelled",
  "delivered",
] as const;
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

export const documentTransitions: Readonly<
  Record<DocKind, Readonly<Partial<Record<DocStatus, readonly DocStatus[]>>>>
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

/** The statuses a document may go to, validation aside (its own action: it numbers and posts). */
export const statusActions = (kind: DocKind, from: DocStatus): DocStatus[] =>
  (documentTransitions[kind][from] ?? []).filter((to) => to !== "validated");
export const isValidatable = (kind: DocKind, status: DocStatus): boolean =>
  (kind === "invoice" || kind === "creditNote") && status === "draft";

/** What a document may become (the core's `transformTargets`). */
export const transformTargets: Record<DocKind, readonly DocKind[]> = {
  quote: ["order", "invoice"],
  order: ["delivery", "invoice"],
  delivery: ["invoice"],
  invoice: [],
  creditNote: [],
};
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
