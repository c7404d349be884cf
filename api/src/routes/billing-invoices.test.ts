import { calculationViolations, readEInvoiceXml } from "@registre/core";
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { signWebhook } from "../billing/stripe.ts";
import { loadSubscription, runSubscription } from "../billing/subscription.ts";
import { platformInvoiceReactors } from "../billing-invoices/reactor.ts";
import { registerUser } from "../identity/users.ts";
import { apiHarness } from "../testing/api-harness.ts";
import { platformSellerParams, platformWithMonthlyPlan } from "../testing/billing-setup.ts";
import { pdfText, validFacturxXml } from "../testing/facturx-checks.ts";

/**
 * The platform's invoices: one per payment whichever way it is told (the job's record and the webhook at
 * once), numbered without a gap across organisations, e-mailed once to the owner as a Factur-X valid
 * against the official XSD; each organisation sees its own only; the administrator sees them all and
 * makes credit notes.
 */
const secret = "whsec_registre_invoices";
const billing = { secretKey: "sk_test_fake", webhookSecret: secret, apiUrl: null };

describe.each(databaseKinds)("the platform's invoices on %s", (kind) => {
  const { harness, call, send, register, mailsTo } = apiHarness(
    kind,
    { billing },
    { reactors: platformInvoiceReactors, reactorRetryMs: { first: 100, max: 400 } },
  );

  const webhook = async (eventId: string, paymentId: string, orgId: string) => {
    const payload = JSON.stringify({
      id: eventId,
      object: "event",
      type: "payment_intent.succeeded",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: paymentId,
          object: "payment_intent",
          amount: 1500,
          customer: "cus_1",
          metadata: { orgId },
        },
      },
    });
    const res = await harness.app.request("/api/billing/stripe/webhook", {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signWebhook(payload, secret) },
      body: payload,
    });
    expect(res.status).toBe(200);
  };
  const subscriber = async (name: string, planId: string) => {
    const owner = await register(name);
    const org = await send("POST", "/user/orgs", owner.token, {
      name: `Atelier ${name}`,
      siren: "552120222",
    });
    const o = { email: owner.email, token: org.body.token as string, orgId: org.body.user.org.id as string };
    await call("GET", "/billing/subscription", o.token);
    await call("POST", "/billing/subscription/plan", o.token, { planId });
    const at = new Date().toISOString();
    await runSubscription(
      harness.ctx,
      o.orgId,
      [
        {
          type: "SaveCard",
          card: {
            customerId: "cus_1",
            paymentMethodId: "pm_1",
            brand: "visa",
            last4: "4242",
            expMonth: 12,
            expYear: 2030,
          },
          at,
        },
      ],
      { commandId: crypto.randomUUID(), at },
    );
    return o;
  };
  /** The job's record of a payment (`RenewPeriod`, under its own command id) and the webhook's, at once. */
  const paidTwice = async (orgId: string, paymentId: string) => {
    const at = new Date().toISOString();
    await Promise.all([
      runSubscription(harness.ctx, orgId, [{ type: "RenewPeriod", paymentId, at }], {
        commandId: crypto.randomUUID(),
        at,
      }),
      webhook(`evt_${paymentId}`, paymentId, orgId),
    ]);
    // The platform invoices' reactor, given the payment once however many times it was told.
    await harness.ctx.runner.drain();
  };

  it("invoices each payment once, in one series, e-mailed once as a valid Factur-X; each organisation its own", async () => {
    const { admin, plan } = await platformWithMonthlyPlan(
      harness.ctx,
      call,
      `platform.invoices.${kind}@registre.fr`,
    );
    const a = await subscriber("Facturee", plan.id);

    // The seller's identity incomplete: the payment is recorded, its invoice waits for it.
    await paidTwice(a.orgId, "pi_early");
    expect((await loadSubscription(harness.ctx, a.orgId)).status).toBe("active");
    expect((await call("GET", "/account/invoices", a.token)).body).toEqual({ items: [], total: 0 });
    for (const [key, value] of Object.entries(platformSellerParams))
      expect((await call("PUT", `/params/${key}`, admin, { value })).status).toBe(200);

    await paidTwice(a.orgId, "pi_a1");
    const b = await subscriber("Autre", plan.id);
    await paidTwice(b.orgId, "pi_b1");

    const listA = (await call("GET", "/account/invoices", a.token)).body;
    // The payment recorded before the seller's identity was set is invoiced with the next one, first.
    expect(listA.items.map((i: { paymentId: string }) => i.paymentId)).toEqual(["pi_a1", "pi_early"]);
    const [invoice, early] = listA.items;
    const year = invoice.issueDate.slice(0, 4);
    expect(early.number).toBe(`RG-${year}-000001`);
    expect(invoice).toMatchObject({
      number: `RG-${year}-000002`,
      kind: "invoice",
      orgId: a.orgId,
      paidOn: invoice.issueDate,
      htCents: 1250,
      vatCents: 250,
      totalCents: 1500,
      vat: [{ rate: "20", baseCents: 1250, vatCents: 250 }],
      seller: { name: "Registre SAS", siren: "732829320", rcs: "RCS Lyon 732 829 320" },
      buyer: { name: "Atelier Facturee", siren: "552120222" },
      emailedTo: a.email,
    });
    const listB = (await call("GET", "/account/invoices", b.token)).body;
    expect(listB.items.map((i: { number: string }) => i.number)).toEqual([`RG-${year}-000003`]);

    // An organisation never sees another's invoice, payment or PDF.
    for (const path of [
      `/account/invoices/${invoice.id}`,
      `/account/invoices/${invoice.id}/pdf`,
      "/account/payments/pi_a1",
      "/account/payments/pi_a1/lines",
    ])
      expect((await call("GET", path, b.token)).status).toBe(404);
    expect((await call("GET", `/account/invoices/${invoice.id}`, a.token)).body.number).toBe(invoice.number);

    // The payments and their lines.
    const payments = (await call("GET", "/account/payments", a.token)).body;
    expect(payments.items.map((p: { id: string }) => p.id)).toEqual(["pi_a1", "pi_early"]);
    expect(payments.items[0]).toMatchObject({
      totalCents: 1500,
      invoice: { id: invoice.id, number: invoice.number },
    });
    expect(payments.items[1].invoice).toEqual({ id: early.id, number: early.number });
    expect((await call("GET", "/account/payments/pi_a1/lines", a.token)).body.items).toEqual([
      expect.objectContaining({
        label: "Abonnement Registre — Mensuel",
        htCents: 1250,
        vatCents: 250,
        totalCents: 1500,
      }),
    ]);

    // E-mailed once to the owner, its Factur-X attached.
    const mails = mailsTo(a.email).filter((m) => m.headers.get("subject")?.includes(invoice.number));
    expect(mails).toHaveLength(1);
    expect(mailsTo(a.email).filter((m) => m.headers.get("subject")?.includes("RG-"))).toHaveLength(2);
    const attached = mails[0]?.attachments.find((f) => f.filename === `${invoice.number}.pdf`);
    expect(attached?.contentType).toBe("application/pdf");

    // The PDF downloaded is the same Factur-X: its XML valid against the XSD, its mentions printed.
    const res = await harness.app.request(`/api/account/invoices/${invoice.id}/pdf?lang=fr`, {
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const pdf = new Uint8Array(await res.arrayBuffer());
    const read = readEInvoiceXml(validFacturxXml(pdf)).invoice;
    expect(calculationViolations(read)).toEqual([]);
    expect(read).toMatchObject({
      number: invoice.number,
      typeCode: "380",
      seller: { siren: "732829320", vatNumber: "FR44732829320", address: { city: "Lyon" } },
      buyer: { name: "Atelier Facturee", siren: "552120222" },
      totals: { taxBasis: 1250, taxTotal: 250, grandTotal: 1500, prepaid: 1500, duePayable: 0 },
    });
    expect(read.notes.map((n) => n.subject)).toEqual(expect.arrayContaining(["PMD", "PMT", "AAB", "ABL"]));
    const text = pdfText(pdf);
    for (const mention of [
      invoice.number,
      "732 829 320",
      "RCS Lyon",
      "payée par carte",
      "Indemnité forfaitaire",
      "Pénalités",
    ])
      expect(text).toContain(mention);

    // The administrator: every organisation's invoices and subscriptions; a credit note of A's invoice.
    const overview = (await call("GET", "/registre/orgs/invoices", admin)).body;
    expect(overview.total).toBe(3);
    expect(overview.subscriptions.map((s: { orgId: string }) => s.orgId)).toEqual(
      expect.arrayContaining([a.orgId, b.orgId]),
    );
    expect((await call("GET", `/registre/orgs/invoices?org=${b.orgId}`, admin)).body.total).toBe(1);
    const credit = (lines: unknown, orgId = a.orgId) => ({
      orgId,
      kind: "creditNote",
      corrects: invoice.id,
      lines,
    });
    const tooMuch = await call(
      "POST",
      "/registre/orgs/invoices",
      admin,
      credit([{ label: "Remise", quantity: "1", unitHtCents: 1251, vatRate: "20" }]),
    );
    expect([tooMuch.status, tooMuch.body.code, tooMuch.body.errors[0].path]).toEqual([
      422,
      "platformInvoice.creditTooHigh",
      "lines",
    ]);
    expect(
      (
        await call(
          "POST",
          "/registre/orgs/invoices",
          admin,
          credit([{ label: "Remise", quantity: "1", unitHtCents: 100, vatRate: "20" }], b.orgId),
        )
      ).status,
    ).toBe(404);
    const issued = await call(
      "POST",
      "/registre/orgs/invoices",
      admin,
      credit([{ label: "Geste commercial", quantity: "1", unitHtCents: 500, vatRate: "20" }]),
    );
    expect(issued.status).toBe(201);
    expect(issued.body).toMatchObject({
      kind: "creditNote",
      number: `RG-${year}-000004`,
      corrects: { id: invoice.id, number: invoice.number },
      totalCents: 600,
      emailedTo: a.email,
    });
    expect((await call("GET", `/account/invoices/${invoice.id}`, a.token)).body.creditedCents).toBe(600);

    // Only the platform administrator.
    expect((await call("GET", "/registre/orgs/invoices", a.token)).status).toBe(403);
    expect(
      (
        await call(
          "POST",
          "/registre/orgs/invoices",
          a.token,
          credit([{ label: "x", quantity: "1", unitHtCents: 1, vatRate: "20" }]),
        )
      ).status,
    ).toBe(403);
  });
});

