import { type PlatformInvoice as Invoice, PLATFORM_ORG, Rights } from "@registre/core";
import type { Context } from "hono";
import { platformInvoiceFileName, platformInvoicePdf } from "../billing-invoices/invoice-document.ts";
import { mailPlatformInvoice } from "../billing-invoices/invoice-mail.ts";
import {
  invoiceJson,
  invoiceOf,
  invoicePage,
  paymentLines,
  paymentOf,
  paymentPage,
  subscriptionRows,
} from "../billing-invoices/invoice-views.ts";
import {
  findPlatformInvoice,
  organisationBuyer,
  platformSeller,
  runPlatformInvoices,
} from "../billing-invoices/platform-invoices.ts";
import { alreadyAppended } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { accessRoute, PLATFORM, right } from "../http/access.ts";
import { fileHeaders } from "../http/downloads.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../http/openapi.ts";
import { localeOf } from "../http/problem.ts";
import { requirePlatformOrganisation } from "../identity/platform.ts";
import { answer, body, errors, UuidParam } from "../schemas/common.ts";
import {
  AccountPayment,
  AccountPaymentLines,
  AccountPaymentList,
  InvoicePdfQuery,
  ListQuery,
  ManualInvoiceInput,
  PaymentIdParam,
  PlatformInvoice,
  PlatformInvoiceList,
  PlatformInvoiceQuery,
  PlatformInvoicesOverview,
} from "../schemas/platform-invoices.ts";
import { requireBilling } from "./billing.ts";

const tags = ["Billing"];
/** An invoice's Factur-X PDF as a download, in the language asked or the request's. */
const pdfAnswer = async (c: Context, invoice: Invoice, lang: "fr" | "en" | undefined) => {
  const pdf = await platformInvoicePdf(invoice, lang ?? localeOf(c));
  return c.body(
    pdf as Uint8Array<ArrayBuffer>,
    200,
    fileHeaders(platformInvoiceFileName(invoice), "application/pdf"),
  ) as never;
};

/** Who manages the organisation's subscription reads what it paid: its owners (the organisation's update right). */
const billingManager = right("organization", Rights.update);
const pdfResponse = {
  description: "The Factur-X (PDF/A-3b, its CII XML embedded as factur-x.xml)",
  content: { "application/pdf": { schema: { type: "string" as const, format: "binary" } } },
};

/**
 * The platform's invoices to the organisation (mounted at /account/invoices): those of the session's
 * organisation only — another's is 404 —, for its owners. Empty when billing is off.
 */
export const accountInvoiceRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  app.openapi(
    accessRoute(ctx, billingManager, {
      method: "get",
      path: "/",
      operationId: "listAccountInvoices",
      tags,
      request: { query: ListQuery },
      responses: { 200: answer(PlatformInvoiceList, "The organisation's invoices, newest first"), ...errors },
    }),
    async (c) => c.json(await invoicePage(ctx, sessionOrg(c), c.req.valid("query")), 200),
  );
  app.openapi(
    accessRoute(ctx, billingManager, {
      method: "get",
      path: "/{id}",
      operationId: "getAccountInvoice",
      tags,
      request: { params: UuidParam },
      responses: { 200: answer(PlatformInvoice, "The invoice"), ...errors },
    }),
    async (c) => c.json(invoiceJson(await invoiceOf(ctx, c.req.valid("param").id, sessionOrg(c))), 200),
  );
  app.openapi(
    accessRoute(ctx, billingManager, {
      method: "get",
      path: "/{id}/pdf",
      operationId: "getAccountInvoicePdf",
      tags,
      request: { params: UuidParam, query: InvoicePdfQuery },
      responses: { 200: pdfResponse, ...errors },
    }),
    async (c) => {
      const invoice = await invoiceOf(ctx, c.req.valid("param").id, sessionOrg(c));
      return pdfAnswer(c, invoice, c.req.valid("query").lang);
    },
  );
  return app;
};

