/**
 * The management reports (issue 26, accounting's reports), as the demo login: listed on the reports
 * index, each a chart and a table with its totals over the current fiscal year, the names linked to their
 * contact, another report picked from the selector, and the files downloaded under their French names.
 * Screenshots in French and English, light and dark.
 */

import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { artifactsDir, browserTimeout, demoSuite } from "./support.ts";

type Report = {
  from: string;
  to: string;
  rows: { key: string | null; label: string | null; values: Record<string, number | string | null> }[];
  totals: Record<string, number | string | null>;
};

const euros = (locale: "fr" | "en", cents: number) =>
  new Intl.NumberFormat(locale === "fr" ? "fr-FR" : "en-GB", { style: "currency", currency: "EUR" }).format(
    cents / 100,
  );

describe("the management reports (Chromium, demo organisation)", () => {
  const { api, openContext, open } = demoSuite();

  for (const locale of ["fr", "en"] as const) {
    test(
      `sales by customer: chart, table and totals of the fiscal year, a customer's page, the CSV; another report from the selector (${locale})`,
      async () => {
        const report = (await api("GET", "/docs/stats/sales-by-customer")) as Report;
        expect(report.rows.length).toBeGreaterThan(1);
        const first = report.rows[0];
        if (!first?.key) throw new Error("the demo's first customer has no id");
        const context = await openContext(locale);
        if (locale === "en")
          await context.addInitScript(() => {
            localStorage.setItem("theme", "dark");
          });
        const page = await context.newPage();
        try {
          await open(page, "/org/accounting/reports");
          await page.getByTestId("report-link-sales-by-customer").click();
          await page.waitForURL(/\/org\/accounting\/reports\/sales-by-customer$/);
          const table = page.getByTestId("report-table");
          await table.waitFor();
          await page.getByTestId("report-chart").locator("svg").first().waitFor();
          expect(await page.getByTestId("report-chart").getAttribute("aria-labelledby")).toBeTruthy();
          // The table says what the API says: its rows in order, the first one's amount, the totals.
          expect(await page.getByTestId("report-row").count()).toBe(report.rows.length);
          const firstRow = page.getByTestId("report-row").first();
          expect((await firstRow.locator("td").first().textContent())?.trim()).toBe(first.label);
          expect(await firstRow.locator('td[data-column="net"]').textContent()).toBe(
            euros(locale, Number(first.values.net)),
          );
          expect(await page.getByTestId("report-totals").locator('th[data-column="net"]').textContent()).toBe(
            euros(locale, Number(report.totals.net)),
          );
          await page.screenshot({
            path: join(artifactsDir, `management-sales-by-customer-${locale}.png`),
            fullPage: true,
          });

          // The CSV of the period shown, under its French name.
          const [csv] = await Promise.all([
            page.waitForEvent("download"),
            page.getByTestId("report-export-csv").click(),
          ]);
          expect(csv.suggestedFilename()).toBe(`ventes-par-client_${report.from}_${report.to}.csv`);
          const text = await readFile((await csv.path()) as string, "utf8");
          expect(text.startsWith("\ufeff")).toBe(true);
          expect(text).toContain(
            locale === "fr" ? "Client;Factures;Avoirs" : "Customer;Invoices;Credit notes",
          );
          expect(await page.getByTestId("report-export-error").count()).toBe(0);

          // A customer's name opens its page.
          await firstRow.getByTestId("report-row-link").click();
          await page.waitForURL(new RegExp(`/org/contacts/${first.key}$`));
          await page.goBack();
          await table.waitFor();

          // Another report from the selector: the sales by month, its twelve months and their total.
          const months = (await api("GET", "/docs/stats/sales-by-month")) as Report;
          const select = page.getByTestId("report-select");
          await select.click();
          await page
            .getByRole("option", { name: locale === "fr" ? "Ventes par mois" : "Sales by month" })
            .click();
          await page.waitForURL(/\/org\/accounting\/reports\/sales-by-month/);
          await page.getByTestId("report-chart").locator("svg").first().waitFor();
          await expect
            .poll(() => page.getByTestId("report-row").count(), { timeout: 10_000 })
            .toBe(months.rows.length);
          expect(await page.getByTestId("report-totals").locator('th[data-column="net"]').textContent()).toBe(
            euros(locale, Number(months.totals.net)),
          );
          // No tooltip left open where the pointer chose the report.
          await page.mouse.move(0, 0);
          await page.screenshot({
            path: join(artifactsDir, `management-sales-by-month-${locale}.png`),
            fullPage: true,
          });
        } finally {
          await context.close();
        }
      },
      browserTimeout * 2,
    );
  }

  test(
    "aged receivables at today: buckets and totals, the PDF and XLSX files; margins with the lines lacking a cost (fr)",
    async () => {
      const aged = (await api("GET", "/docs/stats/aged-receivables")) as Report & { ledger: number };
      const context = await openContext("fr");
      const page = await context.newPage();
      try {
        await open(page, "/org/accounting/reports/aged-receivables");
        await page.getByTestId("report-table").waitFor();
        expect(await page.getByTestId("report-row").count()).toBe(aged.rows.length);
        expect(await page.getByTestId("report-totals").locator('th[data-column="total"]').textContent()).toBe(
          euros("fr", Number(aged.totals.total)),
        );
        // The books beside it, the demo login reading them: the January invoice to Gamma entered by hand.
        expect(aged.ledger).not.toBe(aged.totals.total);
        expect(await page.getByTestId("report-ledger").textContent()).toContain(
          euros("fr", aged.ledger - Number(aged.totals.total)),
        );
        await page.screenshot({
          path: join(artifactsDir, "management-aged-receivables-fr.png"),
          fullPage: true,
        });
        const [pdf] = await Promise.all([
          page.waitForEvent("download"),
          page.getByTestId("report-export-pdf").click(),
        ]);
        expect(pdf.suggestedFilename()).toBe(`balance-agee-clients_au_${aged.to}.pdf`);
        expect((await readFile((await pdf.path()) as string)).subarray(0, 5).toString()).toBe("%PDF-");
        const [xlsx] = await Promise.all([
          page.waitForEvent("download"),
          page.getByTestId("report-export-xlsx").click(),
        ]);
        expect(xlsx.suggestedFilename()).toBe(`balance-agee-clients_au_${aged.to}.xlsx`);

        const margins = (await api("GET", "/docs/stats/margin-by-item")) as Report & {
          uncosted: { lines: number } | null;
        };
        await open(page, "/org/accounting/reports/margin-by-item");
        await page.getByTestId("report-table").waitFor();
        expect(
          await page.getByTestId("report-totals").locator('th[data-column="margin"]').textContent(),
        ).toBe(euros("fr", Number(margins.totals.margin)));
        if (margins.uncosted && margins.uncosted.lines > 0)
          expect(await page.getByTestId("report-uncosted").textContent()).toContain(
            String(margins.uncosted.lines),
          );
        await page.screenshot({
          path: join(artifactsDir, "management-margin-by-item-fr.png"),
          fullPage: true,
        });

        // On a phone the page keeps its width: the table scrolls within its card.
        await page.setViewportSize({ width: 390, height: 844 });
        await open(page, "/org/accounting/reports/sales-by-customer");
        await page.getByTestId("report-table").waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await page.screenshot({
          path: join(artifactsDir, "management-sales-by-customer-390-fr.png"),
          fullPage: true,
        });
      } finally {
        await context.close();
      }
    },
    browserTimeout * 2,
  );
});
