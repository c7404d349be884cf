import {
  allParams,
  type CommandMetadata,
  checkSeller,
  DomainError,
  type InvoiceAddress,
  type InvoiceBuyer,
  type InvoiceSeller,
  PLATFORM_ORG,
  type PlatformInvoice,
  type PlatformInvoiceCommand,
  type PlatformInvoicesState,
  platformInvoicesDecider,
  platformInvoicesStreamId,
  type SubscriptionEvent,
  subscriptionStreamId,
} from "@registre/core";
import { sql } from "kysely";
import { handleCommand, loadAggregate } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { loadOrganisation } from "../documents/context.ts";
import { derivedId } from "../ids.ts";
import { loadParams } from "../platform/params.ts";

/**
 * The platform's invoices to its customers (the `billing-invoices` stream of the platform pseudo-organisation,
 * `core/src/billing/platform-invoices.ts`): made from the subscriptions' payments, each once by its payment
 * id, and by the platform administrator by hand.
 */
export const runPlatformInvoices = (
  ctx: AppContext,
  commands: readonly PlatformInvoiceCommand[],
  metadata: CommandMetadata,
) =>
  handleCommand(ctx, {
    orgId: PLATFORM_ORG,
    streamId: platformInvoicesStreamId,
    decider: platformInvoicesDecider,
    commands,
    metadata,
    readModels: [],
  });

export const loadPlatformInvoices = async (ctx: AppContext): Promise<PlatformInvoicesState> =>
  (await loadAggregate(ctx, PLATFORM_ORG, platformInvoicesStreamId, platformInvoicesDecider)).state;

/** The invoices, newest first: every organisation's, or one's. */
export const listPlatformInvoices = async (ctx: AppContext, orgId?: string): Promise<PlatformInvoice[]> =>
  Object.values((await loadPlatformInvoices(ctx)).invoices)
    .filter((i) => orgId === undefined || i.buyer.orgId === orgId)
    .sort((a, b) => b.at.localeCompare(a.at) || b.number.localeCompare(a.number));

/** One invoice (of this organisation when given): 404 `platformInvoice.notFound` otherwise. */
export const findPlatformInvoice = async (
  ctx: AppContext,
  id: string,
  orgId?: string,
): Promise<PlatformInvoice> => {
  const invoice = (await loadPlatformInvoices(ctx)).invoices[id];
  if (!invoice || (orgId !== undefined && invoice.buyer.orgId !== orgId))
    throw new DomainError("platformInvoice.notFound", { id }, 404);
  return invoice;
};

/** « 1 rue de la Paix, 75002 Paris »: the street lines, then the postcode and the city. */
export const parseOneLineAddress = (text: string): InvoiceAddress | null => {
  const match = /^(.*?)[,\s]+(\d{5})\s+([^,]+?)\s*(?:,\s*France)?$/i.exec(text.trim());
  if (!match) return null;
  const lines = (match[1] ?? "")
    .split(",")
    .map((l) => l.trim())
    .filter(Boolean);
  return { lines, postalCode: match[2] ?? "", city: match[3] ?? "", country: "FR" };
};

/** The platform as a seller, from its parameters (`/params` seller*). */
export const platformSeller = async (ctx: AppContext): Promise<InvoiceSeller> => {
  const params = Object.fromEntries(allParams(await loadParams(ctx)).map((p) => [p.key, p.value]));
  const value = (key: string) => params[key]?.trim() || null;
  return {
    name: value("sellerName") ?? "",
    legalForm: value("sellerLegalForm"),
    capital: value("sellerCapital"),
    siren: value("sellerSiren") ?? "",
    siret: value("sellerSiret"),
    vatNumber: value("sellerVatNumber") ?? "",
    rcs: value("sellerRcs"),
    address: parseOneLineAddress(value("sellerAddress") ?? "") ?? {
      lines: [],
      postalCode: "",
      city: "",
      country: "FR",
    },
    email: value("sellerEmail"),
  };
};

/** The organisation as the buyer: its name, SIREN, VAT number and address when it was invoiced. */
export const organisationBuyer = async (ctx: AppContext, orgId: string): Promise<InvoiceBuyer> => {
  const org = (await loadOrganisation(ctx, orgId)).state;
  if (org.status !== "active") throw new DomainError("organisation.notFound", { field: "orgId" }, 404);
  const a = org.address;
  return {
    orgId,
    name: org.name,
    siren: org.siren || null,
    vatNumber: org.vatNumber,
    address: a
      ? {
          lines: [a.line1, a.line2 ?? ""].filter(Boolean),
          postalCode: a.postalCode,
          city: a.city,
          country: a.country,
        }
      : null,
    email: org.email ?? null,
  };
};

type Renewed = Extract<SubscriptionEvent, { type: "PeriodRenewed" }>;

/** The organisation's payments: its subscription's `PeriodRenewed`, oldest first. */
export const organisationPayments = async (ctx: AppContext, orgId: string): Promise<Renewed["data"][]> =>
  ((await ctx.store.readStream(orgId, subscriptionStreamId)) as unknown as SubscriptionEvent[]).flatMap(
    (e) => (e.type === "PeriodRenewed" ? [e.data] : []),
  );

/**
 * Invoices the organisation's payments that have none yet, each under a command id derived from its
 * payment id (the decider also refuses a second invoice of a payment id): the webhook and the job, or
 * either given twice, make one. Answers the invoices this call issued — those it alone is to e-mail.
 * With the platform's seller identity incomplete, nothing is issued yet: the hourly job issues them once
 * it is set.
 */
export const invoicePayments = async (ctx: AppContext, orgId: string): Promise<PlatformInvoice[]> => {
  const [payments, state] = await Promise.all([organisationPayments(ctx, orgId), loadPlatformInvoices(ctx)]);
  const missing = payments.filter((p) => !state.byPayment[p.paymentId]);
  if (missing.length === 0) return [];
  const seller = await platformSeller(ctx);
  try {
    checkSeller(seller);
  } catch {
    return [];
  }
  const buyer = await organisationBuyer(ctx, orgId);
  const issued: PlatformInvoice[] = [];
  for (const payment of missing) {
    const at = ctx.clock().toISOString();
    const outcome = await runPlatformInvoices(
      ctx,
      [
        {
          type: "InvoicePayment",
          id: derivedId(payment.paymentId, "platform-invoice"),
          paymentId: payment.paymentId,
          planName: payment.plan.name,
          vatRate: payment.plan.vatRate,
          from: payment.from,
          to: payment.to,
          htCents: payment.htCents,
          vatCents: payment.vatCents,
          paidOn: payment.at.slice(0, 10),
          seller,
          buyer,
          at,
        },
      ],
      { commandId: derivedId(payment.paymentId, "platform-invoice-issue"), at },
    );
    if (outcome.result.duplicate) continue;
    for (const event of outcome.events)
      if (event.type === "PlatformInvoiceIssued") {
        const invoice = outcome.state.invoices[event.data.id];
        if (invoice) issued.push(invoice);
      }
  }
  return issued;
};

/** The organisations with a subscription, for the job's sweep. */
export const subscribedOrganisations = async (ctx: AppContext): Promise<string[]> =>
  (
    await sql<{ org_id: string }>`
      select org_id from streams where stream_id = ${subscriptionStreamId} order by org_id`.execute(
      ctx.database.db,
    )
  ).rows.map((r) => r.org_id);
