/** Login-dependent browser flows against the identity API (docs/api-identity.md). */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { parseEml } from "../../api/src/mail/parse-eml.testing.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { SessionPages } from "./pages/session-pages.ts";
import { randomSiren } from "./siren.ts";
import { artifactsDir, browserTimeout, ensureWebBuild, launchBrowser, unique } from "./support.ts";

const password = "Registre2026secret";

describe("session flows (Chromium, identity API)", () => {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext;
  let page: Page;
  let session: SessionPages;

  const serverUrl = (): string => {
    if (!server) throw new Error("test server not started");
    return server.url;
  };

  const api = async <T>(
    path: string,
    body: unknown,
    token?: string,
  ): Promise<{ status: number; body: T }> => {
    const headers: Record<string, string> = { "Content-Type": "application/json", "Accept-Language": "fr" };
    if (token) headers.Authorization = `Bearer ${token}`;
    const response = await fetch(new URL(`/api${path}`, serverUrl()), {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  };

  type TokenAnswer = { token: string; user: { org: { id: string; name: string } | null } };

  const registerThroughApi = async (email: string): Promise<string> => {
    const answer = await api<TokenAnswer>("/register", { email, password, name: "Marie Martin" });
    expect(answer.status).toBe(201);
    return answer.body.token;
  };

  const createOrgThroughApi = async (token: string, name: string): Promise<string> => {
    const answer = await api<TokenAnswer>("/user/orgs", { name, siren: randomSiren() }, token);
    expect(answer.status).toBe(201);
    return answer.body.token;
  };

  /** The text of the newest message of the outbox addressed to `email`. */
  const lastMailTo = (email: string): string => {
    const outbox = join(server?.dataDir ?? "", "outbox");
    const files = readdirSync(outbox)
      .filter((file) => file.endsWith(".eml"))
      .sort();
    for (const file of files.reverse()) {
      const mail = parseEml(readFileSync(join(outbox, file), "utf8"));
      if (mail.headers.get("to")?.includes(email)) return mail.text ?? "";
    }
    throw new Error(`no e-mail to ${email} in ${outbox}`);
  };

  beforeAll(async () => {
    await ensureWebBuild();
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
    session = new SessionPages(page, serverUrl());
  });

  afterEach(async () => {
    await context?.close();
  });

  test(
    "register, create an organisation, log out, log in again",
    async () => {
      const email = `marie.${unique().toLowerCase()}@example.fr`;
      await session.register({ name: "Marie Martin", email, password });
      // A new user belongs to no organisation: the organisation screen offers to create one.
      await page.waitForURL((url) => url.pathname === "/user/orgs");
      expect(await session.stored("token")).toMatch(/^rg_/);
      const orgName = `Atelier Martin ${unique()}`;
      await session.createOrganisation({ name: orgName, siren: randomSiren() });
      await page.waitForURL((url) => url.pathname === "/org/dashboard");
      await session.waitForDashboard();
      expect(await session.orgSwitch.textContent()).toContain(orgName);
      await page.screenshot({ path: join(artifactsDir, "flow-dashboard-fr.png") });

      await session.logout();
      expect(await session.stored("token")).toBeNull();
      expect(await session.stored("user")).toBeNull();
      // The old session is gone: the frame is closed again.
      await page.goto(new URL("/org/dashboard", serverUrl()).toString());
      await page.waitForURL((url) => url.pathname === "/");

      await session.login({ email, password });
      await page.waitForURL((url) => url.pathname === "/org/dashboard");
      expect(await session.orgSwitch.textContent()).toContain(orgName);
      // The browser keeps its device token for the account, across logouts (see docs/architecture.md).
      const devices = JSON.parse((await session.stored("devices")) ?? "{}") as Record<string, string>;
      expect(devices[email]).toMatch(/^rg_/);
    },
    browserTimeout,
  );

  test(
    "a bad password shows the server's message and leaves no session",
    async () => {
      const email = `paul.${unique().toLowerCase()}@example.fr`;
      await registerThroughApi(email);
      await session.login({ email, password: "not-the-password-1" });
      await page.getByTestId("login-error").waitFor();
      expect(await session.stored("token")).toBeNull();
    },
    browserTimeout,
  );

  test(
    "a user of two organisations picks one at /user/orgs, and can change from the header",
    async () => {
      const email = `lea.${unique().toLowerCase()}@example.fr`;
      const first = `Garage Moreau ${unique()}`;
      const second = `Hôtel du Parc ${unique()}`;
      let token = await registerThroughApi(email);
      token = await createOrgThroughApi(token, first);
      await createOrgThroughApi(token, second);

      await session.login({ email, password });
      await page.waitForURL((url) => url.pathname === "/user/orgs");
      // The multiple-organisations state: no token yet, a list to choose from.
      expect(await session.stored("token")).toBeNull();
      await session.orgChoice(first).waitFor();
      await session.orgChoice(second).click();
      await page.waitForURL((url) => url.pathname === "/org/dashboard");
      expect(await session.orgSwitch.textContent()).toContain(second);
      const secondToken = await session.stored("token");
      expect(secondToken).toMatch(/^rg_/);

      await session.orgSwitch.click();
      await page.waitForURL((url) => url.pathname === "/user/orgs");
      await session.orgChoice(first).click();
      await page.waitForURL((url) => url.pathname === "/org/dashboard");
      expect(await session.orgSwitch.textContent()).toContain(first);
      expect(await session.stored("token")).not.toBe(secondToken);
    },
    browserTimeout,
  );

  test(
    "renews a forgotten password through the e-mail written to the outbox",
    async () => {
      const email = `jean.${unique().toLowerCase()}@example.fr`;
      await registerThroughApi(email);
      await session.requestPasswordRenewal(email);

      const mail = lastMailTo(email);
      const link = /https?:\/\/\S+\/public\/password\/renew\?token=[\w.~%-]+/.exec(mail)?.[0];
      expect(link, "renewal link in the e-mail").toBeDefined();
      const newPassword = "Nouveau2026motdepasse";
      await session.renewPassword(link ?? "", newPassword);

      await session.login({ email, password });
      await page.getByTestId("login-error").waitFor();
      await session.login({ email, password: newPassword });
      await page.waitForURL((url) => url.pathname === "/user/orgs" || url.pathname === "/org/dashboard");
      expect(await session.stored("token")).toMatch(/^rg_/);

      // The link works once.
      const reuse = await api<{ code: string }>("/password/renew/confirm", {
        token: new URL(link ?? "").searchParams.get("token"),
        password: "Encore2026unautre",
      });
      expect(reuse.status).toBe(422);
      expect(reuse.body.code).toBe("identity.renewTokenInvalid");
    },
    browserTimeout,
  );
});
