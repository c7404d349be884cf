import { plusDays, plusMonths } from "@registre/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { apiHarness } from "../testing/api-harness.ts";
import { platformWithMonthlyPlan } from "../testing/billing-setup.ts";
import { startFakeStripe } from "./fake-stripe.ts";
import { runBillingDue } from "./schedule.ts";
import { stripeBilling } from "./stripe.ts";
import { loadSubscription, runSubscription } from "./subscription.ts";

const billing = {
  secretKey: "sk_test_fake",
  webhookSecret: "whsec_x",
  apiUrl: null,
};

describe.each(databaseKinds)("the billing job on %s", (kind) => {
  const { harness, call, organisation } = apiHarness(kind, { billing });
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(() => fake.close());

  it("charges at the trial's end once per due date, retries a declined card, ends the grace in read-only", async () => {
    const provider = stripeBilling({ ...billing, apiUrl: fake.url });
    const email = `billing.job.${kind}@registre.fr`;
    const { admin, plan } = await platformWithMonthlyPlan(harness.ctx, call, email);
    const subscribe = async (name: string, card: string | null) => {
      const o = await organisation(name);
      const trial = (await call("GET", "/billing/subscription", o.token)).body;
      await call("POST", "/billing/subscription/plan", o.token, { planId: plan.id });
      if (card) {
        const { customerId } = await provider.ensureCustomer(
          { orgId: o.orgId, name, email: `${name}@exemple.fr`, siren: null, vatNumber: null },
          `customer:${o.orgId}`,
        );
        const intent = await provider.setupIntent(customerId, `setup:${o.orgId}`);
        fake.confirmSetup(intent.id, card);
        const saved = await provider.savedCard(intent.id);
        await runSubscription(
          harness.ctx,
          o.orgId,
          [{ type: "SaveCard", card: { customerId, ...saved }, at: new Date().toISOString() }],
          {
            commandId: crypto.randomUUID(),
            at: new Date().toISOString(),
          },
        );
      }
      return { ...o, trialEndsOn: trial.trialEndsOn as string };
    };
    const paying = await subscribe("Payeur", "pm_card_visa");
    const declined = await subscribe("Refuse", "pm_card_chargeDeclined");
    const cardless = await subscribe("Sanscarte", null);
    const due = paying.trialEndsOn;
    const at = (day: string) => new Date(`${day}T02:00:00.000Z`);
    const charges = () =>
      fake.calls.filter((c) => c.method === "POST" && c.path === "/v1/payment_intents").length;

    // The day before: nothing due.
    expect(await runBillingDue(harness.ctx, provider, at(plusDays(due, -1)))).toEqual({
      charged: 0,
      failed: 0,
      readOnly: 0,
    });
    expect(await runBillingDue(harness.ctx, provider, at(due))).toEqual({
      charged: 1,
      failed: 2,
      readOnly: 0,
    });
    expect(charges()).toBe(2);
    expect(await loadSubscription(harness.ctx, paying.orgId)).toMatchObject({
      status: "active",
      periodFrom: due,
      periodTo: plusMonths(due, 1),
    });
    expect(await loadSubscription(harness.ctx, declined.orgId)).toMatchObject({
      status: "pastDue",
      failures: 1,
      graceEndsOn: plusDays(due, 14),
    });
    expect((await loadSubscription(harness.ctx, cardless.orgId)).status).toBe("pastDue");
    // The same day again (another server, a second run): nothing charged nor recorded twice.
    expect(await runBillingDue(harness.ctx, provider, at(due))).toEqual({
      charged: 0,
      failed: 0,
      readOnly: 0,
    });
    expect(charges()).toBe(2);
    // Retried two days later, under a new attempt's key.
    expect(await runBillingDue(harness.ctx, provider, at(plusDays(due, 2)))).toEqual({
      charged: 0,
      failed: 2,
      readOnly: 0,
    });
    expect((await loadSubscription(harness.ctx, declined.orgId)).failures).toBe(2);
    const keys = fake.calls.filter((c) => c.path === "/v1/payment_intents").map((c) => c.idempotencyKey);
    expect(keys.slice(0, 2).sort()).toEqual(
      [`renew:${paying.orgId}:${due}:1`, `renew:${declined.orgId}:${due}:1`].sort(),
    );
    expect(keys.slice(2)).toEqual([`renew:${declined.orgId}:${due}:2`]);
    // The grace period's end: read-only; writes refused, the paying organisation untouched.
    expect(await runBillingDue(harness.ctx, provider, at(plusDays(due, 14)))).toEqual({
      charged: 0,
      failed: 0,
      readOnly: 2,
    });
    const refused = await call("POST", "/contacts", declined.token, {
      kind: "company",
      name: "Zeta",
      types: ["customer"],
    });
    expect([refused.status, refused.body.code]).toEqual([402, "subscription.readOnly"]);
    expect(
      (await call("POST", "/contacts", paying.token, { kind: "company", name: "Zeta", types: ["customer"] }))
        .status,
    ).toBe(201);
    // The next period's renewal, a month after the first.
    expect(await runBillingDue(harness.ctx, provider, at(plusMonths(due, 1)))).toEqual({
      charged: 1,
      failed: 0,
      readOnly: 0,
    });
    expect((await loadSubscription(harness.ctx, paying.orgId)).periodTo).toBe(
      plusMonths(plusMonths(due, 1), 1),
    );
    // The administrator's list (the `subscriptions` read model) says what the aggregates say, by name.
    const listed = (await call("GET", "/registre/orgs/invoices", admin)).body.subscriptions.filter(
      (s: { orgId: string }) => [paying.orgId, declined.orgId, cardless.orgId].includes(s.orgId),
    );
    expect(listed).toEqual([
      {
        orgId: paying.orgId,
        orgName: "Atelier Payeur",
        status: "active",
        plan: "Mensuel",
        periodTo: plusMonths(plusMonths(due, 1), 1),
        dueOn: plusMonths(plusMonths(due, 1), 1),
        graceEndsOn: null,
      },
      {
        orgId: declined.orgId,
        orgName: "Atelier Refuse",
        status: "readOnly",
        plan: null,
        periodTo: null,
        dueOn: null,
        graceEndsOn: plusDays(due, 14),
      },
      {
        orgId: cardless.orgId,
        orgName: "Atelier Sanscarte",
        status: "readOnly",
        plan: null,
        periodTo: null,
        dueOn: null,
        graceEndsOn: plusDays(due, 14),
      },
    ]);
  });
});
