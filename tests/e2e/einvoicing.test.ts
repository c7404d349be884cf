/**
 * The e-invoicing screens (issue 25, point 6) in French and in English at 1280×800, against the real
 * API and the local approved platform (`local-platform/`): the demo organisation Atelier Démo and its
 * partner Menuiserie Perrin et Fils connected to it as `registre serve` does (`demo/einvoicing.ts`), then
 * for each language two invoices of Perrin's received by Atelier Démo and two of Atelier Démo's to
 * Perrin — one approved, one refused (210) by Perrin over the API. In the browser, as Atelier Démo: the
 * connection tested (failing while the platform is down, in the reader's words; then its directory
 * line), the inbox (one received invoice approved, the other refused with its reason, required), an
 * empty filter, a sales invoice's statuses, the refused one cancelled by its internal credit note
 * (confirmed, followed), and the e-reporting calendar.
 */
import { join } from "node:path";
import { parisDate } from "@registre/core";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PERRIN_LOGIN, seedDemoEInvoicing } from "../../api/src/demo/einvoicing.ts";
import { syncOrganisation } from "../../api/src/einvoicing/sync.ts";
import { type LocalPlatform, startLocalPlatform } from "../../local-platform/src/index.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import {
  apiClient,
  artifactsDir,
  browserTimeout,
  ensureWebBuild,
  launchBrowser,
  openPath,
  type StoredSession,
  signedInContext,
  signInDemo,
} from "./support.ts";

type Received = { id: string; docId: string | null; invoiceNumber: string | null };
type Status = { code: number };

const words = {
  fr: {
    down: "La plateforme ne répond pas",
    approved: "Approuvée",
    refused: "Refusée",
    empty: "Aucune facture refusée à l’import.",
    // « 1 234,56 € » with the narrow no-break spaces Intl puts in French.
    total: /^1\u202f234,56\u00a0€$/,
    day: /^\d{2}\/\d{2}\/\d{4}$/,
  },
  en: {
    down: "The platform does not answer",
    approved: "Approved",
    refused: "Refused",
    empty: "No invoice refused at import.",
    total: /^€1,234\.56$/,
    day: /^\d{2}\/\d{2}\/\d{4}$/,
  },
} as const;

