import { describe, expect, it } from "vitest";
import type { DocumentState, LiveDocument } from "../documents/document.ts";
import { isLive } from "../documents/document.ts";
import { type PaymentCommand, type PaymentEvent, type PaymentState, paymentDecider } from "./payment.ts";
import { docState, invoiceEvents, paidBy, record } from "./payments.fixtures.ts";
import { documentSettlement } from "./settlement.ts";

// Two invoices and a credit note of 2,400.00 € incl. tax each, to the same customer.
const documents: Record<string, DocumentState> = {
  "d-1": docState(...invoiceEvents()),
  "d-2": docState(...invoiceEvents("d-2", "FA2025-00002")),
  "c-1": docState(...invoiceEvents("c-1", "AV2025-00001", "goods", "creditNote")),
};

const paymentOf = (...commands: PaymentCommand[]): PaymentState =>
  commands.reduce<PaymentState>((state, command) => {
    const events = paymentDecider.decide(command, state) as PaymentEvent[];
    return events.reduce(paymentDecider.evolve, state);
  }, paymentDecider.initialState());

/** The document as it reads once the payments named allocated it these amounts. */
const allocated = (id: string, ...amounts: [payment: string, amount: number][]): LiveDocument => {
  const base = documents[id];
  if (!base || !isLive(base)) throw new Error(id);
  return docState(
    ...invoiceEvents(id, base.validation?.number ?? "", "goods", base.kind as "invoice" | "creditNote"),
    ...amounts.map(([p, a]) => paidBy(p, a)),
  ) as LiveDocument;
};

describe("a document's settlement: money apart from credit notes netted", () => {
  it("an invoice paid in part by money alone: paid, nothing credited, the rest due", () => {
    const p1 = paymentOf(
      record({ id: "p-1", amount: 100000, allocations: [{ doc: "d-1", amount: 100000 }] }, documents),
    );
    expect(documentSettlement(allocated("d-1", ["p-1", 100000]), { "p-1": p1 })).toEqual({
      paid: 100000,
      credited: 0,
      due: 140000,
      status: "partial",
    });
  });

  it("a credit note deducted from the invoice in the payment: the money paid, the credit note credited", () => {
    const p1 = paymentOf(
      record(
        {
          id: "p-1",
          amount: 60000,
          allocations: [
            { doc: "d-1", amount: 100000 },
            { doc: "c-1", amount: 40000 },
          ],
        },
        documents,
      ),
    );
    expect(documentSettlement(allocated("d-1", ["p-1", 100000]), { "p-1": p1 })).toEqual({
      paid: 60000,
      credited: 40000,
      due: 140000,
      status: "partial",
    });
    // The credit note itself was wholly used against the invoice: no money went its way.
    expect(documentSettlement(allocated("c-1", ["p-1", 40000]), { "p-1": p1 })).toMatchObject({
      paid: 0,
      credited: 40000,
      due: 200000,
    });
  });

  it("a credit note over two invoices: shared in proportion of their allocations, to the cent", () => {
    const over = (d1: number, d2: number, c1: number) => {
      const p1 = paymentOf(
        record(
          {
            id: "p-1",
            amount: d1 + d2 - c1,
            allocations: [
              { doc: "d-1", amount: d1 },
              { doc: "d-2", amount: d2 },
              { doc: "c-1", amount: c1 },
            ],
          },
          documents,
        ),
      );
      return [
        documentSettlement(allocated("d-1", ["p-1", d1]), { "p-1": p1 }),
        documentSettlement(allocated("d-2", ["p-1", d2]), { "p-1": p1 }),
      ];
    };
    const [one, two] = over(240000, 120000, 90000);
    expect(one).toEqual({ paid: 180000, credited: 60000, due: 0, status: "paid" });
    expect(two).toEqual({ paid: 90000, credited: 30000, due: 120000, status: "partial" });
    // One cent of credit over two equal invoices: one of them takes it, none is lost or made.
    const cents = over(100000, 100000, 1);
    expect(cents.map((s) => s.credited).sort()).toEqual([0, 1]);
    expect(cents.reduce((sum, s) => sum + s.paid, 0)).toBe(199999);
  });

  it("a refund netting an invoice: the invoice wholly credited, the credit note's money refunded", () => {
    const refund = paymentOf(
      record(
        {
          id: "r-1",
          refund: true,
          amount: 140000,
          allocations: [
            { doc: "c-1", amount: 240000 },
            { doc: "d-1", amount: 100000 },
          ],
        },
        documents,
      ),
    );
    expect(documentSettlement(allocated("d-1", ["r-1", 100000]), { "r-1": refund })).toMatchObject({
      paid: 0,
      credited: 100000,
      due: 140000,
    });
    expect(documentSettlement(allocated("c-1", ["r-1", 240000]), { "r-1": refund })).toEqual({
      paid: 140000,
      credited: 100000,
      due: 0,
      status: "paid",
    });
  });

  it("an advance used later with a credit note: that use decides, not the recording", () => {
    const p1 = paymentOf(
      record({ id: "p-1", amount: 300000, allocations: [{ doc: "d-2", amount: 240000 }] }, documents),
      {
        type: "AllocatePaymentRemainder",
        data: {
          date: "2025-03-01",
          allocations: [
            { doc: "d-1", amount: 100000 },
            { doc: "c-1", amount: 50000 },
          ],
          entryMvt: "t-1",
        },
        context: { documents },
      },
    );
    expect(documentSettlement(allocated("d-1", ["p-1", 100000]), { "p-1": p1 })).toMatchObject({
      paid: 50000,
      credited: 50000,
    });
    expect(documentSettlement(allocated("d-2", ["p-1", 240000]), { "p-1": p1 })).toMatchObject({
      paid: 240000,
      credited: 0,
      due: 0,
      status: "paid",
    });
  });
});
