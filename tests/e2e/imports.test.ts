/**
 * The items import screen against the real API, as the demo login: a CSV chosen, its columns guessed,
 * the dry run's preview; a line in error refuses the file with its number; the fixed file is imported
 * whole and found by the list. The contacts list offers its export.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { browserTimeout, demoSuite, unique } from "./support.ts";

describe("import screens (Chromium, import API)", () => {
  const { api, openContext, serverUrl } = demoSuite();

  test(
    "previews a CSV of items with its line errors, then imports it whole",
    async () => {
      const context = await openContext("fr");
      const page = await context.newPage();
      const dir = mkdtempSync(join(tmpdir(), "registre-import-"));
      const tag = unique();
      const file = (price: string) => {
        const path = join(dir, `articles-${price.replace(/\W/g, "")}.csv`);
        writeFileSync(
          path,
          `Référence;Désignation;Prix de vente HT\r\nIMP-${tag}-1;Tabouret;45,50\r\nIMP-${tag}-2;Console;${price}\r\n`,
        );
        return path;
      };
      try {
        await page.goto(new URL("/org/items/import", serverUrl()).toString());
        await page.getByTestId("import-file").waitFor();
        await page.locator('input[type="file"]').setInputFiles(file("douze"));
        await page.getByTestId("import-refused").waitFor();
        const errors = await page.getByTestId("import-errors").locator("tbody tr").allTextContents();
        expect(errors).toHaveLength(1);
        expect(errors[0]).toContain("3");
        expect(errors[0]).toContain("Prix de vente HT");
        expect(await page.getByTestId("import-confirm").count()).toBe(0);

        await page.locator('input[type="file"]').setInputFiles(file("120"));
        await page.getByTestId("import-dry-run").waitFor();
        expect(await page.getByTestId("import-preview").locator("tbody tr").count()).toBe(2);
        expect((await api("GET", `/items?q=imp-${tag.toLowerCase()}`)).total).toBe(0);
        await page.getByTestId("import-confirm").click();
        await page.getByTestId("import-done").waitFor();
        const { items } = await api("GET", `/items?q=imp-${tag.toLowerCase()}`);
        expect(
          items.map((i: { reference: string; sellPrice: string }) => [i.reference, i.sellPrice]),
        ).toEqual([
          [`IMP-${tag}-1`, "45.50"],
          [`IMP-${tag}-2`, "120.00"],
        ]);

        await page.goto(new URL("/org/contacts", serverUrl()).toString());
        const download = page.waitForEvent("download");
        await page.getByTestId("contacts-export-csv").click();
        expect((await download).suggestedFilename()).toBe("contacts.csv");
      } finally {
        await context.close();
      }
    },
    browserTimeout,
  );
});
