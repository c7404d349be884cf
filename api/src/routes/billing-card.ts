import { z } from "@hono/zod-openapi";
import { type CommandMetadata, nextCharge, Rights } from "@registre/core";
import { cardFormOf } from "../billing/settings.ts";
import { billingIdentity, ensureTrial, loadSubscription, runSubscription } from "../billing/subscription.ts";
import { billingProvider } from "../billing/webhook.ts";
import type { AppContext } from "../context.ts";
import { accessRoute, right } from "../http/access.ts";
import { commandMetadata, resourceApp } from "../http/openapi.ts";
import { ProblemError } from "../http/problem.ts";
import { derivedId } from "../ids.ts";
import { integerParam } from "../platform/params.ts";
import { answer, body, errors } from "../schemas/common.ts";

const tags = ["Billing"];

const StripeCustomer = z.object({ customerId: z.string() }).openapi("StripeCustomer");
const StripeSetupIntent = z.object({ id: z.string(), clientSecret: z.string() }).openapi("StripeSetupIntent");
const CardForm = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("stripe"), publishableKey: z.string() }),
    z.object({ kind: z.literal("test"), apiUrl: z.string() }),
  ])
  .nullable()
  .openapi("StripeCardForm", {
    description:
      "The card form to show: Stripe's element with its publishable key (STRIPE_PUBLISHABLE_KEY), or, against a " +
      "fake Stripe (STRIPE_API_URL, tests), a test-mode form confirming the SetupIntent on it; null: none configured",
  });
const PaymentMode = z
  .object({
    enabled: z.boolean(),
    card: z
      .object({
        id: z.string().openapi({ description: "The provider's payment method (`pm_…`): PUT replaces it" }),
        brand: z.string(),
        last4: z.string(),
        expMonth: z.number().int(),
        expYear: z.number().int(),
      })
      .nullable(),
    form: CardForm,
    status: z.enum(["none", "trial", "active", "pastDue", "readOnly"]),
    charged: z
      .enum(["succeeded", "failed"])
      .nullable()
      .openapi({ description: "A payment made on saving, when one was due" }),
  })
  .openapi("StripePaymentMode");
const SaveCardInput = z
  .object({
    setupIntentId: z
      .string()
      .max(255)
      .regex(/^seti_[A-Za-z0-9]+$/)
      .openapi({
        description: "The SetupIntent Stripe's card element confirmed (Stripe's `seti_…`)",
        example: "seti_1Mm2cBLkdIwHu7ix",
      }),
  })
  .openapi("SaveCardInput");
const CustomerParam = z.object({
  id: z
    .string()
    .max(255)
    .regex(/^cus_[A-Za-z0-9]+$/)
    .openapi({
      param: { name: "id", in: "path" },
      description: "The organisation's customer id at the provider (Stripe's `cus_…`)",
      example: "cus_NffrFeUfNV2Hib",
    }),
});

const PaymentMethodParam = z.object({
  id: z
    .string()
    .max(255)
    .regex(/^pm_[A-Za-z0-9_]+$/)
    .openapi({
      param: { name: "id", in: "path" },
      description: "The saved card's payment method at the provider (Stripe's `pm_…`)",
      example: "pm_1Mm2cBLkdIwHu7ix",
    }),
});

const orgOf = (orgId: string | null): string => {
  if (!orgId) throw new ProblemError(404, "organisation.notFound");
  return orgId;
};

const update = right("organization", Rights.update);

/**
 * The organisation's card, through the provider: its customer (`POST /stripe/customers`), a SetupIntent for
 * Stripe's card element (`POST /stripe/setupIntents/{customerId}`), mounted at /stripe. All allowed while
 * read-only: they are how an organisation pays its way back.
 */
export const stripeRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  app.openapi(
    accessRoute(ctx, update, {
      method: "post",
      path: "/customers",
      operationId: "createStripeCustomer",
      tags,
      whileReadOnly: true,
      responses: {
        200: answer(StripeCustomer, "The organisation's customer at the provider (made once)"),
        ...errors,
      },
    }),
    async (c) => {
      const provider = billingProvider(ctx);
      const orgId = orgOf(c.get("session").orgId);
      const metadata = commandMetadata(c, ctx);
      const state = await ensureTrial(ctx, orgId, ctx.clock());
      if (state.customerId) return c.json({ customerId: state.customerId }, 200);
      const org = await billingIdentity(ctx, orgId);
      const { customerId } = await provider.ensureCustomer(
        {
          orgId,
          name: org?.name ?? orgId,
          email: org?.email ?? "",
          siren: org?.siren ?? null,
          vatNumber: org?.vat_number ?? null,
        },
        `customer:${orgId}`,
      );
      await runSubscription(ctx, orgId, [{ type: "LinkCustomer", customerId, at: metadata.at }], metadata);
      return c.json({ customerId }, 200);
    },
  );
  app.openapi(
    accessRoute(ctx, update, {
      method: "post",
      path: "/setupIntents/{id}",
      operationId: "createStripeSetupIntent",
      tags,
      whileReadOnly: true,
      request: { params: CustomerParam },
      responses: {
        200: answer(StripeSetupIntent, "Its client secret goes to Stripe's card element"),
        ...errors,
      },
    }),
    async (c) => {
      const orgId = orgOf(c.get("session").orgId);
      const { id } = c.req.valid("param");
      const state = await loadSubscription(ctx, orgId);
      // Another organisation's customer is not this one's to use: as if it did not exist.
      if (state.customerId !== id) throw new ProblemError(404, "billing.customerNotFound");
      const provider = billingProvider(ctx);
      return c.json(
        await provider.setupIntent(id, `setup:${orgId}:${commandMetadata(c, ctx).commandId}`),
        200,
      );
    },
  );
  return app;
};

