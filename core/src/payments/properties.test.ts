import fc from "fast-check";
import { expect, it } from "vitest";
import { DomainError } from "../decider.ts";
import type { DocumentEvent, DocumentState } from "../documents/document.ts";
import { evolveDocument, isLive } from "../documents/document.ts";
import { documentPaymentDecider, documentSettled, letteringSetOf, paymentStatus } from "./allocation.ts";
import { allocatedOf, paymentDecider, paymentPosting } from "./payment.ts";
import { docState, invoiceEvents, record } from "./payments.fixtures.ts";

it("never records allocations above the payment, and its entry always balances", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 500000 }),
      fc.integer({ min: 1, max: 240000 }),
      (amount, allocation) => {
        try {
          const [event] = paymentDecider.decide(
            record({ amount, allocations: [{ doc: "d-1", amount: allocation }] }),
            paymentDecider.initialState(),
          );
          if (event?.type !== "PaymentRecorded") throw new Error();
          expect(allocatedOf(event.data.allocations)).toBeLessThanOrEqual(event.data.amount);
          const { entry } = paymentPosting(event.data, []);
          expect(entry.lines.reduce((s, l) => s + l.debit - l.credit, 0)).toBe(0);
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          expect(allocation).toBeGreaterThan(amount);
        }
      },
    ),
  );
});

it("an invoice is paid iff its lettering set is complete, over any sequence of payments", () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 1, max: 300000 }), { maxLength: 6 }), (amounts) => {
      let state: DocumentState = docState(...invoiceEvents());
      amounts.forEach((amount, i) => {
        try {
          const events = documentPaymentDecider.decide(
            { type: "AllocatePayment", data: { payment: `p${i}`, date: "2025-02-01", amount, lines: [] } },
            state,
          );
          state = events.reduce<DocumentState>((s, e) => evolveDocument(s, e as DocumentEvent), state);
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
        }
        if (!isLive(state)) throw new Error();
        const complete = letteringSetOf(state, []) !== null;
        expect(paymentStatus(state) === "paid").toBe(complete);
        expect((state.payments ?? []).reduce((s, p) => s + p.amount, 0)).toBeLessThanOrEqual(
          documentSettled(state),
        );
      });
    }),
  );
});
