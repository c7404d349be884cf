/**
 * The FEC import screen against the real API (issue 23, point 2): a new organisation brings its former
 * software's FEC in — the dry run's plan (the file, its entries, the fiscal years it opens), its warnings
 * in French, then the file imported whole, with links to the entries it wrote.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type FecLineInput, writeFec } from "@registre/core";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer } from "../support/server.ts";
import { FecImportPage } from "./pages/fec-import-page.ts";
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

/** A line of entry `n` of journal `journal` on 5 March 2025. */
const line = (
  journal: "VT" | "BQ",
  n: number,
  account: string,
  debit: number,
  credit: number,
): FecLineInput => ({
  journalCode: journal,
  journalLib: journal === "VT" ? "Ventes" : "Banque",
  ecritureNum: String(n),
  ecritureDate: "2025-03-05",
  compteNum: account,
  compteLib: `Compte ${account}`,
  compAuxNum: "",
  compAuxLib: "",
  pieceRef: `P${n}`,
  pieceDate: "2025-03-05",
  ecritureLib: `Opération ${n}`,
  debit,
  credit,
  ecritureLet: "",
  dateLet: "",
  validDate: "2025-03-31",
  montantDevise: null,
  idevise: "",
});

/** Two entries; the first line's EcritureDate written 2025-03-05 (read, with a warning). */
const fecText = () =>
  writeFec(
    [
      line("VT", 1, "411000", 144_000, 0),
      line("VT", 1, "706000", 0, 120_000),
      line("VT", 1, "445710", 0, 24_000),
      line("BQ", 2, "512000", 144_000, 0),
      line("BQ", 2, "411000", 0, 144_000),
    ],
    "\t",
  ).replace("\t20250305\t411000", "\t2025-03-05\t411000");

