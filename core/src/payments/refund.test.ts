import { describe, expect, it } from "vitest";
import type { LedgerLineFact } from "../accounting/lettering.ts";
import type { DocumentEvent } from "../documents/document.ts";
import { created, priced, validated } from "../documents/documents.fixtures.ts";
import { refusedWith } from "../testing/refusals.ts";
import { documentDue, letteringSetOf, paymentStatus } from "./allocation.ts";
import { type PaymentEvent, paymentDecider, paymentPosting, type RecordedPayment } from "./payment.ts";
import { docState, invoiceEvents, paidBy, paymentSpec, record } from "./payments.fixtures.ts";
import { advanceLineFact } from "./remainder.ts";

/**
 * Refunds: money the other way, settling credit notes — to a customer for its avoir (411 debit / 512
 * credit), from a supplier for its credit note (512 debit / 401 credit).
 */

const creditNote = (id = "c-1", number = "AV2025-00001") =>
  docState(...invoiceEvents(id, number, "goods", "creditNote"));

/** A purchase credit note of 2,400.00 € incl. tax from the same contact. */
const purchaseCreditNote = (id = "c-9") =>
  docState(created({ id, kind: "creditNote", direction: "purchases", lines: [priced()] }), {
    ...validated("AVF-001"),
    data: { ...(validated("AVF-001").data as object), entryMvt: `m-${id}` },
  } as DocumentEvent);

const recordedOf = (command = record()): RecordedPayment => {
  const [event] = paymentDecider.decide(command, paymentDecider.initialState());
  if (event?.type !== "PaymentRecorded") throw new Error("not recorded");
  return event.data;
};

const refundOf = (amount: number, docs = { "c-1": creditNote() }) =>
  record({ refund: true, amount, allocations: [{ doc: Object.keys(docs)[0] ?? "", amount }] }, docs);

const lines = (p: RecordedPayment) =>
  paymentPosting(p, []).entry.lines.map((l) => [l.account, l.auxiliary, l.debit, l.credit]);

describe("refunding a customer's credit note (money out)", () => {
  it("posts 411 + auxiliary debit / 512 credit, labelled as a refund, with no advance", () => {
    const p = recordedOf(refundOf(240000));
    expect(p.refund).toBe(true);
    expect(p.allocations).toEqual([
      { doc: "c-1", number: "AV2025-00001", kind: "creditNote", amount: 240000 },
    ]);
    expect(lines(p)).toEqual([
      ["512000", null, 0, 240000],
      ["411000", "CALPHA", 240000, 0],
    ]);
    expect(paymentPosting(p, []).entry.label).toBe("Remboursement Alpha SARL AV2025-00001");
    expect(advanceLineFact({ ...p, status: "validated", cancelled: null, deposit: null })).toBeNull();
  });

  it("nets an open invoice against the credit note: only the difference leaves the bank", () => {
    const p = recordedOf(
      record(
        {
          refund: true,
          amount: 40000,
          allocations: [
            { doc: "c-1", amount: 240000 },
            { doc: "d-1", amount: 200000 },
          ],
        },
        { "c-1": creditNote(), "d-1": docState(...invoiceEvents()) },
      ),
    );
    expect(lines(p)).toEqual([
      ["512000", null, 0, 40000],
      ["411000", "CALPHA", 240000, 0],
      ["411000", "CALPHA", 0, 200000],
    ]);
  });

  it("leaves the rest due after a partial refund, and letters the credit note once it is settled", () => {
    const own: LedgerLineFact[] = [
      {
        ref: "m-c-1/1",
        account: "411000",
        auxiliary: "CALPHA",
        date: "2025-01-05",
        debit: 0,
        credit: 240000,
      },
    ];
    const first = paymentPosting(recordedOf(refundOf(100000)), []).lines["c-1"] as LedgerLineFact;
    expect(first).toMatchObject({ ref: "e-1/2", debit: 100000, credit: 0 });
    const partly = docState(
      ...invoiceEvents("c-1", "AV2025-00001", "goods", "creditNote"),
      paidBy("p-1", 100000, [first]),
    );
    if (!("kind" in partly)) throw new Error();
    expect([documentDue(partly), paymentStatus(partly), letteringSetOf(partly, own)]).toEqual([
      140000,
      "partial",
      null,
    ]);
    const second = paymentPosting(
      recordedOf(
        record(
          {
            id: "p-2",
            entryMvt: "e-2",
            refund: true,
            amount: 140000,
            allocations: [{ doc: "c-1", amount: 140000 }],
          },
          { "c-1": partly },
        ),
      ),
      [],
    ).lines["c-1"] as LedgerLineFact;
    const settled = docState(
      ...invoiceEvents("c-1", "AV2025-00001", "goods", "creditNote"),
      paidBy("p-1", 100000, [first]),
      paidBy("p-2", 140000, [second]),
    );
    if (!("kind" in settled)) throw new Error();
    const set = letteringSetOf(settled, own) ?? [];
    expect(set.map((l) => l.ref)).toEqual(["m-c-1/1", "e-1/2", "e-2/2"]);
    expect(set.reduce((s, l) => s + l.debit - l.credit, 0)).toBe(0);
    expect(paymentStatus(settled)).toBe("paid");
  });
});

