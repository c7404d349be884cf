/**
 * The owner's month (issue 23), in French at 1280×800, through the screens as a user goes: a customer
 * created from the contacts screen, its quote (valid a month by default, a line with a discount) made
 * into an order then an invoice (the quote's notes offered, not copied), the invoice validated, paid in
 * part (the allocation following the amount typed), where it stands on its page, in the list and in its
 * history; a late customer reminded after reading the message; the invoice shared and read by the
 * customer in a browser that never signed in. At the end, the invoice's badge and history in English.
 */
import { join } from "node:path";
import { parisDate } from "@registre/core";
import { describe, expect, test } from "vitest";
import { ContactsPages } from "./pages/contacts-pages.ts";
import { DocsPages } from "./pages/docs-pages.ts";
import { ShellPage } from "./pages/shell-page.ts";
import { randomSiren, spacedSiren } from "./siren.ts";
import { artifactsDir, browserTimeout, demoSuite, unique } from "./support.ts";

/** Text as read on the screen, its no-break and narrow spaces as plain ones. */
const spaces = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

/** A day `days` after an ISO day, ISO. */
const daysAfter = (iso: string, days: number): string => {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** An ISO day as the day fields and the lists write it: 31/12/2026. */
const shown = (iso: string) => iso.split("-").reverse().join("/");

describe("the owner's month (Chromium, issue 23)", () => {
  const { api, openContext, anonymousContext, serverUrl } = demoSuite();

  test(
    "a customer, its quote, order and invoice, a partial payment, a reminder and the shared invoice",
    async () => {
      const day = parisDate(new Date());
      const customer = `Menuiserie Garnier ${unique()}`;
      const notes = "Pose prévue la semaine du 14, accès par la cour.";
      const context = await openContext("fr");
      const page = await context.newPage();
      const contacts = new ContactsPages(page, serverUrl());
      const docs = new DocsPages(page, serverUrl());
      try {
        // A new customer from the contacts screen: its page opens at its top, its title in view.
        await contacts.open("/org/contacts");
        await page.getByTestId("contact-new").click();
        await page.waitForURL((url) => url.pathname === "/org/contacts/create");
        await contacts.createCompany({
          name: customer,
          types: ["customer"],
          address: { line1: "8 rue des Capucins", postalCode: "69001", city: "Lyon" },
          iban: "",
          // A company customer's SIREN is a mention its invoices need.
          siren: spacedSiren(randomSiren()),
        });
        await page.waitForURL((url) => /^\/org\/contacts\/[0-9a-f-]{36}$/.test(url.pathname));
        await page.getByTestId("contact-overview").waitFor();
        expect(await contacts.mainHeading.textContent()).toBe(customer);
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        expect((await contacts.mainHeading.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);

        // Its quote, from its sales tab: valid thirty days from its date unless typed otherwise.
        await page.getByTestId("tab-sales").click();
        await page.getByTestId("contact-new-quote").click();
        await page.getByTestId("doc-editor").waitFor();
        expect(await page.getByTestId("doc-issueDate").inputValue()).toBe(shown(day));
        expect(await page.getByTestId("doc-expiryDate").inputValue()).toBe(shown(daysAfter(day, 30)));
        // Three workshops less 10 %: 540,00 − 54,00 = 486,00 HT, 583,20 TTC.
        await docs.addItemLine("atelier d", "3");
        await docs.lines.first().getByTestId("line-discount").fill("10");
        await expect.poll(() => docs.lines.first().getByTestId("line-net").textContent()).toBe("486,00");
        expect(await docs.total("total-incl", "editor-totals")).toBe("583,20 €");
        await page.getByLabel("Notes").fill(notes);
        await page.screenshot({ path: join(artifactsDir, "owner-month-quote-fr.png") });
        const quoteId = await docs.save();
        const quote = await api("GET", `/docs/${quoteId}`);
        expect(quote.header.expiryDate).toBe(daysAfter(day, 30));
        const quoteNumber = (await docs.title()).replace("Devis ", "");
        expect(quoteNumber).toMatch(/^DE\d{4}-\d{5}$/);
        await docs.act("doc-status-accepted");
        await expect.poll(() => docs.status()).toBe("Accepté");

        // The order: the quote's notes are not copied, they are offered — and taken.
        const orderId = await docs.transform("order");
        const orderNumber = (await docs.title()).replace("Commande ", "");
        expect((await api("GET", `/docs/${orderId}`)).header.notes ?? null).toBeNull();
        expect(await page.getByText(notes).count()).toBe(0);
        await page.getByTestId("doc-edit").click();
        await page.getByTestId("doc-editor").waitFor();
        expect(await page.getByLabel("Notes").inputValue()).toBe("");
        const offer = page.getByTestId("doc-origin-notes");
        expect(await offer.textContent()).toBe(`Reprendre les notes du devis ${quoteNumber}`);
        await offer.click();
        expect(await page.getByLabel("Notes").inputValue()).toBe(notes);
        expect(await offer.count()).toBe(0);
        await docs.save();
        expect(await page.getByText(notes).count()).toBe(1);
        await docs.act("doc-status-accepted");
        await expect.poll(() => docs.status()).toBe("Accepté");

        // The invoice: the order's notes offered again, not copied; this time left out.
        const invoiceId = await docs.transform("invoice");
        expect(await docs.title()).toBe("Facture Brouillon");
        expect((await api("GET", `/docs/${invoiceId}`)).header.notes ?? null).toBeNull();
        await page.getByTestId("doc-edit").click();
        await page.getByTestId("doc-editor").waitFor();
        expect(await page.getByLabel("Notes").inputValue()).toBe("");
        expect(await page.getByTestId("doc-origin-notes").textContent()).toBe(
          `Reprendre les notes de la commande ${orderNumber}`,
        );
        expect(await docs.lines.first().getByTestId("line-discount").inputValue()).toBe("10");
        await page.goBack();
        await page.getByTestId("doc-actions").waitFor();

        // Validated: « Valider la facture ? », and the demo's settings leave no mention out.
        await page.getByTestId("doc-check-ok").waitFor();
        await page.getByTestId("doc-validate").click();
        const dialog = page.getByRole("dialog");
        await dialog.getByTestId("doc-action-modal").waitFor();
        expect(spaces(await dialog.locator(".mantine-Modal-title").textContent())).toBe(
          "Valider la facture ?",
        );
        expect(await dialog.getByTestId("seller-mentions").count()).toBe(0);
        await page.getByTestId("doc-action-modal-confirm").click();
        await expect.poll(async () => spaces(await docs.status())).toBe("À payer · 583,20 €");
        const number = (await docs.title()).replace("Facture ", "");
        expect(number).toMatch(/^FA\d{4}-\d{5}$/);

        // A partial payment: 300 typed, the allocation follows it.
        await page.getByTestId("doc-record-payment").click();
        await page.waitForURL(/\/org\/sales\/payments\/create\?docId=/);
        const allocation = page.getByLabel(`Imputer ${number}`);
        await expect.poll(() => allocation.inputValue()).toBe("583,20");
        await page.getByTestId("payment-amount").fill("300");
        await expect.poll(() => allocation.inputValue()).toBe("300,00");
        await page.getByTestId("payment-save").click();
        await page.waitForURL(/\/org\/payments\/[0-9a-f-]{36}$/);
        const paymentId = page.url().split("/").at(-1) ?? "";
        await page.getByTestId("payment-lines").waitFor();
        expect(await page.getByTestId("payment-lines").textContent()).toContain(number);

        // Where the invoice stands: its badge, its payment listed with its link, as its list row says.
        await docs.open(`/org/docs/${invoiceId}`);
        const partly = "Payée en partie · reste 283,20 €";
        await expect.poll(async () => spaces(await docs.status())).toBe(partly);
        const paid = page.getByTestId("doc-payment");
        await paid.first().waitFor();
        expect(await paid.count()).toBe(1);
        expect(spaces(await paid.textContent())).toContain("300,00 €");
        expect(await paid.getByRole("link").getAttribute("href")).toBe(`/org/payments/${paymentId}`);
        await page.screenshot({ path: join(artifactsDir, "owner-month-invoice-fr.png") });
        await docs.open("/org/sales/invoices");
        const row = page.getByTestId("doc-row").filter({ hasText: number });
        await row.waitFor();
        expect(spaces(await row.getByTestId("doc-status").textContent())).toBe(partly);

        // Its history says which payment, with its amount, in a sentence.
        await docs.open(`/org/docs/${invoiceId}`);
        await page.getByTestId("doc-history-link").click();
        const payment = page.getByTestId("history-payment");
        await payment.waitFor();
        expect(spaces(await payment.textContent())).toBe(`Paiement de 300,00 € du ${shown(day)}`);
        expect(await payment.getByRole("link").getAttribute("href")).toBe(`/org/payments/${paymentId}`);
        expect(await page.getByTestId("history-events").textContent()).not.toMatch(/Document[A-Z]\w+/);

        // A late customer reminded: the message is shown, then sent once confirmed.
        await docs.open("/org/sales/reminders");
        await page.getByTestId("reminders-table").waitFor();
        const late = page
          .getByTestId("reminders-table")
          .locator("tbody tr")
          .filter({ has: page.getByTestId("reminder-send") })
          .first();
        const lateNumber = ((await late.getByRole("link").first().textContent()) ?? "").trim();
        await late.getByTestId("reminder-send").click();
        const preview = page.getByTestId("reminder-preview");
        await preview.getByTestId("reminder-preview-subject").waitFor();
        expect(spaces(await preview.getByTestId("reminder-preview-subject").textContent())).toContain(
          lateNumber,
        );
        expect((await preview.getByTestId("reminder-preview-body").textContent())?.trim()).not.toBe("");
        expect(await preview.textContent()).toContain(`${lateNumber}.pdf`);
        expect(await page.getByTestId("reminders-report").count()).toBe(0);
        await page.getByTestId("reminder-preview-confirm").click();
        await page.getByTestId("reminders-report").waitFor();
        expect(await page.getByTestId("reminders-report").textContent()).toContain("1 relance envoyée");
        await expect.poll(() => preview.count()).toBe(0);

        // The invoice shared: the customer sees the line's discount and what is still due.
        await docs.open(`/org/docs/${invoiceId}`);
        await page.getByTestId("doc-share").click();
        await page.getByTestId("share-create").click();
        const link = new URL(await page.getByTestId("share-link").inputValue());
        await page.keyboard.press("Escape");
        const visitor = await anonymousContext({ locale: "fr" });
        try {
          const shared = await visitor.newPage();
          await shared.goto(new URL(link.pathname + link.search, serverUrl()).toString());
          await shared.getByTestId("shared-title").waitFor();
          expect(await shared.getByTestId("shared-title").textContent()).toBe(`Facture ${number}`);
          const line = shared.getByTestId("shared-line").first();
          expect(spaces(await line.getByTestId("shared-line-discount").textContent())).toBe("10 %");
          expect(spaces(await line.textContent())).toContain("486,00 €");
          expect(spaces(await shared.getByTestId("shared-paid").textContent())).toBe("300,00 €");
          expect(spaces(await shared.getByTestId("shared-due").textContent())).toBe("283,20 €");
          expect(spaces(await shared.getByTestId("doc-status").textContent())).toBe(partly);
          await shared.screenshot({ path: join(artifactsDir, "owner-month-shared-fr.png"), fullPage: true });
        } finally {
          await visitor.close();
        }

        // In English: the invoice's badge and its history's sentence.
        await new ShellPage(page, serverUrl()).switchLanguage("en");
        await expect.poll(async () => spaces(await docs.status())).toBe("Part paid · €283.20 due");
        await page.getByTestId("doc-history-link").click();
        await page.getByTestId("history-payment").waitFor();
        expect(spaces(await page.getByTestId("history-payment").textContent())).toBe(
          `Payment of €300.00 on ${shown(day)}`,
        );
      } finally {
        await context.close();
      }
    },
    browserTimeout * 2,
  );
});
