/**
 * The accounting screens (issue 4) against the real API, as the demo login: the chart of accounts,
 * an entry typed through the form then validated, the API's refusal to delete a used account, and
 * the main accounting screens in French and English at 1280×800.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { AccountingPages } from "./pages/accounting-pages.ts";
import { artifactsDir, browserTimeout, demoSuite, visit } from "./support.ts";

describe("accounting screens (Chromium, accounting API)", () => {
  let yearId = "";
  let year = "";
  const mvts: string[] = [];

  const { api, openContext, serverUrl } = demoSuite(async ({ api }) => {
    // The demo organisation keeps the worked example's January 2025, validated and lettered, in its
    // first fiscal year; two drafts are added there for the validation screen, one unbalanced.
    const years = await api("GET", "/accounting/balance-sheet");
    const first = years.items[0];
    yearId = first.id;
    year = first.start.slice(0, 4);
    const invoice = (await api("GET", "/accounting/entries?journal=VT&status=validated&limit=1")).items;
    if (invoice[0]) mvts.push(invoice[0].mvt);
    for (const [piece, label, lines] of [
      [
        "OD-0001",
        "Reclassement fournitures",
        [
          { account: "606400", debit: 4_590, credit: 0 },
          { account: "607000", debit: 0, credit: 4_590 },
        ],
      ],
      [
        "OD-0002",
        "Écriture à compléter",
        [
          { account: "471000", debit: 10_000, credit: 0 },
          { account: "512000", debit: 0, credit: 9_000 },
        ],
      ],
    ] as const)
      await api("POST", "/accounting/entries", {
        journal: "OD",
        date: `${year}-02-10`,
        pieceRef: piece,
        pieceDate: `${year}-02-10`,
        label,
        lines,
      });
  });

  const pagesOf = (page: Page) => new AccountingPages(page, serverUrl());
  const open = (page: Page, path: string) => pagesOf(page).open(path);

  test(
    "opens the chart, types an entry through the form, validates it and sees its number",
    async () => {
      const context = await openContext("fr");
      const page = await context.newPage();
      try {
        // The chart of accounts, searched.
        await open(page, "/org/accounting/accounts");
        expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Plan comptable");
        await page.locator('[data-testid="account-row"][data-number="411000"]').waitFor();
        await page.getByTestId("accounts-search").fill("clients");
        await page.waitForFunction(
          () => document.querySelectorAll('[data-testid="account-row"]').length < 40,
        );
        expect(await page.locator('[data-testid="account-row"][data-number="411000"]').count()).toBe(1);

        // A used account cannot be deleted: the API's own words are shown.
        await open(page, "/org/accounting/accounts/706000");
        await page.getByTestId("account-delete").click();
        await page.getByTestId("account-delete-dialog-confirm").click();
        const refusal = page.getByTestId("account-delete-dialog-error");
        await refusal.waitFor();
        expect(await refusal.textContent()).toContain("Compte utilisé, il ne peut pas être supprimé");
        await page.keyboard.press("Escape");

        // A new entry, typed the French way: days « 03/02/2025 », amounts « 1 234,56 ».
        const books = pagesOf(page);
        await books.open("/org/accounting/entries/create");
        await books.fillEntryHead({
          journal: "VT",
          date: `${year}-02-03`,
          pieceRef: `FA-${year}-0099`,
          label: `Facture FA-${year}-0099 Alpha`,
        });
        expect(await books.field("entry-date").inputValue()).toBe(`03/02/${year}`);
        // The piece's date follows the entry's until it is changed.
        expect(await books.field("entry-piece-date").inputValue()).toBe(`03/02/${year}`);
        await books.fillLine(0, { account: "411000", auxiliary: "CALPHA", debit: "1 234,56" });
        await books.fillLine(1, { account: "706000", credit: "1028,80" });
        await books.fillLine(2, { account: "445710" });
        // « = » puts the difference that balances the entry.
        await books.balanceOn(2, "credit");
        expect(await books.lineField("credit", 2).inputValue()).toBe("205,76");
        await books.lineField("debit", 0).click();
        await books.waitBalanced();
        // Leaving an amount shows it the French way.
        expect(await books.lineField("credit", 1).inputValue()).toBe("1\u202f028,80");
        expect(await books.totalDebit()).toBe("1\u202f234,56");
        expect(await books.totalCredit()).toBe("1\u202f234,56");
        await page.screenshot({ path: join(artifactsDir, "accounting-entry-form-fr.png") });
        const mvt = await books.saveDraft();

        // The draft, then validated: its number is the journal's next one.
        await page.getByTestId("entry-validate").waitFor();
        expect(await page.getByTestId("entry-status").first().textContent()).toBe("Brouillon");
        const draft = await api("GET", `/accounting/entries/mvt/${mvt}`);
        expect(draft.lines.map((l: { debit: number; credit: number }) => [l.debit, l.credit])).toEqual([
          [123_456, 0],
          [0, 102_880],
          [0, 20_576],
        ]);
        expect(draft.lines[0].auxiliary).toBe("CALPHA");
        expect([draft.date, draft.pieceDate]).toEqual([`${year}-02-03`, `${year}-02-03`]);
        await page.getByTestId("entry-validate").click();
        await page.getByTestId("entry-validated").waitFor();
        const number = page.locator('[data-testid="entry-number"]');
        await number.first().waitFor();
        const validated = await api("GET", `/accounting/entries/mvt/${mvt}`);
        expect(validated.status).toBe("validated");
        expect(validated.number).toMatch(/^VT\d{6}$/);
        // Shown with a hyphen between the journal and the sequence; stored (and exported) without.
        expect(await number.first().textContent()).toBe(validated.number.replace(/^VT/, "VT-"));
        expect(await page.getByTestId("entry-status").first().textContent()).toBe("Validée");
        expect(await page.getByTestId("entry-total-debit").textContent()).toBe("1\u202f234,56");
        await page.screenshot({ path: join(artifactsDir, "accounting-entry-validated-fr.png") });

        // The entries list totals everything its filter selects, not only the page shown.
        const bank = await api("GET", "/accounting/entries?journal=BQ&limit=1");
        await open(page, "/org/accounting/entries?journal=BQ");
        const debitTotal = page.getByTestId("entries-total-debit");
        await debitTotal.waitFor();
        expect(await debitTotal.textContent()).toBe(
          new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 2 }).format(bank.sums.debit / 100),
        );

        // The drafts screen validates a selection and reports each refusal.
        await open(page, "/org/accounting/entries/validate");
        for (const label of ["Reclassement fournitures", "Écriture à compléter"])
          await page
            .locator('[data-testid="draft-row"]', { hasText: label })
            .getByTestId("draft-check")
            .check();
        await page.getByTestId("validate-selection").click();
        await page.getByTestId("validate-outcome").waitFor();
        expect(await page.getByTestId("validate-done").textContent()).toContain("1 écriture validée");
        expect(await page.getByTestId("validate-refused").textContent()).toContain("Écriture à compléter");
        await page.screenshot({ path: join(artifactsDir, "accounting-validate-fr.png") });
      } finally {
        await context.close();
      }
    },
    browserTimeout * 3,
  );

  test(
    "creates an auxiliary account, letters and unletters lines in the ledger, reverses an entry and edits the draft",
    async () => {
      const context = await openContext("fr");
      const page = await context.newPage();
      try {
        // An auxiliary account under 411000, through the form.
        await open(page, "/org/accounting/accounts/create?kind=auxiliary&control=411000");
        await page.getByTestId("account-number").fill("cdelta");
        await page.getByTestId("account-label").fill("Delta SAS");
        await page.getByTestId("account-create-submit").click();
        await page.waitForURL(/\/org\/accounting\/accounts\/CDELTA$/);
        await page.getByRole("heading", { level: 1, name: "CDELTA · Delta SAS" }).waitFor();

        // A journal of miscellaneous operations, through the form.
        await open(page, "/org/accounting/journals/create");
        await page.getByTestId("journal-code").fill("od2");
        await page.getByTestId("journal-label").fill("Opérations diverses (paie)");
        await page.getByTestId("journal-save").click();
        await page.getByRole("heading", { level: 1, name: "OD2 · Opérations diverses (paie)" }).waitFor();

        // Gamma pays the rest of its invoice: 1 800,00 invoiced, 1 000,00 then 800,00 received.
        const payment = await api("POST", "/accounting/entries", {
          journal: "BQ",
          date: `${year}-02-15`,
          pieceRef: "VIR-GAMMA-2",
          pieceDate: `${year}-02-15`,
          label: "Solde Gamma",
          lines: [
            { account: "512000", debit: 80_000, credit: 0 },
            { account: "411000", auxiliary: "CGAMMA", debit: 0, credit: 80_000 },
          ],
          validate: true,
        });
        await open(
          page,
          `/org/accounting/reports/generalledger?account=411000&start=${year}-01-01&end=${year}-12-31`,
        );
        const row = (text: string) => page.locator('[data-testid="ledger-row"]', { hasText: text });
        await row("Solde Gamma").waitFor();
        await row(`FA-${year}-0002`).getByTestId("ledger-check").check();
        await row("Acompte Gamma").getByTestId("ledger-check").check();
        expect(await page.getByTestId("ledger-selection-difference").textContent()).toContain("800,00");
        expect(await page.getByTestId("ledger-letter").isDisabled()).toBe(true);
        await row("Solde Gamma").getByTestId("ledger-check").check();
        expect(await page.getByTestId("ledger-selection-difference").textContent()).toContain("0,00");
        await page.getByTestId("ledger-letter").click();
        await page.getByTestId("ledger-notice").waitFor();
        const code = (await row("Solde Gamma").getByTestId("ledger-letter-code").textContent())?.trim() ?? "";
        expect(code).toMatch(/^[A-Z]{2,6}$/);
        expect(await row("Acompte Gamma").getByTestId("ledger-letter-code").textContent()).toBe(code);
        await page.screenshot({ path: join(artifactsDir, "accounting-ledger-lettered-fr.png") });
        // Unletter the code again.
        await row("Solde Gamma").getByTestId("ledger-letter-code").click();
        await page.getByTestId("ledger-unletter-dialog-confirm").click();
        await row("Solde Gamma").getByTestId("ledger-check").waitFor();
        expect(await row("Acompte Gamma").getByTestId("ledger-letter-code").count()).toBe(0);

        // The payment reversed: a draft with debits and credits swapped, then edited.
        await open(page, `/org/accounting/entries/${payment.mvt}`);
        await pagesOf(page).reverse(payment.mvt);
        await page.getByTestId("entry-edit").waitFor();
        const reversal = await api(
          "GET",
          `/accounting/entries/mvt/${new URL(page.url()).pathname.split("/").at(-1)}`,
        );
        expect(reversal.status).toBe("draft");
        expect(reversal.lines.map((l: { debit: number; credit: number }) => [l.debit, l.credit])).toEqual([
          [0, 80_000],
          [80_000, 0],
        ]);
        await page.getByTestId("entry-edit").click();
        await page.getByTestId("entry-label").fill("Extourne du solde Gamma");
        await page.getByTestId("entry-save-draft").click();
        await page.waitForURL(/entries\/[0-9a-f-]{36}$/);
        await page.getByTestId("entry-lines").waitFor();
        expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Écriture en brouillon");
        expect((await api("GET", `/accounting/entries/mvt/${reversal.mvt}`)).label).toBe(
          "Extourne du solde Gamma",
        );

        // The unbalanced draft deleted: nothing blocks the year's closing any more, which asks first.
        await open(page, "/org/accounting/entries?status=draft&q=compl%C3%A9ter");
        await page.locator('[data-testid="entry-row"]', { hasText: "Écriture à compléter" }).click();
        await page.getByTestId("entry-delete").click();
        await page.getByTestId("entry-delete-dialog-confirm").click();
        await page.waitForURL((url) => url.pathname === "/org/accounting/entries");
        await open(page, `/org/accounting/balancesheet/${yearId}/step`);
        await page.getByTestId("steps-warnings").waitFor();
        expect(await page.locator('[data-code="yearEnd.drafts"]').count()).toBe(0);
        await page.getByTestId("year-close").click();
        const dialog = page.getByRole("dialog");
        await dialog.waitFor();
        expect(await dialog.textContent()).toContain("Cette opération est irréversible");
        expect(await page.getByTestId("year-close-confirm").isDisabled()).toBe(true);
        await page.getByTestId("year-close-understood").check();
        expect(await page.getByTestId("year-close-confirm").isDisabled()).toBe(false);
        await page.screenshot({ path: join(artifactsDir, "accounting-year-close-fr.png") });
        await page.keyboard.press("Escape");
      } finally {
        await context.close();
      }
    },
    browserTimeout * 3,
  );

  test(
    "downloads the year's FEC and entries CSV with the session's token",
    async () => {
      const context = await openContext("fr");
      const page = await context.newPage();
      try {
        await open(page, `/org/accounting/balancesheet/${yearId}`);
        const [fec] = await Promise.all([
          page.waitForEvent("download"),
          page.getByTestId("download-fec").click(),
        ]);
        expect(fec.suggestedFilename()).toBe("123456782FEC20251231.txt");
        const text = await readFile((await fec.path()) as string, "utf8");
        expect(text.split("\r\n")[0]).toBe(
          "JournalCode\tJournalLib\tEcritureNum\tEcritureDate\tCompteNum\tCompteLib\tCompAuxNum\tCompAuxLib\tPieceRef\tPieceDate\tEcritureLib\tDebit\tCredit\tEcritureLet\tDateLet\tValidDate\tMontantdevise\tIdevise",
        );
        const [csv] = await Promise.all([
          page.waitForEvent("download"),
          page.getByTestId("download-csv").click(),
        ]);
        expect(csv.suggestedFilename()).toMatch(/\.csv$/i);
        expect(await page.getByTestId("download-error").count()).toBe(0);
      } finally {
        await context.close();
      }
    },
    browserTimeout,
  );

  test(
    "names what posted an entry and sends its correction there: an invoice, a payment, a deposit, a bank line (issue 23, point 6)",
    async () => {
      const invoices = await api("GET", "/docs?direction=sales&kind=invoice&status=validated&limit=5");
      const invoice = invoices.items.find((d: { entryMvt: string | null }) => d.entryMvt);
      const payment = (await api("GET", "/payments/sales?limit=1")).items[0];
      const deposit = (await api("GET", "/accounting/deposits?limit=1")).items[0];
      const lines = await api("GET", "/banks/statements/lines?matched=true&limit=1000");
      const booked = lines.items.find((l: { match: { kind: string } | null }) => l.match?.kind === "entry");
      for (const locale of ["fr", "en"] as const) {
        const context = await openContext(locale);
        const page = await context.newPage();
        try {
          const origin = page.getByTestId("entry-origin");
          await open(page, `/org/accounting/entries/${invoice.entryMvt}`);
          await page.getByTestId("entry-correction").waitFor();
          expect(await origin.textContent()).toBe(
            `${locale === "fr" ? "Facture" : "Invoice"} ${invoice.number}`,
          );
          expect(await origin.getAttribute("href")).toBe(`/org/docs/${invoice.id}`);
          // Corrected by a credit note on the invoice: no reversal offered.
          expect(await page.getByTestId("entry-reverse").count()).toBe(0);
          expect(await page.getByTestId("entry-correction").textContent()).toContain(
            locale === "fr" ? "établissez un avoir" : "issue a credit note",
          );
          await page.screenshot({ path: join(artifactsDir, `accounting-entry-invoice-${locale}.png`) });
          if (locale === "fr") {
            await page.getByTestId("entry-correction-link").click();
            await page.waitForURL(new RegExp(`/org/docs/${invoice.id}$`));
          }

          await open(page, `/org/accounting/entries/${payment.entryMvt}`);
          await page.getByTestId("entry-correction").waitFor();
          expect(await origin.textContent()).toContain(payment.contactName);
          expect(await origin.getAttribute("href")).toBe(`/org/payments/${payment.id}`);
          expect(await page.getByTestId("entry-reverse").count()).toBe(0);

          await open(page, `/org/accounting/entries/${deposit.entryMvt}`);
          await page.getByTestId("entry-correction").waitFor();
          expect(await origin.textContent()).toBe(
            `${locale === "fr" ? "Remise en banque" : "Bank deposit"} ${deposit.number}`,
          );
          expect(await page.getByTestId("entry-reverse").count()).toBe(0);

          // Booked from a bank line: that line is its origin and its reconciliation; unmatched first.
          await open(page, `/org/accounting/entries/${booked.match.mvt}`);
          await page.getByTestId("entry-correction").waitFor();
          expect(await origin.getAttribute("href")).toBe(
            `/org/bankstatements/${booked.statementId}/reconcile/${booked.no}`,
          );
          expect(await page.getByTestId("entry-reconciled").textContent()).toContain(booked.label);
          expect(await page.getByTestId("entry-reverse").count()).toBe(0);
          await page.screenshot({ path: join(artifactsDir, `accounting-entry-bank-line-${locale}.png`) });
        } finally {
          await context.close();
        }
      }
    },
    browserTimeout * 3,
  );

  const screens = (): [string, string][] => [
    ["accounts", "/org/accounting/accounts"],
    ["account", "/org/accounting/accounts/411000"],
    ["journals", "/org/accounting/journals"],
    ["entries", "/org/accounting/entries"],
    ["entry", `/org/accounting/entries/${mvts[0]}`],
    ["entry-create", "/org/accounting/entries/create"],
    ["validate", "/org/accounting/entries/validate"],
    ["years", "/org/accounting/balancesheet"],
    ["year", `/org/accounting/balancesheet/${yearId}`],
    ["year-overview", `/org/accounting/balancesheet/${yearId}/overview`],
    ["year-data", `/org/accounting/balancesheet/${yearId}/data`],
    ["year-step", `/org/accounting/balancesheet/${yearId}/step`],
    ["reports", "/org/accounting/reports"],
    ["reports-balance", `/org/accounting/reports/balance?year=${yearId}`],
    [
      "reports-ledger",
      `/org/accounting/reports/generalledger?account=411000&start=${year}-01-01&end=${year}-12-31`,
    ],
    ["reports-statements", `/org/accounting/reports/balancesheet?year=${yearId}`],
  ];

  test(
    "shows a refusal of the server about one line on that line (an account closed since the draft)",
    async () => {
      const draft = await api("POST", "/accounting/entries", {
        journal: "OD",
        date: `${year}-02-12`,
        pieceRef: "OD-0003",
        pieceDate: `${year}-02-12`,
        label: "Frais divers",
        lines: [
          { account: "512000", debit: 0, credit: 3_000 },
          { account: "618000", debit: 3_000, credit: 0 },
        ],
      });
      await api("PUT", "/accounting/accounts/618000", { closed: true });
      const context = await openContext("fr");
      const page = await context.newPage();
      try {
        await open(page, `/org/accounting/entries/${draft.mvt}/edit`);
        // The closed account the draft names is shown, marked closed (it is no longer offered otherwise).
        // (Its label shows once the chart has loaded: waited for, not read at once.)
        await expect
          .poll(() => page.getByTestId("line-account").nth(1).inputValue(), { timeout: browserTimeout })
          .toMatch(/^618000 · .* \(fermé\)$/);
        await page.getByTestId("entry-save-validate").click();
        const message = "Ligne 2 : le compte 618000 est fermé.";
        expect(await page.getByTestId("entry-save-error").textContent()).toContain(message);
        // The second line's account field carries it, not the first's.
        const fields = page.locator(".mantine-InputWrapper-error", { hasText: message });
        await fields.first().waitFor();
        expect(await fields.count()).toBe(1);
        const row = page.getByTestId("line-account").nth(1).locator("xpath=ancestor::tr");
        expect(await row.locator(".mantine-InputWrapper-error").textContent()).toBe(message);
        await page.screenshot({ path: join(artifactsDir, "accounting-line-refusal-fr.png") });
      } finally {
        await context.close();
        await api("PUT", "/accounting/accounts/618000", { closed: false });
        await api("DELETE", `/accounting/entries/mvt/${draft.mvt}`);
      }
    },
    browserTimeout * 2,
  );

  for (const locale of ["fr", "en"] as const) {
    test(
      `the accounting screens render in ${locale === "fr" ? "French" : "English"} without an API error`,
      async () => {
        const context = await openContext(locale);
        const page = await context.newPage();
        const failures: string[] = [];
        let dateFields = 0;
        page.on("response", (response) => {
          if (new URL(response.url()).pathname.startsWith("/api/") && response.status() >= 400)
            failures.push(`${response.status()} ${response.url()}`);
        });
        try {
          for (const [name, path] of screens()) {
            await visit(page, serverUrl(), path);
            expect(await page.getAttribute("html", "lang"), name).toBe(locale);
            // Days in fields read « 24/11/2026 » in both languages (French, and British English).
            for (const field of await page.locator("[data-dates-input]").all()) {
              expect(await field.inputValue(), name).toMatch(/^(\d{2}\/\d{2}\/\d{4})?$/);
              dateFields++;
            }
            await page.screenshot({
              path: join(artifactsDir, `accounting-${name}-${locale}.png`),
              fullPage: true,
            });
          }
          // The entry form, the entries' filter and the reports' periods have date fields.
          expect(dateFields).toBeGreaterThan(2);
          // The ledger's lettering: the selection's difference decides whether « Letter » is possible.
          await open(
            page,
            `/org/accounting/reports/generalledger?account=411000&start=${year}-01-01&end=${year}-12-31`,
          );
          const checks = page.getByTestId("ledger-check");
          await checks.first().waitFor();
          await checks.first().check();
          await page.getByTestId("ledger-selection").waitFor();
          expect(await page.getByTestId("ledger-letter").isDisabled()).toBe(true);
          await page.screenshot({ path: join(artifactsDir, `accounting-ledger-selection-${locale}.png`) });
        } finally {
          await context.close();
        }
        expect(failures).toEqual([]);
      },
      browserTimeout * 3,
    );
  }
  test(
    "a year whose opening entry is still a draft: the ledger and the trial balance say so, and count it when asked (issue 23, point 15)",
    async () => {
      // The demo's years after 2025 open with a draft opening entry (journal AN).
      const years = (await api("GET", "/accounting/balance-sheet")).items as {
        id: string;
        start: string;
        end: string;
      }[];
      let found: { year: (typeof years)[number]; mvt: string } | null = null;
      for (const y of years) {
        const balance = await api("POST", "/accounting/reports/balance", { yearId: y.id });
        const entry = balance.provisionalOpening.entries[0];
        if (entry) found = { year: y, mvt: entry.mvt };
      }
      if (!found) throw new Error("the demo has no provisional opening");
      const { year, mvt } = found;
      const opening = await api("GET", `/accounting/entries/mvt/${mvt}`);
      const bank = (opening.lines as { account: string; debit: number }[]).find(
        (l) => l.account.startsWith("512") && l.debit > 0,
      );
      if (!bank) throw new Error("no bank in the opening entry");
      for (const locale of ["fr", "en"] as const) {
        const context = await openContext(locale);
        const page = await context.newPage();
        try {
          const ledger = `/org/accounting/reports/generalledger?account=${bank.account}&start=${year.start}&end=${year.end}`;
          await open(page, ledger);
          const notice = page.getByTestId("provisional-opening");
          await notice.waitFor();
          const rows = page.getByTestId("ledger-row");
          await rows.first().waitFor();
          expect(await page.locator('[data-provisional="true"]').count()).toBe(0);
          await page.getByTestId("provisional-switch").click({ force: true });
          await page.waitForURL(/provisional=1/);
          // The draft's bank line first, marked provisional, and the balances from it on.
          const first = page.locator('[data-testid="ledger-row"][data-provisional="true"]').first();
          await first.waitFor();
          expect(await first.getByTestId("ledger-provisional").textContent()).toBe(
            locale === "fr" ? "Provisoire" : "Provisional",
          );
          expect(await rows.first().getAttribute("data-provisional")).toBe("true");
          await page.screenshot({ path: join(artifactsDir, `accounting-ledger-provisional-${locale}.png`) });

          await open(page, `/org/accounting/reports/balance?year=${year.id}`);
          await page.getByTestId("provisional-opening").waitFor();
          const row = page.locator('[data-testid="balance-row"]', { hasText: bank.account });
          const without = await row.textContent();
          await page.getByTestId("provisional-switch").click({ force: true });
          await expect.poll(() => row.textContent()).not.toBe(without);
          await page.screenshot({ path: join(artifactsDir, `accounting-balance-provisional-${locale}.png`) });
        } finally {
          await context.close();
        }
      }
    },
    browserTimeout * 2,
  );
});
