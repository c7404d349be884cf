import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../../tests/support/databases.ts";
import { apiHarness } from "../../testing/api-harness.ts";
import {
  type EntryLine as Line,
  paymentsOrganisation,
  lineShape as shape,
} from "../../testing/payments-setup.ts";
import { seedStatement } from "../../testing/statement-seed.ts";

/** Credit notes settled by money: refunds to customers and from suppliers, by hand and from the bank's statement. */
describe.each(databaseKinds)("refunds of credit notes on %s", (kind) => {
  const { call, send, register, harness } = apiHarness(kind);

  const setup = async (name: string) => {
    const o = await paymentsOrganisation(call, register, name);
    const { day } = o;
    /** A validated invoice of `hours` of consulting (services: 80.00 € + 20 %), and its whole credit note. */
    const credited = async (direction: "sales" | "purchases", hours: string) => {
      const invoice = await o.invoice(direction, hours);
      // A supplier's credit note is typed in as it came; a customer's is made from the invoice.
      const draft = await o.ok(
        "POST",
        "/docs",
        direction === "sales"
          ? {
              kind: "creditNote",
              direction,
              issueDate: day,
              from: { relation: "creditNote", docId: invoice.id, selection: { kind: "whole" } },
            }
          : {
              kind: "creditNote",
              direction,
              issueDate: day,
              contactId: o.supplierId,
              lines: [{ kind: "item", itemId: o.itemId, quantity: hours }],
              supplierNumber: `AV-${hours}`,
              supplierDate: day,
            },
      );
      const credit = await o.ok("PUT", `/docs/${draft.id}/status/validated`);
      return { invoice, credit };
    };
    return { ...o, credited };
  };

  it("refunds a customer's credit note in two parts: 411 debited, the bank credited, lettered once settled; refusals; cancel", async () => {
    const o = await setup("Remboursement");
    const { invoice, credit } = await o.credited("sales", "10");
    expect(credit).toMatchObject({ kind: "creditNote", due: 96_000 });

    // The due list offers the credit note when asked, after the invoices.
    const due = await o.ok("GET", `/contacts/${o.customerId}/sales/due?creditNotes=true`);
    expect(due.items.map((d: { id: string; kind: string; due: number }) => [d.id, d.kind, d.due])).toEqual([
      [invoice.id, "invoice", 96_000],
      [credit.id, "creditNote", 96_000],
    ]);
    expect((await o.ok("GET", `/contacts/${o.customerId}/sales/due`)).items).toHaveLength(1);

    // Money received cannot settle a credit note alone: it must be a refund.
    const received = await send(
      "POST",
      "/payments/sales",
      o.token,
      {
        date: o.day,
        amount: 40_000,
        modeId: "transfer",
        allocations: [{ docId: credit.id, amount: 40_000 }],
      },
      { lang: "en" },
    );
    expect(received).toMatchObject({
      status: 422,
      body: { code: "payment.creditNotesNeedRefund", params: { field: "refund" } },
    });
    expect(received.body.detail).toContain("Record a refund");
    // A refund of an invoice, and one larger than what it settles: refused.
    const ofInvoice = await send("POST", "/payments/sales", o.token, {
      date: o.day,
      amount: 1_000,
      modeId: "transfer",
      refund: true,
      allocations: [{ docId: invoice.id, amount: 1_000 }],
    });
    expect(ofInvoice).toMatchObject({ status: 422, body: { code: "payment.refundWithoutCreditNote" } });
    const larger = await send("POST", "/payments/sales", o.token, {
      date: o.day,
      amount: 50_000,
      modeId: "transfer",
      refund: true,
      allocations: [{ docId: credit.id, amount: 40_000 }],
    });
    expect(larger).toMatchObject({
      status: 422,
      body: { code: "payment.refundNotAllocated", params: { field: "amount" } },
    });

    // A partial refund: the rest stays due, nothing lettered.
    const first = await call("POST", "/payments/sales", o.token, {
      date: o.day,
      amount: 40_000,
      modeId: "transfer",
      refund: true,
      allocations: [{ docId: credit.id, amount: 40_000 }],
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ refund: true, amount: 40_000, allocated: 40_000, unallocated: 0 });
    const entry1 = await o.ok("GET", `/accounting/entries/mvt/${first.body.entryMvt}`);
    expect(entry1.label).toMatch(/^Remboursement /);
    // VAT on receipts: the refund takes back the VAT its credit note had made due.
    expect(shape(entry1.lines)).toEqual([
      ["512000", null, 0, 40_000],
      ["411000", "aux", 40_000, 0],
      ["445740", null, 0, 6_667],
      ["445710", null, 6_667, 0],
    ]);
    expect(await o.ok("GET", `/docs/${credit.id}`)).toMatchObject({
      paid: 40_000,
      due: 56_000,
      paymentStatus: "partial",
    });
    expect(entry1.lines[1].letterCode).toBeNull();
    // No advance: the contact's advances list ignores refunds.
    expect((await o.ok("GET", `/payments/sales/advances?contactId=${o.customerId}`)).total).toBe(0);

    // The rest through POST /payments: settled, and its 411 line lettered with both refunds.
    const second = await call("POST", "/payments", o.token, {
      direction: "sales",
      date: o.day,
      amount: 56_000,
      modeId: "transfer",
      refund: true,
      allocations: [{ docId: credit.id, amount: 56_000 }],
    });
    expect(second.status).toBe(201);
    expect(await o.ok("GET", `/docs/${credit.id}`)).toMatchObject({ due: 0, paymentStatus: "paid" });
    const own = async () =>
      ((await o.ok("GET", `/accounting/entries/mvt/${credit.entryMvt}`)).lines as Line[]).find(
        (l) => l.account === "411000",
      );
    const code = (await own())?.letterCode;
    expect(code).toMatch(/^[A-Z]{2}$/);
    const entry2 = await o.ok("GET", `/accounting/entries/mvt/${second.body.entryMvt}`);
    expect(entry2.lines[1].letterCode).toBe(code);
    expect((await o.ok("GET", `/accounting/entries/mvt/${first.body.entryMvt}`)).lines[1].letterCode).toBe(
      code,
    );
    // VAT: the two refunds take back the credit note's whole VAT, to the cent.
    const back = [entry1, entry2].flatMap((e) => e.lines as Line[]).filter((l) => l.account === "445710");
    expect(back.reduce((s, l) => s + l.debit, 0)).toBe(16_000);

    // Cancelling a refund: its reversal, the lettering undone, the credit note partly refunded again.
    const cancelled = await o.ok("PUT", `/payments/${second.body.id}/cancel`, { date: o.day });
    expect(cancelled).toMatchObject({ status: "cancelled", refund: true });
    const reversal = await o.ok("GET", `/accounting/entries/mvt/${cancelled.reversalMvt}`);
    expect(shape(reversal.lines).slice(0, 2)).toEqual([
      ["512000", null, 56_000, 0],
      ["411000", "aux", 0, 56_000],
    ]);
    expect((await own())?.letterCode).toBeNull();
    expect(await o.ok("GET", `/docs/${credit.id}`)).toMatchObject({ due: 56_000, paymentStatus: "partial" });
  });

  it("records a supplier's refund: the bank debited, 401 credited, the credit note lettered", async () => {
    const o = await setup("AvoirFournisseur");
    const { credit } = await o.credited("purchases", "2");
    const refund = await call("POST", "/payments/purchases", o.token, {
      date: o.day,
      amount: 9_600,
      modeId: "transfer",
      refund: true,
      allocations: [{ docId: credit.id, amount: 9_600 }],
    });
    expect(refund.body).toMatchObject({ refund: true });
    const entry = await o.ok("GET", `/accounting/entries/mvt/${refund.body.entryMvt}`);
    expect(shape(entry.lines)).toEqual([
      ["512000", null, 9_600, 0],
      ["401000", "aux", 0, 9_600],
      // The credit note's deductible VAT on services, taken back as it is refunded: 445660 -> 445640.
      ["445640", null, 1_600, 0],
      ["445660", null, 0, 1_600],
    ]);
    const own = ((await o.ok("GET", `/accounting/entries/mvt/${credit.entryMvt}`)).lines as Line[]).find(
      (l) => l.account === "401000",
    );
    expect(own).toMatchObject({ debit: 9_600 });
    expect(own?.letterCode).toBe(entry.lines[1].letterCode);
    expect(own?.letterCode).toMatch(/^[A-Z]{2}$/);
  });

  it("keeps a customer's refund paid out of the till from the deposits, and lists a supplier's refund cheque", async () => {
    const o = await setup("RemiseAvoir");
    const sale = await o.credited("sales", "1");
    const bought = await o.credited("purchases", "1");
    const cash = await o.ok("POST", "/payments/sales", {
      date: o.day,
      amount: 9_600,
      modeId: "cash",
      refund: true,
      allocations: [{ docId: sale.credit.id, amount: 9_600 }],
    });
    expect(cash).toMatchObject({ refund: true, account: "530000" });
    const cheque = await o.ok("POST", "/payments/purchases", {
      date: o.day,
      amount: 4_800,
      modeId: "cheque",
      refund: true,
      allocations: [{ docId: bought.credit.id, amount: 4_800 }],
    });
    expect(cheque).toMatchObject({ account: "511200" });
    const waiting = await o.ok("GET", "/accounting/deposits/init");
    expect(waiting.items.map((p: { id: string }) => p.id)).toEqual([cheque.id]);
  });

  it("suggests a customer's credit note for a debit line, and accepting it refunds, letters and matches in one commit", async () => {
    const o = await setup("RapprochementAvoir");
    const bank = await o.ok("POST", "/banks", {
      name: "Banque Populaire",
      iban: "FR7630006000011234567890189",
    });
    await o.ok("POST", "/payments/modes", { kind: "transfer", label: "Virement BP", bankId: bank.id });
    const { credit } = await o.credited("sales", "10");
    const supplier = await o.credited("purchases", "2");
    const statementId = await seedStatement(
      harness.ctx,
      o.orgId,
      bank,
      [
        { bookingDate: o.day, amount: -96_000, label: "VIR SEPA ALPHA SARL REMBOURSEMENT", details: [] },
        { bookingDate: o.day, amount: 9_600, label: `VIR RECU ${supplier.credit.number}`, details: [] },
      ],
      { from: o.day, to: o.day, opening: 0, closing: -86_400 },
    );
    const base = `/banks/reconcile/${statementId}/lines`;
    const suggested = await o.ok("GET", `${base}/1/suggestions`);
    expect(suggested.items[0]).toMatchObject({
      key: `invoice:${credit.id}`,
      kind: "invoices",
      amount: 96_000,
      invoices: [{ id: credit.id, number: credit.number, kind: "creditNote", due: 96_000 }],
    });
    const codes = suggested.items[0].reasons.map((r: { code: string }) => r.code);
    expect(codes).toEqual(expect.arrayContaining(["amount", "name"]));
    // The invoice of the same amount is money in: not suggested for money out.
    expect(
      suggested.items.every((s: { invoices: { kind: string }[] }) =>
        s.invoices.every((i) => i.kind === "creditNote"),
      ),
    ).toBe(true);

    const accepted = await o.ok("POST", `${base}/1/accept`, { key: `invoice:${credit.id}` });
    const payment = await o.ok("GET", `/payments/${accepted.paymentId}`);
    expect(payment).toMatchObject({
      refund: true,
      amount: 96_000,
      account: bank.account,
      journal: bank.journal,
    });
    expect(await o.ok("GET", `/docs/${credit.id}`)).toMatchObject({ due: 0, paymentStatus: "paid" });
    const entry = await o.ok("GET", `/accounting/entries/mvt/${payment.entryMvt}`);
    expect(shape(entry.lines).slice(0, 2)).toEqual([
      [bank.account, null, 0, 96_000],
      ["411000", "aux", 96_000, 0],
    ]);
    const own = ((await o.ok("GET", `/accounting/entries/mvt/${credit.entryMvt}`)).lines as Line[]).find(
      (l) => l.account === "411000",
    );
    expect(own?.letterCode).toMatch(/^[A-Z]{2}$/);
    expect(entry.lines[1].letterCode).toBe(own?.letterCode);
    expect((await o.ok("GET", `${base}/1/suggestions`)).matched).toBe(true);

    // The supplier's refund on a credit line: suggested by its number, accepted the same way.
    const income = await o.ok("GET", `${base}/2/suggestions`);
    expect(income.items[0]).toMatchObject({
      key: `invoice:${supplier.credit.id}`,
      invoices: [{ kind: "creditNote", due: 9_600 }],
    });
    const second = await o.ok("POST", `${base}/2/accept`, { key: `invoice:${supplier.credit.id}` });
    const received = await o.ok("GET", `/payments/${second.paymentId}`);
    expect(received).toMatchObject({ direction: "purchases", refund: true, amount: 9_600 });
    expect(await o.ok("GET", `/docs/${supplier.credit.id}`)).toMatchObject({ due: 0, paymentStatus: "paid" });
  });
});
