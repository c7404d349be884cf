/**
 * The user rights screen against the real API (docs/api-identity.md, authorization items and
 * assignments).
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { startTestServer } from "../support/server.ts";
import { RightsPages } from "./pages/rights-pages.ts";
import { randomSiren } from "./siren.ts";
import {
  artifactsDir,
  browserTimeout,
  ensureWebBuild,
  launchBrowser,
  storeSession,
  unique,
} from "./support.ts";

const password = "Registre2026secret";

type TokenAnswer = { token: string; user: { id: string; org: { id: string; name: string } | null } };

describe("user rights (Chromium, identity API)", () => {
  let server: { url: string; close(): Promise<void> } | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext;
  let page: Page;
  let rights: RightsPages;

  const serverUrl = (): string => {
    if (!server) throw new Error("test server not started");
    return server.url;
  };

  const api = async <T>(
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    token?: string,
  ): Promise<{ status: number; body: T }> => {
    const headers: Record<string, string> = { "Content-Type": "application/json", "Accept-Language": "fr" };
    if (token) headers.Authorization = `Bearer ${token}`;
    const init: RequestInit = { method, headers };
    if (body !== undefined) init.body = JSON.stringify(body);
    const response = await fetch(new URL(`/api${path}`, serverUrl()), init);
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  };

  const register = async (email: string, name: string): Promise<TokenAnswer> => {
    const answer = await api<TokenAnswer>("POST", "/register", { email, password, name });
    expect(answer.status).toBe(201);
    return answer.body;
  };

  /** An owner with an organisation: the session as the web app stores it. */
  const ownerWithOrg = async (): Promise<TokenAnswer> => {
    const registered = await register(`marie.${unique().toLowerCase()}@example.fr`, "Marie Martin");
    const created = await api<TokenAnswer>(
      "POST",
      "/user/orgs",
      { name: `Atelier Martin ${unique()}`, siren: randomSiren() },
      registered.token,
    );
    expect(created.status).toBe(201);
    return created.body;
  };

  beforeAll(async () => {
    mkdirSync(artifactsDir, { recursive: true });
    await ensureWebBuild();
    // Invitations send e-mail: to an outbox of the server's own.
    server = await startTestServer("postgres", { dataDir: true });
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  beforeEach(async () => {
    if (!browser) throw new Error("browser not launched");
    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "fr-FR" });
    page = await context.newPage();
    rights = new RightsPages(page, serverUrl());
  });

  afterEach(async () => {
    await context?.close();
  });

  test(
    "creates a role, grants it sales invoices read, and assigns it to a member invited on the users screen",
    async () => {
      const owner = await ownerWithOrg();
      await storeSession(context, owner);
      const colleagueEmail = `paul.${unique().toLowerCase()}@example.fr`;
      const colleague = await register(colleagueEmail, "Paul Durand");

      // The second user is invited on the users screen; they are no member until they accept.
      await rights.open("/org/contacts/users");
      expect(await rights.mainHeading.textContent()).toBe("Utilisateurs");
      await rights.inviteUser(colleagueEmail, "Comptable");
      expect(await page.getByTestId("users-notice").textContent()).toContain(
        `Invitation envoyée à ${colleagueEmail}`,
      );
      expect(await rights.invitationRow(colleagueEmail).textContent()).toContain("Comptable");
      expect(await rights.userRow(colleagueEmail).count()).toBe(0);
      const received = await api<{ items: { id: string }[] }>(
        "GET",
        "/user/invitations",
        undefined,
        colleague.token,
      );
      const accepted = await api(
        "POST",
        `/user/invitations/${received.body.items[0]?.id}/accept`,
        undefined,
        colleague.token,
      );
      expect(accepted.status).toBe(200);
      await page.reload();
      await rights.userRow(colleagueEmail).waitFor();
      expect(await rights.userRow(colleagueEmail).textContent()).toContain("Comptable");
      expect(await rights.invitationRow(colleagueEmail).count()).toBe(0);

      // An address without an account gets the very same answer; the invitation can be withdrawn.
      const stranger = `personne.${unique().toLowerCase()}@example.fr`;
      await rights.inviteUser(stranger, "Comptable");
      expect(await page.getByTestId("users-notice").textContent()).toContain(
        `Invitation envoyée à ${stranger}`,
      );
      await rights.revokeInvitation(stranger);
      expect(await page.getByTestId("users-notice").textContent()).toContain("a été retirée");

      // The rights screen: create a role, tick "Factures de vente : lecture", save.
      await rights.open("/org/settings/rights");
      expect(await rights.mainHeading.textContent()).toBe("Droits des utilisateurs");
      const role = `Assistante commerciale ${unique()}`;
      await rights.createItem(role);
      const cell = rights.cell("Factures de vente", "lecture");
      await cell.check();
      expect(await cell.isChecked()).toBe(true);
      // The row's "tick all" is now partly ticked.
      const rowAll = rights.matrix.getByRole("checkbox", { name: /^Factures de vente\s*:\s*tout cocher$/ });
      expect(await rowAll.isChecked()).toBe(false);
      await rights.saveRights();
      await rights.screenshot(join(artifactsDir, "rights-fr.png"));

      const items = await api<{ items: { id: string; name: string; rights: { c: string; r: number }[] }[] }>(
        "GET",
        "/auth/items",
        undefined,
        owner.token,
      );
      const created = items.body.items.find((item) => item.name === role);
      expect(created?.rights).toEqual([{ c: "sales.invoices", r: 4 }]);

      // Assign the role to the new member.
      await rights.openAssignments();
      await rights.assign(colleagueEmail, role);
      expect(await rights.member(colleagueEmail).textContent()).toContain(role);
      await rights.screenshot(join(artifactsDir, "rights-assignments-fr.png"));

      const assignments = await api<{ items: { itemId: string; userId: string }[] }>(
        "GET",
        "/auth/assignments",
        undefined,
        owner.token,
      );
      expect(assignments.body.items.filter((a) => a.itemId === created?.id)).toHaveLength(1);

      // Deleting an assigned role is refused with the server's message.
      await page.getByTestId("rights-tab-items").click();
      await page.getByTestId("rights-item-delete").click();
      await page.getByTestId("rights-delete-confirm").click();
      await page.getByTestId("rights-delete-error").waitFor();
      await page.keyboard.press("Escape");

      // English.
      await rights.switchLanguage("en");
      expect(await rights.mainHeading.textContent()).toBe("User rights");
      expect(await rights.cell("Sales invoices", "read").isChecked()).toBe(true);
      await rights.screenshot(join(artifactsDir, "rights-en.png"));
    },
    browserTimeout,
  );
});
