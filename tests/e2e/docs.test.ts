/**
 * Sales documents against the real API, as the demo login: a quote typed in the editor (an item searched
 * as typed, live totals), accepted, turned into an order, accepted, turned into an invoice, validated
 * (its number and its entry in one commit), the entry found in the general ledger, then a credit note of
 * the invoice validated; the order shows its invoice by number and what remains to deliver and invoice;
 * screenshots of the list, the editor and the detail in French and English.
 */
import { join } from "node:path";
import { parisDate } from "@registre/core";
import { describe, expect, test } from "vitest";
import { DocsPages } from "./pages/docs-pages.ts";
import { artifactsDir, browserTimeout, demoSuite } from "./support.ts";

/** The text with the narrow and non-breaking spaces of French amounts as plain spaces. */
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

const year = Number(parisDate(new Date()).slice(0, 4));

describe("documents screens (Chromium, documents API)", () => {
  const { api, openContext, serverUrl } = demoSuite();
  /** The invoice the first test validates and its order, shown in English by the second. */
  let validatedInvoice = "";
  let invoicedOrder = "";

  test(
    "quote -> order -> invoice -> validated, its entry in the general ledger, then a credit note",
    async () => {
      const context = await openContext("fr");
      const page = await context.newPage();
      const docs = new DocsPages(page, serverUrl());
      try {
        // The dashboard's shortcut opens a new quote.
        await docs.open("/org/dashboard");
        await page.getByRole("link", { name: "Nouveau devis" }).click();
        await page.getByTestId("doc-editor").waitFor();
        await docs.pickContact("Agence Web Part-Dieu");
        await docs.addItemLine("atelier d", "3");
        // Enter on the quantity goes on to the unit, the live totals follow the lines.
        expect(await docs.lines.first().getByTestId("line-net").textContent()).toBe("540,00");
        expect(await docs.total("total-incl", "editor-totals")).toBe("648,00 €");
        // A title typed after the line, moved above it from the keyboard.
        await page.getByTestId("line-add-title").click();
        await page.keyboard.type("Ateliers de novembre");
        await page.keyboard.press("Alt+ArrowUp");
        await expect
          .poll(() => page.locator("[data-testid^=line-row]").first().getAttribute("data-testid"))
          .toBe("line-row-title");
        await page.screenshot({ path: join(artifactsDir, "docs-editor-fr.png") });
        const quoteId = await docs.save();
        expect(await docs.title()).toMatch(/^Devis DE\d{4}-\d{5}$/);
        expect(await docs.total("total-incl")).toBe("648,00 €");
        expect(await page.getByTestId("doc-lines").locator("tbody tr").first().textContent()).toBe(
          "Ateliers de novembre",
        );
        await docs.act("doc-status-accepted");
        await expect.poll(() => docs.status()).toBe("Accepté");

        const orderId = await docs.transform("order");
        expect(orderId).not.toBe(quoteId);
        expect(await docs.title()).toMatch(/^Commande CO\d{4}-\d{5}$/);
        await docs.act("doc-status-accepted");
        await expect.poll(() => docs.status()).toBe("Accepté");

        const invoiceId = await docs.transform("invoice");
        expect(await docs.title()).toBe("Facture Brouillon");
        await page.getByTestId("doc-check-ok").waitFor();
        await docs.act("doc-validate");
        // Validated, it says where it stands with its payments: all of it to pay.
        await expect.poll(async () => spaces(await docs.status())).toBe("À payer · 648,00 €");
        const number = (await docs.title()).replace("Facture ", "");
        validatedInvoice = invoiceId;
        expect(number).toMatch(/^FA\d{4}-\d{5}$/);
        expect(await docs.total("total-incl")).toBe("648,00 €");
        await page.screenshot({ path: join(artifactsDir, "docs-detail-fr.png") });

        // The posted entry, linked from the invoice, and its 411 line in the general ledger.
        await page.getByTestId("doc-entry-link").click();
        await page.waitForURL(/\/org\/accounting\/entries\//);
        await page.getByTestId("entry-line").first().waitFor();
        expect(
          (await page.getByTestId("entry-total-debit").textContent())?.replace(/[\u00a0\u202f]/g, " "),
        ).toContain("648,00");
        await docs.open(
          `/org/accounting/reports/generalledger?account=411000&start=${year}-01-01&end=${year}-12-31`,
        );
        const ledgerRow = page.locator('[data-testid="ledger-row"]', { hasText: number });
        await ledgerRow.first().waitFor();
        expect((await ledgerRow.first().textContent())?.replace(/[\u00a0\u202f]/g, " ")).toContain("648,00");

        // The order names its invoice by number and date; all of it is invoiced, none of it delivered.
        await docs.open(`/org/docs/${orderId}`);
        invoicedOrder = orderId;
        await expect
          .poll(async () => (await page.getByTestId("doc-children").textContent())?.replace(/\u00a0/g, " "))
          .toMatch(new RegExp(`^Facture ${number} du `));
        expect(await page.getByTestId("doc-line-remaining-invoice").first().textContent()).toBe("0");
        expect(await page.getByTestId("doc-line-remaining-delivery").first().textContent()).toBe("3");
        await page.screenshot({ path: join(artifactsDir, "docs-order-fr.png") });

        // A credit note of the whole invoice, validated in turn.
        await docs.open(`/org/docs/${invoiceId}`);
        await docs.act("doc-credit-note");
        await page.waitForURL(
          (url) => !url.pathname.endsWith(invoiceId) && /\/org\/docs\/[0-9a-f-]{36}$/.test(url.pathname),
        );
        await expect.poll(() => docs.title()).toBe("Avoir Brouillon");
        await docs.act("doc-validate");
        await expect.poll(async () => spaces(await docs.status())).toBe("À imputer · 648,00 €");
        expect(await docs.title()).toMatch(/^Avoir AV\d{4}-\d{5}$/);
        const credit = await api("GET", `/docs/${page.url().split("/").at(-1)}`);
        expect(credit).toMatchObject({ kind: "creditNote", totalInclTax: 64800, origin: { number } });
        expect(credit.entryMvt).toBeTruthy();

        await docs.open("/org/sales/invoices");
        await page.getByTestId("doc-row").first().waitFor();
        await page.screenshot({ path: join(artifactsDir, "docs-list-fr.png") });
      } finally {
        await context.close();
      }
    },
    browserTimeout * 2,
  );

  test(
    "the list, the editor and a document in English",
    async () => {
      const context = await openContext("en");
      const page = await context.newPage();
      const docs = new DocsPages(page, serverUrl());
      try {
        await docs.open("/org/sales/invoices");
        await page.getByRole("heading", { name: "Invoices and credit notes" }).waitFor();
        await page.screenshot({ path: join(artifactsDir, "docs-list-en.png") });
        expect(validatedInvoice).not.toBe("");
        await docs.open(`/org/docs/${validatedInvoice}`);
        expect(spaces(await docs.status())).toBe("To pay · €648.00");
        expect(await docs.total("total-incl")).toBe("€648.00");
        await page.screenshot({ path: join(artifactsDir, "docs-detail-en.png") });
        await docs.open(`/org/docs/${invoicedOrder}`);
        await page.getByRole("columnheader", { name: "To invoice" }).waitFor();
        expect(await page.getByTestId("doc-children").textContent()).toMatch(/^Invoice FA\d{4}-\d{5} dated /);
        await page.screenshot({ path: join(artifactsDir, "docs-order-en.png") });
        await docs.open("/org/docs/new/edit?direction=sales&kind=invoice");
        await page.getByRole("heading", { name: "New invoice" }).waitFor();
        await page.screenshot({ path: join(artifactsDir, "docs-editor-en.png") });
      } finally {
        await context.close();
      }
    },
    browserTimeout,
  );
  test(
    "the share dialog's calendar leaves the button that creates the link free, on a desktop and a phone",
    async () => {
      const invoices = await api("GET", "/docs?direction=sales&kind=invoice&status=validated&limit=1");
      const context = await openContext("fr");
      const page = await context.newPage();
      const docs = new DocsPages(page, serverUrl());
      try {
        for (const [width, height] of [
          [1280, 800],
          [390, 844],
        ] as const) {
          await page.setViewportSize({ width, height });
          await docs.open(`/org/docs/${invoices.items[0].id}`);
          await page.getByTestId("doc-share").click();
          await page.getByTestId("share-expiry").click();
          await page.locator("[data-dates-dropdown]").waitFor();
          const button = await page.getByTestId("share-create").boundingBox();
          if (!button) throw new Error("no share button");
          const onTop = await page.evaluate(
            ({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-testid="share-create"]') !== null,
            { x: button.x + button.width / 2, y: button.y + button.height / 2 },
          );
          await page.screenshot({ path: join(artifactsDir, `docs-share-calendar-${width}-fr.png`) });
          expect(onTop).toBe(true);
          await page.keyboard.press("Escape");
        }
      } finally {
        await context.close();
      }
    },
    browserTimeout,
  );
  test(
    "warns of the seller's mentions the settings leave out: on the settings, and before an invoice is validated (issue 23, point 10)",
    async () => {
      // The demo prints its IBAN; without it, customers paying by transfer would not find it.
      await api("PUT", "/docs/settings", { printBankDetails: false });
      const { items } = await api("GET", "/docs?direction=sales&kind=invoice&status=validated&limit=1");
      const draft = await api("POST", "/docs", {
        kind: "invoice",
        direction: "sales",
        issueDate: parisDate(new Date()),
        contactId: (items[0] as { contactId: string }).contactId,
        lines: [
          {
            kind: "free",
            label: "Pose de plinthes",
            account: "706000",
            unit: "HUR",
            quantity: "2",
            unitPrice: "50",
            vatRate: "20",
          },
        ],
      });
      const context = await openContext("fr");
      const page = await context.newPage();
      const docs = new DocsPages(page, serverUrl());
      try {
        await docs.open("/org/docs/settings");
        const alert = page.getByTestId("seller-mentions");
        await alert.waitFor();
        expect(spaces((await alert.textContent()) ?? "")).toContain(
          "Les coordonnées bancaires ne sont pas imprimées sur les factures : un client qui paie par virement n’y trouve pas l’IBAN.",
        );
        await page.screenshot({ path: join(artifactsDir, "docs-settings-mentions-fr.png") });

        // Before the invoice is validated: the same warning, the way to the settings — and it is validated.
        await docs.open(`/org/docs/${draft.id}`);
        await page.getByTestId("doc-validate").click();
        const warned = page.getByTestId("doc-action-modal").getByTestId("seller-mentions");
        await warned.waitFor();
        expect(await warned.getByRole("link", { name: "Ouvrir les paramètres des documents" }).count()).toBe(
          1,
        );
        await page.screenshot({ path: join(artifactsDir, "docs-validate-mentions-fr.png") });
        await page.getByTestId("doc-action-modal-confirm").click();
        await expect.poll(async () => (await api("GET", `/docs/${draft.id}`)).status).toBe("validated");
      } finally {
        await api("PUT", "/docs/settings", { printBankDetails: true });
        await context.close();
      }
    },
    browserTimeout,
  );
});
