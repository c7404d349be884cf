import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../../tests/support/databases.ts";
import { apiHarness } from "../../testing/api-harness.ts";
import { paymentsOrganisation } from "../../testing/payments-setup.ts";
import { seedStatement } from "../../testing/statement-seed.ts";

/**
 * An entry names what posted it (issue 23, point 6), and one corrected elsewhere is not reversed by
 * hand: an invoice's entry takes a credit note, a payment's the payment's cancellation, a deposit's
 * follows its deposit, and an entry reconciled with a bank line waits until that match is undone.
 */
describe.each(databaseKinds)("an entry's origin and how it is corrected on %s", (kind) => {
  const { call, send, register, harness } = apiHarness(kind);

  it("names the invoice, the payment and the deposit that posted an entry, and refuses to reverse them", async () => {
    const o = await paymentsOrganisation(call, register, "Origines");
    const drafts = async () => (await o.ok("GET", "/accounting/entries?status=draft")).total;
    const before = await drafts();

    const invoice = await o.invoice();
    const posted = await o.ok("GET", `/accounting/entries/mvt/${invoice.entryMvt}`);
    expect(posted).toMatchObject({
      origin: { kind: "document", doc: invoice.id },
      source: {
        document: { id: invoice.id, direction: "sales", kind: "invoice", number: invoice.number },
        payment: null,
        deposit: null,
        statementLine: null,
      },
      correction: "document",
    });
    const refused = await send("POST", `/accounting/entries/${invoice.entryMvt}/reverse`, o.token, {
      date: o.day,
    });
    expect(refused).toMatchObject({
      status: 409,
      body: {
        code: "entry.reverseInvoice",
        detail: `Cette écriture a été passée par la facture ${invoice.number} : elle se corrige par un avoir sur cette facture, pas par une contre-passation.`,
      },
    });
    const english = await send(
      "POST",
      `/accounting/entries/${invoice.entryMvt}/reverse`,
      o.token,
      { date: o.day },
      { lang: "en" },
    );
    expect(english.body.detail).toBe(
      `This entry was posted by invoice ${invoice.number}: it is corrected by a credit note on that invoice, not by a reversal.`,
    );

    // A cheque received for it: the payment's entry names the payment, and is corrected by cancelling it.
    const cheque = await o.ok("POST", "/payments/sales", {
      date: o.day,
      amount: 96_000,
      modeId: "cheque",
      reference: "1234567",
      drawer: "Alpha SARL",
      allocations: [{ docId: invoice.id, amount: 96_000 }],
    });
    const paid = await o.ok("GET", `/accounting/entries/mvt/${cheque.entryMvt}`);
    expect(paid).toMatchObject({
      origin: { kind: "payment", payment: cheque.id },
      source: {
        document: null,
        payment: {
          id: cheque.id,
          direction: "sales",
          refund: false,
          date: o.day,
          amount: 96_000,
          cancelled: false,
        },
      },
      correction: "payment",
    });
    const payment = await send(
      "POST",
      `/accounting/entries/${cheque.entryMvt}/reverse`,
      o.token,
      { date: o.day },
      { lang: "en" },
    );
    expect(payment).toMatchObject({ status: 409, body: { code: "entry.reversePayment" } });
    // The day in words, never ISO.
    expect(payment.body.detail).not.toContain(o.day);
    expect(payment.body.detail).toMatch(/^This entry was posted by the payment of \d{1,2} \w+ \d{4}: /);

    // Deposited: the deposit's entry names it by its number.
    const deposit = await o.ok("POST", "/accounting/deposits", { date: o.day, paymentIds: [cheque.id] });
    const deposited = await o.ok("GET", `/accounting/entries/mvt/${deposit.entryMvt}`);
    expect(deposited).toMatchObject({
      origin: { kind: "deposit", deposit: deposit.id },
      source: { deposit: { id: deposit.id, number: deposit.number, date: o.day } },
      correction: "deposit",
    });
    const bank = await send("POST", `/accounting/entries/${deposit.entryMvt}/reverse`, o.token, {
      date: o.day,
    });
    expect(bank).toMatchObject({ status: 409, body: { code: "entry.reverseDeposit" } });
    expect(bank.body.detail).toContain(deposit.number);

    // Nothing was drafted by the refusals.
    expect(await drafts()).toBe(before);
  });

  it("books a bank line with its statement as origin, and reverses it only once the match is undone", async () => {
    const o = await paymentsOrganisation(call, register, "Rapprochee");
    const bankAccount = await o.ok("POST", "/banks", {
      name: "Banque Populaire",
      iban: "FR7630006000011234567890189",
    });
    const statementId = await seedStatement(
      harness.ctx,
      o.orgId,
      bankAccount,
      [{ bookingDate: o.day, amount: -1_200, label: "FRAIS TENUE DE COMPTE", details: [] }],
      { from: o.day, to: o.day, opening: 0, closing: -1_200 },
    );
    const fees = await o.ok("POST", `/banks/reconcile/${statementId}/lines/1/entry`, {
      account: "627000",
      vatRate: "20",
    });
    const booked = await o.ok("GET", `/accounting/entries/mvt/${fees.mvt}`);
    expect(booked).toMatchObject({
      origin: { kind: "statementLine", statement: statementId, no: 1 },
      source: {
        statementLine: {
          statementId,
          no: 1,
          bookingDate: o.day,
          amount: -1_200,
          label: "FRAIS TENUE DE COMPTE",
        },
      },
      correction: "unmatch",
    });
    const matched = await send("POST", `/accounting/entries/${fees.mvt}/reverse`, o.token, { date: o.day });
    expect(matched).toMatchObject({
      status: 409,
      body: { code: "entry.reverseReconciled", params: { no: 1 } },
    });
    expect(matched.body.detail).toMatch(/^Cette écriture est rapprochée de la ligne 1 d’un relevé bancaire/);

    expect(
      (await call("DELETE", `/banks/statements/${statementId}/lines/1/match`, o.token)).status,
    ).toBeLessThan(300);
    const unmatched = await o.ok("GET", `/accounting/entries/mvt/${fees.mvt}`);
    expect(unmatched).toMatchObject({ source: { statementLine: null }, correction: "reversal" });
    const reversal = await call("POST", `/accounting/entries/${fees.mvt}/reverse`, o.token, { date: o.day });
    expect(reversal.status).toBe(201);
    expect(reversal.body).toMatchObject({
      status: "draft",
      origin: { kind: "reversal", of: fees.mvt },
      correction: "reversal",
    });
  });

  it("cancels a payment reconciled with a bank line only once the match is undone", async () => {
    const o = await paymentsOrganisation(call, register, "Virement");
    const bank = await o.ok("POST", "/banks", {
      name: "Banque Populaire",
      iban: "FR7630006000011234567890189",
    });
    const mode = await o.ok("POST", "/payments/modes", {
      kind: "transfer",
      label: "Virement BP",
      bankId: bank.id,
    });
    const invoice = await o.invoice();
    const payment = await o.ok("POST", "/payments/sales", {
      date: o.day,
      amount: 50_000,
      modeId: mode.id,
      allocations: [{ docId: invoice.id, amount: 50_000 }],
    });
    const statementId = await seedStatement(
      harness.ctx,
      o.orgId,
      bank,
      [{ bookingDate: o.day, amount: 50_000, label: "VIR ALPHA SARL", details: [] }],
      { from: o.day, to: o.day, opening: 0, closing: 50_000 },
    );
    await o.ok("PUT", `/banks/statements/${statementId}/lines/1/match`, { kind: "payment", id: payment.id });
    const refused = await send("PUT", `/payments/${payment.id}/cancel`, o.token, { date: o.day });
    expect(refused).toMatchObject({ status: 409, body: { code: "payment.reconciled", params: { no: 1 } } });
    expect(refused.body.detail).toMatch(
      /^Ce paiement est rapproché de la ligne 1 d’un relevé bancaire \(opération du /,
    );
    expect((await o.ok("GET", `/payments/${payment.id}`)).status).not.toBe("cancelled");

    expect(
      (await call("DELETE", `/banks/statements/${statementId}/lines/1/match`, o.token)).status,
    ).toBeLessThan(300);
    const cancelled = await call("PUT", `/payments/${payment.id}/cancel`, o.token, { date: o.day });
    expect(cancelled.status).toBe(200);
  });
});
