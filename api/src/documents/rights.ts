import { type DocumentDirection, type DocumentKind, hasRight } from "@registre/core";
import type { Context } from "hono";
import { ProblemError } from "../http/problem.ts";
import type { AuthEnv } from "../identity/auth.ts";

const kindCodes: Record<DocumentKind, string> = {
  quote: "quotes",
  order: "orders",
  delivery: "deliveries",
  invoice: "invoices",
  creditNote: "invoices",
};

/**
 * The resource code of a document (spec section 6): `sales.invoices`, `purchases.quotes`… (credit notes
 * go with invoices), `.histories` for its history, `.validate` for an invoice's validation.
 */
export const documentRightCode = (
  doc: { readonly direction: DocumentDirection; readonly kind: DocumentKind },
  suffix?: "histories" | "validate" | "files",
): string => `${doc.direction}.${kindCodes[doc.kind]}${suffix ? `.${suffix}` : ""}`;

/**
 * The `/docs` routes serve every side and kind, so they declare a session and check the document's own
 * right here (403 `identity.forbidden` naming the code), once the document (or the body) says which.
 */
export const requireDocumentRight = (
  c: Context<AuthEnv>,
  doc: { readonly direction: DocumentDirection; readonly kind: DocumentKind },
  bit: number,
  suffix?: "histories" | "validate" | "files",
): void => {
  const code = documentRightCode(doc, suffix);
  if (!hasRight(c.get("rights"), code, bit)) throw new ProblemError(403, "identity.forbidden", { code });
};

/** `sales-invoice` -> its side and kind. */
export const parseDocType = (type: string): { direction: DocumentDirection; kind: DocumentKind } => {
  const [direction, kind] = type.split("-") as [DocumentDirection, DocumentKind];
  return { direction, kind };
};