/** What the organisation paid (mounted at /account/payments): its subscription's payments and their lines. */
export const accountPaymentRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  app.openapi(
    accessRoute(ctx, billingManager, {
      method: "get",
      path: "/",
      operationId: "listAccountPayments",
      tags,
      request: { query: ListQuery },
      responses: {
        200: answer(AccountPaymentList, "The payments, newest first, with their invoice"),
        ...errors,
      },
    }),
    async (c) => c.json(await paymentPage(ctx, sessionOrg(c), c.req.valid("query")), 200),
  );
  app.openapi(
    accessRoute(ctx, billingManager, {
      method: "get",
      path: "/{id}",
      operationId: "getAccountPayment",
      tags,
      request: { params: PaymentIdParam },
      responses: { 200: answer(AccountPayment, "The payment"), ...errors },
    }),
    async (c) => c.json(await paymentOf(ctx, sessionOrg(c), c.req.valid("param").id), 200),
  );
  app.openapi(
    accessRoute(ctx, billingManager, {
      method: "get",
      path: "/{id}/lines",
      operationId: "listAccountPaymentLines",
      tags,
      request: { params: PaymentIdParam },
      responses: {
        200: answer(AccountPaymentLines, "What the payment paid: the plan over the period"),
        ...errors,
      },
    }),
    async (c) => c.json({ items: await paymentLines(ctx, sessionOrg(c), c.req.valid("param").id) }, 200),
  );
  return app;
};

/**
 * The platform administrator's view (mounted at /registre/orgs/invoices): every organisation's invoices
 * and subscription, and invoices or credit notes made by hand (numbered in the same series, e-mailed).
 */
export const platformInvoiceRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "get",
      path: "/",
      operationId: "listPlatformInvoices",
      tags,
      request: { query: PlatformInvoiceQuery },
      responses: {
        200: answer(PlatformInvoicesOverview, "The invoices, newest first, and every subscription"),
        ...errors,
      },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const [invoices, subscriptions] = await Promise.all([
        invoicePage(ctx, q.org, q),
        subscriptionRows(ctx),
      ]);
      return c.json({ ...invoices, subscriptions }, 200);
    },
  );
  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "post",
      path: "/",
      operationId: "createPlatformInvoice",
      tags,
      description:
        "An invoice or a credit note made by hand, in the platform's series; a credit note names the invoice " +
        "it corrects (`corrects`) and takes back at most what is left of it. E-mailed to the organisation's owner.",
      request: body(ManualInvoiceInput),
      responses: { 201: answer(PlatformInvoice, "Issued"), ...errors },
    }),
    async (c) => {
      requireBilling(ctx);
      const input = c.req.valid("json");
      const metadata = commandMetadata(c, ctx);
      const id = metadata.commandId;
      if (!(await alreadyAppended(ctx, PLATFORM_ORG, metadata)))
        await requirePlatformOrganisation(ctx, input.orgId);
      const [seller, buyer] = await Promise.all([platformSeller(ctx), organisationBuyer(ctx, input.orgId)]);
      const outcome = await runPlatformInvoices(
        ctx,
        [
          {
            type: "IssueManualInvoice",
            id,
            kind: input.kind,
            lines: input.lines,
            corrects: input.corrects ?? null,
            seller,
            buyer,
            by: c.get("session").userId,
            at: metadata.at,
          },
        ],
        metadata,
      );
      const invoice = await findPlatformInvoice(ctx, id);
      if (!outcome.result.duplicate) await mailPlatformInvoice(ctx, invoice);
      return c.json(invoiceJson(await findPlatformInvoice(ctx, id)), 201);
    },
  );
  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "get",
      path: "/{id}/pdf",
      operationId: "getPlatformInvoicePdf",
      tags,
      request: { params: UuidParam, query: InvoicePdfQuery },
      responses: { 200: pdfResponse, ...errors },
    }),
    async (c) => {
      const invoice = await invoiceOf(ctx, c.req.valid("param").id);
      return pdfAnswer(c, invoice, c.req.valid("query").lang);
    },
  );
  return app;
};
