/**
 * Joining an organisation by invitation (docs/api-identity.md): the owner invites on the users
 * screen, the invited person answers through the e-mailed link or on /user/orgs.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseEml } from "../../api/src/mail/parse-eml.testing.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { RightsPages } from "./pages/rights-pages.ts";
import { SessionPages } from "./pages/session-pages.ts";
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

describe("invitations (Chromium, identity API)", () => {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  const serverUrl = (): string => {
    if (!server) throw new Error("test server not started");
    return server.url;
  };

  const api = async <T>(method: "GET" | "POST", path: string, body?: unknown, token?: string) => {
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

  const ownerWithOrg = async (orgName: string): Promise<TokenAnswer & { email: string }> => {
    const email = `sophie.${unique().toLowerCase()}@example.fr`;
    const registered = await register(email, "Sophie Lefèvre");
    const created = await api<TokenAnswer>(
      "POST",
      "/user/orgs",
      { name: orgName, siren: randomSiren() },
      registered.token,
    );
    expect(created.status).toBe(201);
    return { ...created.body, email };
  };

  /** The text of the newest message of the outbox addressed to `email`. */
  const lastMailTo = (email: string): string => {
    const outbox = join(server?.dataDir ?? "", "outbox");
    const files = readdirSync(outbox)
      .filter((file) => file.endsWith(".eml"))
      .sort()
      .reverse();
    for (const file of files) {
      const mail = parseEml(readFileSync(join(outbox, file), "utf8"));
      if (mail.headers.get("to")?.includes(email)) return mail.text ?? "";
    }
    throw new Error(`no e-mail to ${email} in ${outbox}`);
  };

  const newContext = async (): Promise<BrowserContext> => {
    if (!browser) throw new Error("browser not launched");
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "fr-FR" });
    contexts.push(context);
    return context;
  };

  beforeAll(async () => {
    await ensureWebBuild();
    server = await startTestServer("postgres", { dataDir: true });
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.close();
  });

  test(
    "the owner invites an address; the invitee opens the e-mailed link, registers, accepts, and is a member",
    async () => {
      const orgName = `Cabinet Lefèvre ${unique()}`;
      const owner = await ownerWithOrg(orgName);
      const ownerContext = await newContext();
      await storeSession(ownerContext, owner);
      const ownerPage = await ownerContext.newPage();
      const users = new RightsPages(ownerPage, serverUrl());
      const invitee = `hugo.${unique().toLowerCase()}@example.fr`;

      await users.open("/org/contacts/users");
      await users.inviteUser(invitee, "Comptable");
      expect(await users.invitationRow(invitee).textContent()).toContain("Comptable");
      expect(await users.userRow(invitee).count()).toBe(0);
      await ownerPage.screenshot({ path: join(artifactsDir, "invitation-pending-fr.png") });

      const mail = lastMailTo(invitee);
      expect(mail).toContain(`créez votre compte Registre avec l’adresse ${invitee}`);
      const link = /https?:\/\/\S+\/public\/invitation\?token=[\w.~%-]+/.exec(mail)?.[0];
      expect(link, "invitation link in the e-mail").toBeDefined();
      const url = new URL(link ?? "");

      // The invitee, in a browser of their own, follows the link.
      const inviteeContext = await newContext();
      const page = await inviteeContext.newPage();
      const session = new SessionPages(page, serverUrl());
      await page.goto(new URL(`${url.pathname}${url.search}`, serverUrl()).toString());
      await page.getByTestId("invitation").waitFor();
      expect(await page.getByTestId("invitation").textContent()).toContain(
        `Sophie Lefèvre vous invite à rejoindre ${orgName} avec le profil comptable.`,
      );
      await page.screenshot({ path: join(artifactsDir, "invitation-link-fr.png") });
      await page.getByTestId("invitation-register").click();
      await page.waitForURL((u) => u.pathname === "/register");
      expect(await page.getByTestId("register-email").inputValue()).toBe(invitee);
      await page.getByTestId("register-name").fill("Hugo Martin");
      await page.getByTestId("register-password").fill(password);
      await page.getByTestId("register-terms").check();
      await page.getByTestId("register-submit").click();

      // Back on the invitation, signed in with the invited address: accept, and work in it at once.
      await page.waitForURL((u) => u.pathname === "/public/invitation");
      await page.getByTestId("invitation-page-accept").click();
      await page.waitForURL((u) => u.pathname === "/org/dashboard");
      await session.waitForDashboard();
      expect(await session.orgSwitch.textContent()).toContain(orgName);

      // The owner sees the new member; the invitation is no longer pending.
      await ownerPage.reload();
      await users.userRow(invitee).waitFor();
      expect(await users.userRow(invitee).textContent()).toContain("Hugo Martin");
      expect(await users.userRow(invitee).textContent()).toContain("Comptable");
      expect(await users.invitationRow(invitee).count()).toBe(0);
      // The link has done its work.
      expect(
        (await api("POST", "/invitations/lookup", { token: url.searchParams.get("token") })).status,
      ).toBe(404);
    },
    browserTimeout * 2,
  );

  test(
    "a registered user finds the invitation on /user/orgs after signing in, and accepts it there",
    async () => {
      const orgName = `Garage Moreau ${unique()}`;
      const owner = await ownerWithOrg(orgName);
      const email = `lea.${unique().toLowerCase()}@example.fr`;
      await register(email, "Léa Moreau");
      const invited = await api<{ id: string }>(
        "POST",
        "/contacts/users",
        { email, profile: "owner" },
        owner.token,
      );
      expect(invited.status).toBe(201);
      expect(lastMailTo(email)).toContain(`connectez-vous avec l’adresse ${email}`);

      const context = await newContext();
      const page = await context.newPage();
      const session = new SessionPages(page, serverUrl());
      await session.login({ email, password });
      // No organisation yet: /user/orgs, where the invitation waits.
      await page.waitForURL((u) => u.pathname === "/user/orgs");
      const invitation = page.getByTestId("user-invitation").filter({ hasText: orgName });
      await invitation.waitFor();
      expect(await invitation.textContent()).toContain("Sophie Lefèvre vous invite comme propriétaire");
      await page.screenshot({ path: join(artifactsDir, "invitation-user-orgs-fr.png") });
      await invitation.getByTestId("invitation-accept").click();
      await page.getByTestId("invitation-notice").waitFor();
      expect(await page.getByTestId("invitation-notice").textContent()).toContain(
        `Vous avez rejoint ${orgName}`,
      );
      await session.orgChoice(orgName).click();
      await page.waitForURL((u) => u.pathname === "/org/dashboard");
      expect(await session.orgSwitch.textContent()).toContain(orgName);

      const members = await api<{ items: { email: string; role: string }[] }>(
        "GET",
        "/contacts/users",
        undefined,
        owner.token,
      );
      expect(members.body.items).toEqual(
        expect.arrayContaining([expect.objectContaining({ email, role: "owner" })]),
      );
    },
    browserTimeout,
  );
});
