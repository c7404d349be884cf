import { signWebhook } from "../billing/stripe.ts";
import { type Caller, type CommandCase, json, type Seed } from "./command-cases.ts";

/**
 * What the idempotency walk needs for the billing commands: its app has billing on, through the fake
 * Stripe (`billing/fake-stripe.ts`), whose webhooks it signs with this secret.
 */
export const WALK_WEBHOOK_SECRET = "whsec_idempotency_walk";

let n = 0;
const plan = (c: Caller) => ({
  name: `Formule ${c.name} ${++n}`,
  months: 1,
  priceHtCents: 1000 + c.name.charCodeAt(0),
  vatRate: "20",
  includes: [],
});
const newPlan = async (seed: Seed, c: Caller) =>
  (await seed.ok("POST", "/registre/billing/plans", c.admin, plan(c))).id as string;
const customerOf = async (seed: Seed, c: Caller) =>
  (await seed.ok("POST", "/stripe/customers", c.token)).customerId as string;
/** A SetupIntent of the caller's customer that Stripe's card element confirmed. */
const confirmedSetup = async (seed: Seed, c: Caller) => {
  const intent = await seed.ok("POST", `/stripe/setupIntents/${await customerOf(seed, c)}`, c.token);
  seed.confirmCard(intent.id);
  return intent.id as string;
};

export const billingCommands: Readonly<Record<string, CommandCase>> = {
  createPlatformPlan: {
    status: 201,
    build: async (_, c) => ({ path: "/registre/billing/plans", token: c.admin, body: json(plan(c)) }),
  },
  updatePlatformPlan: {
    status: 200,
    build: async (seed, c) => ({
      path: `/registre/billing/plans/${await newPlan(seed, c)}`,
      token: c.admin,
      body: json({ name: `Formule ${c.name} changée ${++n}` }),
    }),
  },
  archivePlatformPlan: {
    status: 204,
    build: async (seed, c) => ({ path: `/registre/billing/plans/${await newPlan(seed, c)}`, token: c.admin }),
  },
  grantOrganisationPlan: {
    status: 200,
    build: async (seed, c) => ({
      path: `/registre/billing/orgs/${c.orgId}/grant`,
      token: c.admin,
      body: json({ planId: await newPlan(seed, c), from: seed.today }),
    }),
  },
  chooseBillingPlan: {
    status: 200,
    build: async (seed, c) => ({
      path: "/billing/subscription/plan",
      token: c.token,
      body: json({ planId: await newPlan(seed, c) }),
    }),
  },
  createStripeCustomer: {
    status: 200,
    build: async (_, c) => ({ path: "/stripe/customers", token: c.token }),
  },
  createStripeSetupIntent: {
    status: 200,
    build: async (seed, c) => ({ path: `/stripe/setupIntents/${await customerOf(seed, c)}`, token: c.token }),
  },
  saveStripePaymentMode: {
    status: 200,
    // The fake's card is the same test card (visa 4242) for every customer, so the answer is too.
    sameForEveryCaller: true,
    build: async (seed, c) => ({
      path: "/account/paymentmode/stripe",
      token: c.token,
      body: json({ setupIntentId: await confirmedSetup(seed, c) }),
    }),
  },
  replaceStripePaymentMode: {
    status: 200,
    sameForEveryCaller: true,
    // The saved card (the fake's visa, `pm_card_visa`) replaced by the one a new SetupIntent saved.
    build: async (seed, c) => {
      await seed.ok("POST", "/account/paymentmode/stripe", c.token, {
        setupIntentId: await confirmedSetup(seed, c),
      });
      return {
        path: "/account/paymentmode/stripe/pm_card_visa",
        token: c.token,
        body: json({ setupIntentId: await confirmedSetup(seed, c) }),
      };
    },
  },
  receiveStripeWebhook: {
    status: 200,
    // Stripe's: a payment that succeeded for the caller's customer, whose card is saved, signed.
    build: async (seed, c) => {
      await seed.ok("POST", "/account/paymentmode/stripe", c.token, {
        setupIntentId: await confirmedSetup(seed, c),
      });
      const customer = await customerOf(seed, c);
      const id = ++n;
      const event = {
        id: `evt_walk_${c.name}_${id}`,
        object: "event",
        type: "payment_intent.succeeded",
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: `pi_walk_${c.name}_${id}`,
            object: "payment_intent",
            amount: 1200,
            customer,
            metadata: { orgId: c.orgId },
          },
        },
      };
      // Signed over the body as the walk sends it (JSON.stringify of the same value).
      return {
        path: "/billing/stripe/webhook",
        headers: { "stripe-signature": signWebhook(JSON.stringify(event), WALK_WEBHOOK_SECRET) },
        body: json(event),
      };
    },
  },
};
