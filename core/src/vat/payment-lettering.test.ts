import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { LedgerLineFact } from "../accounting/lettering.ts";
import { matchVatPayments, type VatDue, vatPaymentLines } from "./payment-lettering.ts";

const due = (period: string, credit: number, date = `${period}-28`): VatDue => ({
  period,
  line: { ref: `s-${period}/3`, account: "445510", auxiliary: null, date, debit: 0, credit },
});
const payment = (ref: string, debit: number, date: string): LedgerLineFact => ({
  ref,
  account: "445510",
  auxiliary: null,
  date,
  debit,
  credit: 0,
});
const periods = (matches: ReturnType<typeof matchVatPayments>) =>
  matches.map((m) => [m.payment.ref, m.dues.map((d) => d.period)]);

describe("a VAT payment lettered with the returns it pays", () => {
  const dues = [due("2026-01", 120_000), due("2026-02", 80_000), due("2026-03", 120_000)];

  it("pays the oldest unpaid return of exactly its amount", () => {
    expect(periods(matchVatPayments(dues, [payment("p/1", 120_000, "2026-04-15")]))).toEqual([
      ["p/1", ["2026-01"]],
    ]);
  });

  it("takes each return once: two payments of one amount pay two returns", () => {
    const paid = matchVatPayments(dues, [
      payment("p/1", 120_000, "2026-04-15"),
      payment("q/1", 120_000, "2026-04-16"),
    ]);
    expect(periods(paid)).toEqual([
      ["p/1", ["2026-01"]],
      ["q/1", ["2026-03"]],
    ]);
  });

  it("pays a run of returns in a row whose dues add up to it", () => {
    expect(periods(matchVatPayments(dues, [payment("p/1", 200_000, "2026-04-15")]))).toEqual([
      ["p/1", ["2026-01", "2026-02"]],
    ]);
    expect(periods(matchVatPayments(dues, [payment("p/1", 320_000, "2026-04-15")]))).toEqual([
      ["p/1", ["2026-01", "2026-02", "2026-03"]],
    ]);
  });

  it("leaves a partial or unmatched amount unlettered", () => {
    expect(matchVatPayments(dues, [payment("p/1", 100_000, "2026-04-15")])).toEqual([]);
    // January and March without February between them are not a run.
    expect(matchVatPayments(dues, [payment("p/1", 240_000, "2026-04-15")])).toEqual([]);
  });

  it("never pays a return before it is due", () => {
    expect(
      matchVatPayments([due("2026-03", 5_000, "2026-03-31")], [payment("p/1", 5_000, "2026-03-30")]),
    ).toEqual([]);
    expect(
      periods(matchVatPayments([due("2026-03", 5_000, "2026-03-31")], [payment("p/1", 5_000, "2026-03-31")])),
    ).toEqual([["p/1", ["2026-03"]]]);
  });

  it("letters only balanced sets, each due at most once (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 5_000 }), { maxLength: 8 }),
        fc.array(fc.integer({ min: 1, max: 12_000 }), { maxLength: 6 }),
        (amounts, paid) => {
          const all = amounts.map((a, i) => due(`2026-${String(i + 1).padStart(2, "0")}`, a, "2026-01-01"));
          const matches = matchVatPayments(
            all,
            paid.map((p, i) => payment(`p${i}/1`, p, "2026-12-31")),
          );
          const used = matches.flatMap((m) => m.dues.map((d) => d.period));
          expect(new Set(used).size).toBe(used.length);
          for (const m of matches)
            expect(m.dues.reduce((s, d) => s + d.line.credit, 0)).toBe(m.payment.debit);
        },
      ),
    );
  });
});

describe("the lines of an entry that may pay VAT", () => {
  const content = {
    date: "2026-04-15",
    lines: [
      { account: "445510", auxiliary: null, label: null, debit: 120_000, credit: 0 },
      { account: "512000", auxiliary: null, label: null, debit: 0, credit: 120_000 },
    ],
  };

  it("are its debits of 445510, numbered as the ledger numbers them", () => {
    expect(vatPaymentLines("m", content, { kind: "manual" })).toEqual([
      { ref: "m/1", account: "445510", auxiliary: null, date: "2026-04-15", debit: 120_000, credit: 0 },
    ]);
  });

  it("are none in a return's own entry or a reversal", () => {
    expect(vatPaymentLines("m", content, { kind: "vatReturn", period: "2026-03" })).toEqual([]);
    expect(vatPaymentLines("m", content, { kind: "reversal", of: "x" })).toEqual([]);
  });
});
