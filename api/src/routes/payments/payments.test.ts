import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../../tests/support/databases.ts";
import { apiHarness } from "../../testing/api-harness.ts";
import {
  type EntryLine as Line,
  paymentsOrganisation,
  lineShape as shape,
} from "../../testing/payments-setup.ts";

describe.each(databaseKinds)("payments, banks and deposits on %s", (kind) => {
  const { call, send, register, harness } = apiHarness(kind);

  const setup = (name: string) => paymentsOrganisation(call, register, name);

  it("creates a bank with its 512 account and BQ journal, checks its IBAN, lists the default modes", async () => {
    const o = await setup("Banque");
    const bank = await call("POST", "/banks", o.token, {
      name: "Banque Populaire",
      iban: "FR76 3000 6000 0112 3456 7890 189",
      bic: "AGRIFRPP",
      openingBalance: 150_000,
      openingDate: o.year.start,
    });
    expect(bank.status).toBe(201);
    expect(bank.body).toMatchObject({
      iban: "FR7630006000011234567890189",
      account: "512001",
      journal: "BQ1",
      closed: false,
    });
    // Its name already says it is a bank: « Banque Populaire », not « Banque Banque Populaire ».
    const journal = await call("GET", "/accounting/journals/BQ1", o.token);
    expect(journal.body).toMatchObject({
      kind: "bank",
      account: "512001",
      label: "Banque Populaire",
      labelEn: "Banque Populaire",
    });
    const account = await call("GET", "/accounting/accounts/512001", o.token);
    expect(account).toMatchObject({ status: 200, body: { label: "Banque Populaire" } });

    const bad = await send("POST", "/banks", o.token, { name: "X", iban: "FR76 1234" }, { lang: "en" });
    expect(bad).toMatchObject({ status: 422, body: { code: "validation.invalidIban" } });
    expect((await call("GET", "/banks", o.token)).body.items).toHaveLength(1);

    const closed = await call("PUT", `/banks/${bank.body.id}/closed`, o.token, { closed: true });
    expect(closed.body.closed).toBe(true);
    const refused = await send("POST", "/payments/modes", o.token, {
      kind: "transfer",
      label: "BP",
      bankId: bank.body.id,
    });
    expect(refused).toMatchObject({ status: 409, body: { code: "bank.closed" } });

    const modes = await call("GET", "/payments/modes", o.token);
    expect(
      modes.body.items.map((m: { id: string; deposit: boolean; account: string }) => [
        m.id,
        m.deposit,
        m.account,
      ]),
    ).toEqual([
      ["transfer", false, "512000"],
      ["cheque", true, "511200"],
      ["card", false, "512000"],
      ["directDebit", false, "512000"],
      ["cash", true, "530000"],
      ["other", false, "512000"],
    ]);
  });

  it("pays an invoice in two parts: partial then paid, VAT on receipts moved, 411 lines lettered; a cancellation undoes it", async () => {
    const o = await setup("Paie");
    const inv = await o.invoice();
    const missing = await send(
      "POST",
      "/payments/sales",
      o.token,
      {
        date: o.day,
        amount: 10_000,
        allocations: [{ docId: inv.id, amount: 10_000 }],
      },
      { lang: "en" },
    );
    expect(missing).toMatchObject({
      status: 422,
      body: { code: "payment.modeMissing", detail: "Payment method missing." },
    });

    const first = await call("POST", "/payments/sales", o.token, {
      date: o.day,
      amount: 36_000,
      modeId: "transfer",
      reference: "VIR 1",
      allocations: [{ docId: inv.id, amount: 36_000 }],
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      status: "validated",
      amount: 36_000,
      allocated: 36_000,
      unallocated: 0,
      journal: "BQ",
    });
    const partial = await call("GET", `/docs/${inv.id}`, o.token);
    expect(partial.body).toMatchObject({ paid: 36_000, due: 60_000, paymentStatus: "partial" });
    const entry1 = await call("GET", `/accounting/entries/mvt/${first.body.entryMvt}`, o.token);
    expect(entry1.body).toMatchObject({
      origin: { kind: "payment", payment: first.body.id },
      status: "validated",
    });
    expect(shape(entry1.body.lines)).toEqual([
      ["512000", null, 36_000, 0],
      ["411000", "aux", 0, 36_000],
      ["445740", null, 6_000, 0],
      ["445710", null, 0, 6_000],
    ]);
    expect(entry1.body.lines[1].letterCode).toBeNull();

    // The rest and 40.00 € more: paid, the overpayment an advance on the customer.
    const over = await send("POST", "/payments/sales", o.token, {
      date: o.day,
      amount: 70_000,
      modeId: "transfer",
      allocations: [{ docId: inv.id, amount: 70_000 }],
    });
    expect(over).toMatchObject({ status: 422, body: { code: "payment.allocationExceedsDue" } });
    const second = await call("POST", "/payments/sales", o.token, {
      date: o.day,
      amount: 64_000,
      modeId: "card",
      allocations: [{ docId: inv.id, amount: 60_000 }],
    });
    expect(second.body).toMatchObject({ allocated: 60_000, unallocated: 4_000 });
    const paid = await call("GET", `/docs/${inv.id}`, o.token);
    expect(paid.body).toMatchObject({ paid: 96_000, due: 0, paymentStatus: "paid" });
    const entry2 = await call("GET", `/accounting/entries/mvt/${second.body.entryMvt}`, o.token);
    const invoiceEntry = await call("GET", `/accounting/entries/mvt/${inv.entryMvt}`, o.token);
    const code = invoiceEntry.body.lines[0].letterCode;
    expect(code).toBe("AA");
    expect(
      entry1.body.lines[1].letterCode ??
        (await call("GET", `/accounting/entries/mvt/${first.body.entryMvt}`, o.token)).body.lines[1]
          .letterCode,
    ).toBe("AA");
    expect(entry2.body.lines[1].letterCode).toBe("AA");
    expect(entry2.body.lines[2].letterCode).toBeNull(); // the advance stays open
    // The VAT now due adds up to the invoice's whole VAT.
    const vat = [entry1, entry2].flatMap((e) => e.body.lines).filter((l: Line) => l.account === "445710");
    expect(vat.reduce((s: number, l: Line) => s + l.credit, 0)).toBe(16_000);

    const list = await call("GET", `/payments/sales?docId=${inv.id}`, o.token);
    expect(list.body).toMatchObject({ total: 2, amount: 100_000 });
    const history = await call("GET", `/payments/${second.body.id}/histories`, o.token);
    expect(history.body.items.map((h: { type: string }) => h.type)).toEqual(["PaymentRecorded"]);

    // Cancelling: a reversal, the lettering undone, the invoice partially paid again.
    const cancelled = await call("PUT", `/payments/${second.body.id}/cancel`, o.token, { date: o.day });
    expect(cancelled.body).toMatchObject({ status: "cancelled", reversalMvt: expect.any(String) });
    const reversal = await call("GET", `/accounting/entries/mvt/${cancelled.body.reversalMvt}`, o.token);
    expect(reversal.body).toMatchObject({ status: "validated", debit: entry2.body.debit });
    expect(
      (await call("GET", `/accounting/entries/mvt/${inv.entryMvt}`, o.token)).body.lines[0].letterCode,
    ).toBeNull();
    expect((await call("GET", `/docs/${inv.id}`, o.token)).body).toMatchObject({
      paid: 36_000,
      paymentStatus: "partial",
    });
    // The invoice's history says which payment, on what day and for how much; and the one released.
    const docHistory = await call("GET", `/docs/histories?docId=${inv.id}`, o.token);
    const payments = docHistory.body.events
      .filter((e: { type: string }) => e.type.startsWith("DocumentPayment"))
      .map((e: { type: string; payment: unknown }) => [e.type, e.payment]);
    expect(payments).toEqual([
      ["DocumentPaymentReleased", { id: second.body.id, date: null, amount: null }],
      ["DocumentPaymentAllocated", { id: second.body.id, date: o.day, amount: 60_000 }],
      ["DocumentPaymentAllocated", { id: first.body.id, date: o.day, amount: 36_000 }],
    ]);
    const again = await call("PUT", `/payments/${second.body.id}/cancel`, o.token, { date: o.day });
    expect(again.body.status).toBe("cancelled");
  });

  it("pays a supplier's invoice: 401 debited, the bank credited, both 401 lines lettered", async () => {
    const o = await setup("Fournisseur");
    const bought = await o.ok("POST", "/docs", {
      kind: "invoice",
      direction: "purchases",
      issueDate: o.day,
      supplierNumber: "B-991",
      supplierDate: o.day,
      contactId: o.supplierId,
      lines: [{ kind: "item", itemId: o.itemId, quantity: "2" }],
    });
    const inv = await o.ok("PUT", `/docs/${bought.id}/status/validated`);
    const paid = await call("POST", "/payments/purchases", o.token, {
      date: o.day,
      amount: 9_600,
      modeId: "transfer",
      allocations: [{ docId: inv.id, amount: 9_600 }],
    });
    expect(paid.status).toBe(201);
    const entry = await call("GET", `/accounting/entries/mvt/${paid.body.entryMvt}`, o.token);
    // The supplier has not opted for the débits: its VAT on services becomes deductible now, 445640 -> 445660.
    expect(shape(entry.body.lines)).toEqual([
      ["512000", null, 0, 9_600],
      ["401000", "aux", 9_600, 0],
      ["445640", null, 0, 1_600],
      ["445660", null, 1_600, 0],
    ]);
    expect(entry.body.lines[3].vat).toEqual({
      rate: "20",
      kind: "services",
      regime: "domestic",
      base: 8_000,
    });
    const invoiceEntry = await call("GET", `/accounting/entries/mvt/${inv.entryMvt}`, o.token);
    const own = invoiceEntry.body.lines.find((l: Line) => l.account === "401000");
    expect(own.letterCode).toBe(entry.body.lines[1].letterCode);
    expect(own.letterCode).toMatch(/^[A-Z]{2}$/);
    expect((await call("GET", `/docs/${inv.id}`, o.token)).body.paymentStatus).toBe("paid");
    // A sales payment naming the supplier's invoice is refused: another side.
    const wrong = await send("POST", "/payments/sales", o.token, {
      date: o.day,
      amount: 100,
      modeId: "transfer",
      contactId: o.customerId,
      allocations: [{ docId: inv.id, amount: 100 }],
    });
    expect(wrong).toMatchObject({ status: 422, body: { code: "payment.documentOtherContact" } });
  });

  it("deposits two cheques: one bank line, 5112 cleared, a slip to print; a cheque is never deposited twice", async () => {
    const o = await setup("Remise");
    const a = await o.invoice();
    const b = await o.invoice();
    const cheque = (doc: { id: string }, n: string) =>
      o.ok("POST", "/payments/sales", {
        date: o.day,
        amount: 96_000,
        modeId: "cheque",
        reference: n,
        drawer: "Alpha SARL",
        drawerBank: "Crédit Agricole",
        allocations: [{ docId: doc.id, amount: 96_000 }],
      });
    const c1 = await cheque(a, "1234567");
    const c2 = await cheque(b, "1234568");
    expect(c1).toMatchObject({ account: "511200", bankAccount: "512000" });
    const init = await call("GET", "/accounting/deposits/init", o.token);
    expect(init.body).toMatchObject({ count: 2, total: 192_000 });
    // The bank is the user's choice: cheques waiting for the default account are not deposited in another.
    const bank = await o.ok("POST", "/banks", {
      name: "Banque Populaire",
      iban: "FR7630006000011234567890189",
    });
    const elsewhere = await send("POST", "/accounting/deposits", o.token, {
      date: o.day,
      paymentIds: [c1.id, c2.id],
      bankId: bank.id,
    });
    expect(elsewhere).toMatchObject({
      status: 422,
      body: {
        code: "deposit.otherBank",
        detail:
          "Le chèque ou les espèces de Alpha SARL attendent d’être remis sur un autre compte (512000) que la banque choisie.",
        errors: [{ path: "bankId" }],
      },
    });
    expect((await call("GET", "/accounting/deposits/init", o.token)).body.count).toBe(2);
    const deposit = await call("POST", "/accounting/deposits", o.token, {
      date: o.day,
      paymentIds: [c1.id, c2.id],
      bankId: null,
    });
    expect(deposit.status).toBe(201);
    const year = o.day.slice(0, 4);
    expect(deposit.body).toMatchObject({
      number: `REM${year}-0001`,
      count: 2,
      total: 192_000,
      source: "511200",
    });
    const entry = await call("GET", `/accounting/entries/mvt/${deposit.body.entryMvt}`, o.token);
    expect(shape(entry.body.lines)).toEqual([
      ["512000", null, 192_000, 0],
      ["511200", null, 0, 96_000],
      ["511200", null, 0, 96_000],
    ]);
    expect((await call("GET", "/accounting/deposits/init", o.token)).body.count).toBe(0);
    const twice = await send("POST", "/accounting/deposits", o.token, { date: o.day, paymentIds: [c1.id] });
    expect(twice).toMatchObject({ status: 409, body: { code: "deposit.alreadyDeposited" } });
    const locked = await send("PUT", `/payments/${c1.id}/cancel`, o.token, { date: o.day });
    expect(locked).toMatchObject({ status: 409, body: { code: "payment.deposited" } });

    const pdf = await harness.app.request(`/api/accounting/deposits/${deposit.body.id}/pdf?lang=fr`, {
      headers: { authorization: `Bearer ${o.token}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const file = join(mkdtempSync(join(tmpdir(), "slip-")), "slip.pdf");
    writeFileSync(file, Buffer.from(await pdf.arrayBuffer()));
    const text = execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], {
      encoding: "utf8",
    }).replace(/[\u00a0\u202f]/g, " ");
    expect(text).toContain("Bordereau de remise de chèques");
    expect(text).toContain(`REM${year}-0001`);
    expect(text).toContain("1234567");
    expect(text).toContain("Crédit Agricole");
    expect(text).toMatch(/Nombre : 2/);
    expect(text).toContain("1 920,00");
  });
});
