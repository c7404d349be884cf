import { plusDays } from "@registre/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { startFakeStripe } from "../billing/fake-stripe.ts";
import { runBillingDue } from "../billing/schedule.ts";
import { stripeBilling } from "../billing/stripe.ts";
import { paymentMailReactors } from "../billing-invoices/payment-mail.ts";
import { apiHarness } from "../testing/api-harness.ts";
import { platformWithMonthlyPlan } from "../testing/billing-setup.ts";

/**
 * The card replaced (`PUT /account/paymentmode/stripe/{id}`), the card form the web is told to show, the
 * owners' e-mails when a charge fails and at read-only (once per attempt), a plan granted to an unknown
 * organisation; and the same routes with billing off.
 */
describe.each(databaseKinds)("the card replaced and the payment e-mails on %s", (kind) => {
  const billing = { secretKey: "sk_test_fake", webhookSecret: "whsec_x", apiUrl: "" };
  const { harness, call, register, join, mailsTo } = apiHarness(
    kind,
    { billing },
    { reactors: paymentMailReactors, reactorRetryMs: { first: 100, max: 400 } },
  );
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  beforeAll(async () => {
    fake = await startFakeStripe();
    billing.apiUrl = fake.url;
  });
  afterAll(() => fake.close());

  const owned = async (name: string) => {
    const owner = await register(name);
    const org = await call("POST", "/user/orgs", owner.token, {
      name: `Atelier ${name}`,
      siren: "552120222",
    });
    return { email: owner.email, token: org.body.token as string, orgId: org.body.user.org.id as string };
  };
  const cardOf = async (token: string, paymentMethod: string) => {
    const customerId = (await call("POST", "/stripe/customers", token)).body.customerId as string;
    const intent = (await call("POST", `/stripe/setupIntents/${customerId}`, token)).body;
    fake.confirmSetup(intent.id, paymentMethod);
    return intent.id as string;
  };

  it("replaces the organisation's own card only, with a card saved for its own customer", async () => {
    const a = await owned("Remplace");
    const b = await owned("Voisin");
    const first = await cardOf(a.token, "pm_card_visa");
    const saved = await call("POST", "/account/paymentmode/stripe", a.token, { setupIntentId: first });
    expect(saved.body.card).toEqual({
      id: "pm_card_visa",
      brand: "visa",
      last4: "4242",
      expMonth: 12,
      expYear: 2030,
    });
    // The web is told which card form to show: against a fake Stripe, the test-mode one on that server.
    expect(saved.body.form).toEqual({ kind: "test", apiUrl: fake.url });

    const second = await cardOf(a.token, "pm_card_chargeCustomerFail");
    // A card that is not (or no longer) the saved one: not found, nothing changed.
    const unknown = await call("PUT", "/account/paymentmode/stripe/pm_card_other", a.token, {
      setupIntentId: second,
    });
    expect([unknown.status, unknown.body.code]).toEqual([404, "billing.cardNotFound"]);
    // Another organisation cannot record this one's SetupIntent as its card.
    await cardOf(b.token, "pm_card_visa");
    const foreign = await call("POST", "/account/paymentmode/stripe", b.token, { setupIntentId: second });
    expect([foreign.status, foreign.body.code]).toEqual([422, "billing.cardNotSaved"]);
    // A member without the organisation's update right cannot replace it.
    const accountant = await register("Comptable");
    await join(a.token, accountant, "accountant");
    const switched = await call("POST", "/user/orgs/change", accountant.token, { orgId: a.orgId });
    const member = switched.body.token as string;
    expect((await call("GET", "/account/paymentmode/stripe", member)).body.card.last4).toBe("4242");
    expect(
      (await call("PUT", "/account/paymentmode/stripe/pm_card_visa", member, { setupIntentId: second }))
        .status,
    ).toBe(403);

    const replaced = await call("PUT", "/account/paymentmode/stripe/pm_card_visa", a.token, {
      setupIntentId: second,
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.card).toMatchObject({ id: "pm_card_chargeCustomerFail", last4: "0341" });
    expect((await call("GET", "/account/paymentmode/stripe", b.token)).body.card).toBe(null);
    // Replaced: the old id is not the card any more.
    const stale = await call("PUT", "/account/paymentmode/stripe/pm_card_visa", a.token, {
      setupIntentId: first,
    });
    expect(stale.status).toBe(404);
  });

  it("mails the owners once per failed attempt, with the next try and the grace's end, and at read-only", async () => {
    const { admin, plan } = await platformWithMonthlyPlan(
      harness.ctx,
      call,
      `billing.mail.${kind}@registre.fr`,
    );
    // A plan granted to an organisation that does not exist: not found, no subscription started.
    const ghost = crypto.randomUUID();
    const granted = await call("POST", `/registre/billing/orgs/${ghost}/grant`, admin, {
      planId: plan.id,
      from: "2026-01-01",
    });
    expect([granted.status, granted.body.code]).toEqual([404, "organisation.notFound"]);
    expect((await call("GET", `/registre/billing/orgs/${ghost}/subscription`, admin)).status).toBe(404);

    const o = await owned("Relance");
    await call("POST", "/billing/subscription/plan", o.token, { planId: plan.id });
    const setup = await cardOf(o.token, "pm_card_chargeCustomerFail");
    await call("POST", "/account/paymentmode/stripe", o.token, { setupIntentId: setup });
    const due = (await call("GET", "/billing/subscription", o.token)).body.trialEndsOn as string;
    const provider = stripeBilling(billing);
    const at = (day: string) => new Date(`${day}T02:00:00.000Z`);
    // The e-mails are the reactor's, once the log's events have reached it.
    const mails = () => mailsTo(o.email);
    const run = async (day: string) => {
      await runBillingDue(harness.ctx, provider, at(day));
      await harness.ctx.runner.drain();
    };

    await run(due);
    await run(due);
    expect(mails()).toHaveLength(1);
    const first = mails()[0];
    expect(first?.headers.get("subject")).toContain("Paiement refusé");
    const fr = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
    const text = first?.text ?? "";
    expect(text).toContain(`Nous réessaierons le ${fr(plusDays(due, 2))}`);
    expect(text).toContain(`d’ici le ${fr(plusDays(due, 14))}`);
    expect(text).toContain("/account/paymentmode");

    // Two days later, a second attempt, a second e-mail; the same day again, nothing more.
    await run(plusDays(due, 2));
    await run(plusDays(due, 2));
    expect(mails()).toHaveLength(2);
    expect(mails()[1]?.text).toContain("tentative n°\u00a02");

    await run(plusDays(due, 14));
    await run(plusDays(due, 14));
    expect(mails()).toHaveLength(3);
    expect(mails()[2]?.headers.get("subject")).toContain("lecture seule");
    expect(mails()[2]?.text).toContain("FEC compris");
    expect((await call("GET", "/billing/subscription", o.token)).body.status).toBe("readOnly");
  });
});

describe.each(databaseKinds)("the card with billing off on %s", (kind) => {
  const { call, organisation } = apiHarness(kind);

  it("shows no card form and refuses to replace a card", async () => {
    const o = await organisation("Horsligne");
    const mode = await call("GET", "/account/paymentmode/stripe", o.token);
    expect(mode.body).toMatchObject({ enabled: false, card: null, form: null });
    const put = await call("PUT", "/account/paymentmode/stripe/pm_card_visa", o.token, {
      setupIntentId: "seti_123",
    });
    expect([put.status, put.body.code]).toEqual([409, "billing.off"]);
  });
});
