/**
 * The main dashboard (issue 26), as the demo login: this month against last year's, cash per bank and the
 * VAT due, the to-dos, the twelve months' and the 90-day forecast's charts (their tables one click away)
 * and the late invoices, each figure as the API counts it in the language's amounts; a figure opens its
 * list. French light at 1280×800, English dark on a 390×844 phone (no sideways scroll). Screenshots.
 */

import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { artifactsDir, browserTimeout, demoSuite } from "./support.ts";

describe("the main dashboard (Chromium, demo organisation)", () => {
  const { api, openContext, open } = demoSuite();

  const cases = [
    { locale: "fr", width: 1280, height: 800, theme: "light" },
    { locale: "en", width: 390, height: 844, theme: "dark" },
  ] as const;

  for (const { locale, width, height, theme } of cases) {
    test(
      `shows the month, cash, to-dos, charts and late invoices as the API counts them (${locale}, ${width} px, ${theme})`,
      async () => {
        const [overview, forecast, aged] = await Promise.all([
          api("GET", "/dashboard/stats/overview"),
          api("GET", "/dashboard/stats/forecast"),
          api("GET", "/dashboard/stats/aged"),
        ]);
        const euros = (cents: number) =>
          new Intl.NumberFormat(locale === "fr" ? "fr-FR" : "en-GB", {
            style: "currency",
            currency: "EUR",
          }).format(cents / 100);
        const context = await openContext(locale);
        await context.addInitScript((scheme) => localStorage.setItem("theme", scheme), theme);
        const page = await context.newPage();
        try {
          await page.setViewportSize({ width, height });
          await open(page, "/org/dashboard");
          await page.getByTestId("dashboard-month").waitFor();
          expect(await page.getByTestId("dashboard-month-revenue").textContent()).toBe(
            euros(overview.month.revenue),
          );
          expect(await page.getByTestId("dashboard-cash-total").textContent()).toBe(
            euros(overview.cash.total),
          );
          await page.getByTestId("dashboard-todo").waitFor();
          // The charts come with their chunk: drawn (an svg), titled, their figures described.
          const months = page.getByTestId("dashboard-months");
          await months.locator("svg.recharts-surface").first().waitFor();
          const chart = page.getByTestId("dashboard-forecast");
          await chart.locator("svg.recharts-surface").first().waitFor();
          expect(await chart.getByRole("img").getAttribute("aria-describedby")).toBeTruthy();
          expect(await chart.textContent()).toContain(euros(forecast.totals.closing));
          // The late invoices, as many as the API says, the oldest first.
          await page.getByTestId("dashboard-late").waitFor();
          if (aged.lateCount > 0)
            expect(await page.getByTestId("dashboard-late").textContent()).toContain(aged.late[0].number);
          // What the books hold beside the invoices (the demo's January invoice entered by hand), said.
          expect(aged.ledger).not.toBe(aged.totals.total);
          expect(await page.getByTestId("dashboard-late-ledger").textContent()).toContain(
            euros(aged.ledger - aged.totals.total),
          );
          expect(
            await page.evaluate(() => document.documentElement.getAttribute("data-mantine-color-scheme")),
          ).toBe(theme);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          await page.screenshot({
            path: join(artifactsDir, `dashboard-${width}-${locale}-${theme}.png`),
            fullPage: true,
          });

          // The forecast as a table: a row a week, its balance the API's.
          await chart.getByText(locale === "fr" ? "Tableau" : "Table", { exact: true }).click();
          const rows = page.getByTestId("dashboard-forecast-table").locator("tbody tr");
          expect(await rows.count()).toBe(forecast.weeks.length);
          expect(await rows.last().locator("td").last().textContent()).toBe(
            euros(forecast.weeks[forecast.weeks.length - 1].balance),
          );

          // A figure opens the list it counts: the late invoices, filtered.
          await page.getByTestId("dashboard-late-all").click();
          await page.waitForURL(/\/org\/sales\/invoices\?late=true$/);
        } finally {
          await context.close();
        }
      },
      browserTimeout,
    );
  }
});
