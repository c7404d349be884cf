import Stripe from "stripe";
import {
  type BillingCard,
  type BillingEvent,
  type BillingProvider,
  BillingSignatureError,
} from "../ports/index.ts";
import type { BillingSettings } from "./settings.ts";

/** Where the Stripe client sends its calls: Stripe itself, or STRIPE_API_URL (the tests' fake server). */
const endpoint = (apiUrl: string | null) => {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === "http:" ? ("http" as const) : ("https" as const);
  return { host: url.hostname, port: url.port || (protocol === "http" ? "80" : "443"), protocol };
};

const instant = (seconds: number | undefined): string => new Date((seconds ?? 0) * 1000).toISOString();

const orgOf = (metadata: Stripe.Metadata | null | undefined): string | null => metadata?.orgId ?? null;

/**
 * The billing port on the official `stripe` package. The secret key is given to the client and kept by
 * it; nothing here logs it nor a card's data (Stripe's card element sends those to Stripe directly).
 */
export const stripeBilling = (settings: BillingSettings): BillingProvider => {
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 0,
    telemetry: false,
    timeout: 20_000,
    ...endpoint(settings.apiUrl),
  });

  const cardOf = (method: Stripe.PaymentMethod): BillingCard => ({
    paymentMethodId: method.id,
    brand: method.card?.brand ?? "unknown",
    last4: method.card?.last4 ?? "",
    expMonth: method.card?.exp_month ?? 0,
    expYear: method.card?.exp_year ?? 0,
  });

  return {
    name: "stripe",
    ensureCustomer: async (customer, idempotencyKey) => {
      const made = await stripe.customers.create(
        {
          name: customer.name,
          email: customer.email,
          metadata: {
            orgId: customer.orgId,
            siren: customer.siren ?? "",
            vatNumber: customer.vatNumber ?? "",
          },
        },
        { idempotencyKey },
      );
      return { customerId: made.id };
    },
    setupIntent: async (customerId, idempotencyKey) => {
      const intent = await stripe.setupIntents.create(
        { customer: customerId, usage: "off_session" },
        { idempotencyKey },
      );
      if (!intent.client_secret) throw new Error(`SetupIntent ${intent.id} without a client secret`);
      return { id: intent.id, clientSecret: intent.client_secret };
    },
    savedCard: async (setupIntentId) => {
      const intent = await stripe.setupIntents.retrieve(setupIntentId, { expand: ["payment_method"] });
      const method = intent.payment_method;
      if (intent.status !== "succeeded" || !method || typeof method === "string")
        throw new Error(`SetupIntent ${setupIntentId} has saved no card (${intent.status})`);
      const customer = typeof intent.customer === "string" ? intent.customer : (intent.customer?.id ?? null);
      return { ...cardOf(method), forCustomer: customer };
    },
    charge: async (charge, idempotencyKey) => {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: charge.amountCents,
            currency: charge.currency,
            customer: charge.customerId,
            payment_method: charge.paymentMethodId,
            off_session: true,
            confirm: true,
            description: charge.description,
            metadata: { orgId: charge.orgId },
          },
          { idempotencyKey },
        );
        return intent.status === "succeeded"
          ? { status: "succeeded", paymentId: intent.id }
          : { status: "failed", paymentId: intent.id, reason: intent.status };
      } catch (error) {
        // A declined card, an authentication required, a card expired: Stripe's card errors (402).
        if (error instanceof Stripe.errors.StripeCardError)
          return {
            status: "failed",
            paymentId: error.payment_intent?.id ?? null,
            reason: error.decline_code ?? error.code ?? "card_error",
          };
        throw error;
      }
    },
    verifyWebhook: (payload, signature) => {
      if (!settings.webhookSecret)
        throw new BillingSignatureError("no STRIPE_WEBHOOK_SECRET: webhooks refused");
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(payload, signature, settings.webhookSecret);
      } catch (error) {
        throw new BillingSignatureError(error instanceof Error ? error.message : "bad signature");
      }
      const base = { providerId: event.id, at: instant(event.created) };
      switch (event.type) {
        case "payment_intent.succeeded":
        case "payment_intent.payment_failed": {
          const intent = event.data.object;
          return {
            ...base,
            type: event.type === "payment_intent.succeeded" ? "paymentSucceeded" : "paymentFailed",
            orgId: orgOf(intent.metadata),
            customerId: typeof intent.customer === "string" ? intent.customer : (intent.customer?.id ?? null),
            paymentId: intent.id,
            amountCents: intent.amount,
            reason: intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? null,
          } satisfies BillingEvent;
        }
        case "setup_intent.succeeded": {
          const intent = event.data.object;
          return {
            ...base,
            type: "cardUpdated",
            orgId: orgOf(intent.metadata),
            customerId: typeof intent.customer === "string" ? intent.customer : (intent.customer?.id ?? null),
            paymentId: null,
            amountCents: null,
            reason: null,
          };
        }
        default:
          return {
            ...base,
            type: "ignored",
            orgId: null,
            customerId: null,
            paymentId: null,
            amountCents: null,
            reason: null,
          };
      }
    },
  };
};

/** For tests: a webhook signature as Stripe makes it (the package's own helper), with the secret given. */
export const signWebhook = (payload: string, secret: string): string =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret });
