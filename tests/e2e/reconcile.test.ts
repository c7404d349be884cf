/**
 * Reconciliation against the real API, as the demo login: a CAMT.053 of the demo bank imported through
 * « Importer un relevé », holding a transfer that pays an open invoice (its number in the label); on the
 * statement's reconcile screen the line shows the invoice as its suggestion with its reasons; one click
 * accepts it: the invoice is paid and its 411 lines lettered, the line reconciled. Then the invoice's
 * credit note is refunded by a debit line the same way (« Accepter (remboursement) »), and another credit
 * note from its page (« Rembourser », the form prefilled as a refund). The bank rules and the
 * reconciliation statement screens in French and English. Screenshots.
 */

import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parisDate } from "@registre/core";
import { describe, expect, test } from "vitest";
import { artifactsDir, browserTimeout, demoSuite, pickOption } from "./support.ts";

const euros = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
const camt = (
  iban: string,
  day: string,
  amount: number,
  label: string,
  { side = "CRDT", ref = "E2E-RAPPRO-A" }: { side?: "CRDT" | "DBIT"; ref?: string } = {},
) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>${ref}</MsgId><CreDtTm>${day}T20:00:00</CreDtTm></GrpHdr>
<Stmt><Id>${ref}-1</Id><Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>EUR</Ccy></Acct>
<Ntry><Amt Ccy="EUR">${euros(amount)}</Amt><CdtDbtInd>${side}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${day}</Dt></BookgDt><AcctSvcrRef>${ref}</AcctSvcrRef>
<NtryDtls><TxDtls><RmtInf><Ustrd>${label}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
</Stmt></BkToCstmrStmt></Document>`;

describe("reconciliation screens (Chromium, reconciliation API)", () => {
  const { api, openContext, open } = demoSuite();
  /** A validated credit note of the whole of a sales invoice: open, its total due to the customer. */
  const creditNoteOf = async (invoiceId: string) => {
    const draft = await api("POST", "/docs", {
      kind: "creditNote",
      direction: "sales",
      issueDate: parisDate(new Date()),
      from: { relation: "creditNote", docId: invoiceId, selection: { kind: "whole" } },
    });
    return api("PUT", `/docs/${draft.id}/status/validated`);
  };
  /** A document's payment status and what is left due. */
  const paidState = async (id: string) => {
    const doc = await api("GET", `/docs/${id}`);
    return [doc.paymentStatus, doc.due];
  };
  /** The letter code of an entry's customer (411) line, if lettered. */
  const customerLetter = async (mvt: string): Promise<string> => {
    const entry = await api("GET", `/accounting/entries/mvt/${mvt}`);
    return entry.lines.find((l: { account: string }) => l.account.startsWith("411"))?.letterCode ?? "";
  };

  test(
    "imports a CAMT.053, accepts the suggestion that pays an invoice, sees the invoice paid and lettered",
    async () => {
      const context = await openContext("fr");
      const page = await context.newPage();
      try {
        const banks = await api("GET", "/banks");
        const bank = banks.items.find((b: { iban: string | null }) => b.iban);
        const list = await api("GET", "/docs?direction=sales&kind=invoice&limit=200");
        const invoice = list.items.find(
          (d: { paymentStatus: string | null; due: number }) => d.paymentStatus === "unpaid" && d.due > 0,
        );
        expect(invoice).toBeTruthy();
        const day = parisDate(new Date());
        const file = join(mkdtempSync(join(tmpdir(), "rappro-")), "releve-rappro.xml");
        writeFileSync(
          file,
          camt(bank.iban, day, invoice.due, `VIR SEPA ${invoice.contactName ?? ""} ${invoice.number}`),
        );

        await open(page, "/org/bankstatements?import=1");
        await page.locator('input[type="file"]').setInputFiles(file);
        await page.getByTestId("statement-send").click();
        await page.getByTestId("statement-report").waitFor();
        await page.getByTestId("report-open").click();
        await page.waitForURL(/\/org\/bankstatements\/[0-9a-f-]{36}$/);
        const statementId = new URL(page.url()).pathname.split("/").pop() as string;

        await open(page, `/org/bankstatements/${statementId}/reconcile`);
        await page.getByTestId("reconcile-lines").waitFor();
        await page.getByTestId("reconcile-line").first().click();
        await page.waitForURL(/\/reconcile\/1$/);
        const suggestion = page.getByTestId("suggestion").first();
        await suggestion.waitFor();
        expect(await suggestion.textContent()).toContain(invoice.number);
        const reasons = await suggestion.getByTestId("reason").allTextContents();
        expect(reasons.join(" ")).toContain("n° dans le libellé");
        expect(reasons.join(" ")).toContain("montant égal");
        await page.screenshot({ path: join(artifactsDir, "reconcile-fr.png") });
        await suggestion.getByTestId("suggestion-accept").click();
        await page.getByTestId("line-panel").getByText("Rapprochée").waitFor();
        // The line names how it was matched and opens the payment recorded.
        await page.getByTestId("line-panel").getByText("par une suggestion acceptée").waitFor();
        expect(await page.getByTestId("match-open").getAttribute("href")).toMatch(
          /^\/org\/payments\/[0-9a-f-]{36}$/,
        );

        // The invoice is paid, its 411 lines lettered; the line is matched to the payment. The badge shows
        // the statement's read model; a loaded machine may answer the command 202 before the documents'
        // read model shows the payment too (it must, soon).
        await expect.poll(() => paidState(invoice.id), { timeout: 20_000 }).toEqual(["paid", 0]);
        await expect.poll(() => customerLetter(invoice.entryMvt), { timeout: 20_000 }).toMatch(/^[A-Z]{2,}$/);
        const statement = await api("GET", `/banks/statements/${statementId}`);
        expect(statement.lines[0].match).toMatchObject({ kind: "payment", by: "suggestion" });
        await open(page, `/org/docs/${invoice.id}`);
        await page.getByTestId("doc-actions").waitFor();
        expect(await page.getByTestId("doc-record-payment").count()).toBe(0);

        // Its credit note, refunded by a debit line: suggested as a credit note, accepted as a refund.
        const credit = await creditNoteOf(invoice.id);
        const refundFile = join(mkdtempSync(join(tmpdir(), "rappro-")), "releve-avoir.xml");
        writeFileSync(
          refundFile,
          camt(bank.iban, day, credit.due, `VIR SEPA REMBOURSEMENT ${credit.number}`, {
            side: "DBIT",
            ref: "E2E-RAPPRO-AVOIR",
          }),
        );
        await open(page, "/org/bankstatements?import=1");
        await page.locator('input[type="file"]').setInputFiles(refundFile);
        await page.getByTestId("statement-send").click();
        await page.getByTestId("statement-report").waitFor();
        await page.getByTestId("report-open").click();
        await page.waitForURL(/\/org\/bankstatements\/[0-9a-f-]{36}$/);
        const refundStatement = new URL(page.url()).pathname.split("/").pop() as string;
        await open(page, `/org/bankstatements/${refundStatement}/reconcile/1`);
        const refundSuggestion = page.getByTestId("suggestion").first();
        await refundSuggestion.waitFor();
        expect(await refundSuggestion.textContent()).toContain(`Avoir ${credit.number}`);
        await refundSuggestion.getByRole("button", { name: "Accepter (remboursement)" }).click();
        await page.getByTestId("line-panel").getByText("Rapprochée").waitFor();
        await expect.poll(() => paidState(credit.id), { timeout: 20_000 }).toEqual(["paid", 0]);
        await expect.poll(() => customerLetter(credit.entryMvt), { timeout: 20_000 }).toMatch(/^[A-Z]{2,}$/);

        // Another credit note refunded from its page: « Rembourser », the form prefilled as a refund.
        const other = (await api("GET", "/docs?direction=sales&kind=invoice&limit=200")).items.find(
          (d: { paymentStatus: string | null; id: string }) =>
            d.paymentStatus === "paid" && d.id !== invoice.id,
        );
        const second = await creditNoteOf(other.id);
        await open(page, `/org/docs/${second.id}`);
        await page.getByTestId("doc-refund").click();
        await page.waitForURL(/\/org\/sales\/payments\/create\?docId=/);
        await page.getByRole("heading", { name: "Rembourser un client" }).waitFor();
        const allocation = page.getByLabel(`Imputer ${second.number}`);
        await expect.poll(() => allocation.inputValue()).not.toBe("");
        expect(await page.getByTestId("payment-flow-help").textContent()).toContain("411 au débit");
        await page.screenshot({ path: join(artifactsDir, "refund-create-fr.png") });
        await page.getByTestId("payment-save").click();
        await page.waitForURL(/\/org\/payments\/[0-9a-f-]{36}$/);
        await page.getByTestId("payment-refund").waitFor();
        await expect.poll(() => paidState(second.id), { timeout: 20_000 }).toEqual(["paid", 0]);

        // The reconciliation statement and the rules, in French then English.
        await open(page, `/org/banks/reconciliation?bankId=${bank.id}&date=${day}`);
        await page.getByTestId("reconciliation-report").waitFor();
        await page.screenshot({ path: join(artifactsDir, "reconciliation-report-fr.png") });
        // A rule's contact is chosen by name and its journal among the organisation's, never typed as ids.
        const [supplier] = (await api("GET", "/contacts?type=supplier&limit=1")).items;
        await open(page, "/org/banks/rules");
        await page.getByTestId("rule-new").click();
        await page.getByTestId("rule-save").click();
        await page.getByTestId("rule-form").getByText("Nom : ce champ est obligatoire").waitFor();
        await page.getByTestId("rule-name").fill("Commissions carte");
        await page.getByTestId("rule-words").fill("COMMISSION");
        await pickOption(page, page.getByTestId("rule-account"), "627000");
        await pickOption(page, page.getByTestId("rule-journal"), "OD");
        await page.getByTestId("rule-contact").fill(supplier.name);
        await page.getByRole("option", { name: supplier.name, exact: false }).first().click();
        expect(await page.getByTestId("rule-contact").inputValue()).toContain(supplier.name);
        await page.screenshot({ path: join(artifactsDir, "bank-rule-form-fr.png") });
        await page.getByTestId("rule-save").click();
        await page.getByTestId("rules-table").getByText("Commissions carte").waitFor();
        await page.screenshot({ path: join(artifactsDir, "bank-rules-fr.png") });
        const rule = (await api("GET", "/banks/rules")).items.find(
          (r: { name: string }) => r.name === "Commissions carte",
        );
        expect(rule.booking).toMatchObject({ account: "627000", journal: "OD", contactId: supplier.id });

        const en = await openContext("en");
        const enPage = await en.newPage();
        await open(enPage, `/org/bankstatements/${statementId}/reconcile/1`);
        await enPage.getByRole("heading", { name: /Statement reconciliation/ }).waitFor();
        await enPage.screenshot({ path: join(artifactsDir, "reconcile-en.png") });
        await open(enPage, `/org/banks/reconciliation?bankId=${bank.id}&date=${day}`);
        await enPage.getByRole("heading", { name: "Bank reconciliation statement" }).waitFor();
        // The rule's form on a phone, in English.
        await enPage.setViewportSize({ width: 390, height: 844 });
        await open(enPage, "/org/banks/rules");
        await enPage.getByTestId("rule-new").click();
        await enPage.getByTestId("rule-contact").waitFor();
        await enPage.screenshot({ path: join(artifactsDir, "bank-rule-form-en-390.png"), fullPage: true });
        await en.close();
      } finally {
        await context.close();
      }
    },
    browserTimeout * 2,
  );

  test(
    "a line without a document is booked on an account picked from the chart, at a VAT rate read « 5,5 % »",
    async () => {
      // The demo's last statement leaves its card purchases to book: the office supplies bought online.
      const statements = await api("GET", "/banks/statements");
      let found: { id: string; no: number; amount: number } | null = null;
      for (const item of statements.items) {
        const statement = await api("GET", `/banks/statements/${item.id}`);
        const line = statement.lines.find(
          (l: { match: unknown; label: string }) => l.match === null && l.label.includes("AMAZON"),
        );
        if (line) {
          found = { id: item.id, no: line.no, amount: line.amount };
          break;
        }
      }
      if (!found) throw new Error("the demo leaves a card purchase to book");
      const target = found;
      // Looked at in English, then booked in French.
      for (const locale of ["en", "fr"] as const) {
        const context = await openContext(locale);
        const page = await context.newPage();
        try {
          await open(page, `/org/bankstatements/${target.id}/reconcile/${target.no}`);
          // The rates as the entry editor writes them, exempt in words; « Sans TVA » first.
          await page.getByTestId("entry-vat-rate").click();
          const rates = (await page.getByRole("option").allTextContents()).map((r) =>
            r.replace(/\u00a0/g, " "),
          );
          expect(rates).toEqual(
            locale === "fr"
              ? ["Sans TVA", "20 %", "10 %", "5,5 %", "2,1 %", "0 %", "Exonéré"]
              : ["No VAT", "20%", "10%", "5.5%", "2.1%", "0%", "Exempt"],
          );
          await page.keyboard.press("Escape");
          // The account from the chart, by its number or its words, as in the entry editor.
          const account = page.getByTestId("entry-account");
          await account.click();
          await account.fill(locale === "fr" ? "fournitures admin" : "office supplies");
          const option = page.getByRole("option", { name: /^606400 · / });
          await option.waitFor();
          await page.screenshot({ path: join(artifactsDir, `reconcile-entry-form-${locale}.png`) });
          if (locale === "en") continue;
          await option.click();
          expect(await account.inputValue()).toMatch(/^606400 · /);
          await page.getByTestId("entry-vat-rate").click();
          await page.getByRole("option", { name: "20 %", exact: true }).click();
          await page.getByTestId("entry-create").click();
          await page.getByTestId("line-panel").getByText("Rapprochée").waitFor();
        } finally {
          await context.close();
        }
      }
      // The API says so too (read again while a loaded machine's read model catches up).
      const lineOf = async () =>
        (await api("GET", `/banks/statements/${target.id}`)).lines.find(
          (l: { no: number }) => l.no === target.no,
        );
      await expect
        .poll(async () => (await lineOf()).match, { timeout: 10_000 })
        .toMatchObject({ kind: "entry" });
      const matched = await lineOf();
      const entry = await api("GET", `/accounting/entries/mvt/${matched.match.mvt}`);
      const abs = Math.abs(target.amount);
      const vat = Math.round((abs * 20) / 120);
      expect(
        entry.lines.map((l: { account: string; debit: number; credit: number }) => [
          l.account,
          l.debit,
          l.credit,
        ]),
      ).toEqual([
        [expect.stringMatching(/^512/), 0, abs],
        ["606400", abs - vat, 0],
        [expect.stringMatching(/^4456/), vat, 0],
      ]);
    },
    browserTimeout * 2,
  );
});