describe("a supplier's refund of its credit note (money in)", () => {
  it("posts 512 debit / 401 + auxiliary credit", () => {
    const p = recordedOf(
      record(
        {
          direction: "purchases",
          refund: true,
          amount: 240000,
          allocations: [{ doc: "c-9", amount: 240000 }],
        },
        { "c-9": purchaseCreditNote() },
      ),
    );
    expect(lines(p)).toEqual([
      ["512000", null, 240000, 0],
      ["411000", "CALPHA", 0, 240000],
    ]);
    expect(paymentPosting(p, []).lines["c-9"]).toMatchObject({ debit: 0, credit: 240000 });
  });
});

describe("refunds and deposits", () => {
  it("pays a customer's refund by cheque from the bank itself, and never deposits one", () => {
    const byCheque = recordedOf(
      record(
        { refund: true, amount: 240000, allocations: [{ doc: "c-1", amount: 240000 }] },
        { "c-1": creditNote() },
        "cheque",
      ),
    );
    expect(byCheque.treasury).toMatchObject({ account: "512000", journal: "BQ" });
    expect(lines(byCheque)[0]).toEqual(["512000", null, 0, 240000]);
    const inCash = recordedOf(
      record(
        { refund: true, amount: 240000, allocations: [{ doc: "c-1", amount: 240000 }] },
        { "c-1": creditNote() },
        "cash",
      ),
    );
    expect(inCash.treasury.account).toBe("530000");
    paymentSpec
      .given([{ type: "PaymentRecorded", data: inCash }])
      .when({ type: "DepositPayment", data: { deposit: "r-1", number: "REM2025-0001", on: "2025-02-02" } })
      .thenThrows(refusedWith("deposit.paymentOutgoing"));
  });

  it("takes a supplier's refund by cheque to the bank through a deposit, as a customer's cheque", () => {
    const cheque = recordedOf(
      record(
        {
          direction: "purchases",
          refund: true,
          amount: 240000,
          allocations: [{ doc: "c-9", amount: 240000 }],
        },
        { "c-9": purchaseCreditNote() },
        "cheque",
      ),
    );
    expect(lines(cheque)[0]).toEqual(["511200", null, 240000, 0]);
    paymentSpec
      .given([{ type: "PaymentRecorded", data: cheque }])
      .when({ type: "DepositPayment", data: { deposit: "r-1", number: "REM2025-0001", on: "2025-02-02" } })
      .then([
        { type: "PaymentDeposited", data: { deposit: "r-1", number: "REM2025-0001", on: "2025-02-02" } },
      ]);
  });
});

describe("direction rules", () => {
  it("refuses money received allocated only to a credit note: it must be a refund", () => {
    paymentSpec
      .given([])
      .when(
        record({ amount: 240000, allocations: [{ doc: "c-1", amount: 240000 }] }, { "c-1": creditNote() }),
      )
      .thenThrows(refusedWith("payment.creditNotesNeedRefund"));
  });

  it("refuses a refund of invoices only, or of invoices outweighing its credit notes", () => {
    paymentSpec
      .given([])
      .when(record({ refund: true }))
      .thenThrows(refusedWith("payment.refundWithoutCreditNote"));
    paymentSpec
      .given([])
      .when(
        record(
          {
            refund: true,
            amount: 100,
            allocations: [
              { doc: "c-1", amount: 100000 },
              { doc: "d-1", amount: 200000 },
            ],
          },
          { "c-1": creditNote(), "d-1": docState(...invoiceEvents()) },
        ),
      )
      .thenThrows(refusedWith("payment.refundWithoutCreditNote"));
  });

  it("refuses a refund that is not exactly what it settles (a refund leaves no advance)", () => {
    paymentSpec
      .given([])
      .when(
        record(
          { refund: true, amount: 250000, allocations: [{ doc: "c-1", amount: 240000 }] },
          { "c-1": creditNote() },
        ),
      )
      .thenThrows(refusedWith("payment.refundNotAllocated"));
    paymentSpec.given([]).when(refundOf(240001)).thenThrows(refusedWith("payment.allocationExceedsDue"));
  });

  it("refuses using a refund as an advance later", () => {
    const recorded: PaymentEvent = { type: "PaymentRecorded", data: recordedOf(refundOf(100000)) };
    paymentSpec
      .given([recorded])
      .when({
        type: "AllocatePaymentRemainder",
        data: { date: "2025-02-02", allocations: [{ doc: "c-1", amount: 1000 }], entryMvt: "e-9" },
        context: { documents: { "c-1": creditNote() } },
      })
      .thenThrows(refusedWith("payment.remainderExceeded"));
  });

  it("cancels a refund by a reversal like any payment", () => {
    const recorded: PaymentEvent = { type: "PaymentRecorded", data: recordedOf(refundOf(100000)) };
    paymentSpec
      .given([recorded])
      .when({ type: "CancelPayment", data: { on: "2025-02-03", reversalMvt: "r-1" } })
      .then([{ type: "PaymentCancelled", data: { on: "2025-02-03", reversalMvt: "r-1" } }]);
  });
});
