import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../../tests/support/databases.ts";
import { apiHarness } from "../../testing/api-harness.ts";
import { paymentsOrganisation, lineShape as shape } from "../../testing/payments-setup.ts";

describe.each(databaseKinds)("a payment's advance used later on %s", (kind) => {
  const { call, send, register } = apiHarness(kind);

  const setup = (name: string) => paymentsOrganisation(call, register, name);

  it("keeps an overpayment on 411 as an advance, shows it, allocates it to later invoices and letters across the entries; a cancellation reverses it all", async () => {
    const o = await setup("Avance");
    // 1,500.00 € received before any invoice: all of it an advance on the customer, on 411 unlettered.
    const received = await call("POST", "/payments/sales", o.token, {
      date: o.day,
      amount: 150_000,
      modeId: "transfer",
      contactId: o.customerId,
      reference: "VIR AVANCE",
    });
    expect(received.body).toMatchObject({ allocated: 0, unallocated: 150_000 });
    const recording = await o.entry(received.body.entryMvt);
    expect(shape(recording.lines)).toEqual([
      ["512000", null, 150_000, 0],
      ["411000", "aux", 0, 150_000],
    ]);
    const advances = await call("GET", `/payments/sales/advances?contactId=${o.customerId}`, o.token);
    expect(advances.body).toMatchObject({ contactId: o.customerId, total: 150_000 });
    expect(advances.body.items.map((p: { id: string }) => p.id)).toEqual([received.body.id]);

    // First invoice, 960.00 €: paid whole from the advance.
    const first = await o.invoice();
    const beyondDue = await send("POST", `/payments/${received.body.id}/allocations`, o.token, {
      date: o.day,
      allocations: [{ docId: first.id, amount: 100_000 }],
    });
    expect(beyondDue).toMatchObject({ status: 422, body: { code: "payment.allocationExceedsDue" } });
    const used = await call("POST", `/payments/${received.body.id}/allocations`, o.token, {
      date: o.day,
      allocations: [{ docId: first.id, amount: 96_000 }],
    });
    expect(used.status).toBe(200);
    expect(used.body).toMatchObject({ allocated: 96_000, unallocated: 54_000 });
    expect(used.body.allocations).toEqual([
      { docId: first.id, number: first.number, kind: "invoice", amount: 96_000 },
    ]);
    expect((await call("GET", `/docs/${first.id}`, o.token)).body).toMatchObject({
      paid: 96_000,
      due: 0,
      paymentStatus: "paid",
    });
    // The transfer in OD: the advance's 411 line debited, the invoice's credited, the VAT now due.
    const payments = await call("GET", `/payments/sales?docId=${first.id}`, o.token);
    expect(payments.body.total).toBe(1);
    const invoiceEntry = await o.entry(first.entryMvt);
    const code = invoiceEntry.lines[0]?.letterCode;
    expect(code).toMatch(/^[A-Z]+$/);
    const histories = await call("GET", `/payments/${received.body.id}/histories`, o.token);
    expect(histories.body.items.map((h: { type: string }) => h.type)).toEqual([
      "PaymentRecorded",
      "PaymentRemainderAllocated",
    ]);
    const entries = await call("GET", "/accounting/entries?journal=OD", o.token);
    const transfers = (entries.body.items as { mvt: string; origin: { payment?: string } }[]).filter(
      (e) => e.origin.payment === received.body.id,
    );
    expect(transfers).toHaveLength(1);
    const transfer = await o.entry(transfers[0]?.mvt ?? "");
    expect(transfer.journal).toBe("OD");
    expect(shape(transfer.lines)).toEqual([
      ["411000", "aux", 96_000, 0],
      ["411000", "aux", 0, 96_000],
      ["445740", null, 16_000, 0],
      ["445710", null, 0, 16_000],
    ]);
    expect(transfer.lines[1]?.letterCode).toBe(code);
    expect(transfer.lines[0]?.letterCode).toBeNull();
    expect((await o.entry(received.body.entryMvt)).lines[1]?.letterCode).toBeNull();

    // Second invoice: only what is left of the advance can be used; it is then partly paid.
    const second = await o.invoice();
    const exceeded = await send(
      "POST",
      `/payments/${received.body.id}/allocations`,
      o.token,
      { date: o.day, allocations: [{ docId: second.id, amount: 60_000 }] },
      { lang: "en" },
    );
    expect(exceeded).toMatchObject({
      status: 409,
      body: {
        code: "payment.remainderExceeded",
        detail: "The allocation (€600.00) exceeds the payment’s available advance (€540.00).",
        errors: [{ path: "allocations" }],
      },
    });
    const rest = await call("POST", `/payments/${received.body.id}/allocations`, o.token, {
      allocations: [{ docId: second.id, amount: 54_000 }],
    });
    expect(rest.body).toMatchObject({ allocated: 150_000, unallocated: 0 });
    expect((await call("GET", `/docs/${second.id}`, o.token)).body).toMatchObject({
      paid: 54_000,
      due: 42_000,
      paymentStatus: "partial",
    });
    const due = await call("GET", `/contacts/${o.customerId}/sales/due`, o.token);
    expect(due.body.items.map((d: { id: string; due: number }) => [d.id, d.due])).toEqual([
      [second.id, 42_000],
    ]);
    // Used up: the advance line is lettered with the transfers' lines, no advance left to show.
    expect((await o.entry(received.body.entryMvt)).lines[1]?.letterCode).toMatch(/^[A-Z]+$/);
    expect(
      (await call("GET", `/payments/sales/advances?contactId=${o.customerId}`, o.token)).body,
    ).toMatchObject({ total: 0, items: [] });
    const more = await send("POST", `/payments/${received.body.id}/allocations`, o.token, {
      allocations: [{ docId: second.id, amount: 1 }],
    });
    expect(more.status).toBe(422);

    // Cancelling: the recording and both transfers reversed, the invoices unpaid again, nothing lettered.
    const cancelled = await call("PUT", `/payments/${received.body.id}/cancel`, o.token, { date: o.day });
    expect(cancelled.body).toMatchObject({ status: "cancelled", reversalMvt: expect.any(String) });
    const after = await call("GET", "/accounting/entries?journal=OD", o.token);
    const odLines = (after.body.items as { origin: { payment?: string }; debit: number }[]).filter(
      (e) => e.origin.payment === received.body.id,
    );
    // Two transfers and their two reversals, in OD; the recording's reversal in BQ.
    // (each with the VAT on receipts it moved: 960.00 + 160.00, 540.00 + 90.00).
    expect(odLines.map((e) => e.debit).sort((a, b) => a - b)).toEqual([63_000, 63_000, 112_000, 112_000]);
    expect((await o.entry(cancelled.body.reversalMvt)).journal).toBe("BQ");
    for (const doc of [first, second])
      expect((await call("GET", `/docs/${doc.id}`, o.token)).body).toMatchObject({
        paid: 0,
        due: 96_000,
        paymentStatus: "unpaid",
      });
    expect((await o.entry(first.entryMvt)).lines[0]?.letterCode).toBeNull();
    expect((await o.entry(received.body.entryMvt)).lines[1]?.letterCode).toBeNull();
    const history = await call("GET", `/payments/${received.body.id}/histories`, o.token);
    expect(history.body.items.map((h: { type: string }) => h.type)).toEqual([
      "PaymentRecorded",
      "PaymentRemainderAllocated",
      "PaymentRemainderAllocated",
      "PaymentCancelled",
    ]);
  });
});