describe("FEC import screen (Chromium, FEC import API)", () => {
  let server: { url: string; close(): Promise<void> } | undefined;
  let browser: Browser | undefined;

  const api = async (method: string, path: string, token?: string, body?: unknown) => {
    const headers: Record<string, string> = { "Accept-Language": "fr" };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (typeof body === "string") headers["Content-Type"] = "application/octet-stream";
    else if (body !== undefined) headers["Content-Type"] = "application/json";
    const response = await fetch(new URL(`/api${path}`, server?.url), {
      method,
      headers,
      ...(body !== undefined && { body: typeof body === "string" ? body : JSON.stringify(body) }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answers
    return (await response.json()) as any;
  };

  /** A new owner and organisation (no entry yet): its session as the web app keeps it. */
  const newOrganisation = async (): Promise<{ session: StoredSession; siren: string }> => {
    const user = await api("POST", "/register", undefined, {
      email: `reprise.${unique().toLowerCase()}@example.fr`,
      password: "Registre2026secret",
      name: "Claire Reprise",
    });
    const siren = randomSiren();
    const created = await api("POST", "/user/orgs", user.token, { name: `Reprise ${unique()} SARL`, siren });
    return { session: { token: created.token, user: created.user }, siren };
  };

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
    "checks a FEC in French — its plan, its fiscal years, its warnings — then imports it whole",
    async () => {
      if (!browser || !server) throw new Error("not started");
      const { session, siren } = await newOrganisation();
      const name = `${siren}FEC20251231.txt`;
      const path = join(mkdtempSync(join(tmpdir(), "registre-fec-")), name);
      writeFileSync(path, fecText());
      // What the plan opens, as the API says it: the screen shows these, in French.
      const plan = await api(
        "POST",
        `/accounting/entries/import?name=${name}&dryRun=true`,
        session.token,
        fecText(),
      );
      expect(plan.fiscalYears.length).toBeGreaterThan(0);

      const context = await signedInContext(browser, session, "fr");
      try {
        const page = await context.newPage();
        const screen = new FecImportPage(page, server.url);
        await screen.open();
        expect(await page.getByRole("link", { name: "Import FEC" }).count()).toBeGreaterThan(0);
        await screen.choose(path);
        expect(await page.getByTestId("fec-file-name").textContent()).toBe(name);
        expect(await page.getByTestId("fec-entries").textContent()).toMatch(/^2 \(5\slignes\)$/);
        const french = (day: string) =>
          new Intl.DateTimeFormat("fr-FR", { dateStyle: "long" }).format(new Date(`${day}T12:00:00`));
        expect(await screen.years()).toEqual(
          plan.fiscalYears.map(
            (y: { start: string; end: string }) => `Exercice du ${french(y.start)} au ${french(y.end)}`,
          ),
        );
        const warnings = (await screen.warnings()).map((w) => w.replace(/[\u00a0\u202f]/g, " "));
        expect(warnings).toContain(
          "EcritureDate « 2025-03-05 » est lu comme le 5 mars 2025, mais n’est pas écrit AAAAMMJJ.",
        );
        expect(await page.getByTestId("fec-ready").textContent()).toContain("rien n’est encore enregistré");
        await page.screenshot({ path: join(artifactsDir, "fec-import-fr.png"), fullPage: true });
        await page.setViewportSize({ width: 390, height: 844 });
        await page.screenshot({ path: join(artifactsDir, "fec-import-fr-390.png"), fullPage: true });
        await page.setViewportSize({ width: 1280, height: 800 });

        const done = await screen.confirm();
        expect(done.replace(/[\u00a0\u202f]/g, " ")).toContain(
          "2 écritures importées et validées (5 lignes)",
        );
        expect((await api("GET", "/accounting/entries", session.token)).total).toBe(2);
        await page.screenshot({ path: join(artifactsDir, "fec-import-done-fr.png"), fullPage: true });
        await page.getByTestId("fec-see-entries").click();
        await page.waitForURL(/\/org\/accounting\/entries\?start=2025-03-05&end=2025-03-05$/);
      } finally {
        await context.close();
      }
    },
    browserTimeout,
  );

  test(
    "refuses a FEC with an unreadable amount, saying why in English, and writes nothing",
    async () => {
      if (!browser || !server) throw new Error("not started");
      const { session, siren } = await newOrganisation();
      const name = `${siren}FEC20251231.txt`;
      const path = join(mkdtempSync(join(tmpdir(), "registre-fec-")), name);
      writeFileSync(path, fecText().replace("\t1440,00\t", "\t1440.00\t"));
      const context = await signedInContext(browser, session, "en");
      try {
        const page = await context.newPage();
        const screen = new FecImportPage(page, server.url);
        await screen.open();
        await screen.choose(path);
        expect(await page.getByTestId("fec-refused").textContent()).toBe(
          "The file is refused: 1 error. Nothing was written.",
        );
        expect(
          await page.getByTestId("fec-errors").locator("tbody tr td:last-child").allTextContents(),
        ).toEqual(["Debit “1440.00” is not an amount (comma decimals, never a dot): the line is not read."]);
        expect(await page.getByTestId("fec-confirm").count()).toBe(0);
        expect((await api("GET", "/accounting/entries", session.token)).total).toBe(0);
        await page.screenshot({ path: join(artifactsDir, "fec-import-refused-en.png"), fullPage: true });
        await page.setViewportSize({ width: 390, height: 844 });
        await page.screenshot({ path: join(artifactsDir, "fec-import-refused-en-390.png"), fullPage: true });
      } finally {
        await context.close();
      }
    },
    browserTimeout,
  );

  test(
    "takes over the books of a company closing on 31 August: the file's one year, the empty first year moved after it",
    async () => {
      if (!browser || !server) throw new Error("not started");
      // The organisation, created today, opened this calendar year; the books taken over run from
      // September last year to August this year.
      const year = new Date().getFullYear();
      const { session, siren } = await newOrganisation();
      const at = (month: string, day: string, y = year) => `${y}-${month}-${day}`;
      const entry = (
        journal: "AN" | "VT",
        n: number,
        date: string,
        account: string,
        debit: number,
        credit: number,
      ) => ({
        ...line(journal === "AN" ? "BQ" : journal, n, account, debit, credit),
        journalCode: journal,
        journalLib: journal === "AN" ? "A nouveaux" : "Ventes",
        ecritureDate: date,
        pieceDate: date,
        validDate: date,
      });
      const text = writeFec(
        [
          entry("AN", 1, at("09", "01", year - 1), "512000", 500_000, 0),
          entry("AN", 1, at("09", "01", year - 1), "101000", 0, 500_000),
          ...["10-15", "02-10", "08-31"].flatMap((d, i) => {
            const date = at(d.slice(0, 2), d.slice(3), d.startsWith("10") ? year - 1 : year);
            return [
              entry("VT", i + 2, date, "411000", 120_000, 0),
              entry("VT", i + 2, date, "706000", 0, 100_000),
              entry("VT", i + 2, date, "445710", 0, 20_000),
            ];
          }),
        ],
        "\t",
      );
      const name = `${siren}FEC${year}0831.txt`;
      const path = join(mkdtempSync(join(tmpdir(), "registre-fec-")), name);
      writeFileSync(path, text);
      const long = (day: string) =>
        new Intl.DateTimeFormat("fr-FR", { dateStyle: "long" }).format(new Date(`${day}T12:00:00`));
      const context = await signedInContext(browser, session, "fr");
      try {
        const page = await context.newPage();
        const screen = new FecImportPage(page, server.url);
        await screen.open();
        await screen.choose(path);
        expect(await screen.years()).toEqual([
          `Exercice du ${long(at("09", "01", year - 1))} au ${long(at("08", "31"))}`,
        ]);
        expect((await page.getByTestId("fec-year-moved").textContent())?.replace(/\u00a0/g, " ")).toBe(
          `L’exercice du ${long(at("01", "01"))} au ${long(at("12", "31"))}, où rien n’est encore passé, suivra celui du fichier : du ${long(at("09", "01"))} au ${long(at("08", "31", year + 1))}.`,
        );
        await screen.confirm();
        const years = await api("GET", "/accounting/balance-sheet", session.token);
        expect(years.items.map((y: { start: string; end: string }) => [y.start, y.end])).toEqual([
          [at("09", "01", year - 1), at("08", "31")],
          [at("09", "01"), at("08", "31", year + 1)],
        ]);

        // Its fiscal years: the taken-over one and the current one, nothing made up between; an earlier
        // year is offered for older books, twelve months before the first.
        await page.goto(new URL("/org/accounting/balancesheet", server.url).toString());
        await page.getByTestId("year-row").first().waitFor();
        expect(await page.getByTestId("year-row").count()).toBe(2);
        await page.getByTestId("year-new").click();
        await page.getByTestId("year-new-choice").getByText("Exercice antérieur").click();
        const short = (day: string) => day.split("-").reverse().join("/");
        expect(await page.getByTestId("year-new-text").textContent()).toContain(
          `du ${short(at("09", "01", year - 2))} au ${short(at("08", "31", year - 1))}`,
        );
        await page.screenshot({ path: join(artifactsDir, "takeover-years-fr.png"), fullPage: true });
        await page.getByRole("button", { name: "Annuler" }).click();

        // A trial balance over both years leaves the second's opening out, and says so, in English.
        await page.evaluate(() => localStorage.setItem("locale", "en"));
        const range = `start=${at("09", "01", year - 1)}&end=${at("12", "31")}&mode=period`;
        await page.goto(new URL(`/org/accounting/reports/balance?${range}`, server.url).toString());
        const span = page.getByTestId("balance-span");
        await span.waitFor();
        expect(await span.textContent()).toContain("This range covers 2 fiscal years");
      } finally {
        await context.close();
      }
    },
    browserTimeout,
  );
});
