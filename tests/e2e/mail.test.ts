/**
 * A sales invoice sent by e-mail from its page (the mail editor: the contact's address, the invoice
 * template rendered in French), read back from the server's outbox: the subject and body rendered, the
 * PDF attached; the sending in the invoice's history; the e-mail templates and reminders screens.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseEml } from "../../api/src/mail/parse-eml.testing.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import {
  apiClient,
  artifactsDir,
  browserTimeout,
  ensureWebBuild,
  launchBrowser,
  openPath,
  type StoredSession,
  signedInContext,
  signInDemo,
} from "./support.ts";

describe("documents by e-mail (Chromium, mail API)", () => {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let session: StoredSession | undefined;
  const serverUrl = () => server?.url ?? "";
  const api = apiClient(serverUrl, () => session as StoredSession);

  beforeAll(async () => {
    await ensureWebBuild();
    server = await startTestServer("postgres", { seed: true, dataDir: true });
    session = await signInDemo(server.url);
    browser = await launchBrowser();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  test(
    "sends an invoice from its page and reads the .eml in the outbox: subject and body rendered, PDF attached",
    async () => {
      const invoices = await api("GET", "/docs?direction=sales&kind=invoice&status=validated&limit=1");
      const invoice = invoices.items[0] as { id: string; number: string; contactName: string };
      const address = "comptabilite.e2e@client.example.fr";
      const context = await signedInContext(browser as Browser, session as StoredSession, "fr");
      const page = await context.newPage();
      try {
        await openPath(page, serverUrl(), `/org/docs/${invoice.id}`);
        await page.getByTestId("doc-mail").click();
        await page.getByTestId("mail-form").waitFor();
        expect(await page.getByTestId("mail-subject").inputValue()).toBe(
          `Facture ${invoice.number} — Atelier Démo SARL`,
        );
        expect(await page.getByTestId("mail-body").inputValue()).toContain(
          `facture n°\u00a0${invoice.number}`,
        );
        await page.getByTestId("mail-to").fill(address);
        await page.getByTestId("mail-cc").fill("");
        await page.screenshot({ path: join(artifactsDir, "mail-editor-fr.png") });
        await page.getByTestId("mail-send").click();
        await page.getByTestId("mail-sent").waitFor();
        expect(await page.getByTestId("mail-sent").textContent()).toContain("E-mail envoyé.");

        const outbox = join(server?.dataDir ?? "", "outbox");
        const file = readdirSync(outbox).find((name) => name.endsWith(`_${address}.eml`));
        expect(file).toBeDefined();
        const mail = parseEml(readFileSync(join(outbox, file ?? ""), "utf8"));
        expect(mail.headers.get("to")).toBe(address);
        expect(mail.headers.get("subject")).toBe(`Facture ${invoice.number} — Atelier Démo SARL`);
        expect(mail.text).toContain(`Veuillez trouver ci-joint notre facture n°\u00a0${invoice.number}`);
        expect(mail.text).not.toContain("{{");
        expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
          [`${invoice.number}.pdf`, "application/pdf"],
        ]);
        expect(mail.attachments[0]?.content.subarray(0, 5).toString()).toBe("%PDF-");

        // The sending is in the invoice's history, with the address and the message id.
        await page.getByTestId("mail-back").click();
        await page.getByTestId("doc-history-link").click();
        await page.getByTestId("history-email").first().waitFor();
        expect(await page.getByTestId("history-email").first().textContent()).toContain(address);

        // The templates list and the reminders screen, in French then English.
        await openPath(page, serverUrl(), "/org/emailtemplates");
        await page
          .getByTestId("templates-table")
          .getByRole("link", { name: "Mise en demeure", exact: true })
          .waitFor();
        await page.screenshot({ path: join(artifactsDir, "mail-templates-fr.png") });
        await openPath(page, serverUrl(), "/org/sales/reminders");
        await page.getByTestId("reminders-table").waitFor();
        expect(await page.getByTestId("reminder-send").count()).toBeGreaterThan(0);
        await page.screenshot({ path: join(artifactsDir, "mail-reminders-fr.png") });
        // A reminder shows what it will say before it leaves, and leaves once confirmed.
        await page.getByTestId("reminder-send").first().click();
        await page.getByTestId("reminder-preview-subject").waitFor();
        expect((await page.getByTestId("reminder-preview-body").textContent())?.trim()).not.toBe("");
        await page.screenshot({ path: join(artifactsDir, "mail-reminder-preview-fr.png") });
        await page.getByTestId("reminder-preview-confirm").click();
        await page.getByTestId("reminders-report").waitFor();
        await expect.poll(() => page.getByTestId("reminder-preview").count()).toBe(0);
      } finally {
        await context.close();
      }
      // The public contact form of /about writes to the platform's address.
      const visitor = await (browser as Browser).newContext({
        viewport: { width: 1280, height: 800 },
        locale: "fr",
      });
      const publicPage = await visitor.newPage();
      try {
        await openPath(publicPage, serverUrl(), "/about");
        const form = publicPage.getByTestId("contact-form");
        await form.getByLabel("Votre nom").fill("Jeanne Visiteuse");
        await form.getByLabel("Votre e-mail").fill("jeanne.visiteuse@example.fr");
        await form.getByLabel("Objet").fill("Une question");
        await form.getByLabel("Message").fill("Bonjour, une question sur les tarifs.");
        await publicPage.getByTestId("contact-send").click();
        await publicPage.getByTestId("contact-sent").waitFor();
        const outbox = join(server?.dataDir ?? "", "outbox");
        const help = readdirSync(outbox).find((name) => name.endsWith("_support@registre.local.eml"));
        const helpMail = parseEml(readFileSync(join(outbox, help ?? ""), "utf8"));
        expect(helpMail.headers.get("reply-to")).toBe("jeanne.visiteuse@example.fr");
        expect(helpMail.text).toContain("une question sur les tarifs");
      } finally {
        await visitor.close();
      }
      const english = await signedInContext(browser as Browser, session as StoredSession, "en");
      const pageEn = await english.newPage();
      try {
        await openPath(pageEn, serverUrl(), "/org/emailtemplates/default-reminder3-en/edit");
        await pageEn.getByTestId("template-preview").waitFor();
        expect(await pageEn.getByTestId("template-preview-body").textContent()).toContain("€40.00");
        await pageEn.getByTestId("template-body").fill("Hello {{firstName}}");
        await pageEn.getByTestId("template-preview-error").waitFor();
        expect(await pageEn.getByTestId("template-preview-error").textContent()).toContain("{{firstName}}");
        await pageEn.screenshot({ path: join(artifactsDir, "mail-template-edit-en.png") });
        await openPath(pageEn, serverUrl(), "/org/sales/reminders");
        await pageEn.getByTestId("reminders-table").waitFor();
        await pageEn.screenshot({ path: join(artifactsDir, "mail-reminders-en.png") });
      } finally {
        await english.close();
      }
    },
    browserTimeout * 3,
  );
});
