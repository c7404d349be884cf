import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { startFakeStripe } from "../billing/fake-stripe.ts";
import { runSubscription } from "../billing/subscription.ts";
import { apiHarness } from "../testing/api-harness.ts";
import { platformWithMonthlyPlan } from "../testing/billing-setup.ts";

describe.each(databaseKinds)("the card through Stripe on %s", (kind) => {
  const billing: {
    secretKey: string;
    webhookSecret: string;
    apiUrl: string | null;
  } = {
    secretKey: "sk_test_fake",
    webhookSecret: "whsec_x",
    apiUrl: null,
  };
  const { harness, call, organisation } = apiHarness(kind, { billing });
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  beforeAll(async () => {
    fake = await startFakeStripe();
    billing.apiUrl = fake.url;
  });
  afterAll(() => fake.close());

  it("customer made once, SetupIntent for its own customer only, card saved; read-only pays its way back on saving", async () => {
    const email = `billing.card.${kind}@registre.fr`;
    const { plan } = await platformWithMonthlyPlan(harness.ctx, call, email);
    const o = await organisation("Carte");
    const other = await organisation("Autre");
    const customer = await call("POST", "/stripe/customers", o.token);
    expect(customer.status).toBe(200);
    const customerId = customer.body.customerId as string;
    expect((await call("POST", "/stripe/customers", o.token)).body).toEqual({ customerId });
    expect(fake.calls.filter((c) => c.path === "/v1/customers")).toHaveLength(1);
    // Another organisation never uses this one's customer.
    expect((await call("POST", `/stripe/setupIntents/${customerId}`, other.token)).status).toBe(404);
    const intent = await call("POST", `/stripe/setupIntents/${customerId}`, o.token);
    expect(intent.body.clientSecret).toMatch(/_secret_/);
    // Not confirmed by the card element yet: nothing saved.
    const early = await call("POST", "/account/paymentmode/stripe", o.token, {
      setupIntentId: intent.body.id,
    });
    expect([early.status, early.body.code]).toEqual([422, "billing.cardNotSaved"]);
    fake.confirmSetup(intent.body.id);
    const saved = await call("POST", "/account/paymentmode/stripe", o.token, {
      setupIntentId: intent.body.id,
    });
    expect(saved.body).toEqual({
      enabled: true,
      card: { id: "pm_card_visa", brand: "visa", last4: "4242", expMonth: 12, expYear: 2030 },
      form: { kind: "test", apiUrl: fake.url },
      status: "trial",
      charged: null,
    });
    expect((await call("GET", "/account/paymentmode/stripe", o.token)).body.card.last4).toBe("4242");
    expect((await call("GET", "/account/paymentmode/stripe", other.token)).body.card).toBe(null);

    // Read-only (no grace), then a new card saved: the amount due charged at once, writable again.
    await call("POST", "/billing/subscription/plan", o.token, { planId: plan.id });
    const trialEnd = (await call("GET", "/billing/subscription", o.token)).body.trialEndsOn as string;
    const meta = () => ({ commandId: crypto.randomUUID(), at: new Date().toISOString() });
    await runSubscription(
      harness.ctx,
      o.orgId,
      [
        {
          type: "RecordPaymentFailure",
          attemptId: "a1",
          reason: "card_declined",
          graceDays: 0,
          at: `${trialEnd}T03:00:00.000Z`,
        },
        { type: "EndGrace", at: `${trialEnd}T04:00:00.000Z` },
      ],
      meta(),
    );
    expect(
      (await call("POST", "/contacts", o.token, { kind: "company", name: "Eta", types: ["customer"] }))
        .status,
    ).toBe(402);
    const again = await call("POST", `/stripe/setupIntents/${customerId}`, o.token);
    expect(again.status).toBe(200);
    fake.confirmSetup(again.body.id);
    const paid = await call("POST", "/account/paymentmode/stripe", o.token, { setupIntentId: again.body.id });
    expect(paid.body).toMatchObject({ status: "active", charged: "succeeded" });
    expect(fake.calls.filter((c) => c.path === "/v1/payment_intents").map((c) => c.body.amount)).toEqual([
      "1500",
    ]);
    expect(
      (await call("POST", "/contacts", o.token, { kind: "company", name: "Eta", types: ["customer"] }))
        .status,
    ).toBe(201);
  });
});
