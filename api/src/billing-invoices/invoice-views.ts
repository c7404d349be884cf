import type { z } from "@hono/zod-openapi";
import { DomainError, invoiceTotals, type PlatformInvoice } from "@registre/core";
import { readModels } from "@registre/projections";
import type { AppContext } from "../context.ts";
import { plain } from "../schemas/common.ts";
import type { PlatformInvoice as PlatformInvoiceSchema } from "../schemas/platform-invoices.ts";
import { invoiceDueDate } from "./invoice-document.ts";
import {
  findPlatformInvoice,
  listPlatformInvoices,
  loadPlatformInvoices,
  organisationPayments,
} from "./platform-invoices.ts";

type InvoiceJson = z.infer<typeof PlatformInvoiceSchema>;

/** What the API answers of the platform's invoices and payments (`schemas/platform-invoices.ts`). */
export const invoiceJson = (invoice: PlatformInvoice): InvoiceJson => {
  const { emailed, by: _by, at: _at, ...rest } = invoice;
  return plain<InvoiceJson>({
    ...rest,
    orgId: invoice.buyer.orgId,
    dueDate: invoiceDueDate(invoice),
    emailedTo: emailed?.to ?? null,
    emailedAt: emailed?.at ?? null,
  });
};

const page = <T>(items: readonly T[], q: { limit: number; offset: number }) => ({
  items: items.slice(q.offset, q.offset + q.limit),
  total: items.length,
});

/** The invoices of an organisation (the account's), or of every one (the platform's), a page of them. */
export const invoicePage = async (
  ctx: AppContext,
  orgId: string | undefined,
  q: { limit: number; offset: number },
) => {
  if (!ctx.billing) return { items: [], total: 0 };
  const { items, total } = page(await listPlatformInvoices(ctx, orgId), q);
  return { items: items.map(invoiceJson), total };
};

export const invoiceOf = async (ctx: AppContext, id: string, orgId?: string) => {
  if (!ctx.billing) throw new DomainError("platformInvoice.notFound", { id }, 404);
  return findPlatformInvoice(ctx, id, orgId);
};

/** The organisation's payments (its subscription's `PeriodRenewed`), newest first, each with its invoice. */
export const paymentsOf = async (ctx: AppContext, orgId: string) => {
  if (!ctx.billing) return [];
  const [payments, invoices] = await Promise.all([
    organisationPayments(ctx, orgId),
    loadPlatformInvoices(ctx),
  ]);
  return payments.reverse().map((p) => {
    const invoiceId = invoices.byPayment[p.paymentId];
    const invoice = invoiceId ? invoices.invoices[invoiceId] : undefined;
    return {
      id: p.paymentId,
      paidOn: p.at.slice(0, 10),
      plan: { id: p.plan.id, name: p.plan.name, months: p.plan.months, vatRate: p.plan.vatRate },
      from: p.from,
      to: p.to,
      htCents: p.htCents,
      vatCents: p.vatCents,
      totalCents: p.totalCents,
      invoice: invoice ? { id: invoice.id, number: invoice.number } : null,
    };
  });
};

export const paymentPage = async (ctx: AppContext, orgId: string, q: { limit: number; offset: number }) =>
  page(await paymentsOf(ctx, orgId), q);

/** One payment of the organisation: 404 `payment.notFound` for another's or none. */
export const paymentOf = async (ctx: AppContext, orgId: string, id: string) => {
  const payment = (await paymentsOf(ctx, orgId)).find((p) => p.id === id);
  if (!payment) throw new DomainError("platformPayment.notFound", { id }, 404);
  return payment;
};

/** A payment's lines: its invoice's, or until it is issued the plan over the period. */
export const paymentLines = async (ctx: AppContext, orgId: string, id: string) => {
  const payment = await paymentOf(ctx, orgId, id);
  const invoice = payment.invoice ? await findPlatformInvoice(ctx, payment.invoice.id, orgId) : null;
  const lines = invoice?.lines ?? [
    {
      label: `Abonnement Registre — ${payment.plan.name}`,
      quantity: "1",
      unitHtCents: payment.htCents,
      vatRate: payment.plan.vatRate,
      from: payment.from,
      to: payment.to,
      htCents: payment.htCents,
    },
  ];
  return lines.map((line) => {
    const { vatCents } = invoiceTotals([line]);
    return { ...line, vatCents, totalCents: line.htCents + vatCents };
  });
};

/**
 * Every organisation's subscription, for the platform administrator: status, plan, due day. One query of
 * the `subscriptions` read model (the core's fold of each subscription stream), by organisation name.
 */
export const subscriptionRows = async (ctx: AppContext) => {
  if (!ctx.billing) return [];
  // As of the log's head when it can be had within the wait budget (a change just made shows); else
  // as the read model stands: an overview, not a decision.
  await ctx.runner.waitFor(await ctx.store.head(), ["subscriptions"], null);
  const rows = await readModels(ctx.database)
    .selectFrom("subscriptions as s")
    .leftJoin("organisations as o", "o.org_id", "s.org_id")
    .select(["s.org_id", "o.name", "s.status", "s.plan", "s.period_to", "s.due_on", "s.grace_ends_on"])
    .orderBy("o.name")
    .orderBy("s.org_id")
    .execute();
  return rows.map((r) => ({
    orgId: r.org_id,
    orgName: r.name ?? "",
    status: r.status,
    plan: r.plan,
    periodTo: r.period_to,
    dueOn: r.due_on,
    graceEndsOn: r.grace_ends_on,
  }));
};
