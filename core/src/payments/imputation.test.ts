import { describe, expect, it } from "vitest";
import type { ChartState } from "../accounting/chart.ts";
import { type LedgerLineFact, letteringDecider } from "../accounting/lettering.ts";
import type { LiveDocument } from "../documents/document.ts";
import { creditNoteImputation } from "./imputation.ts";
import { docState, invoiceEvents, paidBy } from "./payments.fixtures.ts";

// An invoice of 2,400.00 € incl. tax and the credit note of the whole of it, to the same customer.
const own = (mvt: string, debit: number, credit: number): LedgerLineFact => ({
  ref: `${mvt}/1`,
  account: "411000",
  auxiliary: "CALPHA",
  date: "2025-02-01",
  debit,
  credit,
});
const invoiceLine = own("m-d-1", 240000, 0);
const creditNoteLine = own("m-c-1", 0, 240000);
const creditNote = {
  doc: docState(...invoiceEvents("c-1", "AV2025-00001", "goods", "creditNote")) as LiveDocument,
  ownLines: [creditNoteLine],
};
const chart = { accounts: { "411000": { lettrable: true } } } as unknown as Pick<ChartState, "accounts">;

describe("a credit note imputed on its invoice, no money moving", () => {
  it("settles both for the whole, each naming the other by its own line, and letters the two 411 lines once", () => {
    const invoice = { doc: docState(...invoiceEvents()) as LiveDocument, ownLines: [invoiceLine] };
    const plan = creditNoteImputation(invoice, creditNote, "2025-02-01", chart);
    expect(plan.invoice).toEqual([
      {
        type: "AllocatePayment",
        data: { payment: "c-1", date: "2025-02-01", amount: 240000, lines: [creditNoteLine] },
      },
    ]);
    expect(plan.creditNote).toEqual([
      {
        type: "AllocatePayment",
        data: { payment: "d-1", date: "2025-02-01", amount: 240000, lines: [invoiceLine] },
      },
    ]);
    expect(plan.lettering.map((l) => l.account)).toEqual(["411000"]);
    const commands = plan.lettering[0]?.commands(letteringDecider.initialState()) ?? [];
    expect(commands).toHaveLength(1);
    expect(commands[0]?.type === "LetterLines" && [...commands[0].data.requested].sort()).toEqual([
      "m-c-1/1",
      "m-d-1/1",
    ]);
  });

  it("an invoice paid in part: imputed for what it has left, nothing lettered while the credit note is not used up", () => {
    const paymentLine = { ...own("e-1", 0, 100000), ref: "e-1/2" };
    const invoice = {
      doc: docState(...invoiceEvents(), paidBy("p-1", 100000, [paymentLine])) as LiveDocument,
      ownLines: [invoiceLine],
    };
    const plan = creditNoteImputation(invoice, creditNote, "2025-02-01", chart);
    expect(plan.invoice[0]?.data.amount).toBe(140000);
    expect(plan.creditNote[0]?.data.amount).toBe(140000);
    expect(plan.lettering).toEqual([]);
  });

  it("nothing left due on the invoice: nothing imputed", () => {
    const invoice = {
      doc: docState(...invoiceEvents(), paidBy("p-1", 240000)) as LiveDocument,
      ownLines: [invoiceLine],
    };
    expect(creditNoteImputation(invoice, creditNote, "2025-02-01", chart)).toEqual({
      invoice: [],
      creditNote: [],
      lettering: [],
    });
  });
});