describe("e-invoicing screens (Chromium, local platform)", () => {
  let platform: LocalPlatform;
  let server: TestServer;
  let browser: Browser;
  let atelier: StoredSession;
  let perrin: StoredSession;
  let perrinOrg: string;
  const atelierApi = apiClient(
    () => server.url,
    () => atelier,
  );
  const perrinApi = apiClient(
    () => server.url,
    () => perrin,
  );
  const orgOf = (s: StoredSession) => (s.user as { org: { id: string } }).org.id;

  beforeAll(async () => {
    await ensureWebBuild();
    platform = await startLocalPlatform({ ackDelayMs: 20, log: () => {} });
    server = await startTestServer("postgres", { seed: true });
    const made = await seedDemoEInvoicing(server.ctx, platform, { syncTimeoutMs: 30_000 });
    if (!made) throw new Error("the demo's e-invoicing was not seeded");
    perrinOrg = made;
    atelier = await signInDemo(server.url);
    const login = await fetch(new URL("/api/login", server.url), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: PERRIN_LOGIN.email, password: PERRIN_LOGIN.password }),
    });
    perrin = (await login.json()) as StoredSession;
    browser = await launchBrowser();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await platform?.close();
  });

  /** The scheduled sync of an organisation until `done` holds (the platform works in the background). */
  const syncUntil = async (orgId: string, done: () => Promise<boolean>) => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      await platform.admin.idle();
      await syncOrganisation(server.ctx, orgId);
      await server.ctx.runner.drain();
      if (await done()) return;
      if (Date.now() > deadline) throw new Error("the platform's flows did not arrive in time");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  /** A validated invoice of 1 028,80 € excl. VAT at 20 % (1 234,56 € incl. VAT), sent by the reactor. */
  const invoice = async (api: typeof atelierApi, contactName: string, label: string) => {
    const contacts = (await api("GET", "/contacts?type=customer&limit=100")).items as {
      id: string;
      name: string;
    }[];
    const contact = contacts.find((c) => c.name === contactName);
    if (!contact) throw new Error(`no customer ${contactName}`);
    const created = await api("POST", "/docs", {
      kind: "invoice",
      direction: "sales",
      issueDate: parisDate(new Date()),
      contactId: contact.id,
      label,
      lines: [
        {
          kind: "free",
          label,
          quantity: "1",
          unitPrice: "1028.80",
          vatRate: "20",
          account: "706000",
          nature: "services",
        },
      ],
    });
    await api("PUT", `/docs/${created.id}/status/validated`);
    return (await api("GET", `/docs/${created.id}`)) as { id: string; number: string };
  };

  const inboxOf = async (api: typeof atelierApi, number: string) =>
    ((await api("GET", "/einvoicing/received")).items as Received[]).find((i) => i.invoiceNumber === number);

  const codesOf = async (id: string) =>
    ((await atelierApi("GET", `/docs/${id}/transmission`)).statuses as Status[]).map((s) => s.code);

  /**
   * Two of Perrin's invoices in Atelier Démo's inbox; two of Atelier Démo's in Perrin's, the first
   * approved (205) and the second refused (210, its reason) by Perrin, both seen by Atelier Démo.
   */
  const prepare = async (tag: string) => {
    const bought = [
      await invoice(perrinApi, "Atelier Démo SARL", `Plateaux ${tag} A`),
      await invoice(perrinApi, "Atelier Démo SARL", `Plateaux ${tag} B`),
    ];
    const sold = [
      await invoice(atelierApi, "Menuiserie Perrin et Fils", `Restauration ${tag} A`),
      await invoice(atelierApi, "Menuiserie Perrin et Fils", `Restauration ${tag} B`),
    ];
    const found = new Map<string, Received>();
    const arrived = (api: typeof atelierApi, docs: { number: string }[]) => async () => {
      for (const d of docs) {
        const r = await inboxOf(api, d.number);
        if (r) found.set(d.number, r);
      }
      return docs.every((d) => found.has(d.number));
    };
    await syncUntil(perrinOrg, async () => true);
    await syncUntil(orgOf(atelier), arrived(atelierApi, bought));
    await syncUntil(perrinOrg, arrived(perrinApi, sold));
    const [approved, refused] = sold.map((d) => found.get(d.number) as Received);
    await perrinApi("POST", `/einvoicing/received/${approved?.id}/status`, { code: 205 });
    await perrinApi("POST", `/einvoicing/received/${refused?.id}/status`, {
      code: 210,
      reasonCode: "TX_TVA_ERR",
      reason: "Taux de TVA erroné",
    });
    await syncUntil(
      orgOf(atelier),
      async () =>
        (await codesOf(sold[0]?.id ?? "")).includes(205) && (await codesOf(sold[1]?.id ?? "")).includes(210),
    );
    return { bought: bought.map((d) => found.get(d.number) as Received), sold };
  };

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: join(artifactsDir, `einvoicing-${name}.png`), fullPage: true });

  /** No text wider than its box, no page wider than the window. */
  const fits = async (page: Page) => {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  };

  for (const lang of ["fr", "en"] as const) {
    test(
      `the connection, the inbox, a sales invoice's statuses and the e-reporting calendar (${lang})`,
      async () => {
        const w = words[lang];
        const { bought, sold } = await prepare(lang.toUpperCase());
        const context = await signedInContext(browser, atelier, lang);
        const page = await context.newPage();
        const open = (path: string) => openPath(page, server.url, path);
        try {
          // The connection with the platform down: the test fails, saying why in the reader's words.
          await open("/org/settings/einvoicing");
          platform.admin.setFaults({ down: true });
          try {
            await page.getByTestId("connection-test-run").click();
            await page.locator('[data-testid="connection-test"][data-ok="false"]').waitFor();
          } finally {
            platform.admin.setFaults({ down: false });
          }
          const step = page.getByTestId("connection-step-healthcheck");
          expect(await step.getAttribute("data-outcome")).toBe("failed");
          expect(await step.textContent()).toContain(w.down);
          await shot(page, `connection-down-${lang}`);

          // Up again: each step ok, the organisation's line in the platform's directory.
          await page.getByTestId("connection-test-run").click();
          await page.locator('[data-testid="connection-test"][data-ok="true"]').waitFor();
          expect(await page.getByTestId("directory-line").count()).toBeGreaterThan(0);
          expect(await page.getByTestId("directory-lines").textContent()).toMatch(/SIREN 123\s456\s782/);
          await fits(page);
          await shot(page, `connection-${lang}`);

          // The inbox: Perrin's invoices, their total and day in the reader's format.
          await open("/org/einvoicing/inbox");
          const row = (r: Received | undefined) =>
            page.locator(`[data-testid="received-row"][data-id="${r?.id}"]`);
          await row(bought[0]).waitFor();
          const cells = await row(bought[0]).locator("td").allTextContents();
          expect(cells.at(-1)?.trim()).toMatch(w.total);
          expect(cells.at(-2)?.trim()).toMatch(w.day);
          await fits(page);
          await shot(page, `inbox-${lang}`);

          // The first approved: its draft's buyer status panel, confirmed in the dialog.
          await row(bought[0]).getByTestId("received-draft").click();
          await page.getByTestId("buyer-status-menu").click();
          await page.getByTestId("buyer-status-205").click();
          await page.getByTestId("buyer-status-dialog-confirm").click();
          await page.getByTestId("buyer-status-list").getByText(w.approved).waitFor();
          await shot(page, `approved-${lang}`);

          // The second refused: no refusal without its reason.
          await open(`/org/docs/${bought[1]?.docId}`);
          await page.getByTestId("buyer-status-menu").click();
          await page.getByTestId("buyer-status-210").click();
          const confirm = page.getByTestId("buyer-status-dialog-confirm");
          expect(await confirm.isDisabled()).toBe(true);
          await page.getByTestId("buyer-status-reason-code").click();
          await page.getByRole("option").nth(1).click();
          await page
            .getByTestId("buyer-status-reason")
            .fill(lang === "fr" ? "Quantité erronée" : "Wrong quantity");
          await shot(page, `refusing-${lang}`);
          expect(await confirm.isDisabled()).toBe(false);
          await confirm.click();
          await page.getByTestId("buyer-status-list").getByText(w.refused).waitFor();
          await page.getByTestId("buyer-status-dialog").waitFor({ state: "hidden" });
          await shot(page, `refused-${lang}`);

          // Back in the inbox: each state; the filter of invoices refused at import, empty.
          await open("/org/einvoicing/inbox");
          expect(await row(bought[0]).getByTestId("received-state").getAttribute("data-state")).toBe("205");
          expect(await row(bought[1]).getByTestId("received-state").getAttribute("data-state")).toBe("210");
          await open("/org/einvoicing/inbox?state=refused");
          await page.getByText(w.empty).waitFor();
          await shot(page, `inbox-empty-${lang}`);

          // A sales invoice approved by Perrin: its transmission, acknowledged, with its statuses.
          await open(`/org/docs/${sold[0]?.id}`);
          const panel = page.getByTestId("doc-transmission");
          await panel.getByTestId("transmission-ack").waitFor();
          expect(
            await panel
              .getByTestId("transmission-status")
              .evaluateAll((l) => l.map((e) => e.getAttribute("data-code"))),
          ).toEqual(expect.arrayContaining(["205"]));
          await fits(page);
          await shot(page, `transmission-${lang}`);

          // The one Perrin refused: its reason; its internal credit note made here, confirmed, followed.
          await open(`/org/docs/${sold[1]?.id}`);
          await panel.locator('[data-testid="transmission-status"][data-code="210"]').waitFor();
          expect(await panel.textContent()).toContain("Taux de TVA erroné");
          await page.getByTestId("internal-credit-note-offer").waitFor();
          await shot(page, `refused-sale-${lang}`);
          await page.getByTestId("internal-credit-note-create").click();
          await page.getByTestId("internal-credit-note-dialog-confirm").click();
          const link = page.getByTestId("internal-credit-note-link");
          await link.waitFor();
          await shot(page, `credit-note-made-${lang}`);
          await link.click();
          await page.waitForURL((url) => url.pathname !== `/org/docs/${sold[1]?.id}`);
          await page.locator('[data-testid="transmission-state"][data-state="internal"]').waitFor();
          expect(await page.getByTestId("transmission-state").textContent()).toBeTruthy();
          // Imputed on the invoice when made: nothing left to impute; never sent, nothing to refund.
          await page.locator('[data-testid="doc-status"][data-standing="paid"]').first().waitFor();
          const actions = page.getByTestId("doc-actions");
          await actions.getByTestId("doc-pdf").waitFor();
          for (const id of ["doc-status-sent", "doc-mail", "doc-refund"])
            expect(await actions.getByTestId(id).count()).toBe(0);
          await shot(page, `credit-note-${lang}`);
          // And the invoice it cancels reads settled.
          await open(`/org/docs/${sold[1]?.id}`);
          await page.locator('[data-testid="doc-status"][data-standing="paid"]').first().waitFor();

          // The e-reporting calendar: this month's periods and the last ones, each with its days.
          await open("/org/einvoicing/ereporting");
          await page.getByTestId("ereporting-row").first().waitFor();
          expect(await page.getByTestId("ereporting-row").count()).toBeGreaterThan(3);
          expect(
            (await page.getByTestId("ereporting-period-dates").first().textContent())?.split(" – ")[0],
          ).toMatch(w.day);
          await fits(page);
          await shot(page, `ereporting-${lang}`);
        } finally {
          await context.close();
        }
      },
      browserTimeout * 3,
    );
  }
});
