import type { z } from "@hono/zod-openapi";
import { DomainError, dueOn, invoiceTotals, type PlatformInvoice } from "@registre/core";
import { readModels } from "@registre/projections";
import { loadSubscription } from "../billing/subscription.ts";
import type { AppContext } from "../context.ts";
import { plain } from "../schemas/common.ts";
import type { PlatformInvoice as PlatformInvoiceSchema } from "../schemas/platform-invoices.ts";
import { invoiceDueDate } from "./invoice-document.ts";
import {
  findPlatformInvoice,
  listPlatformInvoices,
  loadPlatformInvoices,
  organisationPayments,
  subscribedOrganisations,
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

/** Every organisation's subscription, for the platform administrator: status, plan, due day. */
export const subscriptionRows = async (ctx: AppContext) => {
  if (!ctx.billing) return [];
  const orgIds = await subscribedOrganisations(ctx);
  if (orgIds.length === 0) return [];
  const names = new Map(
    (
      await readModels(ctx.database)
        .selectFrom("organisations")
        .select(["org_id", "name"])
        .where("org_id", "in", orgIds)
        .execute()
    ).map((r) => [r.org_id, r.name]),
  );
  const rows = await Promise.all(
    orgIds.map(async (orgId) => {
      const state = await loadSubscription(ctx, orgId);
      return {
        orgId,
        orgName: names.get(orgId) ?? "",
        status: state.status,
        plan: state.plan?.name ?? null,
        periodTo: state.periodTo,
        dueOn: dueOn(state),
        graceEndsOn: state.graceEndsOn,
      };
    }),
  );
  return rows.sort((a, b) => a.orgName.localeCompare(b.orgName));
};
