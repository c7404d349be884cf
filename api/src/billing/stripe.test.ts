import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BillingSignatureError } from "../ports/index.ts";
import { startFakeStripe } from "./fake-stripe.ts";
import type { BillingSettings } from "./settings.ts";
import { signWebhook, stripeBilling } from "./stripe.ts";

const secret = "whsec_registre_test";

describe("the Stripe billing adapter against a local fake Stripe", () => {
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let settings: BillingSettings;
  beforeAll(async () => {
    fake = await startFakeStripe();
    settings = {
      secretKey: "sk_test_fake",
      webhookSecret: secret,
      apiUrl: fake.url,
    };
  });
  afterAll(() => fake.close());

  const customer = {
    orgId: "org-1",
    name: "Atelier Lumière",
    email: "compta@atelier.fr",
    siren: "552120222",
    vatNumber: null,
  };

  it("makes the customer once per key, saves a card through a SetupIntent, charges it off-session", async () => {
    const billing = stripeBilling(settings);
    const { customerId } = await billing.ensureCustomer(customer, "customer:org-1");
    expect(await billing.ensureCustomer(customer, "customer:org-1")).toEqual({ customerId });
    const created = fake.calls.filter((c) => c.path === "/v1/customers");
    expect(created.map((c) => c.body["metadata[orgId]"])).toEqual(["org-1", "org-1"]);
    // The secret key goes to Stripe only, as its bearer.
    expect(created[0]?.authorization).toBe("Bearer sk_test_fake");

    const intent = await billing.setupIntent(customerId, "setup:1");
    expect(intent.clientSecret).toMatch(/^seti_\w+_secret_/);
    await expect(billing.savedCard(intent.id)).rejects.toThrow(/saved no card/);
    fake.confirmSetup(intent.id);
    const card = await billing.savedCard(intent.id);
    expect(card).toEqual({
      forCustomer: customerId,
      paymentMethodId: "pm_card_visa",
      brand: "visa",
      last4: "4242",
      expMonth: 12,
      expYear: 2030,
    });

    const charge = {
      orgId: "org-1",
      customerId,
      paymentMethodId: card.paymentMethodId,
      amountCents: 1500,
      currency: "eur" as const,
      description: "Registre — Mensuel",
    };
    const paid = await billing.charge(charge, "renew:org-1:2026-03-02:1");
    expect(paid).toMatchObject({ status: "succeeded" });
    // The same due date's attempt again (another server, a crash): the same payment, no second charge.
    expect(await billing.charge(charge, "renew:org-1:2026-03-02:1")).toEqual(paid);
    const payment = fake.calls.filter((c) => c.path === "/v1/payment_intents").at(-1);
    expect(payment?.body).toMatchObject({
      amount: "1500",
      currency: "eur",
      off_session: "true",
      confirm: "true",
    });
  });

  it("a declined card is a failed outcome with its reason; an unknown customer is an error", async () => {
    const billing = stripeBilling(settings);
    const { customerId } = await billing.ensureCustomer(customer, "customer:org-2");
    const declined = await billing.charge(
      {
        orgId: "org-2",
        customerId,
        paymentMethodId: "pm_card_chargeDeclined",
        amountCents: 1500,
        currency: "eur",
        description: "x",
      },
      "renew:org-2:2026-03-02:1",
    );
    expect(declined).toMatchObject({ status: "failed", reason: "generic_decline" });
    await expect(
      billing.charge(
        {
          orgId: "org-3",
          customerId: "cus_unknown",
          paymentMethodId: "pm_card_visa",
          amountCents: 1500,
          currency: "eur",
          description: "x",
        },
        "renew:org-3:2026-03-02:1",
      ),
    ).rejects.toThrow(/No such customer/);
  });

  it("webhooks: verified by their signature (the package's own test header), forged or unsigned refused", () => {
    const billing = stripeBilling(settings);
    const payload = JSON.stringify({
      id: "evt_1",
      object: "event",
      type: "payment_intent.succeeded",
      created: 1_780_000_000,
      data: {
        object: {
          id: "pi_9",
          object: "payment_intent",
          amount: 1500,
          customer: "cus_1",
          metadata: { orgId: "org-1" },
        },
      },
    });
    expect(billing.verifyWebhook(payload, signWebhook(payload, secret))).toMatchObject({
      providerId: "evt_1",
      type: "paymentSucceeded",
      orgId: "org-1",
      paymentId: "pi_9",
      amountCents: 1500,
    });
    expect(() => billing.verifyWebhook(payload, signWebhook(payload, "whsec_other"))).toThrow(
      BillingSignatureError,
    );
    expect(() => billing.verifyWebhook(payload.replace("1500", "1"), signWebhook(payload, secret))).toThrow(
      BillingSignatureError,
    );
    expect(() => billing.verifyWebhook(payload, "")).toThrow(BillingSignatureError);
    expect(() =>
      stripeBilling({ ...settings, webhookSecret: null }).verifyWebhook(
        payload,
        signWebhook(payload, secret),
      ),
    ).toThrow(BillingSignatureError);
  });
});
