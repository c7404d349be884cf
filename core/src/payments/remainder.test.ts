import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DomainError } from "../decider.ts";
import type { DocumentState } from "../documents/document.ts";
import { refusedWith } from "../testing/refusals.ts";
import {
  allocatedOf,
  type PaymentCommand,
  type PaymentEvent,
  type PaymentState,
  paymentAllocations,
  paymentDecider,
  paymentPosting,
  paymentRemainder,
} from "./payment.ts";
import { docState, invoiceEvents, paymentSpec, record } from "./payments.fixtures.ts";
import { advanceLetteringSet, advanceLineFact, remainderPosting } from "./remainder.ts";

// A 3,000.00 € payment with nothing allocated: all of it is an advance on the customer.
const advance = (amount = 300000): PaymentEvent => {
  const [event] = paymentDecider.decide(record({ amount, allocations: [] }), paymentDecider.initialState());
  if (!event) throw new Error("not recorded");
  return event;
};
const invoices: Record<string, DocumentState> = {
  "d-1": docState(...invoiceEvents()),
  "d-2": docState(...invoiceEvents("d-2", "FA2025-00002")),
};
const use = (
  allocations: { doc: string; amount: number }[],
  documents = invoices,
  date = "2025-03-01",
  entryMvt = "t-1",
): PaymentCommand => ({
  type: "AllocatePaymentRemainder",
  data: { date, allocations, entryMvt },
  context: { documents },
});
const stateOf = (...events: PaymentEvent[]): PaymentState =>
  events.reduce(paymentDecider.evolve, paymentDecider.initialState());

