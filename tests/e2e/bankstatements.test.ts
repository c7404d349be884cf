/**
 * Bank statements against the real API, as the demo login: the demo's three imported statements listed,
 * a CAMT.053 of the demo bank dropped in « Importer un relevé » (the report: lines added, the balance gap
 * with its figures), the statement opened with its lines (a transfer's creditor reference among them), the same file again adding nothing; the list
 * in English. Screenshots in French and English.
 */

import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parisDate } from "@registre/core";
import { describe, expect, test } from "vitest";
import { artifactsDir, browserTimeout, demoSuite } from "./support.ts";

const spaces = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

const camt = (iban: string, day: string) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>E2E</MsgId><CreDtTm>${day}T20:00:00</CreDtTm></GrpHdr>
<Stmt><Id>E2E-1</Id><Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>EUR</Ccy></Acct>
<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">100.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${day}</Dt></Dt></Bal>
<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">1300.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${day}</Dt></Dt></Bal>
<Ntry><Amt Ccy="EUR">1234.56</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${day}</Dt></BookgDt><AcctSvcrRef>E2E-A</AcctSvcrRef>
<NtryDtls><TxDtls><RmtInf><Ustrd>VIR E2E CLIENT</Ustrd><Strd><CdtrRefInf><Ref>RF18539007547034</Ref></CdtrRefInf></Strd></RmtInf></TxDtls></NtryDtls></Ntry>
<Ntry><Amt Ccy="EUR">12.50</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${day}</Dt></BookgDt><AcctSvcrRef>E2E-B</AcctSvcrRef>
<NtryDtls><TxDtls><RmtInf><Ustrd>FRAIS E2E</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
</Stmt></BkToCstmrStmt></Document>`;

describe("bank statements screens (Chromium, statements API)", () => {
  const { api, openContext, open } = demoSuite();

  test(
    "lists the demo's statements, imports a CAMT.053 with its report, opens it; again adds nothing",
    async () => {
      const context = await openContext("fr");
      const page = await context.newPage();
      try {
        const banks = await api("GET", "/banks");
        const bank = banks.items.find((b: { iban: string | null }) => b.iban);
        const listed = await api("GET", "/banks/statements");
        expect(listed.total).toBe(3);
        const file = join(mkdtempSync(join(tmpdir(), "releve-")), "releve-e2e.xml");
        writeFileSync(file, camt(bank.iban, parisDate(new Date())));

        await open(page, "/org/bankstatements");
        await page.getByTestId("statements-table").waitFor();
        await page.screenshot({ path: join(artifactsDir, "statements-fr.png") });
        await page.getByTestId("statement-import").click();
        await page.locator('input[type="file"]').setInputFiles(file);
        await page.getByTestId("statement-send").click();
        await page.getByTestId("statement-report").waitFor();
        expect(await page.getByTestId("report-added").textContent()).toContain("2 lignes ajoutées");
        expect(spaces(await page.getByTestId("report-warning").textContent())).toContain("(écart −22,06)");
        await page.screenshot({ path: join(artifactsDir, "statement-import-report-fr.png") });
        await page.getByTestId("report-open").click();
        await page.waitForURL(/\/org\/bankstatements\/[0-9a-f-]{36}$/);
        await page.getByTestId("statement-lines").waitFor();
        expect(await page.getByTestId("statement-lines").textContent()).toContain("VIR E2E CLIENT");
        // The structured creditor reference of the transfer (Strd/CdtrRefInf/Ref), named as such.
        expect(await page.getByTestId("statement-lines").textContent()).toContain(
          "Réf. créancier RF18539007547034",
        );
        expect(spaces(await page.getByTestId("statement-lines").textContent())).toContain("1 234,56 €");

        const detailUrl = page.url();

        // Its lines, filtered by a word of the label; its header edited.
        await open(page, `${new URL(detailUrl).pathname}/lines`);
        await page.getByTestId("lines-text").fill("frais");
        await expect
          .poll(async () => spaces(await page.getByTestId("lines-total").textContent()))
          .toContain("1 ligne,");
        await open(page, `${new URL(detailUrl).pathname}/edit`);
        await page.getByTestId("statement-label").fill("Relevé du jour");
        await page.getByTestId("statement-closing").fill("1 322,06");
        await page.getByTestId("statement-save").click();
        await page.waitForURL(/\/org\/bankstatements\/[0-9a-f-]{36}$/);
        await page.getByText("Relevé du jour").first().waitFor();
        expect(await page.getByTestId("statement-warning").count()).toBe(0);

        // The same file again: nothing new.
        await open(page, "/org/bankstatements?import=1");
        await page.locator('input[type="file"]').setInputFiles(file);
        await page.getByTestId("statement-send").click();
        await page.getByTestId("statement-report").waitFor();
        expect(spaces(await page.getByTestId("report-added").textContent())).toContain("Rien de nouveau");
        expect(await page.getByTestId("report-already").textContent()).toContain("2 lignes déjà importées");
        expect((await api("GET", "/banks/statements")).total).toBe(4);

        const en = await openContext("en");
        const enPage = await en.newPage();
        await open(enPage, "/org/bankstatements");
        await enPage.getByRole("heading", { name: "Bank statements" }).waitFor();
        await enPage.screenshot({ path: join(artifactsDir, "statements-en.png") });
        await en.close();
      } finally {
        await context.close();
      }
    },
    browserTimeout * 2,
  );
});
