import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { OrgDetailPage, OrgsPage } from "./pages/orgs-page.ts";
import { invalidSiren, randomSiren, spacedSiren } from "./siren.ts";
import { artifactsDir, browserTimeout, demoSuite, unique } from "./support.ts";

type OrgResponse = { id: string; name: string; siren: string };

describe("organisations page (Chromium)", () => {
  const suite = demoSuite();
  let context: BrowserContext;
  let page: Page;
  let orgs: OrgsPage;
  /** Accept-Language of every API call the page made. */
  let apiLanguages: string[];
  const serverUrl = suite.serverUrl;

  const createOrgThroughApi = async (name: string, siren: string): Promise<OrgResponse> => {
    const response = await fetch(new URL("/api/registre/orgs", serverUrl()), {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Accept-Language": "fr",
        Authorization: `Bearer ${suite.session().token}`,
      },
      body: JSON.stringify({ name, siren }),
    });
    expect(response.status).toBe(201);
    return (await response.json()) as OrgResponse;
  };

  beforeEach(async () => {
    context = await suite.openContext("fr");
    page = await context.newPage();
    apiLanguages = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/api/")) {
        apiLanguages.push(request.headers()["accept-language"] ?? "");
      }
    });
    orgs = new OrgsPage(page, serverUrl());
  });

  afterEach(async () => {
    await context?.close();
  });

  test(
    "lists an organisation created through the API, and its detail page opens by deep link",
    async () => {
      const name = `Boulangerie Martin ${unique()}`;
      const siren = randomSiren();
      const created = await createOrgThroughApi(name, siren);

      await orgs.goto();
      expect(await orgs.htmlLang()).toBe("fr");
      expect(await orgs.mainHeading.textContent()).toBe("Organisations");
      const row = await orgs.waitForRow(name);
      // SIREN grouped by three digits with no-break spaces, French style.
      expect(await row.textContent()).toContain(spacedSiren(siren).replace(/ /g, "\u00a0"));
      expect(await orgs.createFormTitle.textContent()).toBe("Nouvelle organisation");
      await orgs.screenshot(join(artifactsDir, "orgs-fr.png"));

      const detail = await orgs.openOrg(name);
      expect(new URL(page.url()).pathname).toBe(`/registre/orgs/${created.id}`);
      await detail.historyEvents.first().waitFor();
      expect(await detail.settings.textContent()).toContain(name);

      // Deep link: the server falls back to index.html and the router takes over.
      const deepLinked = await OrgDetailPage.open(page, serverUrl(), created.id);
      expect(await deepLinked.title.textContent()).toBe(name);
      await deepLinked.historyEvents.first().waitFor();
      expect(await deepLinked.historyEvents.count()).toBeGreaterThanOrEqual(1);
      await page.screenshot({ path: join(artifactsDir, "org-detail-fr.png") });

      await orgs.goto("/registre/orgs");
      await orgs.waitForRow(name);
      expect(apiLanguages.length).toBeGreaterThan(0);
      expect(apiLanguages.every((language) => language === "fr")).toBe(true);
    },
    browserTimeout,
  );

  test(
    "creates an organisation through the form and shows it in the list",
    async () => {
      await orgs.goto();
      const name = `Atelier Dupont ${unique()}`;
      // Typed with spaces, as on a Kbis: the form removes them.
      await orgs.createOrg({ name, siren: spacedSiren(randomSiren()) });
      await orgs.formSuccess.waitFor();
      expect(await orgs.formSuccess.textContent()).toContain(name);
      await orgs.waitForRow(name);
    },
    browserTimeout,
  );

  test(
    "says under the SIREN what is wrong with it — its check key, its length — before asking the server (issue 23, point 12)",
    async () => {
      await orgs.goto();
      await orgs.createOrg({ name: `Société refusée ${unique()}`, siren: invalidSiren() });
      const field = page.getByTestId("org-create-form");
      await field
        .getByText("SIREN invalide\u00a0: sa clé de contrôle (le dernier chiffre) ne correspond pas.")
        .waitFor();
      await orgs.createOrg({ name: `Société refusée ${unique()}`, siren: "732 829 32" });
      await field.getByText("Un SIREN compte 9 chiffres (8 saisis).").waitFor();
      // Nothing was sent: no refusal of the server.
      expect(await orgs.formError.count()).toBe(0);
    },
    browserTimeout,
  );

  test(
    "renames an organisation from its detail page and records it in the history",
    async () => {
      const created = await createOrgThroughApi(`Garage Moreau ${unique()}`, randomSiren());
      const detail = await OrgDetailPage.open(page, serverUrl(), created.id);
      await detail.historyEvents.first().waitFor();
      const eventsBefore = await detail.historyEvents.count();

      const renamed = `${created.name} et Fils`;
      await detail.rename(renamed);
      await detail.title.filter({ hasText: renamed }).waitFor();
      await detail.historyEvents.nth(eventsBefore).waitFor();
      expect(await detail.historyEvents.count()).toBe(eventsBefore + 1);
      // Most recent first.
      expect(await detail.historyEvents.first().textContent()).toContain(renamed);
      expect(await detail.settings.textContent()).toContain(renamed);
    },
    browserTimeout,
  );

  test(
    "switches to English, sends it to the API and keeps it across a reload",
    async () => {
      await createOrgThroughApi(`Cabinet Lefèvre ${unique()}`, randomSiren());
      await orgs.goto();
      await orgs.switchLanguage("en");
      expect(await orgs.createFormTitle.textContent()).toBe("New organisation");
      expect(await orgs.storedLocale()).toBe("en");

      apiLanguages = [];
      await orgs.reload();
      await orgs.table.waitFor();
      expect(await orgs.htmlLang()).toBe("en");
      expect(await orgs.createFormTitle.textContent()).toBe("New organisation");
      expect(await page.getByRole("button", { name: "Create organisation" }).count()).toBe(1);
      expect(apiLanguages.length).toBeGreaterThan(0);
      expect(apiLanguages.every((language) => language === "en")).toBe(true);
      await orgs.screenshot(join(artifactsDir, "orgs-en.png"));

      await orgs.switchLanguage("fr");
      expect(await orgs.createFormTitle.textContent()).toBe("Nouvelle organisation");
    },
    browserTimeout,
  );
});