describe.each(databaseKinds)("the platform's invoices with billing off on %s", (kind) => {
  const { harness, call, organisation } = apiHarness(kind);
  it("lists nothing and refuses a manual invoice: 409 billing.off", async () => {
    const o = await organisation("Horsfacturation");
    expect((await call("GET", "/account/invoices", o.token)).body).toEqual({ items: [], total: 0 });
    expect((await call("GET", "/account/payments", o.token)).body).toEqual({ items: [], total: 0 });
    const email = `platform.off.${kind}@registre.fr`;
    await registerUser(
      harness.ctx,
      { email, password: "motdepasse1", name: "Admin", platformAdmin: true },
      { commandId: crypto.randomUUID(), at: new Date().toISOString() },
    );
    const admin = (await call("POST", "/login", undefined, { email, password: "motdepasse1" })).body.token;
    expect((await call("GET", "/registre/orgs/invoices", admin)).body).toEqual({
      items: [],
      total: 0,
      subscriptions: [],
    });
    const refused = await call("POST", "/registre/orgs/invoices", admin, {
      orgId: o.orgId,
      kind: "invoice",
      lines: [{ label: "Formation", quantity: "1", unitHtCents: 1000, vatRate: "20" }],
    });
    expect([refused.status, refused.body.code]).toEqual([409, "billing.off"]);
  });
});
