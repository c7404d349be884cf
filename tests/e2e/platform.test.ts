import { join } from "node:path";
import { DEMO_LOGIN } from "@registre/api";
import type { BrowserContext, Page } from "playwright-core";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { type Locale, PlatformPages } from "./pages/platform-pages.ts";
import { randomSiren } from "./siren.ts";
import {
  artifactsDir,
  browserTimeout,
  demoSuite,
  openPath,
  type StoredSession,
  storeSession,
  unique,
} from "./support.ts";

/**
 * The platform administration screens of users and organisations, as the demo platform administrator.
 */

type AdminSession = { token: string; user: { id: string } };
type OrgRow = { id: string; name: string; siren: string };

const DEMO_ORG = { name: "Atelier Démo SARL", siren: "123456782" };

describe("platform users and organisations (Chromium)", () => {
  let context: BrowserContext;
  let page: Page;
  let platform: PlatformPages;
  let demoOrg: OrgRow;
  /** An organisation the demo login created, so that its log has an entry. */
  let adminOrg: OrgRow;

  const suite = demoSuite(async ({ api }) => {
    const orgs = (await api("GET", "/registre/orgs")) as { items: OrgRow[] };
    const found = orgs.items.find((org) => org.siren === DEMO_ORG.siren);
    if (!found) throw new Error("the demo organisation is not seeded");
    demoOrg = found;
    // The seed records its events as the system: give the demo login something of its own to log.
    adminOrg = (await api("POST", "/registre/orgs", {
      name: `Journal ${unique()}`,
      siren: randomSiren(),
    })) as OrgRow;
  });
  const admin = (): AdminSession => suite.session() as AdminSession;

  beforeEach(async () => {
    context = await suite.openContext("fr");
    page = await context.newPage();
    platform = new PlatformPages(page, suite.serverUrl());
  });

  afterEach(async () => {
    await context?.close();
  });

  const shot = (name: string, locale: Locale) =>
    platform.screenshot(join(artifactsDir, `${name}-${locale}.png`));

  test(
    "finds the demo user, opens their identity, organisations and log, then the demo organisation's log and members",
    async () => {
      // The list, searched for the demo login.
      await platform.goto("/registre/users");
      expect(await platform.mainHeading.textContent()).toBe("Utilisateurs");
      await platform.usersTable.waitFor();
      await platform.usersCount.waitFor();
      await platform.searchUsers(DEMO_LOGIN.email);
      const row = platform.userRow(DEMO_LOGIN.email);
      expect(await row.count()).toBe(1);
      expect(await row.textContent()).toContain(DEMO_LOGIN.name);
      await shot("platform-users", "fr");

      // Its detail: identity and organisations.
      await row.getByRole("link", { name: DEMO_LOGIN.name }).click();
      await platform.userTitle.filter({ hasText: DEMO_LOGIN.name }).waitFor();
      const userPath = new URL(page.url()).pathname;
      expect(userPath).toBe(`/registre/users/${admin().user.id}`);
      expect(await platform.userIdentity.textContent()).toContain(DEMO_LOGIN.email);
      await platform.userOrgRows.filter({ hasText: DEMO_ORG.name }).waitFor();
      await shot("platform-user", "fr");

      // Its log: at least the creation of the demo organisation, with a translated label.
      await platform.tab("user-tab-log").click();
      await page.waitForURL((url) => url.pathname === `${userPath}/log`);
      await platform.logEntries.first().waitFor();
      expect(await platform.logEntries.count()).toBeGreaterThanOrEqual(1);
      const created = platform.logEntries
        .filter({ hasText: adminOrg.name })
        .and(page.locator('[data-event-type="OrganisationCreated"]'));
      await created.waitFor();
      expect(await created.getAttribute("data-event-type")).toBe("OrganisationCreated");
      expect(await created.textContent()).toMatch(/Organisation «\s.+\s» créée, SIREN/);
      await shot("platform-user-log", "fr");

      // Its organisations, by deep link.
      await platform.goto(`${userPath}/org`);
      const orgRow = platform.userOrgRows.filter({ hasText: DEMO_ORG.name });
      await orgRow.waitFor();
      expect(await orgRow.textContent()).toContain("123\u00a0456\u00a0782");
      await shot("platform-user-orgs", "fr");

      // The demo organisation's log: every event, newest first, the first one its creation.
      await platform.goto(`/registre/orgs/${demoOrg.id}/log`);
      await platform.orgTitle.filter({ hasText: DEMO_ORG.name }).waitFor();
      // The demo's books and contacts are more than a page of events: the older ones on demand.
      // The title is the organisation's, the log its own query: wait for its first page.
      await platform.logEntries.first().waitFor();
      expect(await platform.logEntries.count()).toBe(200);
      await platform.loadWholeLog();
      const types = await platform.logEntries.evaluateAll((rows) =>
        rows.map((row) => row.getAttribute("data-event-type")),
      );
      expect(types).toContain("OrganisationCreated");
      expect(types.at(-1)).toBe("OrganisationCreated");
      expect(await platform.logEntries.last().textContent()).toMatch(/Organisation «\s.+\s» créée, SIREN/);
      // A sentence per event, amounts in euros, no raw key of the stored event, nobody called "system".
      const validated = platform.logEntries.and(page.locator('[data-event-type="EntryValidated"]')).first();
      expect(await validated.textContent()).toMatch(/Écriture [A-Z][A-Z0-9]{1,3}\d{6} validée.*\d,\d\d\s€/);
      const logText = await page.getByTestId("log-table").textContent();
      expect(logText).not.toMatch(/\bmvt\b|yearId|pieceRef|\bsystem\b/);
      await shot("platform-org-log", "fr");

      // Its members: the demo login, whose name leads back to the user's page.
      await platform.tab("org-tab-members").click();
      await page.waitForURL((url) => url.pathname === `/registre/orgs/${demoOrg.id}/user`);
      const member = platform.memberRows.filter({ hasText: DEMO_LOGIN.email });
      await member.waitFor();
      expect(await member.textContent()).toContain(DEMO_LOGIN.name);
      await shot("platform-org-members", "fr");
      await member.getByRole("link", { name: DEMO_LOGIN.name }).click();
      await platform.userTitle.filter({ hasText: DEMO_LOGIN.name }).waitFor();
    },
    browserTimeout,
  );

  test(
    "shows the same screens in English",
    async () => {
      await platform.goto("/registre/users");
      await platform.switchLanguage("en");
      expect(await platform.mainHeading.textContent()).toBe("Users");
      await platform.userRow(DEMO_LOGIN.email).waitFor();
      await shot("platform-users", "en");

      await platform.goto(`/registre/users/${admin().user.id}`);
      await platform.userOrgRows.filter({ hasText: DEMO_ORG.name }).waitFor();
      expect(await page.locator("#user-identity-title").textContent()).toBe("Identity");
      await shot("platform-user", "en");

      // The log's sentences in English: the organisation the demo login created (the French test reads the
      // whole of the demo organisation's log, its first event last; here the first page is enough).
      await platform.goto(`/registre/users/${admin().user.id}/log`);
      await platform.logEntries
        .and(page.locator('[data-event-type="OrganisationCreated"]'))
        .filter({ hasText: adminOrg.name })
        .filter({ hasText: /Organisation “.+” created, SIREN/ })
        .waitFor();
      await shot("platform-user-log", "en");

      await platform.goto(`/registre/users/${admin().user.id}/org`);
      await platform.userOrgRows.first().waitFor();
      await shot("platform-user-orgs", "en");

      await platform.goto(`/registre/orgs/${demoOrg.id}/log`);
      await platform.logEntries
        .and(page.locator('[data-event-type="EntryValidated"]'))
        .first()
        .filter({ hasText: /Entry [A-Z][A-Z0-9]{1,3}\d{6} validated.*\d\.\d\d/ })
        .waitFor();
      await shot("platform-org-log", "en");

      await platform.goto(`/registre/orgs/${demoOrg.id}/user`);
      await platform.memberRows.filter({ hasText: DEMO_LOGIN.email }).waitFor();
      await shot("platform-org-members", "en");
    },
    browserTimeout,
  );

  test(
    "writes a release note and shows it, new, on the members' « Nouveautés » in French and English",
    async () => {
      const version = `9.${Date.now() % 100000}`;
      // Nothing is seeded: until the administrator publishes a note, members are told there is none.
      await platform.goto("/org/dashboard/releases");
      await page.getByTestId("release-news-empty").waitFor();
      expect(await page.getByTestId("releases-unread").count()).toBe(0);
      await shot("releases-news-empty", "fr");
      // The platform's list, then its edit screen: a note written in both languages, published.
      await platform.goto("/registre/releases");
      await platform.mainHeading.filter({ hasText: "Notes de version" }).waitFor();
      await page.getByTestId("releases-edit").click();
      await page.waitForURL((url) => url.pathname === "/registre/releases/edit");
      await page.getByTestId("release-add").click();
      await page.getByTestId("release-version").fill(version);
      await page.getByTestId("release-title-fr").fill("Tableaux de bord et prévisions");
      await page.getByTestId("release-title-en").fill("Dashboards and forecasts");
      await page
        .getByTestId("release-body-fr")
        .fill(
          "Le tableau de bord montre où en est l’entreprise.\n\n- Prévision de trésorerie\n- <b>Factures</b> en retard",
        );
      await page
        .getByTestId("release-body-en")
        .fill("The dashboard shows where the business stands.\n\n- Cash forecast\n- Late invoices");
      await page.getByTestId("release-published").check();
      await shot("platform-release-form", "fr");
      await page.getByTestId("release-save").click();
      const row = page.getByTestId("release-row").filter({ hasText: version });
      await row.waitFor();
      expect(await row.textContent()).toContain("Tableaux de bord et prévisions");
      expect(await row.getByTestId("release-status").textContent()).toBe("Publiée");
      await shot("platform-releases", "fr");

      // The member (the demo login belongs to the demo organisation) is told in the navigation.
      await platform.goto("/org/dashboard");
      const unread = page.getByTestId("releases-unread");
      await unread.waitFor();
      await page.getByTestId("nav-releases").click();
      await page.waitForURL((url) => url.pathname === "/org/dashboard/releases");
      await platform.mainHeading.filter({ hasText: "Nouveautés" }).waitFor();
      const note = page.getByTestId("release-note").filter({ hasText: version });
      await note.waitFor();
      expect(await note.getByTestId("release-note-title").textContent()).toBe(
        "Tableaux de bord et prévisions",
      );
      await note.getByTestId("release-note-new").waitFor();
      // The body's list as a list, its markup as the text it is.
      expect(await note.locator("li").allTextContents()).toEqual([
        "Prévision de trésorerie",
        "<b>Factures</b> en retard",
      ]);
      expect(await note.locator("b").count()).toBe(0);
      // Newest first: this note, written last with today's date, leads.
      expect(await page.getByTestId("release-note").first().textContent()).toContain(version);
      // Seen: the navigation's badge goes.
      await expect.poll(() => unread.count()).toBe(0);
      await shot("releases-news", "fr");

      // In English, the English texts; seen already, no longer marked new.
      await platform.switchLanguage("en");
      await page.reload();
      await platform.mainHeading.filter({ hasText: "What’s new" }).waitFor();
      const english = page.getByTestId("release-note").filter({ hasText: version });
      await english.waitFor();
      expect(await english.getByTestId("release-note-title").textContent()).toBe("Dashboards and forecasts");
      expect(await english.locator("li").allTextContents()).toEqual(["Cash forecast", "Late invoices"]);
      expect(await english.getByTestId("release-note-new").count()).toBe(0);
      await shot("releases-news", "en");
      // Dark, and on a phone: looked at.
      await page.emulateMedia({ colorScheme: "dark" });
      await page.setViewportSize({ width: 390, height: 844 });
      await english.waitFor();
      await shot("releases-news-dark-phone", "en");
      await page.emulateMedia({ colorScheme: "light" });
      await page.setViewportSize({ width: 1280, height: 800 });
      await platform.goto("/registre/releases");
      await platform.mainHeading.filter({ hasText: "Release notes" }).waitFor();
      await page.getByTestId("release-row").filter({ hasText: "Dashboards and forecasts" }).waitFor();
      await shot("platform-releases", "en");
    },
    browserTimeout,
  );
  test(
    "edits a user and their organisations in French, an organisation's members and its archive in English",
    async () => {
      const stamp = unique();
      const org = (await suite.api("POST", "/registre/orgs", {
        name: `Archive ${stamp}`,
        siren: randomSiren(),
      })) as OrgRow;
      const user = (await suite.api("POST", "/registre/users", {
        email: `edit.${stamp}@registre.test`,
        password: "motdepasse1",
        name: `Édith ${stamp}`,
      })) as { id: string };

      // The user's edit screen: renamed.
      await platform.goto(`/registre/users/${user.id}/edit`);
      await page.getByTestId("user-edit-form").waitFor();
      await page.getByTestId("user-edit-name").fill(`Édith Morel ${stamp}`);
      await page.getByTestId("user-edit-submit").click();
      await page.getByTestId("user-edit-saved").waitFor();
      await platform.userTitle.filter({ hasText: `Édith Morel ${stamp}` }).waitFor();
      await shot("platform-user-edit", "fr");
      // Their organisations: added to the new one as an accountant.
      await platform.goto(`/registre/users/${user.id}/orgedit`);
      await page.getByTestId("memberships-empty").waitFor();
      await page.getByTestId("membership-other").click();
      await page.getByRole("option", { name: org.name }).click();
      await page.getByTestId("membership-add").click();
      await page.getByTestId("membership-row").filter({ hasText: org.name }).waitFor();
      await shot("platform-user-orgedit", "fr");

      // In English: the organisation's members, the user removed; then the organisation archived.
      await platform.switchLanguage("en");
      await platform.goto(`/registre/orgs/${org.id}/user/edit`);
      const row = page.getByTestId("membership-row").filter({ hasText: `Édith Morel ${stamp}` });
      await row.waitFor();
      expect(await page.getByTestId("membership-add").textContent()).toBe("Add");
      await shot("platform-org-members-edit", "en");
      await row.getByTestId("membership-remove").click();
      await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(0);
      await platform.goto(`/registre/orgs/${org.id}/history/edit`);
      await page.getByTestId("org-year-fec").first().waitFor();
      await page.getByTestId("org-archive-reason").fill("Closed by the customer");
      await page.getByTestId("org-archive").click();
      await page.getByTestId("org-archive-modal-confirm").click();
      expect(await page.getByTestId("org-archived").textContent()).toContain("is archived");
      // The books stay: the FEC is still offered.
      await page.getByTestId("org-year-fec").first().waitFor();
      await shot("platform-org-archive", "en");
    },
    browserTimeout,
  );
  test(
    "lists the authorisation items with their rights, edits a role in French, reads it in English",
    async () => {
      const role = `Saisie ${unique()}`;
      // The list: the built-in profiles, each described, with the rights they grant.
      await platform.goto("/registre/auth/items");
      await platform.mainHeading.filter({ hasText: "Éléments d’autorisation" }).waitFor();
      const owner = page.locator('[data-testid="auth-item-row"][data-kind="profile"]').first();
      await owner.waitFor();
      expect(await owner.textContent()).toContain("Propriétaire");
      expect(await owner.textContent()).toContain("Profil prédéfini");
      expect(await owner.getByTestId("auth-item-rights").textContent()).toContain(
        "Factures de vente\u00a0: création, lecture, modification, suppression",
      );
      // Its edit screen: a role created, a right ticked and saved.
      await page.getByTestId("auth-items-edit").click();
      await page.waitForURL((url) => url.pathname === "/registre/auth/items/edit");
      await page.getByTestId("rights-item-new").first().click();
      await page.getByTestId("rights-item-name").fill(role);
      await page.getByTestId("rights-item-submit").click();
      await page.getByTestId("rights-item-title").filter({ hasText: role }).waitFor();
      await page
        .getByTestId("rights-matrix")
        .getByRole("checkbox", { name: /^Factures de vente\s*:\s*lecture$/ })
        .check();
      await page.getByTestId("rights-save").click();
      await page.getByTestId("rights-saved").waitFor();
      await shot("platform-auth-items-edit", "fr");
      // Back on the list: the role, nobody holding it, with its one right.
      await page.getByTestId("auth-items-done").click();
      await page.waitForURL((url) => url.pathname === "/registre/auth/items");
      const row = page.getByTestId("auth-item-row").filter({ hasText: role });
      await row.waitFor();
      expect(await row.textContent()).toContain("Rôle sur mesure");
      expect(await row.textContent()).toContain("attribué à personne");
      expect(await row.getByTestId("auth-item-rights").textContent()).toBe(
        "Factures de vente\u00a0: lecture",
      );
      await shot("platform-auth-items", "fr");

      await platform.switchLanguage("en");
      await platform.goto("/registre/auth/items");
      await platform.mainHeading.filter({ hasText: "Authorisation items" }).waitFor();
      const english = page.getByTestId("auth-item-row").filter({ hasText: role });
      await english.waitFor();
      expect(await english.textContent()).toContain("Custom role");
      expect(await english.getByTestId("auth-item-rights").textContent()).toBe("Sales invoices: read");
      await shot("platform-auth-items", "en");
      // Deleted from the edit screen: gone from the list.
      await page.getByTestId("auth-items-edit").click();
      await page.getByTestId("rights-item").filter({ hasText: role }).click();
      await page.getByTestId("rights-item-title").filter({ hasText: role }).waitFor();
      await page.getByTestId("rights-item-delete").click();
      await page.getByTestId("rights-delete-confirm").click();
      await page.getByTestId("rights-item-title").filter({ hasText: role }).waitFor({ state: "detached" });
      await platform.goto("/registre/auth/items");
      await page.getByTestId("auth-item-row").first().waitFor();
      expect(await page.getByTestId("auth-item-row").filter({ hasText: role }).count()).toBe(0);

      // The owner of an organisation who is no platform administrator is told the screens are not theirs.
      const post = async (path: string, body: unknown, token?: string) =>
        (await (
          await fetch(new URL(`/api${path}`, suite.serverUrl()), {
            method: "POST",
            headers: {
              "Content-Type": "application/json",
              ...(token ? { Authorization: `Bearer ${token}` } : {}),
            },
            body: JSON.stringify(body),
          })
        ).json()) as StoredSession;
      const registered = await post("/register", {
        email: `owner.${unique().toLowerCase()}@registre.test`,
        password: "motdepasse1",
        name: "Olivia Owner",
      });
      const ownerSession = await post(
        "/user/orgs",
        { name: `Atelier ${unique()}`, siren: randomSiren() },
        registered.token,
      );
      const other = await suite.anonymousContext({ locale: "fr" });
      await storeSession(other, ownerSession);
      const ownerPage = await other.newPage();
      for (const path of ["/registre/auth/items", "/registre/auth/items/edit"]) {
        await openPath(ownerPage, suite.serverUrl(), path);
        await ownerPage.getByTestId("no-access").waitFor();
        expect(await ownerPage.getByTestId("auth-item-row").count()).toBe(0);
      }
      await other.close();
    },
    browserTimeout,
  );
  test(
    "adds, changes and removes a job on the reference lists' edit screen, searched on the list",
    async () => {
      const code = `QA${unique().slice(-6).toUpperCase()}`;
      await platform.goto("/registre/jobs");
      await platform.mainHeading.filter({ hasText: "Fonctions" }).waitFor();
      await page.getByTestId("reference-edit").click();
      await page.waitForURL((url) => url.pathname === "/registre/jobs/edit");
      // Added.
      await page.getByTestId("reference-add").click();
      await page.getByTestId("reference-code").fill(code);
      await page.getByTestId("reference-label").fill("Contrôleuse qualité");
      await page.getByTestId("reference-save").click();
      await page.getByTestId("reference-form").waitFor({ state: "detached" });
      await page.getByTestId("reference-search").fill(code.toLowerCase());
      const row = page.getByTestId("reference-row").filter({ hasText: code });
      await row.waitFor();
      // The search applies once typing pauses: the one job left.
      await expect.poll(() => page.getByTestId("reference-row").count()).toBe(1);
      // Changed: its English label given.
      await row.getByTestId("reference-change").click();
      expect(await page.getByTestId("reference-code").isDisabled()).toBe(true);
      await page.getByTestId("reference-label-en").fill("Quality controller");
      await page.getByTestId("reference-save").click();
      await row.filter({ hasText: "Quality controller" }).waitFor();
      await shot("platform-reference-edit", "fr");
      // Removed after its confirmation: the list has no such job any more.
      await row.getByTestId("reference-remove").click();
      expect(await page.getByTestId("reference-remove-dialog").textContent()).toContain(code);
      await page.getByTestId("reference-remove-dialog-confirm").click();
      await expect.poll(() => page.getByTestId("reference-row").filter({ hasText: code }).count()).toBe(0);
    },
    browserTimeout,
  );
  test(
    "writes a screen's help article and reads it in French and English; documents an API call",
    async () => {
      // The API's own documentation of a call, from the OpenAPI document.
      await platform.goto("/help/contacts/createContact");
      expect(await page.getByTestId("api-doc-path").textContent()).toBe("/api/contacts");
      expect(await page.getByTestId("api-doc-method").textContent()).toBe("POST");
      expect(await page.getByTestId("api-doc-access").textContent()).toContain("contacts");
      await page.getByTestId("api-doc-field").filter({ hasText: "kind" }).waitFor();
      expect(await page.getByTestId("api-doc-example").textContent()).toContain('"kind"');
      await shot("help-api-call", "fr");

      // The platform administrator writes the help of the items' screen from its « ? ».
      const stamp = unique();
      await platform.goto("/org/items");
      await page.getByTestId("help-button").click();
      // Written by an earlier run on the same books: changed instead.
      await page.getByTestId("help-form").or(page.getByTestId("help-article")).waitFor();
      if (await page.getByTestId("help-article").isVisible()) await page.getByTestId("help-edit").click();
      await page.getByTestId("help-form").waitFor();
      await page.getByTestId("help-title-fr").fill(`Vos articles ${stamp}`);
      await page
        .getByTestId("help-body-fr")
        .fill("Les biens et services que vous vendez.\n\n- Prix HT\n- TVA");
      await page.getByTestId("help-title-en").fill(`Your items ${stamp}`);
      await page.getByTestId("help-body-en").fill("The goods and services you sell.");
      await page.getByTestId("help-save").click();
      await page
        .getByTestId("help-article-title")
        .filter({ hasText: `Vos articles ${stamp}` })
        .waitFor();
      expect(await page.getByTestId("help-article").locator("li").allTextContents()).toEqual([
        "Prix HT",
        "TVA",
      ]);
      await shot("help-article", "fr");
      await page.keyboard.press("Escape");
      await page.getByTestId("help-article").waitFor({ state: "hidden" });

      await platform.switchLanguage("en");
      await platform.goto("/org/items");
      await page.getByTestId("help-button").click();
      await page
        .getByTestId("help-article-title")
        .filter({ hasText: `Your items ${stamp}` })
        .waitFor();
      await shot("help-article", "en");
      await platform.goto("/help/contacts/createContact");
      expect(await page.getByTestId("api-doc-access").textContent()).toContain("Who may call it");
      await shot("help-api-call", "en");
    },
    browserTimeout,
  );
});
