/**
 * Declaring from the VAT screens (issue 22) against the real API, on organisations of their own: a yearly
 * one (réel simplifié, CA12) declares its July instalment on the base it types, last year's CA12 not being
 * in Registre; a monthly one validates a month with a correction of the month before, typed in the
 * validation dialog — the amount previewed with it by the API before anything is written, then the return
 * as declared, box 15 and the reason kept. In French, at 1280×800.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer } from "../support/server.ts";
import { VatPages } from "./pages/vat-pages.ts";
import { randomSiren } from "./siren.ts";
import {
  artifactsDir,
  browserTimeout,
  ensureWebBuild,
  launchBrowser,
  type StoredSession,
  signedInContext,
  unique,
} from "./support.ts";

type Box = { code: string; base: number | null; tax: number | null };

describe("declaring a VAT return from its screen (Chromium, VAT API)", () => {
  let server: { url: string; close(): Promise<void> } | undefined;
  let browser: Browser | undefined;

  const api = async (method: string, path: string, token: string, body?: unknown) => {
    const response = await fetch(new URL(`/api${path}`, server?.url), {
      method,
      headers: {
        "Accept-Language": "fr",
        "Content-Type": "application/json",
        Authorization: `Bearer ${token}`,
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (response.status >= 300) throw new Error(`${method} ${path} -> ${response.status} ${text}`);
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answers
    return (text ? JSON.parse(text) : undefined) as any;
  };

  /** A new owner and her organisation, filing as `fields` say: its session as the web app keeps it. */
  const newOrganisation = async (fields: Record<string, unknown>): Promise<StoredSession> => {
    const anonymous = await fetch(new URL("/api/register", server?.url), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        email: `tva.${unique().toLowerCase()}@example.fr`,
        password: "Registre2026secret",
        name: "Claire Déclare",
      }),
    });
    const user = (await anonymous.json()) as { token: string };
    const siren = randomSiren();
    const created = await api("POST", "/user/orgs", user.token, {
      name: `Déclare ${unique()} SARL`,
      siren,
      // A French VAT number of the SIREN: its key is (12 + 3 × (SIREN mod 97)) mod 97.
      vatNumber: `FR${String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, "0")}${siren}`,
      address: { line1: "5 rue des Artisans", postalCode: "69001", city: "Lyon", country: "FR" },
      fiscalYearStartMonth: 1,
      ...fields,
    });
    return { token: created.token, user: created.user };
  };

  /** Spaces as typed: the screens' no-break spaces (thousands, before €) read as plain ones. */
  const space = (text: string | null) => (text ?? "").replace(/[\u202f\u00a0]/g, " ");
  const euros = (n: number) => `${space(new Intl.NumberFormat("fr-FR").format(n))} €`;

  beforeAll(async () => {
    mkdirSync(artifactsDir, { recursive: true });
    await ensureWebBuild();
    server = await startTestServer("postgres");
    browser = await launchBrowser();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  test(
    "a yearly organisation declares its July instalment on the base it types",
    async () => {
      if (!browser || !server) throw new Error("not started");
      const session = await newOrganisation({ vatRegime: "reel_simplifie", vatPeriodicity: "yearly" });
      const year = Number(new Date().toISOString().slice(0, 4));
      const july = `${year}-AC1`;
      const overview = await api("GET", `/accounting/vat?year=${year}`, session.token);
      // The instalment is declared from its month on.
      if (overview.periods[0].status !== "toPrepare") return;
      const context = await signedInContext(browser, session, "fr");
      const page = await context.newPage();
      const vat = new VatPages(page, server.url);
      try {
        await vat.open(`/org/accounting/vat/${july}`);
        expect(await vat.status.textContent()).toBe("À préparer");
        // Last year's CA12 is not in Registre: its line 57 is asked, the instalment previewed on it.
        expect(await page.getByTestId("vat-validate").isDisabled()).toBe(true);
        await page.getByTestId("vat-reference").fill("20000");
        const preview = page.getByTestId("vat-reference-preview");
        await preview.waitFor();
        expect(space(await preview.textContent())).toMatch(/^Acompte : 11 000 €/);
        const dialog = await vat.openValidation();
        expect(space(await dialog.getByTestId("vat-validate-amount").textContent())).toBe("11 000 €");
        await vat.screenshot(join(artifactsDir, "vat-instalment-dialog-fr.png"));
        await vat.confirmValidation();
        await page.getByTestId("vat-validated").waitFor();
        expect(space(await page.getByTestId("vat-validated").textContent())).toBe(
          `Acompte de juillet ${year} déclaré : son écriture est passée.`,
        );
        expect(await vat.status.textContent()).toBe("Validée");
        expect(space(await page.getByTestId("vat-summary-amount").textContent())).toContain(euros(11_000));
        await vat.screenshot(join(artifactsDir, "vat-instalment-declared-fr.png"));

        // As the API keeps it: the slip's one box, posted 445810 / 445510.
        const declared = await api("GET", `/accounting/vat/${july}`, session.token);
        expect([declared.status, declared.boxes.find((b: Box) => b.code === "01")]).toMatchObject([
          "validated",
          { base: 20_000, tax: 11_000 },
        ]);
        const entry = await api("GET", `/accounting/entries/mvt/${declared.settlementMvt}`, session.token);
        expect(
          entry.lines.map((l: { account: string; debit: number; credit: number }) => [
            l.account,
            l.debit,
            l.credit,
          ]),
        ).toEqual([
          ["445810", 1_100_000, 0],
          ["445510", 0, 1_100_000],
        ]);
        // The year's periods: July's declared, December's and the CA12 still to come or to prepare.
        await vat.open("/org/accounting/vat");
        expect((await vat.periodStates()).find(([period]) => period === july)?.[1]).toBe("Validée");
      } finally {
        await context.close();
      }
    },
    browserTimeout * 2,
  );

  test(
    "a monthly organisation validates a month with a correction of the month before, previewed in the dialog",
    async () => {
      if (!browser || !server) throw new Error("not started");
      const session = await newOrganisation({ vatRegime: "reel_normal", vatPeriodicity: "monthly" });
      const today = new Date().toISOString().slice(0, 10);
      // The two months before this one: the first validated by the API, the second from the screen.
      const monthBefore = (back: number) => {
        const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
        d.setUTCMonth(d.getUTCMonth() - back);
        return d.toISOString().slice(0, 7);
      };
      const [earlier, month] = [monthBefore(2), monthBefore(1)];
      if (earlier.slice(0, 4) !== today.slice(0, 4)) return;
      const customer = await api("POST", "/contacts", session.token, {
        kind: "company",
        name: "Alpha SARL",
        types: ["customer"],
        addresses: [{ kind: "billing", line1: "3 place Bellecour", postalCode: "69002", city: "Lyon" }],
        legal: { siren: "732829320" },
      });
      // 1 000 € of goods each month: 200 € of VAT due.
      for (const period of [earlier, month]) {
        const draft = await api("POST", "/docs", session.token, {
          kind: "invoice",
          direction: "sales",
          issueDate: `${period}-10`,
          contactId: customer.id,
          lines: [
            {
              kind: "free",
              label: "Marchandises",
              quantity: "1",
              unitPrice: "1000",
              vatRate: "20",
              account: "707000",
              nature: "goods",
            },
          ],
        });
        await api("PUT", `/docs/${draft.id}/status/validated`, session.token);
      }
      await api("POST", "/accounting/entries/vat", session.token, { period: earlier });

      const context = await signedInContext(browser, session, "fr");
      const page = await context.newPage();
      const vat = new VatPages(page, server.url);
      try {
        await vat.open(`/org/accounting/vat/${month}`);
        expect(await vat.status.textContent()).toBe("À préparer");
        const dialog = await vat.openValidation();
        // Its title names the month in French, « de » elided before a vowel (« d’octobre 2026 »).
        const named = new Intl.DateTimeFormat("fr-FR", { month: "long", timeZone: "UTC" }).format(
          new Date(`${month}-01T00:00:00Z`),
        );
        const of = /^[aeiouyàâéèêëîïôùû]/.test(named) ? `d’${named}` : `de ${named}`;
        expect(space(await page.getByRole("dialog").textContent())).toContain(
          `Valider la déclaration ${of} ${month.slice(0, 4)} ?`,
        );
        const amount = dialog.getByTestId("vat-validate-amount");
        expect(space(await amount.textContent())).toBe(euros(200));

        // VAT deducted in the month before, to pay back: 120,40 € in box 15, its reason given.
        await dialog.getByTestId("vat-correction-add").click();
        const monthName = new Intl.DateTimeFormat("fr-FR", { month: "long", timeZone: "UTC" }).format(
          new Date(`${earlier}-01T00:00:00Z`),
        );
        await vat.pick(
          dialog.getByTestId("vat-correction-period"),
          `${monthName[0]?.toUpperCase()}${monthName.slice(1)} ${earlier.slice(0, 4)}`,
        );
        expect(await dialog.getByTestId("vat-corrections-preview").textContent()).toBe(
          "Complétez chaque régularisation pour que le montant ci-dessus la prenne en compte.",
        );
        await dialog.getByTestId("vat-correction-amount").fill("120,40");
        const reason = "Avoir fournisseur reçu après la déclaration";
        await dialog.getByTestId("vat-correction-reason").fill(reason);
        expect(space(await dialog.getByTestId("vat-corrections-boxes").textContent())).toMatch(
          /^Case 15 : 120 €/,
        );
        // The API's preview with the correction: 200 + 120 = 320 € to pay, before anything is written.
        await expect
          .poll(async () => space(await amount.textContent()), { timeout: 10_000 })
          .toBe(euros(320));
        expect(space(await dialog.getByTestId("vat-corrections-preview").textContent())).toBe(
          "Le montant ci-dessus les inclut : c’est la déclaration telle qu’elle sera validée.",
        );
        expect((await api("GET", `/accounting/vat/${month}`, session.token)).status).toBe("toPrepare");
        await vat.screenshot(join(artifactsDir, "vat-correction-dialog-fr.png"));

        await vat.confirmValidation();
        await page.getByTestId("vat-validated").waitFor();
        expect(await vat.status.textContent()).toBe("Validée");
        const tax = async (code: string) => space(await vat.boxRow(code).locator("td").nth(3).textContent());
        expect([await tax("15"), await tax("16"), await tax("32")]).toEqual(["120", "320", "320"]);
        const item = page.getByTestId("vat-correction-item");
        expect(await item.count()).toBe(1);
        expect(await item.textContent()).toContain(reason);
        await vat.screenshot(join(artifactsDir, "vat-correction-declared-fr.png"));
        const declared = await api("GET", `/accounting/vat/${month}`, session.token);
        expect(declared.corrections).toEqual([
          { period: earlier, kind: "payBack", amount: 12_040, reason, account: "445660" },
        ]);
      } finally {
        await context.close();
      }
    },
    browserTimeout * 2,
  );
});
