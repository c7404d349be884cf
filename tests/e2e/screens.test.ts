import { join } from "node:path";
import { parisDate } from "@registre/core";
import { describe, expect, test } from "vitest";
import { artifactsDir, browserTimeout, demoSuite } from "./support.ts";

/** The signed-in main screens, as the demo login, each in French and English at 1280×800. */
const screens = [
  ["dashboard", "/org/dashboard"],
  ["settings", "/org/settings"],
  ["settings-orgname", "/org/settings/orgname"],
  ["settings-orgmail", "/org/settings/orgmail"],
  ["settings-orglogo", "/org/settings/orglogo"],
  ["settings-rights", "/org/settings/rights"],
  ["settings-clouddrive", "/org/settings/clouddrive"],
  ["org-users", "/org/contacts/users"],
  ["org-users-invite", "/org/contacts/users/create"],
  ["account", "/account"],
  ["account-phone", "/account/phone"],
  ["account-email", "/account/email"],
  ["account-address", "/account/address"],
  ["account-legal", "/account/legal"],
  ["user-orgs", "/user/orgs"],
  ["platform-orgs", "/registre/orgs"],
  ["platform-users", "/registre/users"],
] as const;

describe("main screens (Chromium)", () => {
  const suite = demoSuite();

  for (const locale of ["fr", "en"] as const) {
    test(
      `every main screen renders in ${locale === "fr" ? "French" : "English"} without an error`,
      async () => {
        const context = await suite.openContext(locale);
        const page = await context.newPage();
        const failures: string[] = [];
        page.on("response", (response) => {
          if (new URL(response.url()).pathname.startsWith("/api/") && response.status() >= 400)
            failures.push(`${response.status()} ${response.url()}`);
        });
        for (const [name, path] of screens) {
          await page.goto(new URL(path, suite.serverUrl()).toString());
          await page.waitForLoadState("networkidle");
          expect(new URL(page.url()).pathname, name).toBe(path);
          expect(await page.getAttribute("html", "lang"), name).toBe(locale);
          await page.screenshot({ path: join(artifactsDir, `screen-${name}-${locale}.png`) });
        }
        expect(failures).toEqual([]);
        await context.close();
      },
      browserTimeout * 3,
    );
  }

  test(
    "as a newcomer meets them: the books' year, the tax identity, titled placeholders, no design variants",
    async () => {
      const context = await suite.openContext("fr");
      const page = await context.newPage();
      const open = async (path: string) => {
        await page.goto(new URL(path, suite.serverUrl()).toString());
        await page.waitForLoadState("networkidle");
      };
      const heading = () => page.getByRole("heading", { level: 1 }).first().textContent();

      // The demo's business runs up to today: the reports open on this year, and the dashboard says its figures
      // are provisional.
      const thisYear = parisDate(new Date()).slice(0, 4);
      await open("/org/accounting/reports/balance");
      expect(await page.getByTestId("report-year").inputValue()).toContain(thisYear);
      await open("/org/dashboard");
      await page.getByTestId("dashboard-provisional").waitFor();
      expect(await page.getByTestId("kpi-cash-period").textContent()).toContain(thisYear);

      // The owner sets the tax identity; a VAT number of another company is refused under its field.
      await open("/org/settings");
      await page.getByTestId("tax-identity-edit").click();
      await page.getByTestId("org-vat-number-input").fill("FR27552120222");
      await page.getByTestId("tax-identity-submit").click();
      await page.getByText("ne correspond pas au SIREN").waitFor();
      await page.getByTestId("org-vat-number-input").fill("FR11123456782");
      await page.getByTestId("org-city-input").fill("Villeurbanne");
      await page.getByTestId("tax-identity-submit").click();
      await page.getByTestId("settings-saved").waitFor();
      expect(await page.getByTestId("tax-identity-address").textContent()).toContain("Villeurbanne");

      // Spec routes not built yet have their own title, the platform's included.
      for (const [path, title] of [
        ["/registre/orgs/invoices", "Factures des organisations"],
        ["/org/accounting/vat", "Déclaration de TVA"],
      ] as const) {
        await open(path);
        await page.getByTestId("placeholder-page").waitFor();
        expect(await heading(), path).toBe(title);
      }

      // Visitors are not shown the design variants.
      await open("/public/home2");
      expect(await page.locator("footer").textContent()).not.toContain("Variantes");
      await context.close();
    },
    browserTimeout,
  );

  test(
    "saves the organisation's name from its settings screen",
    async () => {
      const context = await suite.openContext("fr");
      const page = await context.newPage();
      await page.goto(new URL("/org/settings/orgname", suite.serverUrl()).toString());
      await page.getByTestId("orgname-input").fill("Atelier Démo SAS");
      await page.getByRole("button", { name: "Enregistrer" }).click();
      await page.getByTestId("settings-saved").waitFor();
      const org = await fetch(new URL("/api/org", suite.serverUrl()), {
        headers: { Authorization: `Bearer ${suite.session().token}` },
      });
      expect(((await org.json()) as { name: string }).name).toBe("Atelier Démo SAS");
      await context.close();
    },
    browserTimeout,
  );
});
