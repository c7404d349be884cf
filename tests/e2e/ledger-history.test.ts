/**
 * The accountant's time machine (issue 26 §3), as the demo login: the books at a place in the log — the
 * trial balance the API gives for it, an entry's state then and its history in sentences (one click moves
 * the whole screen to a step's moment), an account's ledger then — in French and English, light and dark.
 * Screenshots in both languages.
 */

import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { artifactsDir, browserTimeout, demoSuite } from "./support.ts";

type Step = { kind: string; position: number; who: string | null };

describe("the time machine (Chromium, demo organisation)", () => {
  const { api, openContext, open } = demoSuite();

  for (const [locale, theme] of [
    ["fr", "light"],
    ["en", "dark"],
  ] as const) {
    test(
      `shows the books at a place in the log, an entry's history in sentences and an account's ledger (${locale}, ${theme})`,
      async () => {
        const [entry] = (await api("GET", "/accounting/entries?journal=VT&status=validated&limit=1")).items;
        const history = await api("GET", `/accounting/history/entries/${entry.mvt}`);
        const validated = history.steps.find((s: Step) => s.kind === "validated");
        const drafted = history.steps.find((s: Step) => s.kind === "drafted");
        // The demo's books were written by the seed (user « system »): Registre itself, in both languages.
        expect(validated?.who).toBeNull();
        const then = await api("GET", `/accounting/history?position=${validated.position}`);
        const detail = await api("GET", `/accounting/entries/mvt/${entry.mvt}`);
        const account = detail.lines[0].account as string;

        const context = await openContext(locale);
        await context.addInitScript((scheme) => localStorage.setItem("theme", scheme), theme);
        const page = await context.newPage();
        try {
          // The entry's page leads to its history in the time machine.
          await open(page, `/org/accounting/entries/${entry.mvt}`);
          await page.getByTestId("entry-history").click();
          await page.waitForURL(new RegExp(`/org/accounting/history\\?entry=${entry.mvt}`));
          await page.getByTestId("history-steps").waitFor();

          await open(page, `/org/accounting/history?position=${validated.position}&entry=${entry.mvt}`);
          await page.getByTestId("history-position").waitFor();
          await page.getByTestId("history-summary").waitFor();
          expect(await page.getByTestId("history-summary").textContent()).toContain(String(then.validated));

          // The entry then: validated, its steps in sentences, the validation naming its number and who.
          const steps = page.getByTestId("history-steps");
          await steps.waitFor();
          const sentence = await page.getByTestId("history-step-validated").textContent();
          expect(sentence).toContain("Registre");
          expect(sentence).toContain(`${entry.journal}-${entry.number.slice(entry.journal.length)}`);
          await page.screenshot({ path: join(artifactsDir, `history-entry-${locale}.png`), fullPage: true });

          // One click: the whole screen at the moment the entry was drafted, the entry a draft then.
          await page.getByTestId("history-step-drafted").getByTestId("history-step-moment").click();
          await page.waitForURL(new RegExp(`position=${drafted.position}`));
          // (the screen keeps the previous moment's figures until the new ones arrive)
          await page
            .getByTestId("history-entry")
            .getByTestId("entry-status")
            .filter({ hasText: locale === "fr" ? "Brouillon" : "Draft" })
            .waitFor();
          expect(page.url()).toContain(`entry=${entry.mvt}`);

          // An account's ledger as it stood then.
          await page.getByTestId("history-ledger-account").fill(account);
          await page.getByTestId("history-ledger-show").click();
          await page.getByTestId("history-ledger-summary").waitFor();
          const ledger = await api(
            "GET",
            `/accounting/history/ledger?account=${account}&position=${drafted.position}`,
          );
          expect(await page.getByTestId("history-ledger-lines").locator("tbody tr").count()).toBe(
            Math.max(1, ledger.lines.length),
          );
          await page.screenshot({
            path: join(artifactsDir, `history-1280-${locale}-${theme}.png`),
            fullPage: true,
          });

          // The changes since, a page at a time: the first 50, the pager to the next ones.
          const changeRows = page.locator('tr[data-testid^="history-change-"]');
          expect(then.changesTotal).toBeGreaterThan(50);
          await open(page, `/org/accounting/history?position=${validated.position}`);
          await page.getByTestId("history-changes-pagination").waitFor();
          expect(await changeRows.count()).toBe(50);
          await page
            .getByTestId("history-changes-pagination")
            .getByRole("button", { name: "2", exact: true })
            .click();
          await page.waitForURL(/page=2/);
          await page.getByTestId("history-changes-range").filter({ hasText: "51" }).waitFor();
          const second = await api("GET", `/accounting/history?position=${validated.position}&page=2`);
          expect(await changeRows.count()).toBe(second.changedSince.length);
          await page.getByTestId("history-changes-pagination").screenshot({
            path: join(artifactsDir, `history-pager-${locale}-${theme}.png`),
          });
        } finally {
          await context.close();
        }
      },
      browserTimeout,
    );
  }
});
