import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { resourceCodes } from "@registre/core";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { startTestServer } from "../support/server.ts";
import { ShellPage } from "./pages/shell-page.ts";
import {
  artifactsDir,
  browserTimeout,
  ensureWebBuild,
  fakeSession,
  launchBrowser,
  visit,
} from "./support.ts";

/** Public screens, screenshotted in both languages (file name → path). */
const publicScreens: [string, string][] = [
  ["landing", "/"],
  ["public", "/public"],
  ["prices", "/public/prices"],
  ["password-renew", "/public/password/renew"],
  ["password-renew-token", "/public/password/renew?token=rg_example"],
  ["about", "/about"],
  ["readme", "/readme"],
  ["home2", "/public/home2"],
  ["home3", "/public/home3"],
  ["home4", "/public/home4"],
  ["home5", "/public/home5"],
  ["login", "/login"],
  ["register", "/register"],
  ["not-found", "/nowhere/at/all"],
];

describe("application shell (Chromium)", () => {
  let server: { url: string; close(): Promise<void> } | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext;
  let page: Page;
  let shell: ShellPage;

  const serverUrl = (): string => {
    if (!server) throw new Error("test server not started");
    return server.url;
  };

  const newContext = async (
    init?: Record<string, string>,
    serviceWorkers: "allow" | "block" = "allow",
  ): Promise<void> => {
    if (!browser) throw new Error("browser not launched");
    await context?.close();
    context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: "fr-FR",
      // A browser on UTC: the day it would name is a day behind Paris's after midnight in France.
      timezoneId: "UTC",
      colorScheme: "light",
      serviceWorkers,
    });
    if (init) {
      await context.addInitScript((entries) => {
        if (sessionStorage.getItem("seeded")) return;
        sessionStorage.setItem("seeded", "1");
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      }, init);
    }
    page = await context.newPage();
    shell = new ShellPage(page, serverUrl());
    // A fake session's token is unknown to the server: the dashboard's figures are answered here, so
    // that only the call a test fails on purpose clears the session (needs service workers blocked).
    // The other kinds (the main dashboard's overview, forecast, late invoices, to-dos) are not found: the
    // screen says its figures are unavailable, as it would for a server that has none.
    await page.route("**/api/dashboard/stats/**", (route) =>
      route.request().url().includes("/stats/accounting")
        ? route.fulfill({
            status: 200,
            contentType: "application/json",
            body: JSON.stringify({ year: null, revenue: 0, due: 0, expenses: 0, cash: 0, result: 0 }),
          })
        : route.fulfill({
            status: 404,
            contentType: "application/problem+json",
            body: JSON.stringify({ type: "about:blank", title: "dashboard.unknownStats", status: 404 }),
          }),
    );
    // The frame's own calls: the release notes' unread badge and the screen's help article (none).
    await page.route("**/api/releases", (route) =>
      route.fulfill({
        status: 200,
        contentType: "application/json",
        body: '{"lastSeen":null,"unread":0,"items":[]}',
      }),
    );
    await page.route("**/api/help?**", (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: '{"items":[]}' }),
    );
    // The subscription: a hosted server's trial (billing on), so the account's billing links show.
    await page.route("**/api/billing/subscription", (route) =>
      route.fulfill({
        status: 200,
        contentType: "application/json",
        body: '{"enabled":true,"status":"trial","readOnly":false}',
      }),
    );
  };

  beforeAll(async () => {
    mkdirSync(artifactsDir, { recursive: true });
    await ensureWebBuild();
    server = await startTestServer();
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  beforeEach(async () => {
    await newContext();
  });

  afterEach(async () => {
    await context?.close();
  });

  test(
    "a protected route without a session lands on the landing page",
    async () => {
      await shell.goto("/org/dashboard");
      await page.waitForURL((url) => url.pathname === "/");
      expect(await shell.layout()).toBe("home");
      expect(await page.getByTestId("dashboard").count()).toBe(0);

      await shell.goto("/account/phone/edit");
      await page.waitForURL((url) => url.pathname === "/");
      await shell.goto("/registre/orgs");
      await page.waitForURL((url) => url.pathname === "/");
    },
    browserTimeout,
  );

  test(
    "an unknown path shows the 404 layout",
    async () => {
      await shell.goto("/org/nothing-here");
      await page.waitForURL((url) => url.pathname === "/org/nothing-here");
      // Unknown under /org: the session guard does not apply to a path that is not a screen.
      await shell.notFound.waitFor();
      expect(await shell.layout()).toBe("404");
      expect(await shell.mainHeading.textContent()).toBe("Page introuvable");
      await page.getByTestId("not-found-home").click();
      await page.waitForURL((url) => url.pathname === "/");
      await shell.waitForLayout("home");
    },
    browserTimeout,
  );

  test(
    "switching the language changes the texts, sets <html lang> and survives a reload",
    async () => {
      await shell.goto("/");
      expect(await shell.htmlLang()).toBe("fr");
      const login = page.getByTestId("header-login");
      expect(await login.textContent()).toBe("Se connecter");
      await shell.switchLanguage("en");
      expect(await login.textContent()).toBe("Log in");
      expect(await shell.stored("locale")).toBe("en");

      await shell.reload();
      expect(await shell.htmlLang()).toBe("en");
      expect(await page.getByTestId("header-login").textContent()).toBe("Log in");
      expect(await page.getByTestId("hero-trial").textContent()).toBe("First month free");

      await shell.switchLanguage("fr");
      expect(await page.getByTestId("hero-trial").textContent()).toBe("Premier mois offert");
    },
    browserTimeout,
  );

  test(
    "the theme is light, dark or the system's, and the choice survives a reload",
    async () => {
      await shell.goto("/public/prices");
      expect(await shell.colorScheme()).toBe("light");
      await shell.switchTheme("dark");
      await page.waitForFunction(() => document.documentElement.dataset.mantineColorScheme === "dark");
      expect(await shell.stored("theme")).toBe("dark");

      await shell.reload();
      expect(await shell.colorScheme()).toBe("dark");
      expect(await shell.stored("theme")).toBe("dark");

      await shell.switchTheme("system");
      await page.waitForFunction(() => document.documentElement.dataset.mantineColorScheme === "light");
      expect(await shell.stored("theme")).toBe("");
      await shell.reload();
      expect(await shell.colorScheme()).toBe("light");
      expect(await shell.stored("theme")).toBe("");
    },
    browserTimeout,
  );

  test(
    "forms show field-level messages, in the interface language",
    async () => {
      await shell.goto("/login");
      await page.getByTestId("login-submit").click();
      const form = page.getByTestId("login-form");
      await form.getByText("Adresse e-mail : ce champ est obligatoire").waitFor();
      await page.getByTestId("login-email").fill("marie@");
      await page.getByTestId("login-submit").click();
      await form.getByText("Adresse e-mail invalide").waitFor();

      await shell.goto("/register");
      await shell.switchLanguage("en");
      await page.getByTestId("register-email").fill("marie@example.fr");
      await page.getByTestId("register-password").fill("short");
      await page.getByTestId("register-submit").click();
      const register = page.getByTestId("register-form");
      await register.getByText("Full name: this is a required field").waitFor();
      await register.getByText("Invalid password", { exact: false }).waitFor();
    },
    browserTimeout,
  );

  test(
    "a 401 from the API clears the session and goes back to /",
    async () => {
      const session = fakeSession();
      // Requests a service worker forwards are not seen by page.route: let the page call the network.
      await newContext({ token: session.token, user: JSON.stringify(session.user) }, "block");
      let authorization = "";
      await page.route("**/api/account", async (route) => {
        authorization = route.request().headers().authorization ?? "";
        await route.fulfill({
          status: 401,
          contentType: "application/problem+json",
          body: JSON.stringify({
            type: "about:blank",
            title: "Unauthorized",
            status: 401,
            code: "identity.unauthenticated",
            detail: "Session expirée.",
          }),
        });
      });
      // Half past midnight in Paris, still the day before in UTC: the greeting names the Paris day, as
      // the figures and the API count days.
      await page.clock.setFixedTime(new Date("2026-11-24T23:30:00Z"));
      await shell.goto("/org/dashboard");
      expect(await shell.layout()).toBe("default");
      await page.getByTestId("dashboard").waitFor();
      await page.getByText("nous sommes le 25 novembre 2026").waitFor();
      expect(await page.getByTestId("org-switch").textContent()).toContain("Atelier Démo SARL");
      await page.screenshot({ path: join(artifactsDir, "shell-dashboard-fr.png") });

      await page.getByTestId("user-menu").click();
      await page.getByRole("menuitem", { name: "Mon compte" }).click();
      await page.waitForURL((url) => url.pathname === "/");
      await shell.waitForLayout("home");
      expect(authorization).toBe(`Bearer ${session.token}`);
      expect(await shell.stored("token")).toBeNull();
      expect(await shell.stored("user")).toBeNull();
    },
    browserTimeout,
  );

  test(
    "the frame links every domain, and the account's billing links when the server takes payments",
    async () => {
      // An owner: every right, so every domain.
      const session = fakeSession({ rights: resourceCodes.map((c) => ({ c, r: 30 })) });
      await newContext({ token: session.token, user: JSON.stringify(session.user) }, "block");
      await shell.goto("/org/dashboard");
      const nav = page.getByRole("navigation", { name: "Navigation de l’organisation" });
      for (const section of [
        "Ventes",
        "Achats",
        "Contacts",
        "Articles",
        "Banques",
        "Comptabilité",
        "Paramètres",
      ]) {
        expect(await nav.getByText(section, { exact: true }).count()).toBeGreaterThan(0);
      }
      // The account's billing links, once the subscription says the server takes payments (every spec
      // screen is built: none says « bientôt disponible » any more).
      await page.getByTestId("nav-account").click();
      await nav.getByRole("link", { name: "Moyen de paiement", exact: true }).waitFor();
      expect(await nav.getByRole("link", { name: "Paiements d’abonnement", exact: true }).count()).toBe(1);
      expect(await shell.layout()).toBe("default");
    },
    browserTimeout,
  );

  test(
    "the frame shows a member only the domains the rights open",
    async () => {
      const session = fakeSession({ platformAdmin: false, rights: [{ c: "sales.invoices", r: 4 }] });
      await newContext({ token: session.token, user: JSON.stringify(session.user) }, "block");
      await shell.goto("/org/dashboard");
      const nav = page.getByRole("navigation", { name: "Navigation de l’organisation" });
      await nav.getByText("Ventes", { exact: true }).waitFor();
      for (const hidden of ["Achats", "Contacts", "Banques", "Comptabilité", "Paramètres", "Plateforme"])
        expect(await nav.getByText(hidden, { exact: true }).count(), hidden).toBe(0);

      await nav.getByRole("link", { name: "Factures" }).waitFor();
      expect(await nav.getByRole("link", { name: "Factures" }).count()).toBe(1);
      expect(await nav.getByRole("link", { name: "Devis" }).count()).toBe(0);
      // Reading invoices creates nothing: no shortcut to offer.
      expect(await page.getByText("Raccourcis").count()).toBe(0);
    },
    browserTimeout,
  );

  test(
    "offline: the service worker is registered and a « hors ligne » banner shows",
    async () => {
      await shell.goto("/");
      const registered = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return registration.active?.scriptURL ?? "";
      });
      expect(registered).toMatch(/\/sw\.js$/);
      // The hero picture prefers its WebP variant.
      const picture = page.getByTestId("hero-picture");
      await picture.evaluate((img: HTMLImageElement) => img.decode());
      expect(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.webp$/);

      await context.setOffline(true);
      await page.getByTestId("offline-banner").waitFor();
      expect(await page.getByTestId("offline-banner").textContent()).toContain("Hors ligne");
      await context.setOffline(false);
      await page.getByTestId("offline-banner").waitFor({ state: "detached" });
    },
    browserTimeout,
  );

  for (const locale of ["fr", "en"] as const) {
    test(
      `public screens at 1280×800 in ${locale === "fr" ? "French" : "English"}`,
      async () => {
        await newContext({ locale });
        await shell.goto("/");
        for (const [name, path] of publicScreens) {
          // Inside the loaded app, as a link would (the first load and reloads are tested above).
          await visit(page, serverUrl(), path);
          expect(shell.pathname()).toBe(new URL(path, serverUrl()).pathname);
          expect(await shell.htmlLang()).toBe(locale);
          await shell.mainHeading.waitFor();
          await page.evaluate(() =>
            Promise.all([...document.images].map((img) => img.decode().catch(() => {}))),
          );
          await shell.screenshot(join(artifactsDir, `${name}-${locale}.png`));
        }
      },
      browserTimeout * 2,
    );
  }
});
