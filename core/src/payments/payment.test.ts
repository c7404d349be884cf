import { describe, expect, it } from "vitest";
import { alpha, created, header, priced, validated } from "../documents/documents.fixtures.ts";
import { defaultPostingAccounts } from "../documents/posting.ts";
import { refusedWith } from "../testing/refusals.ts";
import { documentDue, documentPaymentDecider, letteringSetOf, paymentStatus } from "./allocation.ts";
import {
  type PaymentEvent,
  paymentDecider,
  paymentPosting,
  paymentVatMoves,
  type RecordedPayment,
} from "./payment.ts";
import { contact, docState, invoiceEvents, paidBy, paymentSpec, record } from "./payments.fixtures.ts";

const recordedOf = (command = record()): RecordedPayment => {
  const [event] = paymentDecider.decide(command, paymentDecider.initialState());
  if (event?.type !== "PaymentRecorded") throw new Error("not recorded");
  return event.data;
};

describe("recording a payment", () => {
  it("allocates the whole invoice by transfer to the bank", () => {
    const p = recordedOf();
    expect(p.allocations).toEqual([{ doc: "d-1", number: "FA2025-00001", kind: "invoice", amount: 240000 }]);
    expect(p.treasury).toEqual({ journal: "BQ", account: "512000", bankAccount: "512000", bankId: null });
  });

  it("keeps what is not allocated as an advance (overpayment shown on the entry)", () => {
    const p = recordedOf(record({ amount: 250000 }));
    const { entry } = paymentPosting(p, []);
    expect(entry.lines.map((l) => [l.account, l.auxiliary, l.debit, l.credit])).toEqual([
      ["512000", null, 250000, 0],
      ["411000", "CALPHA", 0, 240000],
      ["411000", "CALPHA", 0, 10000],
    ]);
  });

  it("refuses allocations above the payment (Σ allocations ≤ payment)", () => {
    paymentSpec
      .given([])
      .when(record({ amount: 100000 }))
      .thenThrows(refusedWith("payment.overAllocated"));
  });

  it("refuses an allocation above what the invoice has left to pay", () => {
    const partly = docState(...invoiceEvents(), paidBy("p-0", 200000));
    paymentSpec
      .given([])
      .when(record({ amount: 240000, allocations: [{ doc: "d-1", amount: 50000 }] }, { "d-1": partly }))
      .thenThrows(refusedWith("payment.allocationExceedsDue"));
  });

  it("refuses a draft, another contact's invoice and a missing mode", () => {
    const draft = docState(invoiceEvents()[0] as never);
    paymentSpec
      .given([])
      .when(record({}, { "d-1": draft }))
      .thenThrows(refusedWith("payment.documentNotPayable"));
    const other = docState(...invoiceEvents());
    const command = record(
      {},
      {
        "d-1": {
          ...other,
          contact: { ...(other as never as { contact: object }).contact, id: "c-x" },
        } as never,
      },
    );
    paymentSpec.given([]).when(command).thenThrows(refusedWith("payment.documentOtherContact"));
    expect(() => record({}, undefined, "")).toThrow("payment.modeMissing");
  });

  it("posts a cheque to 5112 until it is deposited", () => {
    const p = recordedOf(record({}, undefined, "cheque"));
    expect(paymentPosting(p, []).entry.lines[0]).toMatchObject({ account: "511200", debit: 240000 });
  });

  it("nets a credit note against an invoice, one third-party line each", () => {
    const documents = {
      "d-1": docState(...invoiceEvents()),
      "d-2": docState(...invoiceEvents("d-2", "AV2025-00001", "goods", "creditNote")),
    };
    const p = recordedOf(
      record(
        {
          amount: 1,
          allocations: [
            { doc: "d-1", amount: 240000 },
            { doc: "d-2", amount: 239999 },
          ],
        },
        documents,
      ),
    );
    const { entry, lines } = paymentPosting(p, []);
    expect(entry.lines.map((l) => [l.account, l.debit, l.credit])).toEqual([
      ["512000", 1, 0],
      ["411000", 0, 240000],
      ["411000", 239999, 0],
    ]);
    expect(lines["d-2"]).toMatchObject({ ref: "e-1/3", debit: 239999, credit: 0 });
  });
});

