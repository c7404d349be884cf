import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parisDate } from "@registre/core";
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../../tests/support/databases.ts";
import { apiHarness } from "../../testing/api-harness.ts";
import { documentsOrganisation } from "../../testing/documents-setup.ts";
import { seedStatement } from "../../testing/statement-seed.ts";

type EntryLine = {
  account: string;
  auxiliary: string | null;
  debit: number;
  credit: number;
  letterCode: string | null;
};

describe.each(databaseKinds)("reconciliation on %s", (kind) => {
  const { call, send, register, harness } = apiHarness(kind);

  const setup = async (name: string) => {
    const o = await documentsOrganisation(call, register, name);
    const today = parisDate(new Date());
    const day = o.year.start.slice(0, 4) === today.slice(0, 4) ? today : o.year.start;
    const bank = await o.ok("POST", "/banks", {
      name: "Banque Populaire",
      iban: "FR7630006000011234567890189",
    });
    await o.ok("POST", "/payments/modes", { kind: "transfer", label: "Virement BP", bankId: bank.id });
    // 10 hours of consulting: 800.00 + 160.00 = 960.00 €.
    const invoice = async () => {
      const doc = await o.ok("POST", "/docs", {
        kind: "invoice",
        direction: "sales",
        issueDate: day,
        contactId: o.customerId,
        lines: [{ kind: "item", itemId: o.itemId, quantity: "10" }],
      });
      return o.ok("PUT", `/docs/${doc.id}/status/validated`);
    };
    return { ...o, day, bank, invoice };
  };

  it("suggests an open invoice with its reasons, remembers a decline, pays the invoice in one click", async () => {
    const o = await setup("Reconcile");
    const inv = await o.invoice();
    const statementId = await seedStatement(
      harness.ctx,
      o.orgId,
      o.bank,
      [
        { bookingDate: o.day, amount: 96_000, label: `VIR ALPHA SARL ${inv.number}`, details: [] },
        { bookingDate: o.day, amount: -1_200, label: "FRAIS TENUE DE COMPTE", details: [] },
      ],
      { from: o.day, to: o.day, opening: 0, closing: 94_800 },
    );
    const base = `/banks/reconcile/${statementId}/lines/1`;
    const first = await o.ok("GET", `${base}/suggestions`);
    expect(first.items[0]).toMatchObject({
      key: `invoice:${inv.id}`,
      kind: "invoices",
      amount: 96_000,
      contactName: "Alpha SARL",
      invoices: [{ id: inv.id, number: inv.number, due: 96_000 }],
    });
    const codes = first.items[0].reasons.map((r: { code: string }) => r.code);
    expect(codes).toEqual(expect.arrayContaining(["number", "amount", "name", "date"]));

    // Declined: remembered, left out; offered again when restored.
    expect((await call("POST", `${base}/decline`, o.token, { key: `invoice:${inv.id}` })).status).toBe(204);
    const declined = await o.ok("GET", `${base}/suggestions`);
    expect(declined.declined).toEqual([`invoice:${inv.id}`]);
    expect(declined.items.some((s: { key: string }) => s.key === `invoice:${inv.id}`)).toBe(false);
    await call("POST", `${base}/decline`, o.token, { key: `invoice:${inv.id}`, restore: true });
    expect((await o.ok("GET", `${base}/suggestions`)).items[0].key).toBe(`invoice:${inv.id}`);

    // One click: the payment recorded and validated, the invoice paid, its 411 lines lettered, the line matched.
    const accepted = await o.ok("POST", `${base}/accept`, { key: `invoice:${inv.id}` });
    expect(accepted.paymentId).toBeTruthy();
    const paid = await o.ok("GET", `/docs/${inv.id}`);
    expect(paid).toMatchObject({ paid: 96_000, due: 0, paymentStatus: "paid" });
    const payment = await o.ok("GET", `/payments/${accepted.paymentId}`);
    expect(payment).toMatchObject({ amount: 96_000, account: o.bank.account, date: o.day });
    const invoiceEntry = await o.ok("GET", `/accounting/entries/mvt/${inv.entryMvt}`);
    const paymentEntry = await o.ok("GET", `/accounting/entries/mvt/${payment.entryMvt}`);
    const customerLine = (invoiceEntry.lines as EntryLine[]).find((l) => l.account === "411000");
    const paidLine = (paymentEntry.lines as EntryLine[]).find((l) => l.account === "411000");
    expect(customerLine?.letterCode).toBeTruthy();
    expect(paidLine?.letterCode).toBe(customerLine?.letterCode);
    expect(paymentEntry.journal).toBe(o.bank.journal);
    const after = await o.ok("GET", `${base}/suggestions`);
    expect(after).toMatchObject({ matched: true, items: [] });
    const again = await send("POST", `${base}/accept`, o.token, { key: `invoice:${inv.id}` });
    expect(again.status).toBe(409);

    // A line without a document: booked to 627 with its VAT in the bank's journal, and matched.
    const fees = await o.ok("POST", `/banks/reconcile/${statementId}/lines/2/entry`, {
      account: "627000",
      vatRate: "20",
    });
    const feesEntry = await o.ok("GET", `/accounting/entries/mvt/${fees.mvt}`);
    expect(feesEntry).toMatchObject({ journal: o.bank.journal, status: "validated" });
    expect((feesEntry.lines as EntryLine[]).map((l) => [l.account, l.debit, l.credit])).toEqual([
      [o.bank.account, 0, 1_200],
      ["627000", 1_000, 0],
      ["445660", 200, 0],
    ]);

    // Everything matched: the reconciliation statement explains the bank balance.
    const report = await o.ok("GET", `/banks/reconciliation?bankId=${o.bank.id}&date=${o.day}`);
    expect(report).toMatchObject({
      bookBalance: 94_800,
      bankBalance: 94_800,
      unmatchedBook: [],
      unmatchedLines: [],
      difference: 0,
    });
    const pdf = await harness.app.request(`/api/banks/reconciliation/pdf?bankId=${o.bank.id}&date=${o.day}`, {
      headers: { authorization: `Bearer ${o.token}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const file = join(mkdtempSync(join(tmpdir(), "etat-")), "etat.pdf");
    writeFileSync(file, bytes);
    const text = execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], {
      encoding: "utf8",
    }).replace(/[\u00a0\u202f]/g, " ");
    expect(text).toContain("État de rapprochement bancaire");
    expect(text).toContain("Solde comptable (compte 512)");
    expect(text).toContain("948,00");

    // Unmatched (stmt's route): the line is open again, and the payment it made is now its suggestion.
    expect(
      (await call("DELETE", `/banks/statements/${statementId}/lines/1/match`, o.token)).status,
    ).toBeLessThan(300);
    const reopened = await o.ok("GET", `${base}/suggestions`);
    expect(reopened.matched).toBe(false);
    expect(reopened.items[0]).toMatchObject({ key: `payment:${accepted.paymentId}`, kind: "payment" });
    const open = await o.ok("GET", `/banks/reconciliation?bankId=${o.bank.id}&date=${o.day}`);
    expect(open).toMatchObject({
      unmatchedBook: [{ amount: 96_000 }],
      unmatchedLines: [{ no: 1, amount: 96_000 }],
      difference: 0,
    });
  });

  it("matches an existing payment, bulk-reconciles, applies a rule, and lists what is left on each side", async () => {
    const o = await setup("Bulk");
    const inv = await o.invoice();
    const payment = await o.ok("POST", "/payments/sales", {
      date: o.day,
      amount: 96_000,
      modeId: (await o.ok("GET", "/payments/modes")).items.find(
        (m: { bankId: string | null }) => m.bankId === o.bank.id,
      ).id,
      reference: "VIR-778",
      allocations: [{ docId: inv.id, amount: 96_000 }],
    });
    await o.ok("POST", "/banks/rules", {
      name: "Frais",
      when: { labelContains: ["COMMISSION"], direction: "debit" },
      booking: { account: "627000" },
    });
    const second = await o.invoice();
    const third = await o.invoice();
    const statementId = await seedStatement(
      harness.ctx,
      o.orgId,
      o.bank,
      [
        { bookingDate: o.day, amount: 96_000, label: "VIREMENT RECU VIR-778", details: [] },
        { bookingDate: o.day, amount: -350, label: "COMMISSION CARTE", details: [] },
        { bookingDate: o.day, amount: 12_345, label: "REMISE INCONNUE", details: [] },
        { bookingDate: o.day, amount: 96_000, label: `VIR ${second.number}`, details: [] },
        { bookingDate: o.day, amount: 96_000, label: `VIR ${third.number}`, details: [] },
      ],
      { from: o.day, to: o.day, opening: 0, closing: 299_995 },
    );
    const list = await o.ok("GET", `/banks/reconcile/${statementId}/suggestions`);
    expect(list.items.find((i: { no: number }) => i.no === 1).top[0]).toMatchObject({
      key: `payment:${payment.id}`,
      kind: "payment",
    });
    expect(list.items.find((i: { no: number }) => i.no === 2).rule).toMatchObject({
      name: "Frais",
      mode: "proposed",
    });

    const bulk = await o.ok("POST", `/banks/reconcile/${statementId}/bulk`, {
      items: [{ no: 1 }, { no: 3 }, { no: 4 }, { no: 5 }],
    });
    expect(bulk.items).toEqual([
      { no: 1, key: `payment:${payment.id}`, status: "matched" },
      { no: 3, key: null, status: "skipped", reason: "noSuggestion" },
      { no: 4, key: `invoice:${second.id}`, status: "paid" },
      { no: 5, key: `invoice:${third.id}`, status: "paid" },
    ]);
    // The read models are waited for once, after the last commit: they show every line's work at the answer.
    for (const id of [second.id, third.id])
      expect(await o.ok("GET", `/docs/${id}`)).toMatchObject({ paymentStatus: "paid", due: 0 });
    const matched = await o.ok("GET", `/banks/statements/${statementId}`);
    expect(matched.lines.map((l: { match: unknown }) => l.match !== null)).toEqual([
      true,
      false,
      false,
      true,
      true,
    ]);
    const applied = await o.ok("POST", `/banks/reconcile/${statementId}/rules`, { nos: [2] });
    expect(applied.items).toHaveLength(1);

    const report = await o.ok("GET", `/banks/reconciliation?bankId=${o.bank.id}&date=${o.day}`);
    expect(report).toMatchObject({
      bookBalance: 3 * 96_000 - 350,
      bankBalance: 299_995,
      unmatchedBook: [],
      unmatchedLines: [{ statementId, no: 3, amount: 12_345 }],
      explainedBankBalance: 299_995,
      difference: 0,
    });
  });
  it("books on import the lines an automatic rule applies to, and only those", async () => {
    const o = await setup("Automatic");
    await o.ok("POST", "/banks/rules", {
      name: "Frais",
      automatic: true,
      when: { labelContains: ["FRAIS"], direction: "debit" },
      booking: { account: "627000", vatRate: "20" },
    });
    await o.ok("POST", "/banks/rules", {
      name: "Loyer",
      when: { labelContains: ["LOYER"], direction: "debit" },
      booking: { account: "613200" },
    });
    const camt = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>T</MsgId><CreDtTm>${o.day}T20:00:00</CreDtTm></GrpHdr>
<Stmt><Id>T-1</Id><Acct><Id><IBAN>FR7630006000011234567890189</IBAN></Id><Ccy>EUR</Ccy></Acct>
<Ntry><Amt Ccy="EUR">12.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${o.day}</Dt></BookgDt><AcctSvcrRef>T-A</AcctSvcrRef>
<NtryDtls><TxDtls><RmtInf><Ustrd>FRAIS TENUE DE COMPTE</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
<Ntry><Amt Ccy="EUR">800.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${o.day}</Dt></BookgDt><AcctSvcrRef>T-B</AcctSvcrRef>
<NtryDtls><TxDtls><RmtInf><Ustrd>LOYER MARS</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
</Stmt></BkToCstmrStmt></Document>`;
    const res = await harness.app.request(
      `/api/banks/statements/import?bankId=${o.bank.id}&fileName=releve.xml`,
      {
        method: "POST",
        headers: { "content-type": "application/octet-stream", authorization: `Bearer ${o.token}` },
        body: new TextEncoder().encode(camt) as BodyInit,
      },
    );
    expect(res.status).toBe(201);
    const { statementId } = (await res.json()) as { statementId: string };
    const statement = await o.ok("GET", `/banks/statements/${statementId}`);
    const [fees, rent] = statement.lines;
    expect(fees.match).toMatchObject({ kind: "entry", by: "rule" });
    expect(rent.match).toBeNull();
    const entry = await o.ok("GET", `/accounting/entries/mvt/${fees.match.mvt}`);
    expect((entry.lines as EntryLine[]).map((l) => [l.account, l.debit, l.credit])).toEqual([
      [o.bank.account, 0, 1_200],
      ["627000", 1_000, 0],
      ["445660", 200, 0],
    ]);
    // The other rule is proposed on the line it applies to.
    const proposed = await o.ok("GET", `/banks/reconcile/${statementId}/lines/2/suggestions`);
    expect(proposed.rule).toMatchObject({ name: "Loyer", mode: "proposed" });
  });
});
