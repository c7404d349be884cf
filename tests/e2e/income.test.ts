/**
 * The income screen (issue 26, sales figures), as the demo login: the year's sales month by month against
 * the year before, the best customers and items, in French amounts; on a 390×844 phone its /mobile layout
 * fits the screen's width. Screenshots in both languages.
 */

import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { artifactsDir, browserTimeout, demoSuite } from "./support.ts";

describe("the income screen (Chromium, demo organisation)", () => {
  const { api, openContext, open } = demoSuite();

  for (const locale of ["fr", "en"] as const) {
    test(
      `shows the year's sales against the year before, and fits a phone (${locale})`,
      async () => {
        const year = new Date().getFullYear();
        const stats = await api("GET", `/dashboard/stats/sales?to=${year}-12`);
        const context = await openContext(locale);
        const page = await context.newPage();
        try {
          await page.setViewportSize({ width: 1280, height: 800 });
          // The dashboard leads there.
          await open(page, "/org/dashboard");
          await page.getByTestId("dashboard-income").click();
          await page.waitForURL(/\/org\/dashboard\/income$/);
          await page.getByTestId("income-months").waitFor();
          expect(await page.getByTestId("income-months").locator("tbody tr").count()).toBe(12);
          const revenue = await page.getByTestId("income-revenue").textContent();
          const expected = new Intl.NumberFormat(locale === "fr" ? "fr-FR" : "en-GB", {
            style: "currency",
            currency: "EUR",
          }).format(stats.totals.revenue / 100);
          expect(revenue).toBe(expected);
          await page.screenshot({ path: join(artifactsDir, `income-1280-${locale}.png`), fullPage: true });

          await page.setViewportSize({ width: 390, height: 844 });
          await open(page, "/org/dashboard/income/mobile");
          await page.getByTestId("income-months").waitFor();
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
          await page.screenshot({ path: join(artifactsDir, `income-390-${locale}.png`), fullPage: true });
        } finally {
          await context.close();
        }
      },
      browserTimeout,
    );
  }
});
