/**
 * The closing file of a fiscal year against the real API, as the demo login: the closing checklist
 * ticked with a note on `/step/edit` and read on `/step`, a year-end adjustment (dotation aux
 * amortissements) entered on `/data/edit`, changed, and listed on `/data`; the year's settings
 * page; the same screens in English. Screenshots of the closing screens go to the artifacts folder.
 */
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { AccountingPages, shownDay } from "./pages/accounting-pages.ts";
import { artifactsDir, browserTimeout, demoSuite } from "./support.ts";

/** Text as a reader sees it: the no-break spaces `Intl` puts in amounts read as plain ones. */
const plain = (text: string | null): string => (text ?? "").replace(/[\u00a0\u202f]/g, " ").trim();

describe("closing file screens (Chromium, closing API)", () => {
  let yearId = "";
  let yearEnd = "";

  const { api, openContext, serverUrl } = demoSuite(async ({ api }) => {
    // The demo organisation's first fiscal year: the Atelier books of 2025, still open.
    const years = await api("GET", "/accounting/balance-sheet");
    const first = years.items[0];
    yearId = first.id;
    yearEnd = first.end;
    expect(first.status).toBe("open");
  });

  const pagesOf = (page: Page) => new AccountingPages(page, serverUrl());
  const open = (page: Page, path: string) => pagesOf(page).open(path);

  const yearPage = (sub = "") => `/org/accounting/balancesheet/${yearId}${sub}`;

  const shoot = async (page: Page, name: string) => {
    // From the top: a page scrolled down would be captured under its sticky header.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage: true });
  };

  test(
    "ticks « Inventaire des stocks » done with a note, then reads it on the closing tab",
    async () => {
      const context = await openContext("fr");
      const page = await context.newPage();
      try {
        await open(page, yearPage("/step/edit"));
        expect(await page.getByTestId("year-tab-step").getAttribute("aria-selected")).toBe("true");
        const stock = page.locator('[data-testid="closing-step-editor"][data-id="stock"]');
        await stock.waitFor();
        expect(await stock.getByTestId("closing-step-label").textContent()).toBe("Inventaire des stocks");
        expect(await page.getByTestId("closing-step-editor").count()).toBe(10);
        await stock.locator("label", { hasText: /^Fait$/ }).click();
        await stock
          .getByTestId("closing-step-note-input")
          .fill("Inventaire physique du 31/12 :\nstock de fournitures 3 200 €");
        await stock.getByTestId("closing-step-unsaved").waitFor();
        await stock.getByTestId("closing-step-save").click();
        await stock.getByTestId("closing-step-saved").waitFor();
        const saved = await api("GET", `/accounting/balance-sheet/steps/${yearId}.stock`);
        expect(saved).toMatchObject({
          status: "done",
          note: "Inventaire physique du 31/12 :\nstock de fournitures 3 200 €",
        });

        // The firm's own step, added at the end of the list, not applicable.
        await page.getByTestId("closing-add-label").fill("Revue des contrats de crédit-bail");
        await page.getByTestId("closing-add-submit").click();
        await page.getByTestId("closing-added").waitFor();
        await page.waitForFunction(
          () => document.querySelectorAll('[data-testid="closing-step-editor"]').length === 11,
        );
        const own = page.getByTestId("closing-step-editor").last();
        expect(await own.getByTestId("closing-step-label-input").inputValue()).toBe(
          "Revue des contrats de crédit-bail",
        );
        await own.locator("label", { hasText: /^Sans objet$/ }).click();
        await own.getByTestId("closing-step-save").click();
        await own.getByTestId("closing-step-saved").waitFor();
        await shoot(page, "step-edit-fr");

        // The closing tab: the automatic checks, then the checklist with the step done and its note.
        await page.getByTestId("closing-back").click();
        await page.waitForURL((url) => url.pathname.endsWith(`/${yearId}/step`));
        await page.getByTestId("closing-checklist").waitFor();
        const row = page.locator('[data-testid="closing-step"][data-id="stock"]');
        await row.waitFor();
        expect(await row.getByTestId("closing-step-label").textContent()).toBe("Inventaire des stocks");
        expect(await row.getByTestId("closing-step-status").textContent()).toBe("Fait");
        expect(await row.getByTestId("closing-step-note").innerText()).toBe(
          "Inventaire physique du 31/12 :\nstock de fournitures 3 200 €",
        );
        expect(
          await page
            .locator('[data-testid="closing-step"][data-id="vat"]')
            .getByTestId("closing-step-status")
            .textContent(),
        ).toBe("À faire");
        expect(plain(await page.getByTestId("closing-progress").textContent())).toBe(
          "2 / 11 étapes traitées",
        );
        await page.getByTestId("closing-edit").waitFor();
        await page.getByTestId("steps-warnings").or(page.getByTestId("steps-clear")).first().waitFor();
        await shoot(page, "step-fr");
      } finally {
        await context.close();
      }
    },
    browserTimeout * 2,
  );

  test(
    "enters a depreciation adjustment 681120 / 281830 of 250,00 and sees it with the balance",
    async () => {
      const context = await openContext("fr");
      const page = await context.newPage();
      try {
        await open(page, yearPage("/data/edit"));
        expect(await page.getByTestId("year-tab-data").getAttribute("aria-selected")).toBe("true");
        expect(await page.getByTestId("adjustments-explain").textContent()).toContain(
          "journal des opérations diverses",
        );
        const books = pagesOf(page);
        const form = books.newAdjustmentForm;
        // The year's last day by default, shown the French way.
        expect(await form.getByTestId("adjustment-date").inputValue()).toBe(shownDay(yearEnd));
        await books.addAdjustment({
          kind: "Dotation aux amortissements",
          label: "Dotation aux amortissements du matériel informatique",
          debit: "681120",
          credit: "281830",
          amount: "250,00",
        });

        // The draft is listed, editable: its label changed and saved alone.
        const card = page.locator('[data-testid="adjustment-card"][data-status="draft"]');
        await card.waitFor();
        expect(await card.getByTestId("adjustment-amount").inputValue()).toBe("250,00");
        const [created] = (await api("GET", `/accounting/balance-sheet/${yearId}/lines`)).items;
        expect(created).toMatchObject({
          kind: "depreciation",
          status: "draft",
          amount: 25_000,
          date: yearEnd,
          journal: "OD",
          pieceRef: `INV-${yearEnd.replaceAll("-", "")}`,
        });
        expect(created.lines.map((l: { account: string }) => l.account)).toEqual(["681120", "281830"]);
        await card.getByTestId("adjustment-label").fill("Dotation aux amortissements 2025 (informatique)");
        await card.getByTestId("adjustment-unsaved").waitFor();
        await card.getByTestId("adjustment-save").click();
        await card.getByTestId("adjustment-saved").waitFor();
        expect((await api("GET", `/accounting/balance-sheet/${yearId}/lines`)).items[0].label).toBe(
          "Dotation aux amortissements 2025 (informatique)",
        );
        await shoot(page, "data-edit-fr");

        // The balance tab: the adjustment above the trial balance, a draft of 250,00 €.
        await page.getByTestId("closing-back").click();
        await page.waitForURL((url) => url.pathname.endsWith(`/${yearId}/data`));
        const row = page.locator('[data-testid="adjustment-row"]', {
          hasText: "Dotation aux amortissements 2025 (informatique)",
        });
        await row.waitFor();
        expect(plain(await row.getByTestId("adjustment-amount").textContent())).toBe("250,00 €");
        expect(await row.getByTestId("entry-status").textContent()).toBe("Brouillon");
        expect(await row.textContent()).toContain("681120");
        expect(await row.textContent()).toContain("281830");
        expect(plain(await page.getByTestId("adjustments-total").textContent())).toBe("250,00 €");
        await page.getByTestId("trial-balance").waitFor();
        await page.getByTestId("adjustments-enter").waitFor();
        await shoot(page, "data-fr");

        // The row opens the entry it is.
        await row.getByRole("link").click();
        await page.waitForURL((url) => url.pathname === `/org/accounting/entries/${created.id}`);
      } finally {
        await context.close();
      }
    },
    browserTimeout * 2,
  );

  test(
    "the year's settings page shows its dates and the period lock",
    async () => {
      const context = await openContext("fr");
      const page = await context.newPage();
      try {
        await open(page, yearPage("/edit"));
        await page.getByTestId("year-settings-page").waitFor();
        expect(await page.getByTestId("year-tab-summary").getAttribute("aria-selected")).toBe("true");
        expect(await page.getByTestId("year-settings-page").textContent()).toContain("Verrouiller jusqu’au");
        await shoot(page, "settings-fr");
        // The lock offers the year's month ends after the current lock, the first by default.
        const untilField = page.getByTestId("lock-until");
        expect(await untilField.inputValue()).toBe("31/01/2025");
        await page.getByTestId("lock-submit").click();
        await page.getByText("31/01/2025", { exact: false }).first().waitFor();
        await page.waitForFunction(
          () =>
            (document.querySelector('[data-testid="lock-until"]') as HTMLInputElement | null)?.value ===
            "28/02/2025",
        );
        expect((await api("GET", "/accounting/balance-sheet")).lockedUntil).toBe("2025-01-31");
      } finally {
        await context.close();
      }
    },
    browserTimeout,
  );

  test(
    "the closing screens in English",
    async () => {
      const context = await openContext("en");
      const page = await context.newPage();
      const failures: string[] = [];
      page.on("response", (response) => {
        if (new URL(response.url()).pathname.startsWith("/api/") && response.status() >= 400)
          failures.push(`${response.status()} ${response.url()}`);
      });
      try {
        await open(page, yearPage("/step"));
        const row = page.locator('[data-testid="closing-step"][data-id="stock"]');
        await row.waitFor();
        expect(await page.getByRole("heading", { name: "Closing checklist" }).count()).toBe(1);
        expect(await row.getByTestId("closing-step-label").textContent()).toBe("Stock count");
        expect(await row.getByTestId("closing-step-status").textContent()).toBe("Done");
        expect(await page.getByTestId("closing-edit").textContent()).toBe("Edit the closing checklist");

        await open(page, yearPage("/step/edit"));
        await page.locator('[data-testid="closing-step-editor"][data-id="stock"]').waitFor();
        expect(await page.getByRole("heading", { name: "Edit the closing checklist" }).count()).toBe(1);

        await open(page, yearPage("/data"));
        const adjustment = page.getByTestId("adjustment-row").first();
        await adjustment.waitFor();
        expect(await page.getByRole("heading", { name: "Year-end adjustments" }).count()).toBe(1);
        expect(plain(await adjustment.getByTestId("adjustment-amount").textContent())).toBe("€250.00");
        expect(await adjustment.getByTestId("entry-status").textContent()).toBe("Draft");
        expect(await adjustment.textContent()).toContain("Depreciation");

        await open(page, yearPage("/data/edit"));
        await page.getByTestId("adjustment-new-form").waitFor();
        expect(await page.getByTestId("adjustments-explain").textContent()).toContain(
          "miscellaneous journal",
        );
        expect(
          await page.getByTestId("adjustment-card").first().getByTestId("adjustment-amount").inputValue(),
        ).toBe("250.00");
        await open(page, yearPage("/edit"));
        await page.getByTestId("year-settings-page").waitFor();
        expect(await page.getByRole("heading", { name: "Year settings" }).count()).toBe(1);
      } finally {
        await context.close();
      }
      expect(failures).toEqual([]);
    },
    browserTimeout * 2,
  );
});
