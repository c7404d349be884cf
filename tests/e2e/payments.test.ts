/**
 * Payments and deposits against the real API, as the demo login: a payment recorded from an open invoice
 * (« Enregistrer un paiement », the form prefilled), the invoice then paid and its 411 lines lettered in
 * the general ledger; two cheques deposited together and the deposit slip printed (read back with
 * pdftotext); screenshots in French and English.
 */

import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { parisDate } from "@registre/core";
import { describe, expect, test } from "vitest";
import { artifactsDir, browserTimeout, demoSuite } from "./support.ts";

const year = Number(parisDate(new Date()).slice(0, 4));
const spaces = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

describe("payments screens (Chromium, payments API)", () => {
  const { api, openContext, open } = demoSuite();

  test(
    "records a payment on an invoice, sees it paid and lettered; deposits two cheques and prints the slip",
    async () => {
      const context = await openContext("fr");
      const page = await context.newPage();
      try {
        const list = await api("GET", "/docs?direction=sales&kind=invoice&limit=200");
        const invoice = list.items.find(
          (d: { paymentStatus: string | null; due: number }) => d.paymentStatus === "unpaid" && d.due > 0,
        );
        expect(invoice).toBeTruthy();
        await openPage(`/org/docs/${invoice.id}`);
        await page.getByTestId("doc-record-payment").click();
        await page.waitForURL(/\/org\/sales\/payments\/create\?docId=/);
        // Prefilled from the invoice: its customer, its amount due, allocated to it.
        const allocation = page.getByLabel(`Imputer ${invoice.number}`);
        await expect.poll(() => allocation.inputValue()).not.toBe("");
        expect(await page.getByTestId("payment-amount").inputValue()).toBe(await allocation.inputValue());
        // A partial amount: the allocation follows it, never the invoice's whole due; then the whole again.
        const full = await allocation.inputValue();
        await page.getByTestId("payment-amount").fill("3");
        await expect.poll(() => allocation.inputValue()).toBe("3,00");
        await page.getByTestId("payment-amount").fill(full);
        await expect.poll(() => allocation.inputValue()).toBe(full);
        // The customer, without the addresses a document prints: a payment has none to choose.
        expect(await page.getByTestId("doc-contact").inputValue()).not.toBe("");
        expect(await page.getByTestId("doc-billing-address").count()).toBe(0);
        await page.getByTestId("payment-reference").fill("VIR E2E");
        await page.screenshot({ path: join(artifactsDir, "payment-create-fr.png") });
        await page.getByTestId("payment-save").click();
        await page.waitForURL(/\/org\/payments\/[0-9a-f-]{36}$/);
        await page.getByTestId("payment-lines").waitFor();
        expect(await page.getByTestId("payment-lines").textContent()).toContain(invoice.number);

        // The invoice is paid: no payment left to record, its 411 lines lettered.
        const paid = await api("GET", `/docs/${invoice.id}`);
        expect(paid).toMatchObject({ paymentStatus: "paid", due: 0 });
        await openPage(`/org/docs/${invoice.id}`);
        await page.getByTestId("doc-actions").waitFor();
        expect(await page.getByTestId("doc-record-payment").count()).toBe(0);
        const entry = await api("GET", `/accounting/entries/mvt/${invoice.entryMvt}`);
        const code = entry.lines[0].letterCode as string;
        expect(code).toMatch(/^[A-Z]{2,}$/);
        await openPage(
          `/org/accounting/reports/generalledger?account=411000&start=${year}-01-01&end=${year}-12-31`,
        );
        const rows = page.locator('[data-testid="ledger-row"]', { hasText: invoice.number });
        await rows.first().waitFor();
        expect(await rows.count()).toBeGreaterThanOrEqual(2);
        for (let i = 0; i < (await rows.count()); i++) {
          expect(await rows.nth(i).getByTestId("ledger-check").count()).toBe(0);
          expect(await rows.nth(i).textContent()).toContain(code);
        }

        // Two cheques received as advances, then deposited together.
        const customer = invoice.contactId as string;
        const day = parisDate(new Date());
        for (const [n, amount] of [
          ["7001001", 15_000],
          ["7001002", 27_550],
        ] as const)
          await api("POST", "/payments/sales", {
            date: day,
            amount,
            modeId: "cheque",
            contactId: customer,
            reference: n,
            drawer: "Tireur E2E",
            drawerBank: "Caisse d’Épargne",
          });
        // The bank is named and chosen: the organisation's only bank, preselected.
        const [bank] = (await api("GET", "/banks")).items;
        await openPage("/org/accounting/deposits/create");
        expect(await page.getByTestId("deposit-bank").inputValue()).toBe(bank.name);
        const picks = page.getByTestId("deposit-pick");
        await expect.poll(() => picks.count()).toBe(2);
        await picks.nth(0).check();
        await picks.nth(1).check();
        expect(spaces(await page.getByTestId("deposit-selected").textContent())).toContain("425,50 €");
        await page.screenshot({ path: join(artifactsDir, "deposit-create-fr.png") });
        await page.getByTestId("deposit-save").click();
        await page.waitForURL(/\/org\/accounting\/deposits\/[0-9a-f-]{36}$/);
        expect(spaces(await page.getByTestId("deposit-total").textContent())).toBe("425,50 €");
        expect(await page.getByText(bank.name).count()).toBeGreaterThan(0);
        const download = page.waitForEvent("download");
        await page.getByTestId("deposit-pdf").click();
        const file = join(artifactsDir, "deposit-slip.pdf");
        await (await download).saveAs(file);
        const text = spaces(
          execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], { encoding: "utf8" }),
        );
        expect(text).toContain("Bordereau de remise de chèques");
        expect(text).toContain("7001001");
        expect(text).toContain("7001002");
        expect(text).toContain("Caisse d’Épargne");
        expect(text).toMatch(/Nombre : 2/);
        expect(text).toContain("425,50");

        // With a second bank, none is implied: the deposit waits for the user's choice.
        await api("POST", "/banks", { name: "Banque Populaire E2E", iban: "FR7630006000011234567890189" });
        await openPage("/org/accounting/deposits/create");
        await page.getByTestId("deposit-no-bank").waitFor();
        expect(await page.getByTestId("deposit-bank").inputValue()).toBe("");
        expect(await page.getByTestId("deposit-save").isDisabled()).toBe(true);
        await page.screenshot({ path: join(artifactsDir, "deposit-create-bank-fr.png") });
        await page.getByTestId("deposit-bank").click();
        await page.getByRole("option", { name: bank.name }).click();
        expect(await page.getByTestId("deposit-no-bank").count()).toBe(0);

        // The screens in English.
        const en = await openContext("en");
        const enPage = await en.newPage();
        await enPage.goto(new URL("/org/sales/payments", page.url()).toString());
        await enPage.getByRole("heading", { name: "Customer payments" }).waitFor();
        await enPage.screenshot({ path: join(artifactsDir, "payments-list-en.png") });
        await enPage.goto(new URL("/org/banks", page.url()).toString());
        await enPage.getByTestId("banks-table").waitFor();
        await enPage.screenshot({ path: join(artifactsDir, "banks-en.png") });
        await en.close();
      } finally {
        await context.close();
      }

      async function openPage(path: string) {
        await open(page, path);
      }
    },
    browserTimeout * 2,
  );
});