/**
 * The card saved (`/account/paymentmode/stripe`): what the provider says the confirmed SetupIntent saved,
 * recorded; when the subscription is past due or read-only, the amount due charged at once with it.
 */
export const paymentModeRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  const view = async (orgId: string, charged: "succeeded" | "failed" | null) => {
    const state = await loadSubscription(ctx, orgId);
    const card = state.card && {
      id: state.card.paymentMethodId,
      brand: state.card.brand,
      last4: state.card.last4,
      expMonth: state.card.expMonth,
      expYear: state.card.expYear,
    };
    return {
      enabled: ctx.billing !== undefined,
      card,
      form: cardFormOf(ctx.billing),
      status: state.status,
      charged,
    };
  };
  /** Records the card the confirmed SetupIntent saved; past due or read-only, charges what is due with it. */
  const save = async (
    orgId: string,
    setupIntentId: string,
    metadata: CommandMetadata,
    replacing?: string,
  ) => {
    const provider = billingProvider(ctx);
    const state = await loadSubscription(ctx, orgId);
    if (!state.customerId) throw new ProblemError(409, "billing.noCustomer");
    // Only the card this organisation saved can be replaced: another's, or one replaced since, is not found.
    if (replacing !== undefined && state.card?.paymentMethodId !== replacing)
      throw new ProblemError(404, "billing.cardNotFound", { field: "id" });
    const { forCustomer, ...card } = await provider.savedCard(setupIntentId).catch(() => {
      throw new ProblemError(422, "billing.cardNotSaved", { field: "setupIntentId" });
    });
    // A SetupIntent made for another organisation's customer saved no card of this one's.
    if (forCustomer !== state.customerId)
      throw new ProblemError(422, "billing.cardNotSaved", { field: "setupIntentId" });
    const saved = await runSubscription(
      ctx,
      orgId,
      [{ type: "SaveCard", card: { customerId: state.customerId, ...card }, at: metadata.at }],
      metadata,
    );
    const now = saved.state;
    const charge = nextCharge(now);
    if ((now.status !== "pastDue" && now.status !== "readOnly") || !charge) return view(orgId, null);
    const key = `pay:${orgId}:${setupIntentId}`;
    const outcome = await provider.charge(
      {
        orgId,
        customerId: state.customerId,
        paymentMethodId: card.paymentMethodId,
        amountCents: charge.totalCents,
        currency: "eur",
        description: `Registre — ${charge.plan.name}`,
      },
      key,
    );
    const at = ctx.clock().toISOString();
    // The owners are told of a failed charge by a reactor on the log (billing-invoices/payment-mail.ts).
    await runSubscription(
      ctx,
      orgId,
      [
        outcome.status === "succeeded"
          ? { type: "RenewPeriod", paymentId: outcome.paymentId, at }
          : {
              type: "RecordPaymentFailure",
              attemptId: key,
              reason: outcome.reason,
              graceDays: await integerParam(ctx, "graceDays"),
              at,
            },
      ],
      { commandId: derivedId(metadata.commandId, "charge"), at },
    );
    return view(orgId, outcome.status);
  };
  app.openapi(
    accessRoute(ctx, right("organization", Rights.read), {
      method: "get",
      path: "/stripe",
      operationId: "getStripePaymentMode",
      tags,
      responses: { 200: answer(PaymentMode, "The card saved, if any"), ...errors },
    }),
    async (c) => c.json(await view(orgOf(c.get("session").orgId), null), 200),
  );
  app.openapi(
    accessRoute(ctx, update, {
      method: "post",
      path: "/stripe",
      operationId: "saveStripePaymentMode",
      tags,
      whileReadOnly: true,
      request: body(SaveCardInput),
      responses: {
        200: answer(PaymentMode, "The card saved; the amount due charged when past due"),
        ...errors,
      },
    }),
    async (c) =>
      c.json(
        await save(orgOf(c.get("session").orgId), c.req.valid("json").setupIntentId, commandMetadata(c, ctx)),
        200,
      ),
  );
  app.openapi(
    accessRoute(ctx, update, {
      method: "put",
      path: "/stripe/{id}",
      operationId: "replaceStripePaymentMode",
      tags,
      whileReadOnly: true,
      request: { params: PaymentMethodParam, ...body(SaveCardInput) },
      responses: {
        200: answer(
          PaymentMode,
          "The card replaced by the one the SetupIntent saved; the amount due charged when past due",
        ),
        ...errors,
      },
    }),
    async (c) =>
      c.json(
        await save(
          orgOf(c.get("session").orgId),
          c.req.valid("json").setupIntentId,
          commandMetadata(c, ctx),
          c.req.valid("param").id,
        ),
        200,
      ),
  );
  return app;
};
