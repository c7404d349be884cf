/**
 * Items against the real API, as the demo login: an item created with two sale price tiers, their
 * margins shown live while typed, then read on its price screen and found by the list's search; the
 * price screen in English.
 */
import { describe, expect, test } from "vitest";
import { ItemsPages } from "./pages/items-pages.ts";
import { browserTimeout, demoSuite, unique } from "./support.ts";

describe("items screens (Chromium, items API)", () => {
  const { api, openContext, serverUrl } = demoSuite();

  test(
    "creates an item with two price tiers, margins shown as typed, and finds it in the list",
    async () => {
      const context = await openContext("fr");
      const page = await context.newPage();
      const pages = new ItemsPages(page, serverUrl());
      const reference = `BANC-${unique()}`;
      try {
        await pages.open("/org/items/create");
        await pages.fillItem({
          reference,
          label: "Banc de jardin en acacia",
          use: "Vente et achat",
          buyPrice: "80",
          sellPrice: "199,90",
        });
        await pages.addTier("sale", "5", "185");
        await pages.addTier("sale", "20", "169,5");
        expect(await page.getByTestId("item-sell-ttc").textContent()).toBe("239,88");
        expect(await pages.margins()).toEqual([
          { amount: "119,90", rate: "149,88 %" },
          { amount: "105,00", rate: "131,25 %" },
          { amount: "89,50", rate: "111,88 %" },
        ]);
        await pages.save();
        await page.waitForURL(/\/org\/items\/[0-9a-f-]{36}$/);
        const id = page.url().split("/").at(-1) ?? "";
        const saved = await api("GET", `/items/${id}/prices`);
        expect(saved).toMatchObject({
          sellPrice: "199.90",
          buyPrice: "80.00",
          saleTiers: [
            { fromQuantity: "5", unitPrice: "185.00" },
            { fromQuantity: "20", unitPrice: "169.50" },
          ],
        });
        await page.getByTestId("item-tab-price").click();
        await page.getByTestId("tier-row").nth(1).waitFor();
        expect(await page.getByTestId("tier-row").count()).toBe(2);
        await pages.open("/org/items");
        await pages.search(reference.slice(0, 7).toLowerCase());
        // As typed: the list narrows to the item (the search waits for a pause in typing).
        await expect.poll(() => pages.rows.count(), { timeout: 10_000 }).toBe(1);
        expect(await pages.rows.first().textContent()).toContain(reference);
      } finally {
        await context.close();
      }
    },
    browserTimeout,
  );

  test(
    "shows an item's prices and margins in English",
    async () => {
      const { items } = await api("GET", "/items?q=ch-chene");
      const context = await openContext("en");
      const page = await context.newPage();
      const pages = new ItemsPages(page, serverUrl());
      try {
        await pages.open(`/org/items/${items[0].id}/price`);
        await page.getByRole("heading", { name: "Prices and tiers · CH-CHENE" }).waitFor();
        expect(await pages.margins()).toContainEqual({ amount: "71.00", rate: "147.92%" });
      } finally {
        await context.close();
      }
    },
    browserTimeout,
  );
});
