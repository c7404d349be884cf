import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parisDate } from "@registre/core";
import type { RouteObject } from "react-router";
import { describe, expect, test } from "vitest";
import { routes } from "../../web/src/app/router.tsx";
import {
  artifactsDir,
  browserTimeout,
  demoSuite,
  openPath,
  settled,
  track,
  visit,
  watchCsp,
  webDir,
} from "./support.ts";

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
  ["platform-auth-items", "/registre/auth/items"],
  ["platform-auth-items-edit", "/registre/auth/items/edit"],
] as const;

describe("main screens (Chromium)", () => {
  const suite = demoSuite();

  for (const locale of ["fr", "en"] as const) {
    test(
      `every main screen renders in ${locale === "fr" ? "French" : "English"} without an error`,
      async () => {
        const context = await suite.openContext(locale);
        const page = await context.newPage();
        const violations = await watchCsp(page);
        const failures: string[] = [];
        page.on("response", (response) => {
          if (new URL(response.url()).pathname.startsWith("/api/") && response.status() >= 400)
            failures.push(`${response.status()} ${response.url()}`);
        });
        for (const [name, path] of screens) {
          await visit(page, suite.serverUrl(), path);
          expect(new URL(page.url()).pathname, name).toBe(path);
          expect(await page.getAttribute("html", "lang"), name).toBe(locale);
          await page.screenshot({ path: join(artifactsDir, `screen-${name}-${locale}.png`) });
        }
        expect(failures).toEqual([]);
        expect(violations).toEqual([]);
        await context.close();
      },
      browserTimeout * 3,
    );
  }

  test(
    "every screen of the router runs under the Content-Security-Policy without a violation (issue 21)",
    async () => {
      // The build has no inline script for the policy to refuse: index.html loads /theme-boot.js.
      const index = readFileSync(join(webDir, "dist", "index.html"), "utf8");
      expect(index.match(/<script\b[^>]*>/g)?.filter((tag) => !/\bsrc=/.test(tag))).toEqual([]);
      const ids = await demoIds(suite.api, suite.session());
      const context = await suite.openContext("fr");
      const page = await context.newPage();
      const violations = await watchCsp(page);
      track(page);
      const first = await page.goto(new URL("/org/dashboard", suite.serverUrl()).toString());
      expect(first?.headers()["content-security-policy"]).toContain("script-src 'self';");
      await settled(page);
      const signedOut: string[] = [];
      const paths = screenPaths(routes, ids);
      for (const path of paths) {
        // In the page, as a link would: the app stays loaded, each screen renders its chunks and styles.
        await page.evaluate((to) => {
          history.pushState(null, "", to);
          dispatchEvent(new PopStateEvent("popstate"));
        }, path);
        await settled(page, 120);
        if (new URL(page.url()).pathname === "/login" && path !== "/login") signedOut.push(path);
      }
      expect(paths.length).toBeGreaterThan(150);
      expect(signedOut).toEqual([]);
      // The API's reference page too: its script is a file, its styles its own.
      await page.goto(new URL("/api/reference", suite.serverUrl()).toString());
      await page.locator("h2").first().waitFor();
      expect(violations).toEqual([]);
      await context.close();
    },
    browserTimeout * 5,
  );

  test(
    "as a newcomer meets them: the books' year, the tax identity, the screens once placeholders, no design variants",
    async () => {
      const context = await suite.openContext("fr");
      const page = await context.newPage();
      const open = (path: string) => openPath(page, suite.serverUrl(), path);
      const heading = () => page.getByRole("heading", { level: 1 }).first().textContent();

      // The demo's business runs up to today: the reports open on this year, and the dashboard says its figures
      // are provisional.
      const thisYear = parisDate(new Date()).slice(0, 4);
      await open("/org/accounting/reports/balance");
      // Polled: the network may fall idle while the app still evaluates its modules, before it asks
      // for the years (seen at the base commit too, on a loaded machine).
      await expect.poll(() => page.getByTestId("report-year").inputValue()).toContain(thisYear);
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

      // The account's payments are a screen of their own now (billing off here: none), not a placeholder.
      await open("/account/payments");
      await page.getByTestId("payments-table").waitFor();
      expect(await heading()).toBe("Paiements");
      // The VAT return is a screen of its own now: this year's periods, not a placeholder.
      await open("/org/accounting/vat");
      await page.getByTestId("vat-periods").waitFor();
      expect(await heading()).toBe("Déclaration de TVA");

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

/** Every path of the router (`/a/:b` as the list of paths it holds), the public ones last. */
const routerPaths = (list: readonly RouteObject[], prefix = ""): string[] =>
  list.flatMap((r) => {
    const here = r.index ? prefix || "/" : r.path ? `${prefix}/${r.path}`.replace(/\/+/g, "/") : prefix;
    return [...(r.index || r.path ? [here] : []), ...routerPaths(r.children ?? [], here)];
  });

/** The demo's ids, by the path segment before a parameter (`/org/items/:id` takes `items`'s). */
type DemoIds = Readonly<Record<string, string>>;

const demoIds = async (
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answers
  api: (method: string, path: string) => Promise<any>,
  session: { user: unknown },
): Promise<DemoIds> => {
  const user = session.user as { id: string; org: { id: string } };
  const firstOf = async (path: string, key = "id") =>
    ((await api("GET", path)).items?.[0]?.[key] as string | undefined) ?? crypto.randomUUID();
  return {
    contacts: await firstOf("/contacts?limit=1"),
    items: await firstOf("/items?limit=1"),
    docs: await firstOf("/docs?limit=1"),
    entries: await firstOf("/accounting/entries?limit=1", "mvt"),
    accounts: "411000",
    journals: "VT",
    balancesheet: await firstOf("/accounting/balance-sheet"),
    bankstatements: await firstOf("/banks/statements"),
    reconcile: "1",
    payments: await firstOf("/payments/sales?limit=1"),
    deposits: await firstOf("/accounting/deposits"),
    emailtemplates: "default-invoice-fr",
    // The demo's VAT returns: last month's, validated.
    vat: (await api("GET", "/accounting/vat")).periods.findLast(
      (p: { status: string }) => p.status === "validated" || p.status === "paid",
    )?.period,
    orgs: user.org.id,
    users: user.id,
  };
};

/** Each screen's path with the demo's ids in its parameters; the public pages (a login among them) last. */
const screenPaths = (list: readonly RouteObject[], ids: DemoIds): string[] => {
  const filled = routerPaths(list)
    .filter((p) => !p.includes("*"))
    .map((p) =>
      p.replace(/\/([^/]+)\/:[A-Za-z]+/g, (_, segment: string) => `/${segment}/${ids[segment] ?? segment}`),
    );
  const unique = [...new Set(filled)].filter((p) => !p.includes(":"));
  const isPublic = (p: string) => !/^\/(org|account|registre|user)\b/.test(p);
  return [...unique.filter((p) => !isPublic(p)), ...unique.filter(isPublic)];
};