describe("VAT on receipts", () => {
  it("moves the VAT of services from 445740 to 445710 in proportion, to the cent over partial payments", () => {
    const services = docState(...invoiceEvents("d-1", "FA2025-00001", "services"));
    const first = paymentVatMoves(
      [{ doc: "d-1", number: "", kind: "invoice", amount: 100001 }],
      { "d-1": services },
      defaultPostingAccounts,
    );
    // 1 000,01 of 2 400,00 paid: 16 666,875 -> 166,67 of VAT due, on 833,34 of base (833,3375).
    expect(first).toEqual([
      { from: "445740", to: "445710", amount: 16667, base: 83334, rate: "20", kind: "services" },
    ]);
    const after = docState(...invoiceEvents("d-1", "FA2025-00001", "services"), paidBy("p-0", 100001));
    const rest = paymentVatMoves(
      [{ doc: "d-1", number: "", kind: "invoice", amount: 139999 }],
      { "d-1": after },
      defaultPostingAccounts,
    );
    expect((first[0]?.amount ?? 0) + (rest[0]?.amount ?? 0)).toBe(40000);
    expect((first[0]?.base ?? 0) + (rest[0]?.base ?? 0)).toBe(200000);
    const p = recordedOf(record({}, { "d-1": services }));
    const { entry } = paymentPosting(p, rest);
    expect(entry.lines.slice(2).map((l) => [l.account, l.debit, l.credit, l.vat])).toEqual([
      ["445740", 23333, 0, undefined],
      ["445710", 0, 23333, { rate: "20", kind: "services", regime: "domestic", base: 116666 }],
    ]);
  });

  it("makes a supplier's VAT on services deductible when paid, from 445640 to 445660, unless it opted for the débits", () => {
    const purchase = (vatOnDebits: boolean) =>
      docState(
        created({
          direction: "purchases",
          contact: { ...alpha, auxiliary: { control: "401000", code: "FALPHA" }, vatOnDebits },
          header: header({ supplierNumber: "S-1", supplierDate: "2025-01-05" }),
          lines: [priced({ nature: "services", account: "604000" })],
        }),
        validated("S-1"),
      );
    const pay = (doc: ReturnType<typeof purchase>) =>
      paymentVatMoves(
        [{ doc: "d-1", number: "S-1", kind: "invoice", amount: 120000 }],
        { "d-1": doc },
        defaultPostingAccounts,
      );
    expect(pay(purchase(false))).toEqual([
      { from: "445640", to: "445660", amount: 20000, base: 100000, rate: "20", kind: "services" },
    ]);
    expect(pay(purchase(true))).toEqual([]);
    const p = recordedOf(
      record(
        { direction: "purchases", amount: 120000, allocations: [{ doc: "d-1", amount: 120000 }] },
        { "d-1": purchase(false) },
      ),
    );
    const { entry } = paymentPosting(p, pay(purchase(false)));
    expect(entry.lines.slice(2).map((l) => [l.account, l.debit, l.credit, l.vat?.base])).toEqual([
      ["445640", 0, 20000, undefined],
      ["445660", 20000, 0, 100000],
    ]);
  });

  it("moves nothing for goods (VAT due at invoicing)", () => {
    expect(
      paymentVatMoves(
        [{ doc: "d-1", number: "", kind: "invoice", amount: 240000 }],
        { "d-1": docState(...invoiceEvents()) },
        defaultPostingAccounts,
      ),
    ).toEqual([]);
  });
});

describe("the invoice's side: status and lettering", () => {
  const own = [
    { ref: "m-d-1/1", account: "411000", auxiliary: "CALPHA", date: "2025-01-05", debit: 240000, credit: 0 },
  ];
  const line = (ref: string, credit: number) => ({
    ref,
    account: "411000",
    auxiliary: "CALPHA",
    date: "2025-02-01",
    debit: 0,
    credit,
  });

  it("goes unpaid, partially paid (amount due), paid", () => {
    const base = invoiceEvents();
    const unpaid = docState(...base);
    const partial = docState(...base, paidBy("p-1", 100000));
    const paid = docState(...base, paidBy("p-1", 100000), paidBy("p-2", 140000));
    if (!("kind" in unpaid) || !("kind" in partial) || !("kind" in paid)) throw new Error();
    expect([paymentStatus(unpaid), paymentStatus(partial), paymentStatus(paid)]).toEqual([
      "unpaid",
      "partial",
      "paid",
    ]);
    expect(documentDue(partial)).toBe(140000);
  });

  it("makes the lettering set only when the allocations equal the total", () => {
    const partial = docState(...invoiceEvents(), paidBy("p-1", 100000, [line("e-1/2", 100000)]));
    const paid = docState(
      ...invoiceEvents(),
      paidBy("p-1", 100000, [line("e-1/2", 100000)]),
      paidBy("p-2", 140000, [line("e-2/2", 140000)]),
    );
    if (!("kind" in partial) || !("kind" in paid)) throw new Error();
    expect(letteringSetOf(partial, own)).toBeNull();
    expect(letteringSetOf(paid, own)?.map((l) => l.ref)).toEqual(["m-d-1/1", "e-1/2", "e-2/2"]);
  });

  it("allocates once per payment and releases on cancellation", () => {
    const state = docState(...invoiceEvents(), paidBy("p-1", 100000));
    expect(() =>
      documentPaymentDecider.decide({ type: "AllocatePayment", data: paidBy("p-1", 1).data as never }, state),
    ).toThrow("payment.documentTwice");
    expect(
      documentPaymentDecider.decide({ type: "ReleasePayment", data: { payment: "p-1" } }, state),
    ).toEqual([{ type: "DocumentPaymentReleased", data: { payment: "p-1" } }]);
    expect(
      documentPaymentDecider.decide({ type: "ReleasePayment", data: { payment: "p-9" } }, state),
    ).toEqual([]);
  });
});

describe("cancelling", () => {
  const recorded: PaymentEvent = { type: "PaymentRecorded", data: recordedOf() };
  it("is a reversal, once; refused before the payment's date or once deposited", () => {
    paymentSpec
      .given([recorded])
      .when({ type: "CancelPayment", data: { on: "2025-02-02", reversalMvt: "r-1" } })
      .then([{ type: "PaymentCancelled", data: { on: "2025-02-02", reversalMvt: "r-1" } }]);
    paymentSpec
      .given([recorded, { type: "PaymentCancelled", data: { on: "2025-02-02", reversalMvt: "r-1" } }])
      .when({ type: "CancelPayment", data: { on: "2025-02-03", reversalMvt: "r-2" } })
      .then([]);
    paymentSpec
      .given([recorded])
      .when({ type: "CancelPayment", data: { on: "2025-01-31", reversalMvt: "r-1" } })
      .thenThrows(refusedWith("payment.cancelBeforeDate"));
    paymentSpec
      .given([
        recorded,
        { type: "PaymentDeposited", data: { deposit: "x", number: "REM2025-0001", on: "2025-02-02" } },
      ])
      .when({ type: "CancelPayment", data: { on: "2025-02-03", reversalMvt: "r-1" } })
      .thenThrows(refusedWith("payment.deposited"));
  });
  it("keeps the contact on the payment", () => expect(recordedOf().contact).toEqual(contact));
});
