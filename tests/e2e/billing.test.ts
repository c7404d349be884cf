/**
 * A new organisation's whole life in Chromium, on the fake Stripe (issue 27 §5): the trial's days left, a
 * plan chosen, a card saved through the test-mode card form (confirmed on the fake server: the card never
 * goes through Registre), the first payment and its platform invoice (listed, its detail, its PDF; e-mailed
 * to the owner as a Factur-X valid against the official XSD), a renewal invoiced with the next number, a
 * declining card, the grace period, the frame's read-only banner and a write refused with the way to pay,
 * the payment that ends it, the payments listed. And a server without a payment provider: no billing in
 * the navigation, nothing asked.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { plusDays, readEInvoiceXml } from "@registre/core";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startFakeStripe } from "../../api/src/billing/fake-stripe.ts";
import { runBillingDue } from "../../api/src/billing/schedule.ts";
import { stripeBilling } from "../../api/src/billing/stripe.ts";
import { registerUser } from "../../api/src/identity/users.ts";
import { parseEml } from "../../api/src/mail/parse-eml.testing.ts";
import { platformSellerParams } from "../../api/src/testing/billing-setup.ts";
import { validFacturxXml } from "../../api/src/testing/facturx-checks.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { randomSiren } from "./siren.ts";
import {
  apiClient,
  artifactsDir,
  browserTimeout,
  ensureWebBuild,
  launchBrowser,
  openPath,
  type StoredSession,
  settled,
  signedInContext,
  unique,
} from "./support.ts";

const password = "Registre2026secret";

describe("the owner's subscription (Chromium, fake Stripe)", () => {
  let fake: Awaited<ReturnType<typeof startFakeStripe>> | undefined;
  let billed: TestServer | undefined;
  let unbilled: TestServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const settings = { secretKey: "sk_test_e2e", webhookSecret: "whsec_e2e", apiUrl: "" };

  beforeAll(async () => {
    await ensureWebBuild();
    fake = await startFakeStripe();
    settings.apiUrl = fake.url;
    [billed, unbilled] = await Promise.all([
      startTestServer("postgres", { dataDir: true, env: { billing: settings } }),
      startTestServer("postgres"),
    ]);
    browser = await launchBrowser();
  }, 240_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await Promise.all([billed?.close(), unbilled?.close()]);
    await fake?.close();
  });

  /** A new owner and their organisation, signed in through the API; the owner's address beside. */
  const owner = async (server: TestServer): Promise<StoredSession & { email: string }> => {
    const email = `gerante.${unique().toLowerCase()}@example.fr`;
    const anonymous = apiClient(
      () => server.url,
      () => ({ token: "", user: null }),
    );
    const registered = await anonymous("POST", "/register", { email, password, name: "Claire Moreau" });
    const org = await apiClient(
      () => server.url,
      () => registered,
    )("POST", "/user/orgs", { name: `Atelier ${unique()}`, siren: randomSiren() });
    return { ...(org as StoredSession), email };
  };

  /** The messages of the server's outbox sent to `email`, oldest first. */
  const mailsTo = (server: TestServer, email: string) => {
    const outbox = join(server.dataDir ?? "", "outbox");
    return readdirSync(outbox)
      .sort()
      .map((file) => parseEml(readFileSync(join(outbox, file), "utf8")))
      .filter((mail) => mail.headers.get("to")?.includes(email));
  };

  const page = async (session: StoredSession): Promise<Page> => {
    if (!browser) throw new Error("browser not launched");
    const context = await signedInContext(browser, session, "fr");
    contexts.push(context);
    return context.newPage();
  };

  const saveCard = async (p: Page, server: TestServer, number: string) => {
    await openPath(p, server.url, "/account/paymentmode");
    await p.getByTestId("edit-card").click();
    await p.getByLabel("Numéro de carte").fill(number);
    await p.getByLabel("Expiration (MM/AA)").fill("12/30");
    await p.getByLabel("Cryptogramme").fill("123");
    await p.getByTestId("save-card").click();
    await p.getByTestId("card-saved").waitFor({ timeout: browserTimeout });
    await settled(p);
  };

  test("trial, plan chosen, card saved, paid and invoiced, renewed, declined, grace, read-only, paid again; no billing without a provider", async () => {
    if (!billed || !unbilled) throw new Error("servers not started");
    const server = billed;
    const adminEmail = `plateforme.${unique().toLowerCase()}@registre.fr`;
    await registerUser(
      server.ctx,
      { email: adminEmail, password, name: "Plateforme", platformAdmin: true },
      { commandId: crypto.randomUUID(), at: new Date().toISOString() },
    );
    const admin = (await apiClient(
      () => server.url,
      () => ({ token: "", user: null }),
    )("POST", "/login", { email: adminEmail, password })) as StoredSession;
    const platform = apiClient(
      () => server.url,
      () => admin,
    );
    await platform("POST", "/registre/billing/plans", {
      name: "Mensuel",
      months: 1,
      priceHtCents: 1500,
      vatRate: "20",
      includes: ["Toutes les fonctions"],
    });
    // The platform's identity as a seller: without it, a payment is recorded but not invoiced.
    for (const [key, value] of Object.entries(platformSellerParams))
      expect((await platform("PUT", `/params/${key}`, { value })).value).toBeTruthy();
    const session = await owner(server);
    const api = apiClient(
      () => server.url,
      () => session,
    );
    const p = await page(session);

    // The trial: its days left, the plans; the billing links in the navigation.
    await openPath(p, server.url, "/account/paymentmode");
    const status = p.getByTestId("subscription-status");
    expect(await status.getAttribute("data-status")).toBe("trial");
    expect(await p.getByTestId("trial-left").textContent()).toMatch(/Essai gratuit\u00a0: encore 30 jours/);
    expect(await p.getByRole("link", { name: "Moyen de paiement" }).count()).toBe(1);
    const plan = p.locator('[data-testid="plan"][data-plan="Mensuel"]');
    expect(await plan.textContent()).toContain("15,00\u00a0€ HT par mois");
    await plan.getByRole("button", { name: "Choisir" }).click();
    await plan.getByText("Formule choisie").waitFor();
    expect(await p.getByTestId("next-charge").textContent()).toContain("18,00\u00a0€ TTC");

    // A card saved in the test-mode form; the trial's end charges it.
    await saveCard(p, server, "4242 4242 4242 4242");
    expect(await p.getByTestId("saved-card").textContent()).toContain("•••• 4242");
    const trialEnd = (await api("GET", "/billing/subscription")).trialEndsOn as string;
    const provider = stripeBilling(settings);
    const day = (d: string) => new Date(`${d}T02:00:00.000Z`);
    expect((await runBillingDue(server.ctx, provider, day(trialEnd))).charged).toBe(1);
    // The platform invoices' reactor: the payment invoiced and e-mailed.
    await server.ctx.runner.drain();
    await openPath(p, server.url, "/account/paymentmode");
    expect(await status.getAttribute("data-status")).toBe("active");

    // The platform's invoice: listed, 18,00 € TTC, numbered first in the platform's series.
    await openPath(p, server.url, "/account/invoices");
    const invoiceRows = p.getByTestId("invoice-row");
    expect(await invoiceRows.count()).toBe(1);
    const firstRow = (await invoiceRows.first().textContent()) ?? "";
    const found = /RG-(\d{4})-000001/.exec(firstRow);
    if (!found) throw new Error(`the first invoice is not RG-<year>-000001: ${firstRow}`);
    const [number, year] = found;
    expect(firstRow).toContain("18,00\u00a0€");
    // Its detail: every mention, its total, to whom it was e-mailed; its PDF downloaded.
    await invoiceRows.first().click();
    await p.getByTestId("invoice-detail").waitFor({ timeout: browserTimeout });
    await settled(p);
    expect(await p.getByRole("heading", { name: `Facture ${number}` }).count()).toBe(1);
    expect(await p.getByTestId("invoice-totals").textContent()).toContain("Total TTC · 18,00\u00a0€");
    expect(await p.getByTestId("invoice-emailed").textContent()).toContain(`Envoyée à ${session.email}`);
    await p.screenshot({ path: `${artifactsDir}billing-invoice.png`, fullPage: true });
    const [download] = await Promise.all([p.waitForEvent("download"), p.getByTestId("invoice-pdf").click()]);
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const downloaded = readFileSync(await download.path());
    expect(downloaded.subarray(0, 5).toString()).toBe("%PDF-");

    // E-mailed once to the owner, the PDF attached: its embedded factur-x.xml valid against the XSD.
    const invoiceMails = (n: string) =>
      mailsTo(server, session.email).filter((m) => m.headers.get("subject")?.includes(n));
    const mailed = invoiceMails(number);
    expect(mailed).toHaveLength(1);
    const attached = mailed[0]?.attachments.find((f) => f.filename === `${number}.pdf`);
    expect(attached?.contentType).toBe("application/pdf");
    const xml = readEInvoiceXml(validFacturxXml(attached?.content ?? new Uint8Array())).invoice;
    expect(xml).toMatchObject({
      number,
      typeCode: "380",
      seller: { siren: platformSellerParams.sellerSiren, vatNumber: platformSellerParams.sellerVatNumber },
      totals: { taxBasis: 1500, taxTotal: 300, grandTotal: 1800, prepaid: 1800, duePayable: 0 },
    });

    // A renewal: the period's end charges the card again, invoiced with the next number, no gap.
    const firstPeriodEnd = (await api("GET", "/billing/subscription")).periodTo as string;
    expect((await runBillingDue(server.ctx, provider, day(firstPeriodEnd))).charged).toBe(1);
    await server.ctx.runner.drain();
    const renewed = await api("GET", "/billing/subscription");
    expect([renewed.status, renewed.periodFrom]).toEqual(["active", firstPeriodEnd]);
    await openPath(p, server.url, "/account/invoices");
    expect(await invoiceRows.count()).toBe(2);
    const second = `RG-${year}-000002`;
    expect(await invoiceRows.first().textContent()).toContain(second);
    expect(await invoiceRows.nth(1).textContent()).toContain(number);
    expect(invoiceMails(second)).toHaveLength(1);

    // The card replaced by one that declines: the next due date fails, the grace's end shown.
    await saveCard(p, server, "4000 0000 0000 0341");
    expect(await p.getByTestId("saved-card").textContent()).toContain("•••• 0341");
    const periodEnd = renewed.periodTo as string;
    expect((await runBillingDue(server.ctx, provider, day(periodEnd))).failed).toBe(1);
    await openPath(p, server.url, "/account/paymentmode");
    expect(await status.getAttribute("data-status")).toBe("pastDue");
    const graceEnd = plusDays(periodEnd, 14);
    expect(await p.getByTestId("past-due").textContent()).toMatch(
      /Le paiement a échoué \(1 tentative\)\. .* d’ici le .+, l’organisation passera en lecture seule/,
    );
    await p.screenshot({ path: `${artifactsDir}billing-past-due.png`, fullPage: true });

    // The grace's end: read-only — the banner in the frame; reading works, a write is refused with
    // the way to pay.
    expect((await runBillingDue(server.ctx, provider, day(graceEnd))).readOnly).toBe(1);
    await openPath(p, server.url, "/org/contacts");
    const banner = p.getByTestId("read-only-banner");
    await banner.waitFor();
    expect(await banner.textContent()).toContain("vous pouvez tout consulter et exporter");
    await p.screenshot({ path: `${artifactsDir}billing-read-only.png`, fullPage: true });
    await openPath(p, server.url, "/org/contacts/create");
    await p.getByTestId("contact-name").fill("Refusée");
    await p.getByTestId("contact-create-submit").click();
    const toPay = p.getByTestId("payment-required");
    await toPay.waitFor();
    expect(await p.getByRole("alert").filter({ has: toPay }).textContent()).toContain(
      "restent consultables et exportables",
    );
    expect(await banner.getByRole("link", { name: "Payer" }).count()).toBe(1);
    await toPay.click();
    await settled(p);
    expect(await p.getByTestId("read-only").textContent()).toContain("FEC compris");
    await saveCard(p, server, "4242 4242 4242 4242");
    expect(await p.getByTestId("card-saved").getAttribute("data-charged")).toBe("succeeded");
    expect(await status.getAttribute("data-status")).toBe("active");
    expect(await p.getByTestId("read-only-banner").count()).toBe(0);
    expect(
      (await api("POST", "/contacts", { kind: "company", name: "Acceptée", types: ["customer"] })).id,
    ).toBeTruthy();

    // The payments: the first, the renewal and the one that ended read-only, each with its invoice.
    await server.ctx.runner.drain();
    await openPath(p, server.url, "/account/payments");
    const paymentRows = p.getByTestId("payment-row");
    expect(await paymentRows.count()).toBe(3);
    const payments = (await paymentRows.allTextContents()).join("\n");
    for (const n of [number, second, `RG-${year}-000003`]) expect(payments).toContain(n);
    expect(payments.match(/18,00\u00a0€/g)).toHaveLength(3);
    await p.screenshot({ path: `${artifactsDir}billing-payments.png`, fullPage: true });

    // Without a payment provider: no billing link, nothing asked.
    const other = await page(await owner(unbilled));
    await openPath(other, unbilled.url, "/account");
    expect(await other.getByRole("link", { name: "Moyen de paiement" }).count()).toBe(0);
    expect(await other.getByTestId("read-only-banner").count()).toBe(0);
  }, 240_000);
});
