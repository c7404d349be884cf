import { type AnswerOf, api } from "../../lib/api-client.ts";
import { getQuery } from "../../lib/queries.ts";
import { downloadFile } from "../accounting/access.ts";

/** The platform's invoices to the organisation, its payments, and the administrator's overview. */
export type PlatformInvoice = AnswerOf<"/account/invoices/{id}", "get">;
export type AccountPayment = AnswerOf<"/account/payments/{id}", "get">;
export type PaymentLine = AnswerOf<"/account/payments/{id}/lines", "get">["items"][number];
export type InvoicesOverview = AnswerOf<"/registre/orgs/invoices", "get">;
export type SubscriptionRow = InvoicesOverview["subscriptions"][number];

export const invoicesPath = "/account/invoices";
export const invoicePath = (id: string) => `/account/invoices/${encodeURIComponent(id)}`;
export const paymentsPath = "/account/payments";
export const paymentPath = (id: string) => `/account/payments/${encodeURIComponent(id)}`;
export const paymentLinesPath = (id: string) => `${paymentPath(id)}/lines`;

export const invoiceKeys = { all: ["platform-invoices"] as const };

export const accountInvoicesQuery = () =>
  getQuery([...invoiceKeys.all, "account"] as const, "/account/invoices", { query: { limit: 500 } });
export const accountInvoiceQuery = (id: string) =>
  getQuery([...invoiceKeys.all, "account", id] as const, "/account/invoices/{id}", { path: { id } });
export const accountPaymentsQuery = () =>
  getQuery([...invoiceKeys.all, "payments"] as const, "/account/payments", { query: { limit: 500 } });
export const accountPaymentQuery = (id: string) =>
  getQuery([...invoiceKeys.all, "payments", id] as const, "/account/payments/{id}", { path: { id } });
export const paymentLinesQuery = (id: string) =>
  getQuery([...invoiceKeys.all, "payments", id, "lines"] as const, "/account/payments/{id}/lines", {
    path: { id },
  });
export const platformInvoicesQuery = () =>
  getQuery([...invoiceKeys.all, "platform"] as const, "/registre/orgs/invoices", { query: { limit: 500 } });

/** The invoice's Factur-X, from the account's route or the administrator's. */
export const downloadInvoicePdf = (invoice: PlatformInvoice, lang: string, platform = false) =>
  downloadFile(
    `${platform ? "/registre/orgs/invoices" : "/account/invoices"}/${encodeURIComponent(invoice.id)}/pdf?lang=${lang}`,
    `${invoice.number}.pdf`,
  );

export type ManualInvoiceBody = {
  orgId: string;
  kind: "invoice" | "creditNote";
  corrects?: string;
  lines: { label: string; quantity: string; unitHtCents: number; vatRate: string }[];
};
export const createManualInvoice = (body: ManualInvoiceBody) => api.post("/registre/orgs/invoices", { body });
