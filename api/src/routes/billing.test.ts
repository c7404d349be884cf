import { utcDayOf } from "@registre/core";
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { runSubscription } from "../billing/subscription.ts";
import { registerUser } from "../identity/users.ts";
import { apiHarness } from "../testing/api-harness.ts";
import { documentsOrganisation } from "../testing/documents-setup.ts";

const billing = {
  secretKey: "sk_test_registre",
  webhookSecret: "whsec_test",
  apiUrl: null,
};
const plan = { name: "Mensuel", months: 1, priceHtCents: 1250, vatRate: "20", includes: ["Tout Registre"] };

describe.each(databaseKinds)("billing on %s", (kind) => {
  const { harness, call, send, register, organisation } = apiHarness(kind, { billing });

  let adminToken: Promise<string> | undefined;
  const admin = () => {
    adminToken ??= signInAdmin();
    return adminToken;
  };
  const signInAdmin = async () => {
    const email = `billing.admin.${kind}@registre.fr`;
    await registerUser(
      harness.ctx,
      { email, password: "motdepasse1", name: "Admin", platformAdmin: true },
      { commandId: crypto.randomUUID(), at: new Date().toISOString() },
    );
    return (await call("POST", "/login", undefined, { email, password: "motdepasse1" })).body.token as string;
  };

  it("plans are the platform administrator's; a new organisation starts a trial and chooses one", async () => {
    const token = await admin();
    const member = await organisation("Abonne");
    expect((await call("POST", "/registre/billing/plans", member.token, plan)).status).toBe(403);
    const bad = await call("POST", "/registre/billing/plans", token, { ...plan, vatRate: "vingt" });
    expect(bad.status).toBe(422);
    const created = await call("POST", "/registre/billing/plans", token, plan);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...plan, archived: false });

    const trial = await call("GET", "/billing/subscription", member.token);
    expect(trial.body).toMatchObject({ enabled: true, status: "trial", trialDaysLeft: 30, readOnly: false });
    expect((await call("GET", "/billing/plans", member.token)).body.items).toHaveLength(1);
    const chosen = await call("POST", "/billing/subscription/plan", member.token, {
      planId: created.body.id,
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.nextCharge).toEqual({
      planId: created.body.id,
      ht: "12.50",
      vat: "2.50",
      total: "15.00",
    });
    // An archived plan can no longer be chosen; the organisation keeps what it chose.
    expect((await call("DELETE", `/registre/billing/plans/${created.body.id}`, token)).status).toBe(204);
    expect((await call("GET", "/billing/plans", member.token)).body.items).toEqual([]);
    expect(
      (await call("POST", "/billing/subscription/plan", member.token, { planId: created.body.id })).body,
    ).toMatchObject({
      code: "billing.planNotFound",
    });
  });

  it("read-only: writes refused with 402 subscription.readOnly, reads and exports (FEC too) answered, back on payment", async () => {
    const token = await admin();
    const o = await documentsOrganisation(call, register, "Lecture");
    const other = await organisation("Voisin");
    const created = await call("POST", "/registre/billing/plans", token, {
      ...plan,
      name: "Annuel",
      months: 12,
    });
    await call("GET", "/billing/subscription", o.token);
    await call("POST", "/billing/subscription/plan", o.token, { planId: created.body.id });
    // The card declined at the trial's end, no grace: read-only the next day.
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
      ],
      meta(),
    );
    await runSubscription(
      harness.ctx,
      o.orgId,
      [{ type: "EndGrace", at: `${trialEnd}T04:00:00.000Z` }],
      meta(),
    );
    expect((await call("GET", "/billing/subscription", o.token)).body).toMatchObject({
      status: "readOnly",
      readOnly: true,
    });

    const refused = await send("POST", "/contacts", o.token, {
      kind: "company",
      name: "Gamma",
      types: ["customer"],
    });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ code: "subscription.readOnly" });
    expect(refused.body.detail).toContain("abonnement");
    const english = await send(
      "POST",
      "/items",
      o.token,
      { use: "sale", kind: "services", reference: "X", label: "X" },
      { lang: "en" },
    );
    expect([english.status, english.body.code]).toEqual([402, "subscription.readOnly"]);
    expect(english.body.detail).toContain("subscription");
    expect((await call("PUT", `/contacts/${o.customerId}`, o.token, { name: "Autre" })).status).toBe(402);
    // Reads and exports go on.
    expect((await call("GET", "/contacts", o.token)).status).toBe(200);
    const fec = await harness.app.request(`/api/accounting/entries/download/${o.year.id}`, {
      headers: { authorization: `Bearer ${o.token}` },
    });
    expect(fec.status).toBe(200);
    const vcards = await harness.app.request("/api/contacts/vcards", {
      headers: { authorization: `Bearer ${o.token}` },
    });
    expect(vcards.status).toBe(200);
    // The reports asked by POST (their query in a body) are reads: the trial balance, the general ledger.
    const range = { start: o.year.start, end: o.year.end };
    expect((await call("POST", "/accounting/reports/balance", o.token, range)).status).toBe(200);
    expect(
      (await call("POST", "/accounting/reports/generalledger", o.token, { ...range, account: "411000" }))
        .status,
    ).toBe(200);
    // Choosing a plan is how it pays its way back: allowed.
    expect(
      (await call("POST", "/billing/subscription/plan", o.token, { planId: created.body.id })).status,
    ).toBe(200);
    // Another organisation is not concerned.
    expect(
      (await call("POST", "/contacts", other.token, { kind: "company", name: "Delta", types: ["customer"] }))
        .status,
    ).toBe(201);

    // The administrator grants the plan by hand: writable again at once.
    expect(
      (
        await call("POST", `/registre/billing/orgs/${o.orgId}/grant`, o.token, {
          planId: created.body.id,
          from: utcDayOf(new Date().toISOString()),
        })
      ).status,
    ).toBe(403);
    const granted = await call("POST", `/registre/billing/orgs/${o.orgId}/grant`, token, {
      planId: created.body.id,
      from: utcDayOf(new Date().toISOString()),
    });
    expect(granted.body).toMatchObject({
      status: "active",
      readOnly: false,
      plan: { name: "Annuel", months: 12 },
    });
    expect(
      (await call("POST", "/contacts", o.token, { kind: "company", name: "Gamma", types: ["customer"] }))
        .status,
    ).toBe(201);
    expect((await call("GET", `/registre/billing/orgs/${o.orgId}/subscription`, token)).body.status).toBe(
      "active",
    );
    expect((await call("GET", `/registre/billing/orgs/${o.orgId}/subscription`, o.token)).status).toBe(403);
  });
});

describe.each(databaseKinds)("billing off (no STRIPE_SECRET_KEY) on %s", (kind) => {
  const { call, organisation } = apiHarness(kind);

  it("no trial, no plans, nothing asked, never read-only", async () => {
    const o = await organisation("Libre");
    expect((await call("GET", "/billing/subscription", o.token)).body).toMatchObject({
      enabled: false,
      status: "none",
      trialEndsOn: null,
      readOnly: false,
    });
    expect((await call("GET", "/billing/plans", o.token)).body).toEqual({ items: [] });
    const off = await call("POST", "/billing/subscription/plan", o.token, { planId: crypto.randomUUID() });
    expect([off.status, off.body.code]).toEqual([409, "billing.off"]);
    expect(
      (await call("POST", "/contacts", o.token, { kind: "company", name: "Epsilon", types: ["customer"] }))
        .status,
    ).toBe(201);
    // Still nothing recorded on the subscription's stream.
    expect((await call("GET", "/billing/subscription", o.token)).body.status).toBe("none");
  });
});
