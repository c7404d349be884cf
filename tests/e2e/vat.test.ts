/**
 * The VAT return screens (issue 22) against the real API, as the demo login: the demo files monthly,
 * this year's months validated (some paid by the bank, February's machine leaving a credit carried into
 * March) and this month's to prepare. The year's periods and their states, a declared month laid out
 * like the form down to a box's lines and the document they come from, its copy sheet, PDF and CSV,
 * a refusal of the API in the reader's words, a supplier's débits option and the periodicity saved; in French,
 * then English, at 1280×800 and on a phone in the dark.
 */
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { VatPages } from "./pages/vat-pages.ts";
import { artifactsDir, browserTimeout, demoSuite } from "./support.ts";

type Period = {
  period: string;
  end: string;
  status: string;
  due: number | null;
  credit: number | null;
  blocking: boolean;
};
type Box = { code: string; source: string; base: number | null; tax: number | null };

const frStates: Record<string, string> = {
  future: "À venir",
  toPrepare: "À préparer",
  validated: "Validée",
  paid: "Payée",
};
const wholeEuros = (n: number, locale: "fr-FR" | "en-GB") =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(n);

describe("VAT return screens (Chromium, VAT API)", () => {
  const { api, openContext, serverUrl } = demoSuite();
  const shot = (vat: VatPages, name: string) => vat.screenshot(join(artifactsDir, `vat-${name}.png`));

  test(
    "shows the year's periods, a declared month down to its lines, its copy sheet and files, and a refusal",
    async () => {
      const overview = await api("GET", "/accounting/vat");
      const periods = overview.periods as Period[];
      // The last month declared, and the month running today (a demo opened in January has none declared).
      const declared = periods.filter((p) => p.status === "validated" || p.status === "paid").at(-1);
      const running = periods.find((p) => p.status === "toPrepare");
      expect(overview.periodicity).toBe("monthly");
      expect(running?.blocking).toBe(false);

      const context = await openContext("fr");
      const page = await context.newPage();
      const vat = new VatPages(page, serverUrl());
      try {
        // The year's twelve months, each with its state; the months declared link to their settlement.
        await vat.open("/org/accounting/vat");
        expect(await vat.heading.textContent()).toBe("Déclaration de TVA");
        expect(await vat.periodStates()).toEqual(periods.map((p) => [p.period, frStates[p.status]]));
        if (running)
          expect(await vat.periodRow(running.period).getByTestId("vat-amount").textContent()).toContain(
            "provisoire",
          );
        const credit = periods.find((p) => (p.credit ?? 0) > 0);
        if (credit)
          expect(await vat.periodRow(credit.period).getByTestId("vat-amount").getAttribute("data-kind")).toBe(
            "credit",
          );
        await shot(vat, "periods-fr");

        if (declared) {
          // A declared month, laid out like the form: its sections and boxes in order, as declared.
          const full = await api("GET", `/accounting/vat/${declared.period}`);
          const boxes = full.boxes as Box[];
          await vat.periodRow(declared.period).getByRole("link").first().click();
          await vat.boxRows.first().waitFor();
          expect(vat.pathname()).toBe(`/org/accounting/vat/${declared.period}`);
          expect(await vat.status.textContent()).toBe(frStates[declared.status]);
          expect(
            await vat.boxRows.evaluateAll((rows) => rows.map((r) => r.getAttribute("data-code"))),
          ).toEqual(boxes.map((b) => b.code));
          expect(await page.getByTestId("vat-section").count()).toBe(5);

          // The copy sheet: the boxes with an amount, in the form's order, in whole euros.
          const typed = boxes.filter((b) => (b.base ?? 0) !== 0 || (b.tax ?? 0) !== 0);
          expect(await vat.sheet()).toEqual(
            typed.map((b) => ({
              code: b.code,
              base: b.base === null ? "" : wholeEuros(b.base, "fr-FR"),
              tax: b.tax === null ? "" : wholeEuros(b.tax, "fr-FR"),
            })),
          );
          // The settlement entry, as posted, links to its entry.
          expect(await page.getByTestId("vat-settlement-entry").getAttribute("href")).toBe(
            `/org/accounting/entries/${full.settlementMvt}`,
          );
          await shot(vat, "return-fr");

          // The PDF laid out like the form, and the copy sheet as CSV.
          const pdf = await vat.download("pdf");
          expect([pdf.status(), pdf.headers()["content-type"]]).toEqual([200, "application/pdf"]);
          const csv = await vat.download("csv");
          expect(csv.status()).toBe(200);
          expect(csv.headers()["content-type"]).toContain("text/csv");

          // A box down to its lines: each with its entry, where it comes from and why; one followed to its invoice.
          const box =
            boxes.find((b) => b.code === "08" && (b.tax ?? 0) !== 0) ?? boxes.find((b) => b.code === "A1");
          if (!box) throw new Error("no box 08 nor A1");
          const { items } = await api("GET", `/accounting/vat/${declared.period}/boxes/${box.code}`);
          const lines = await vat.openBox(box.code);
          expect(await lines.getByTestId("vat-line").count()).toBe(items.length);
          expect(await lines.getByTestId("vat-line-reason").first().textContent()).toMatch(
            /^TVA collectée · /,
          );
          await shot(vat, "box-lines-fr");
          const fromInvoice = items.findIndex(
            (l: { origin: { kind: string } }) => l.origin.kind === "document",
          );
          expect(fromInvoice).toBeGreaterThanOrEqual(0);
          await lines.getByTestId("vat-line").nth(fromInvoice).getByTestId("vat-line-origin").click();
          await page.waitForURL((url) => url.pathname === `/org/docs/${items[fromInvoice].origin.id}`);
          await page.goBack();
          await vat.boxRows.first().waitFor();
        }

        // The month running: computed live; validating it is refused by the API, in French, its day readable.
        if (running) {
          await vat.open(`/org/accounting/vat/${running.period}`);
          expect(await vat.status.textContent()).toBe("À préparer");
          await page.getByTestId("vat-validate-running").waitFor();
          const dialog = await vat.validate();
          const refusal = dialog.getByTestId("vat-validate-dialog-error");
          await refusal.waitFor();
          expect(await refusal.textContent()).toContain(
            // The server words the day in the reader's language (« 30 novembre 2026 »).
            `n’est pas terminée (jusqu’au ${new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${running.end}T00:00:00Z`))})`,
          );
          await shot(vat, "refused-fr");
          // A correction of an earlier validated return, typed in the dialog: its box as entered.
          if (declared) {
            await dialog.getByTestId("vat-correction-add").click();
            const month = new Intl.DateTimeFormat("fr-FR", { month: "long", timeZone: "UTC" }).format(
              new Date(`${declared.period}-01T00:00:00Z`),
            );
            const name = `${month[0]?.toUpperCase()}${month.slice(1)} ${declared.period.slice(0, 4)}`;
            await vat.pick(dialog.getByTestId("vat-correction-period"), name);
            await dialog.getByTestId("vat-correction-amount").fill("120,40");
            await dialog
              .getByTestId("vat-correction-reason")
              .fill("Avoir fournisseur reçu après la déclaration");
            expect(await dialog.getByTestId("vat-corrections-boxes").textContent()).toMatch(
              /^Case 15\u00a0: 120\s€/,
            );
            await shot(vat, "corrections-fr");
          }
          await page.keyboard.press("Escape");
        }

        // A supplier's option for the débits, on its legal identity (its services' VAT deductible at invoicing).
        const supplier = (await api("GET", "/contacts?type=supplier&limit=1")).items[0];
        await vat.open(`/org/contacts/${supplier.id}/legal/edit`);
        await page.getByTestId("record-vatOnDebits").check();
        await page.getByTestId("record-submit").click();
        await page.waitForURL((url) => url.pathname === `/org/contacts/${supplier.id}/legal`);
        expect((await api("GET", `/contacts/${supplier.id}`)).legal.vatOnDebits).toBe(true);

        // The periodicity is part of the tax identity: changed to quarterly, the year shows its quarters.
        await vat.open("/org/settings");
        expect(await page.getByTestId("tax-identity-vatPeriodicity").textContent()).toBe("Mensuelle (CA3)");
        await page.getByTestId("tax-identity-edit").click();
        await page.getByTestId("org-vat-periodicity-input").click();
        await page.getByRole("option", { name: "Trimestrielle (CA3)" }).click();
        await page.getByTestId("tax-identity-submit").click();
        await page.getByTestId("settings-saved").waitFor();
        expect((await api("GET", "/org")).vatPeriodicity).toBe("quarterly");
        await vat.open("/org/accounting/vat");
        expect((await vat.periodStates()).map(([period]) => period)).toEqual(
          [1, 2, 3, 4].map((q) => `${overview.year}-Q${q}`),
        );
        await api("PUT", "/org", { vatPeriodicity: "monthly" });
      } finally {
        await context.close();
      }
    },
    browserTimeout * 3,
  );

  test(
    "shows a yearly organisation's instalments and CA12, an instalment's base asked when last year's CA12 is not here",
    async () => {
      await api("PUT", "/org", { vatRegime: "reel_simplifie" });
      const context = await openContext("fr");
      const page = await context.newPage();
      const vat = new VatPages(page, serverUrl());
      try {
        const overview = await api("GET", "/accounting/vat");
        const periods = overview.periods as (Period & { kind: string })[];
        const year = overview.year as number;
        expect(periods.map((p) => [p.period, p.kind])).toEqual([
          [`${year}-AC1`, "instalment"],
          [`${year}-AC2`, "instalment"],
          [String(year), "return"],
        ]);
        await vat.open("/org/accounting/vat");
        expect((await vat.periodStates()).map(([period]) => period)).toEqual(periods.map((p) => p.period));
        expect(await vat.periodRow(`${year}-AC1`).textContent()).toContain(`Acompte de juillet ${year}`);
        expect(await vat.periodRow(String(year)).textContent()).toContain("CA12 (3517-S-SD)");
        await shot(vat, "periods-yearly-fr");

        // The CA12 laid out from the API's boxes, in the form's order.
        const ca12 = await api("GET", `/accounting/vat/${year}`);
        await vat.open(`/org/accounting/vat/${year}`);
        await vat.boxRows.first().waitFor();
        expect(await vat.boxRows.evaluateAll((rows) => rows.map((r) => r.getAttribute("data-code")))).toEqual(
          (ca12.boxes as Box[]).map((b) => b.code),
        );
        await shot(vat, "ca12-fr");

        // The July instalment: the demo files monthly, so last year's CA12 is not in Registre — its base is asked.
        const july = periods[0];
        if (july?.status === "toPrepare") {
          await vat.open(`/org/accounting/vat/${july.period}`);
          await page.getByTestId("vat-reference").fill("20000");
          expect(await page.getByTestId("vat-reference-preview").textContent()).toMatch(
            /^Acompte\u00a0: 11\s000\s€/,
          );
          await shot(vat, "instalment-fr");
        }

        // On a phone, in the dark: the CA12 fits the screen.
        await page.emulateMedia({ colorScheme: "dark" });
        await page.setViewportSize({ width: 390, height: 844 });
        await vat.open(`/org/accounting/vat/${year}`);
        await vat.boxRows.first().waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await shot(vat, "ca12-fr-390-dark");
      } finally {
        await context.close();
        await api("PUT", "/org", { vatRegime: "reel_normal", vatPeriodicity: "monthly" });
      }
    },
    browserTimeout * 2,
  );

  test(
    "reads a declared month in English, and on a phone in the dark",
    async () => {
      const periods = (await api("GET", "/accounting/vat")).periods as Period[];
      const declared = periods.filter((p) => p.status === "validated" || p.status === "paid").at(-1);
      const context = await openContext("en");
      const page = await context.newPage();
      const vat = new VatPages(page, serverUrl());
      try {
        await vat.open("/org/accounting/vat");
        expect(await vat.heading.textContent()).toBe("VAT return");
        expect((await vat.periodStates()).map(([, state]) => state)).toEqual(
          periods.map(
            (p) =>
              ({ future: "Future", toPrepare: "To prepare", validated: "Validated", paid: "Paid" })[p.status],
          ),
        );
        await shot(vat, "periods-en");
        if (!declared) return;
        await vat.open(`/org/accounting/vat/${declared.period}`);
        await vat.boxRows.first().waitFor();
        const month = new Intl.DateTimeFormat("en-GB", { month: "long", timeZone: "UTC" }).format(
          new Date(`${declared.period}-01T00:00:00Z`),
        );
        expect(await vat.heading.textContent()).toBe(`VAT · ${month} ${declared.period.slice(0, 4)}`);
        expect(await page.getByTestId("vat-section").first().textContent()).toBe(
          "A. Taxed operations (excl. VAT)",
        );
        const due = await api("GET", `/accounting/vat/${declared.period}`);
        const box32 = (due.boxes as Box[]).find((b) => b.code === "32")?.tax ?? 0;
        if (box32 > 0)
          expect((await vat.sheet()).find((r) => r.code === "32")?.tax).toBe(wholeEuros(box32, "en-GB"));
        await shot(vat, "return-en");

        // On a phone, in the dark: the form fits the screen, a box's lines stack.
        await page.emulateMedia({ colorScheme: "dark" });
        await page.setViewportSize({ width: 390, height: 844 });
        await vat.open(`/org/accounting/vat/${declared.period}`);
        await vat.boxRows.first().waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await shot(vat, "return-en-390-dark");
        await vat.openBox("20");
        await page.screenshot({ path: join(artifactsDir, "vat-box-lines-en-390-dark.png") });
      } finally {
        await context.close();
      }
    },
    browserTimeout * 2,
  );
});