describe("using a payment's advance later", () => {
  it("allocates part of the advance to a new invoice: a transfer line off the advance, one per invoice", () => {
    paymentSpec
      .given([advance()])
      .when(use([{ doc: "d-1", amount: 240000 }]))
      .then([
        {
          type: "PaymentRemainderAllocated",
          data: {
            date: "2025-03-01",
            allocations: [{ doc: "d-1", number: "FA2025-00001", kind: "invoice", amount: 240000 }],
            entryMvt: "t-1",
            line: {
              ref: "t-1/1",
              account: "411000",
              auxiliary: "CALPHA",
              date: "2025-03-01",
              debit: 240000,
              credit: 0,
            },
          },
        },
      ]);
    const [event] = paymentDecider.decide(use([{ doc: "d-1", amount: 240000 }]), stateOf(advance()));
    const state = stateOf(advance(), event as PaymentEvent);
    expect(paymentRemainder(state)).toBe(60000);
    if (state.status === "none" || event?.type !== "PaymentRemainderAllocated") throw new Error();
    const { entry, lines } = remainderPosting(state, event.data, [], "OD");
    expect(entry.journal).toBe("OD");
    expect(entry.lines.map((l) => [l.account, l.auxiliary, l.debit, l.credit])).toEqual([
      ["411000", "CALPHA", 240000, 0],
      ["411000", "CALPHA", 0, 240000],
    ]);
    expect(lines["d-1"]).toMatchObject({ ref: "t-1/2", credit: 240000 });
    // Not used up: the advance line stays open.
    expect(advanceLetteringSet(state)).toBeNull();
  });

  it("letters the advance with the transfers once it is used up", () => {
    const first = paymentDecider.decide(use([{ doc: "d-1", amount: 150000 }]), stateOf(advance(240000)));
    const mid = stateOf(advance(240000), ...first);
    const second = paymentDecider.decide(
      use([{ doc: "d-2", amount: 90000 }], invoices, "2025-03-02", "t-2"),
      mid,
    );
    const done = stateOf(advance(240000), ...first, ...second);
    expect(paymentRemainder(done)).toBe(0);
    expect(advanceLetteringSet(done)?.map((l) => [l.ref, l.debit, l.credit])).toEqual([
      ["e-1/2", 0, 240000],
      ["t-1/1", 150000, 0],
      ["t-2/1", 90000, 0],
    ]);
    // The recording's advance line is the one its entry posted.
    if (done.status === "none") throw new Error();
    const posted = paymentPosting(done, []).entry.lines[1];
    expect(advanceLineFact(done)).toMatchObject({ credit: posted?.credit, account: posted?.account });
  });

  it("refuses beyond the advance left, a cancelled payment, a date before it, an invoice it already paid", () => {
    paymentSpec
      .given([advance(100000)])
      .when(use([{ doc: "d-1", amount: 100001 }]))
      .thenThrows(refusedWith("payment.remainderExceeded"));
    paymentSpec
      .given([advance(), { type: "PaymentCancelled", data: { on: "2025-02-02", reversalMvt: "r-1" } }])
      .when(use([{ doc: "d-1", amount: 1000 }]))
      .thenThrows(refusedWith("payment.cancelled"));
    paymentSpec
      .given([advance()])
      .when(use([{ doc: "d-1", amount: 1000 }], invoices, "2025-01-31"))
      .thenThrows(refusedWith("payment.remainderBeforeDate"));
    const [partly] = paymentDecider.decide(
      record({ amount: 300000, allocations: [{ doc: "d-1", amount: 100000 }] }),
      paymentDecider.initialState(),
    );
    paymentSpec
      .given([partly as PaymentEvent])
      .when(use([{ doc: "d-1", amount: 1000 }]))
      .thenThrows(refusedWith("payment.documentTwice"));
    paymentSpec.given([advance()]).when(use([])).thenThrows(refusedWith("validation.required"));
  });

  it("cancels a payment whose advance was used since only with every transfer reversed, not before them", () => {
    const used = paymentDecider.decide(use([{ doc: "d-1", amount: 1000 }]), stateOf(advance()));
    paymentSpec
      .given([advance(), ...used])
      .when({ type: "CancelPayment", data: { on: "2025-03-05", reversalMvt: "r-1" } })
      .thenThrows(refusedWith("payment.remainderAllocated"));
    paymentSpec
      .given([advance(), ...used])
      .when({
        type: "CancelPayment",
        data: { on: "2025-02-15", reversalMvt: "r-1", remainderReversals: ["r-2"] },
      })
      .thenThrows(refusedWith("payment.cancelBeforeDate"));
    paymentSpec
      .given([advance(), ...used])
      .when({
        type: "CancelPayment",
        data: { on: "2025-03-05", reversalMvt: "r-1", remainderReversals: ["r-2"] },
      })
      .then([
        {
          type: "PaymentCancelled",
          data: { on: "2025-03-05", reversalMvt: "r-1", remainderReversals: ["r-2"] },
        },
      ]);
  });
});

it("Σ allocations ≤ payment under any sequence of later uses", () => {
  const many: Record<string, DocumentState> = Object.fromEntries(
    [1, 2, 3, 4, 5, 6].map((n) => [`d-${n}`, docState(...invoiceEvents(`d-${n}`, `FA2025-0000${n}`))]),
  );
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 600000 }),
      fc.array(
        fc.record({ doc: fc.integer({ min: 1, max: 6 }), amount: fc.integer({ min: 1, max: 240000 }) }),
        {
          maxLength: 8,
        },
      ),
      (amount, uses) => {
        let state = stateOf(advance(amount));
        uses.forEach((u, i) => {
          try {
            const events = paymentDecider.decide(
              use([{ doc: `d-${u.doc}`, amount: u.amount }], many, "2025-03-01", `t-${i}`),
              state,
            );
            state = events.reduce(paymentDecider.evolve, state);
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
          }
          if (state.status === "none") throw new Error();
          const allocated = allocatedOf(paymentAllocations(state));
          expect(allocated).toBeLessThanOrEqual(state.amount);
          expect(paymentRemainder(state)).toBe(state.amount - allocated);
          // Every transfer balances.
          for (const r of state.remainders ?? []) {
            const { entry } = remainderPosting(state, r, [], "OD");
            expect(entry.lines.reduce((s, l) => s + l.debit - l.credit, 0)).toBe(0);
          }
        });
      },
    ),
  );
});
