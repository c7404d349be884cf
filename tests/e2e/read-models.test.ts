import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { appendPoisonedEntry } from "../support/poisoned-entry.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import {
  artifactsDir,
  browserTimeout,
  ensureWebBuild,
  launchBrowser,
  signInDemo,
  storeSession,
} from "./support.ts";

/**
 * The platform's read models, as the demo platform administrator, once the ledger stopped for the
 * demo organisation on an event it cannot apply.
 */
describe("read models stopped for an organisation (Chromium)", () => {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext;
  let page: Page;
  let admin: Awaited<ReturnType<typeof signInDemo>>;
  let demoOrgId: string;
  let position: number;

  beforeAll(async () => {
    mkdirSync(artifactsDir, { recursive: true });
    await ensureWebBuild();
    server = await startTestServer("postgres", { seed: true });
    admin = await signInDemo(server.url);
    const { ctx } = server;
    const org = await ctx.database.db
      .selectFrom("organisations")
      .select("org_id")
      .where("siren", "=", "123456782")
      .executeTakeFirstOrThrow();
    demoOrgId = org.org_id as string;
    // An entry whose amounts an older writer stored as text: the ledger cannot apply it.
    const appended = await appendPoisonedEntry(ctx.store, demoOrgId);
    position = appended.checkpoint?.position ?? 0;
    await ctx.runner.drain();
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  beforeEach(async () => {
    if (!browser || !server) throw new Error("not started");
    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "fr-FR" });
    await storeSession(context, admin);
    page = await context.newPage();
  });

  afterEach(async () => {
    await context?.close();
  });

  const goto = async (path: string) => {
    await page.goto(new URL(path, server?.url).toString());
    await page.getByRole("heading", { level: 1 }).waitFor();
  };

  test(
    "lists the ledger stopped for the demo organisation, and resuming without a fix fails again at the same event",
    async () => {
      await goto("/registre/projections");
      await page.getByTestId("read-models-status").filter({ hasText: "Dégradé" }).waitFor();
      const ledger = page.locator('[data-testid="read-model-row"][data-name="ledger"]');
      await ledger.waitFor();
      expect(await ledger.getAttribute("data-status")).toBe("degraded");
      // The ledger's failure (the time machine's read model stops at the same entry, on its own row).
      const failure = page.locator(
        `[data-testid="read-model-failure"][data-name="ledger"][data-org-id="${demoOrgId}"]`,
      );
      await failure.getByText("Atelier Démo SARL").waitFor();
      await failure.getByText(`Arrêté à l’événement n° ${position}`, { exact: false }).waitFor();
      await failure.getByText("bigint", { exact: false }).waitFor();
      expect(
        await page.locator('[data-testid="read-model-row"][data-status="running"]').count(),
      ).toBeGreaterThan(3);
      await page.screenshot({ path: join(artifactsDir, "read-models-fr.png"), fullPage: true });
      await failure.getByTestId("read-model-resume").click();
      await failure
        .getByTestId("read-model-failed-again")
        .filter({ hasText: String(position) })
        .waitFor();
    },
    browserTimeout,
  );

  test(
    "lists the schedule's jobs: the daily reminders, never run yet, and their next run",
    async () => {
      await goto("/registre/projections");
      const section = page.getByTestId("schedule-section");
      await section.getByRole("heading", { name: "Tâches planifiées" }).waitFor();
      const reminders = section.locator('[data-testid="schedule-job"][data-name="reminders"]');
      await reminders.getByText("Jamais lancée").waitFor();
      // Registered a minute after the server started: its next run is today, in French.
      expect(await reminders.getByTestId("schedule-next-run").textContent()).toMatch(/\d{4} à \d{2}:\d{2}$/);
      await section.screenshot({ path: join(artifactsDir, "schedule-fr.png") });
    },
    browserTimeout,
  );

  test(
    "shows the organisation's read models on its platform screen, the ledger stopped with « Reprendre »",
    async () => {
      await goto(`/registre/orgs/${demoOrgId}`);
      const card = page.getByTestId("org-read-models");
      await card.waitFor();
      const ledger = card.locator('[data-testid="org-read-model"][data-name="ledger"]');
      await ledger.waitFor();
      expect(await ledger.getAttribute("data-status")).toBe("failed");
      await ledger.getByTestId("read-model-resume").waitFor();
      const organisations = card.locator('[data-testid="org-read-model"][data-name="organisations"]');
      expect(await organisations.getAttribute("data-status")).toBe("running");
      await page.screenshot({ path: join(artifactsDir, "org-read-models-fr.png"), fullPage: true });
    },
    browserTimeout,
  );
});
