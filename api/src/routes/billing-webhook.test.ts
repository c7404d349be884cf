import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { signWebhook } from "../billing/stripe.ts";
import { loadSubscription, runSubscription } from "../billing/subscription.ts";
import { apiHarness } from "../testing/api-harness.ts";
import { platformWithMonthlyPlan } from "../testing/billing-setup.ts";

const secret = "whsec_registre_webhook";
const billing = {
  secretKey: "sk_test_fake",
  webhookSecret: secret,
  apiUrl: null,
};

describe.each(databaseKinds)("Stripe's webhooks on %s", (kind) => {
  const { harness, call, organisation } = apiHarness(kind, { billing });

  const post = async (payload: string, signature: string) => {
    const res = await harness.app.request("/api/billing/stripe/webhook", {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    });
    return { status: res.status, body: await res.json() };
  };
  const event = (id: string, paymentId: string, orgId: string, customer: string) =>
    JSON.stringify({
      id,
      object: "event",
      type: "payment_intent.succeeded",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: { id: paymentId, object: "payment_intent", amount: 1500, customer, metadata: { orgId } },
      },
    });

  it("a payment verified renews the period once; replayed, forged, or for an unknown customer it changes nothing", async () => {
    const email = `billing.webhook.${kind}@registre.fr`;
    const { plan } = await platformWithMonthlyPlan(harness.ctx, call, email);
    const o = await organisation("Webhook");
    await call("GET", "/billing/subscription", o.token);
    await call("POST", "/billing/subscription/plan", o.token, { planId: plan.id });
    const card = {
      customerId: "cus_1",
      paymentMethodId: "pm_1",
      brand: "visa",
      last4: "4242",
      expMonth: 12,
      expYear: 2030,
    };
    const meta = () => ({ commandId: crypto.randomUUID(), at: new Date().toISOString() });
    await runSubscription(
      harness.ctx,
      o.orgId,
      [{ type: "SaveCard", card, at: new Date().toISOString() }],
      meta(),
    );

    // Forged (another secret), altered, unsigned: 400, nothing changed.
    const paid = event("evt_1", "pi_1", o.orgId, "cus_1");
    const forged = await post(paid, signWebhook(paid, "whsec_other"));
    expect([forged.status, forged.body.code]).toEqual([400, "billing.webhookUnverified"]);
    expect((await post(paid.replace("1500", "1"), signWebhook(paid, secret))).status).toBe(400);
    expect((await post(paid, "")).status).toBe(400);
    expect((await loadSubscription(harness.ctx, o.orgId)).status).toBe("trial");

    // Verified: the period paid, once.
    expect(await post(paid, signWebhook(paid, secret))).toEqual({
      status: 200,
      body: { applied: true, type: "paymentSucceeded" },
    });
    const after = await loadSubscription(harness.ctx, o.orgId);
    expect(after).toMatchObject({ status: "active", periodFrom: after.trialEndsOn });
    // Replayed as is, or as another event of the same payment: nothing more.
    expect((await post(paid, signWebhook(paid, secret))).body).toEqual({
      applied: false,
      type: "paymentSucceeded",
    });
    const again = event("evt_2", "pi_1", o.orgId, "cus_1");
    expect((await post(again, signWebhook(again, secret))).body.applied).toBe(false);
    expect(await loadSubscription(harness.ctx, o.orgId)).toEqual(after);

    // Another customer than the organisation's card's, or no organisation known: acknowledged, nothing done.
    const stranger = event("evt_3", "pi_3", o.orgId, "cus_other");
    expect((await post(stranger, signWebhook(stranger, secret))).body.applied).toBe(false);
    const nobody = event("evt_4", "pi_4", crypto.randomUUID(), "cus_1");
    expect((await post(nobody, signWebhook(nobody, secret))).body.applied).toBe(false);
    expect(await loadSubscription(harness.ctx, o.orgId)).toEqual(after);
  });
});

describe.each(databaseKinds)("Stripe's webhooks with billing off on %s", (kind) => {
  const { harness } = apiHarness(kind);
  it("are refused: 409 billing.off", async () => {
    const res = await harness.app.request("/api/billing/stripe/webhook", {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=x" },
      body: "{}",
    });
    expect([res.status, (await res.json()).code]).toEqual([409, "billing.off"]);
  });
});
