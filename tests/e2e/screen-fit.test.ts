/**
 * Screens that fit what they show (issue 23, points 14 and 18), as the demo login: on a 390×844 phone the
 * header keeps the language and the user's menu in view (the theme in that menu), the reconcile screen's
 * amounts and a document's prices and totals are on screen, the invoices' filters wait behind one
 * button; at 1280×800 a line's designation and unit are read whole in the editor, the general ledger's
 * labels take two lines at most, and entry numbers read « BQ1-000004 ». Screenshots in both languages.
 */

import { join } from "node:path";
import { parisDate } from "@registre/core";
import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { artifactsDir, browserTimeout, demoSuite } from "./support.ts";

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

/** The element's box, which must be there. */
const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error("not rendered");
  return found;
};

/** Whether the element lies wholly within the page's width (nothing cut off on the right). */
const inView = async (page: Page, locator: Locator) => {
  const { x, width } = await box(locator);
  const viewport = page.viewportSize()?.width ?? 0;
  return x >= 0 && x + width <= viewport;
};

/** Whether a field shows its whole text: nothing scrolled out of it, sideways or down. */
const showsAll = (field: Locator) =>
  field.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1);

describe("screens that fit (Chromium, demo organisation)", () => {
  let draftId = "";
  const { api, openContext, open } = demoSuite(async ({ api }) => {
    const contacts = await api("GET", "/contacts?limit=5");
    const draft = await api("POST", "/docs", {
      kind: "invoice",
      direction: "sales",
      issueDate: parisDate(new Date()),
      contactId: contacts.items[0].id,
      lines: [
        {
          kind: "free",
          label: "Étude et conception d’un agencement sur mesure pour la boutique du centre-ville",
          unit: "HUR",
          quantity: "12",
          unitPrice: "12345.67",
          vatRate: "20",
        },
        {
          kind: "free",
          label: "Panneaux de chêne massif",
          unit: "MTK",
          quantity: "48.5",
          unitPrice: "89.9",
          discount: "10",
          vatRate: "5.5",
        },
      ],
    });
    draftId = draft.id;
  });

  for (const locale of ["fr", "en"] as const) {
    test(
      `on a phone, the header keeps the language and the user's menu in view (${locale})`,
      async () => {
        const context = await openContext(locale);
        const page = await context.newPage();
        try {
          await page.setViewportSize(phone);
          await open(page, "/org/dashboard");
          await page.getByTestId("dashboard").waitFor();
          for (const control of ["org-switch", "language-switch", "user-menu"])
            expect(await inView(page, page.getByTestId(control)), control).toBe(true);
          // The organisation's button gives way: it ends before the language switch starts.
          const org = await box(page.getByTestId("org-switch"));
          expect(org.x + org.width).toBeLessThanOrEqual((await box(page.getByTestId("language-switch"))).x);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
          // The theme is in the user's menu.
          expect(await page.getByTestId("theme-switch").isVisible()).toBe(false);
          await page.getByTestId("user-menu").click();
          const theme = page.getByTestId("user-menu-theme").getByTestId("theme-switch");
          await theme.waitFor();
          expect(await inView(page, theme)).toBe(true);
          await page.screenshot({ path: join(artifactsDir, `header-390-${locale}.png`) });
          await page.keyboard.press("Escape");

          // At 1280 everything is in the header, the theme too.
          await page.setViewportSize(desktop);
          await open(page, "/org/dashboard");
          await page.getByTestId("dashboard").waitFor();
          expect(await page.getByTestId("theme-switch").isVisible()).toBe(true);
          expect(await page.getByTestId("org-switch").textContent()).toContain("Atelier Démo SARL");
        } finally {
          await context.close();
        }
      },
      browserTimeout,
    );
  }

  test(
    "on a phone, the invoices' filters wait behind « Filtres », the reconcile screen's amounts are on screen",
    async () => {
      const context = await openContext("fr");
      const page = await context.newPage();
      try {
        await page.setViewportSize(phone);
        await open(page, "/org/sales/invoices");
        const filters = page.getByTestId("docs-filters");
        await page.getByTestId("docs-search").waitFor();
        // The search and one button: the list starts on the first screen.
        expect((await box(filters)).height).toBeLessThan(200);
        expect(await page.getByTestId("docs-filter-status").count()).toBe(0);
        await page.screenshot({ path: join(artifactsDir, "invoices-390-fr.png") });
        await page.getByTestId("docs-filters-toggle").click();
        await page.getByTestId("docs-filter-status").waitFor();
        expect(await page.getByTestId("docs-filters-toggle").getAttribute("aria-expanded")).toBe("true");
        // A filter set is counted on the button.
        await page.getByTestId("docs-filter-late").check();
        expect(await page.getByTestId("docs-filters-toggle").textContent()).toBe("Filtres (1)");
        // At 1280 the filters are all shown, with no button.
        await page.setViewportSize(desktop);
        await open(page, "/org/sales/invoices");
        await page.getByTestId("docs-filter-status").waitFor();
        expect(await page.getByTestId("docs-filters-toggle").count()).toBe(0);

        // The reconcile screen: every line's amount, and the chosen line's, within the screen.
        const statements = await api("GET", "/banks/statements");
        const last = await api("GET", `/banks/statements/${statements.items[0].id}`);
        const chosen = last.lines.find((l: { match: unknown }) => l.match === null) ?? last.lines[0];
        await page.setViewportSize(phone);
        await open(page, `/org/bankstatements/${last.id}/reconcile/${chosen.no}`);
        await page.getByTestId("line-panel").waitFor();
        const amounts = page.getByTestId("reconcile-line-amount");
        expect(await amounts.count()).toBeGreaterThan(3);
        for (const amount of await amounts.all()) expect(await inView(page, amount)).toBe(true);
        expect(await inView(page, page.getByTestId("line-panel-amount"))).toBe(true);
        await page.screenshot({ path: join(artifactsDir, "reconcile-390-fr.png") });
      } finally {
        await context.close();
      }
    },
    browserTimeout * 2,
  );

  test(
    "a document's lines: prices and totals on a phone's screen, designation and unit read whole at 1280",
    async () => {
      for (const locale of ["fr", "en"] as const) {
        const context = await openContext(locale);
        const page = await context.newPage();
        try {
          await page.setViewportSize(phone);
          await open(page, `/org/docs/${draftId}/edit`);
          const editor = page.getByTestId("lines-editor");
          await editor.waitFor();
          await editor.scrollIntoViewIfNeeded();
          for (const field of ["line-label", "line-quantity", "line-unit", "line-unitPrice", "line-net"])
            for (const cell of await page.getByTestId(field).all())
              expect(await inView(page, cell), field).toBe(true);
          for (const field of ["line-label", "line-unitPrice", "line-unit"])
            for (const cell of await page.getByTestId(field).all())
              expect(await showsAll(cell), field).toBe(true);
          await page.screenshot({ path: join(artifactsDir, `doc-editor-390-${locale}.png`) });

          await open(page, `/org/docs/${draftId}`);
          await page.getByTestId("doc-lines").scrollIntoViewIfNeeded();
          for (const field of ["doc-line-price", "doc-line-net"])
            for (const cell of await page.getByTestId(field).all())
              expect(await inView(page, cell), field).toBe(true);
          await page.screenshot({ path: join(artifactsDir, `doc-lines-390-${locale}.png`) });

          // At 1280: the long designation wraps in its field, « mètre carré » is read whole.
          await page.setViewportSize(desktop);
          await open(page, `/org/docs/${draftId}/edit`);
          await editor.waitFor();
          const labels = page.getByTestId("line-label");
          expect(await labels.first().inputValue()).toContain("centre-ville");
          for (const field of ["line-label", "line-unit", "line-unitPrice"])
            for (const cell of await page.getByTestId(field).all())
              expect(await showsAll(cell), field).toBe(true);
          expect(await page.getByTestId("line-unit").nth(1).inputValue()).toBe(
            locale === "fr" ? "mètre carré" : "square metre",
          );
          await editor.scrollIntoViewIfNeeded();
          await page.screenshot({ path: join(artifactsDir, `doc-editor-1280-${locale}.png`) });
        } finally {
          await context.close();
        }
      }
    },
    browserTimeout * 2,
  );

  test(
    "at 1280, the general ledger's labels take two lines at most; entry numbers read « BQ1-000004 »",
    async () => {
      for (const locale of ["fr", "en"] as const) {
        const context = await openContext(locale);
        const page = await context.newPage();
        try {
          await open(page, "/org/accounting/reports/generalledger");
          const labels = page.getByTestId("ledger-label");
          await labels.first().waitFor();
          const rows = await labels.evaluateAll((cells) =>
            cells.map((cell) => {
              const text = cell.querySelector("p") as HTMLElement;
              const lineHeight = Number.parseFloat(getComputedStyle(text).lineHeight);
              return {
                lines: Math.round(text.getBoundingClientRect().height / lineHeight),
                title: cell.getAttribute("title") ?? "",
              };
            }),
          );
          expect(rows.length).toBeGreaterThan(20);
          for (const row of rows) {
            expect(row.lines, row.title).toBeLessThanOrEqual(2);
            expect(row.title).not.toBe("");
          }
          const numbers = await page.getByTestId("ledger-table").locator("a.acc-link").allTextContents();
          expect(numbers.length).toBeGreaterThan(20);
          for (const number of numbers) expect(number).toMatch(/^[A-Z0-9]{1,6}-\d{6,}$/);
          expect(numbers.some((n) => n.startsWith("BQ1-"))).toBe(true);
          await page.screenshot({ path: join(artifactsDir, `general-ledger-1280-${locale}.png`) });

          // The entries: numbers with their hyphen; one typed so is found, with no other number (a journal
          // numbers each fiscal year from 1: last year's entry of that number is found too).
          await open(page, "/org/accounting/entries");
          const first = page.getByTestId("entry-number").first();
          await first.waitFor();
          const shown = (await first.textContent()) ?? "";
          expect(shown).toMatch(/^[A-Z0-9]{1,6}-\d{6,}$/);
          await page.getByTestId("entries-search").fill(shown.toLowerCase());
          await expect
            .poll(async () => [...new Set(await page.getByTestId("entry-number").allTextContents())], {
              timeout: 10_000,
            })
            .toEqual([shown]);
          // Each entry once (those of other years are other entries).
          const mvts = await page
            .getByTestId("entry-row")
            .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-mvt")));
          expect(new Set(mvts).size).toBe(mvts.length);
        } finally {
          await context.close();
        }
      }
    },
    browserTimeout * 2,
  );
});
