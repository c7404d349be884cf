import { describe, expect, test } from "vitest";
import { type Entry, entryOrigin } from "./api.ts";
import { correctionLine, originLine } from "./entry-origin.ts";

describe("entryOrigin", () => {
  test("reads the known fields of an entry's origin", () => {
    expect(entryOrigin({ origin: { kind: "reversal", of: "m1" } })).toEqual({ kind: "reversal", of: "m1" });
    expect(
      entryOrigin({ origin: { kind: "adjustment", yearId: "y1", adjustment: "stock", file: "x" } }),
    ).toEqual({ kind: "adjustment", yearId: "y1", adjustment: "stock" });
    expect(entryOrigin({ origin: { kind: "statementLine", statement: "s1", no: 4 } })).toEqual({
      kind: "statementLine",
      statement: "s1",
      no: 4,
    });
  });

  test("leaves out a field that is not text, as the API's free record allows", () => {
    expect(entryOrigin({ origin: { kind: 3, of: null, yearId: { id: "y1" }, no: "4" } })).toEqual({});
  });
});

const none: Entry["source"] = { document: null, payment: null, deposit: null, statementLine: null };
const entry = (
  origin: Entry["origin"],
  source: Partial<Entry["source"]> = {},
  correction: Entry["correction"] = "reversal",
): Pick<Entry, "origin" | "source" | "correction"> => ({
  origin,
  source: { ...none, ...source },
  correction,
});

const invoice = { id: "d1", direction: "sales", kind: "invoice", number: "FA2025-00012" };
const payment = {
  id: "p1",
  direction: "sales",
  refund: false,
  date: "2025-05-15",
  amount: 96_000,
  contactName: "Alpha SARL",
  cancelled: false,
};
const line = { statementId: "s1", no: 3, bookingDate: "2025-05-16", amount: -1_200, label: "FRAIS" };

describe("an entry's origin, in words and linked (issue 23, point 6)", () => {
  test("names the document by its kind, side and number, and leads to it", () => {
    expect(originLine(entry({ kind: "document", doc: "d1" }, { document: invoice }))).toEqual({
      key: "invoice.sales",
      values: { number: "FA2025-00012" },
      to: "/org/docs/d1",
    });
    const supplierCredit = { ...invoice, direction: "purchases", kind: "creditNote", number: "AV-7" };
    expect(originLine(entry({ kind: "document", doc: "d1" }, { document: supplierCredit })).key).toBe(
      "creditNote.purchases",
    );
  });

  test("names a payment by its day, contact and amount, a deposit by its number, a bank line by its rank", () => {
    expect(originLine(entry({ kind: "payment", payment: "p1" }, { payment }))).toEqual({
      key: "payment",
      values: { date: "2025-05-15", contact: "Alpha SARL", amount: 96_000 },
      to: "/org/payments/p1",
    });
    expect(
      originLine(entry({ kind: "payment", payment: "p1" }, { payment: { ...payment, refund: true } })).key,
    ).toBe("refund");
    const deposit = { id: "r1", number: "REM2025-0001", date: "2025-05-20" };
    expect(originLine(entry({ kind: "deposit", deposit: "r1" }, { deposit }))).toEqual({
      key: "deposit",
      values: { number: "REM2025-0001" },
      to: "/org/accounting/deposits/r1",
    });
    expect(originLine(entry({ kind: "statementLine", statement: "s1", no: 3 }))).toEqual({
      key: "statementLine",
      values: { no: 3 },
      to: "/org/bankstatements/s1/reconcile/3",
    });
    expect(originLine(entry({ kind: "vatReturn", period: "2025-Q1" })).to).toBe(
      "/org/accounting/vat/2025-Q1",
    );
  });

  test("says « typed in » only for what was typed in", () => {
    expect(originLine(entry({ kind: "manual" })).key).toBe("manual");
    expect(originLine(entry({})).key).toBe("manual");
  });
});

describe("how an entry the reversal refuses is corrected", () => {
  test("an invoice's entry through a credit note on the invoice, a payment's by cancelling it", () => {
    expect(correctionLine(entry({ kind: "document", doc: "d1" }, { document: invoice }, "document"))).toEqual(
      {
        key: "invoice",
        values: { number: "FA2025-00012" },
        to: "/org/docs/d1",
      },
    );
    expect(correctionLine(entry({ kind: "payment", payment: "p1" }, { payment }, "payment"))).toEqual({
      key: "payment",
      values: {},
      to: "/org/payments/p1",
    });
    const cancelled = { ...payment, cancelled: true };
    expect(
      correctionLine(entry({ kind: "payment", payment: "p1" }, { payment: cancelled }, "payment"))?.key,
    ).toBe("paymentCancelled");
  });

  test("a reconciled entry once its match is undone; an entry corrected by reversal has no note", () => {
    expect(correctionLine(entry({ kind: "manual" }, { statementLine: line }, "unmatch"))).toEqual({
      key: "unmatch",
      values: { no: 3 },
      to: "/org/bankstatements/s1/reconcile/3",
    });
    expect(correctionLine(entry({ kind: "manual" }))).toBeNull();
  });
});
