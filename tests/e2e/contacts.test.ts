/**
 * The contact screens (issue 10) against the real API, as the demo login: a company customer created
 * through the form with its address and IBAN, found again by typing part of its SIREN, its account
 * opened under 411, the duplicate warning, and the screens in French and English at 1280×800; a call
 * written in a contact's history, a panel folded away and shown again.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { ContactsPages } from "./pages/contacts-pages.ts";
import { artifactsDir, browserTimeout, demoSuite } from "./support.ts";

describe("contact screens (Chromium, contacts API)", () => {
  const { api, openContext, serverUrl } = demoSuite();
  const pagesOf = (page: Page) => new ContactsPages(page, serverUrl());

  test(
    "creates a company customer with an address and an IBAN, then finds it by part of its SIREN",
    async () => {
      const context = await openContext("fr");
      const page = await context.newPage();
      const contacts = pagesOf(page);
      // From the dashboard's shortcut.
      await contacts.open("/org/dashboard");
      await page
        .getByRole("link", { name: /Nouveau contact/ })
        .first()
        .click();
      await page.waitForURL((url) => url.pathname === "/org/contacts/create");

      await contacts.createCompany({
        name: "Ébénisterie Vauclair",
        types: ["customer"],
        address: { line1: "14 rue des Tanneurs", postalCode: "69005", city: "Lyon" },
        iban: "FR14 2004 1010 0505 0001 3M02 606",
        bic: "PSSTFRPPLYO",
        siren: "443 061 841",
        vatNumber: "FR64443061841",
      });
      await page.waitForURL((url) => /^\/org\/contacts\/[0-9a-f-]{36}$/.test(url.pathname));
      await page.getByTestId("contact-overview").waitFor();
      expect(await contacts.mainHeading.textContent()).toBe("Ébénisterie Vauclair");
      // The new contact's page opens at its top, its title in view — not where the form's button was.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect((await contacts.mainHeading.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
      const overview = page.getByTestId("contact-overview");
      expect(await overview.textContent()).toContain("FR14 2004 1010 0505 0001 3M02 606");
      expect(await overview.textContent()).toContain("14 rue des Tanneurs");
      const code = (await overview.getByRole("link").first().textContent())?.trim() ?? "";
      expect(code).toBe("CEBENISTERI");
      // The auxiliary account exists in the chart, under 411000.
      expect(await api("GET", `/accounting/accounts/${code}`)).toMatchObject({ control: "411000" });

      // The IBAN tab lists it; the history tells what happened.
      await contacts.openTab("iban");
      expect(await contacts.recordRows("iban").count()).toBe(1);
      await contacts.openTab("history");
      expect(await page.getByTestId("contact-history").textContent()).toContain(
        "Compte auxiliaire CEBENISTERI ouvert sous 411000 (client).",
      );

      // Found by typing part of its SIREN, with spaces, in the list.
      await contacts.open("/org/contacts");
      await contacts.search("3 061 8");
      expect(await contacts.rowNames()).toEqual(["Ébénisterie Vauclair"]);
      await contacts.search("vauclair");
      expect(await contacts.rowNames()).toEqual(["Ébénisterie Vauclair"]);
      await page.screenshot({ path: `${artifactsDir}contacts-search-fr.png` });

      // The same company again: the warning lists it, and the user may go on.
      await contacts.open("/org/contacts/create");
      await contacts.createCompany({
        name: "EBENISTERIE VAUCLAIR SARL",
        types: ["supplier"],
        address: { line1: "2 rue Mercière", postalCode: "69002", city: "Lyon" },
        iban: "",
      });
      await contacts.duplicates.waitFor();
      expect(await contacts.duplicates.textContent()).toContain("Ébénisterie Vauclair");
      await page.screenshot({ path: `${artifactsDir}contacts-duplicates-fr.png` });
      await page.getByTestId("contact-duplicates-confirm").click();
      await page.waitForURL((url) => /^\/org\/contacts\/[0-9a-f-]{36}$/.test(url.pathname));
      expect(await page.getByTestId("contact-overview").textContent()).toContain("FEBENISTERI");
      await context.close();
    },
    browserTimeout,
  );

  test(
    "shows the list, a contact and its tabs in English",
    async () => {
      const context = await openContext("en");
      const page = await context.newPage();
      const contacts = pagesOf(page);
      await contacts.open("/org/contacts?type=supplier");
      expect(await contacts.mainHeading.textContent()).toBe("Contacts");
      // "networkidle" may come before the list is asked for (its screen's code loads first): wait for a row.
      await contacts.rows.first().waitFor();
      expect(await contacts.rows.count()).toBeGreaterThan(5);
      await page.screenshot({ path: `${artifactsDir}contacts-list-en.png` });
      await contacts.open("/org/contacts");
      await contacts.search("alpha");
      expect(await contacts.rowNames()).toEqual(["Alpha SARL"]);
      await contacts.rows.first().getByTestId("contact-link").click();
      await page.waitForURL((url) => /^\/org\/contacts\/[0-9a-f-]{36}$/.test(url.pathname));
      expect(await page.getByTestId("contact-overview").textContent()).toContain("CALPHA");
      await contacts.openTab("history");
      expect(await page.getByTestId("contact-history").textContent()).toContain(
        "Contact created: Alpha SARL",
      );
      // A call written in its history, shown there with its kind.
      await page.getByTestId("history-write").click();
      await page.waitForURL((url) => url.pathname.endsWith("/history/edit"));
      await page.getByTestId("history-text").fill("Called about the spring order.");
      await page.getByTestId("history-submit").click();
      await page.waitForURL((url) => url.pathname.endsWith("/history"));
      const entry = page.getByTestId("history-entry").first();
      await entry.waitFor();
      expect(await entry.textContent()).toContain("Called about the spring order.");
      expect(await entry.textContent()).toContain("Call");
      await page.screenshot({ path: `${artifactsDir}contacts-history-en.png` });
      // The IBAN panel folded away into the « More » menu, then shown as a tab again.
      await page.getByTestId("contact-panels").click();
      await page.getByTestId("panel-toggle-iban").click();
      await page.getByTestId("tab-iban").waitFor({ state: "detached" });
      await page.getByTestId("panel-open-iban").waitFor();
      await page.getByTestId("panel-toggle-iban").click();
      await page.getByTestId("tab-iban").waitFor();
      await context.close();
    },
    browserTimeout,
  );
});
