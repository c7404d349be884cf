import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  buildMatchIndex,
  containsCode,
  datePoints,
  type ExistingMovement,
  type MatchContact,
  matchText,
  type OpenInvoice,
  POINTS,
  type Suggestion,
  subsetsSumming,
  suggestMatches,
} from "./matching.ts";
import type { BankStatementLine } from "./model.ts";

const line = (amount: number, label: string, extra: Partial<BankStatementLine> = {}): BankStatementLine => ({
  bookingDate: "2026-03-10",
  amount,
  label,
  details: [],
  ...extra,
});
const invoice = (
  id: string,
  number: string,
  contactId: string,
  due: number,
  date = "2026-02-20",
  dueDate?: string,
): OpenInvoice => ({
  id,
  number,
  contactId,
  due,
  date,
  ...(dueDate ? { dueDate } : {}),
});

const contacts: MatchContact[] = [
  { id: "c-durand", name: "Boulangerie Durand SARL", ibans: ["FR76 3000 4000 0312 3456 7890 143"] },
  { id: "c-eleve", name: "Élévation Conseil", ibans: [] },
  { id: "c-edf", name: "EDF", ibans: [] },
];
const invoices = [
  invoice("i1", "FA-2026-0012", "c-durand", 120000, "2026-02-20", "2026-03-10"),
  invoice("i2", "FA-2026-0013", "c-durand", 45000),
  invoice("i3", "FA-2026-0014", "c-durand", 30000),
  invoice("i4", "FA-2026-0015", "c-eleve", 120000, "2025-11-02"),
  invoice("i5", "FF-0099", "c-edf", -8990),
];
const index = buildMatchIndex(invoices, contacts);
const keys = (s: Suggestion[]) => s.map((x) => x.key);

describe("suggestions for a statement line", () => {
  it("given the invoice number in the label, when suggested, then that invoice comes first with the number as a reason", () => {
    const [best] = suggestMatches(line(120000, "VIR SEPA BOULANGERIE DURAND REF FA 2026 0012"), index);
    expect(best?.key).toBe("invoice:i1");
    expect(best?.reasons.map((r) => r.code)).toEqual(["number", "amount", "name", "date"]);
    expect(best?.score).toBe(POINTS.number + POINTS.amount + POINTS.name + POINTS.date);
  });

  it("given only an amount equal to two invoices' due, then both are offered, the nearer date first", () => {
    const s = suggestMatches(line(120000, "VIREMENT RECU"), index);
    expect(keys(s)).toEqual(["invoice:i1", "invoice:i4"]);
    expect(s[0]?.reasons.map((r) => r.code)).toEqual(["amount", "date"]);
    expect(s[1]?.reasons.map((r) => r.code)).toEqual(["amount"]);
  });

  it("given the contact's IBAN as counterparty and the amount of two of its invoices, then the pair is offered", () => {
    const s = suggestMatches(
      line(75000, "VIR SEPA", { counterparty: { name: "M DURAND", iban: "FR7630004000031234567890143" } }),
      index,
    );
    expect(s[0]).toMatchObject({
      key: "invoices:i2+i3",
      kind: "invoices",
      invoiceIds: ["i2", "i3"],
      contactId: "c-durand",
      amount: 75000,
    });
    expect(s[0]?.reasons.map((r) => r.code)).toEqual(["amountSum", "iban", "date"]);
  });

  it("given the contact's name with other accents and case, then it counts; legal forms are not needed", () => {
    const s = suggestMatches(line(120000, "virement elevation conseil"), index);
    expect(s[0]?.key).toBe("invoice:i4");
    expect(s[0]?.reasons.map((r) => r.code)).toContain("name");
    expect(
      suggestMatches(line(120000, "BOULANGERIE DURAND"), index)[0]?.reasons.map((r) => r.code),
    ).toContain("name");
  });

  it("given a name alone with an amount no invoice has, then nothing is suggested", () => {
    expect(suggestMatches(line(99999, "BOULANGERIE DURAND"), index)).toEqual([]);
  });

  it("given a debit, then only supplier invoices (negative dues) are offered", () => {
    expect(keys(suggestMatches(line(-8990, "PRLV EDF FF-0099"), index))).toEqual(["invoice:i5"]);
    expect(suggestMatches(line(-120000, "FA-2026-0012"), index)).toEqual([]);
  });

  it("given a suggestion the user declined, then it is no longer offered", () => {
    const l = line(120000, "VIREMENT RECU");
    expect(keys(suggestMatches(l, index, { declined: new Set(["invoice:i1"]) }))).toEqual(["invoice:i4"]);
  });

  it("given an existing payment of the same amount with its reference in the label, then it is offered", () => {
    const existing: ExistingMovement[] = [
      { id: "p1", kind: "payment", amount: 50000, date: "2026-03-09", reference: "CHQ 1234567" },
      { id: "d1", kind: "deposit", amount: 50000, date: "2026-01-02" },
    ];
    const s = suggestMatches(
      line(50000, "REMISE CHQ 1234567"),
      buildMatchIndex(invoices, contacts, existing),
    );
    expect(s.map((x) => [x.key, x.reasons.map((r) => r.code)])).toEqual([
      ["payment:p1", ["number", "amount", "date"]],
      ["deposit:d1", ["amount"]],
    ]);
  });

  it("an IBAN written in the label counts as the counterparty's", () => {
    const s = suggestMatches(line(45000, "VIR FR76 3000 4000 0312 3456 7890 143 FACTURE"), index);
    expect(s[0]?.key).toBe("invoice:i2");
    expect(s[0]?.reasons.map((r) => r.code)).toContain("iban");
  });
});

describe("the pieces", () => {
  it("an invoice number is found whole: FA-2026-0012 is not in FA-2026-00123", () => {
    expect(containsCode("VIRFA20260012", "FA20260012")).toBe(true);
    expect(containsCode("VIRFA202600123", "FA20260012")).toBe(false);
    expect(containsCode("REF10012X", "0012")).toBe(false);
    expect(containsCode("FA20260012FA20260012", "FA20260012")).toBe(true);
    expect(
      suggestMatches(line(30000, "VIR FA-2026-00123"), index).map((x) => x.reasons.map((r) => r.code)),
    ).toEqual([["amount", "date"]]);
  });

  it("text is compared without accents, case or punctuation", () => {
    expect(matchText("  Élévation-Conseil, S.A.R.L. ")).toBe("ELEVATION CONSEIL S A R L");
  });

  it("date points: 10 on the day, one less per 3 days, none after 30 days", () => {
    expect(datePoints("2026-03-10", "2026-03-10")).toBe(10);
    expect(datePoints("2026-03-10", "2026-03-04")).toBe(8);
    expect(datePoints("2026-03-10", "2026-02-01")).toBe(0);
    expect(datePoints("2026-03-10", undefined, "2026-03-09")).toBe(10);
  });

  it("property: every subset found sums to the target, has 2 to 5 distinct invoices, and stays within the budget", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 5000 }), { maxLength: 30 }),
        fc.integer({ min: 1, max: 20000 }),
        (dues, target) => {
          const open = dues.map((d, i) => invoice(`i${i}`, `N${i}`, "c", d));
          const sets = subsetsSumming(open, target, { budget: 2000 });
          for (const set of sets) {
            expect(set.reduce((s, i) => s + i.due, 0)).toBe(target);
            expect(set.length).toBeGreaterThanOrEqual(2);
            expect(set.length).toBeLessThanOrEqual(5);
            expect(new Set(set.map((i) => i.id)).size).toBe(set.length);
          }
        },
      ),
    );
  });
});

describe("properties of the ranking", () => {
  const arbInvoices = fc.array(
    fc.record({
      n: fc.integer({ min: 1, max: 9999 }),
      contact: fc.constantFrom("c-durand", "c-eleve", "c-edf", "c-other"),
      due: fc.constantFrom(120000, 45000, 30000, -8990, 777, 75000),
      day: fc.integer({ min: 1, max: 28 }),
    }),
    { maxLength: 40 },
  );
  const arbLine = fc.record({
    amount: fc.constantFrom(120000, 75000, -8990, 777, 1),
    label: fc.constantFrom("VIR DURAND", "FA-2026-0012", "PRLV EDF", "REMISE", "ELEVATION CONSEIL F0042"),
  });

  it("scores are the sum of their reasons, sorted best first; each suggestion agrees on amount or number; declined never shown", () => {
    fc.assert(
      fc.property(arbInvoices, arbLine, fc.array(fc.nat(20)), (raw, l, declinedRanks) => {
        const open = raw.map((r, i) =>
          invoice(
            `x${i}`,
            `F${String(r.n).padStart(4, "0")}`,
            r.contact,
            r.due,
            `2026-02-${String(r.day).padStart(2, "0")}`,
          ),
        );
        const idx = buildMatchIndex(open, contacts);
        const statementLine = line(l.amount, l.label);
        const all = suggestMatches(statementLine, idx, { limit: 50 });
        for (const s of all) {
          expect(s.score).toBe(s.reasons.reduce((sum, r) => sum + r.points, 0));
          expect(
            s.reasons.some((r) => r.code === "amount" || r.code === "amountSum" || r.code === "number"),
          ).toBe(true);
          if (s.kind === "invoices") {
            const total = s.invoiceIds.reduce((sum, id) => sum + (idx.invoices.get(id)?.due ?? 0), 0);
            if (s.reasons.some((r) => r.code === "amount" || r.code === "amountSum"))
              expect(total).toBe(l.amount);
            for (const id of s.invoiceIds)
              expect(Math.sign(idx.invoices.get(id)?.due ?? 0)).toBe(Math.sign(l.amount));
          }
        }
        for (let i = 1; i < all.length; i++)
          expect((all[i - 1]?.score ?? 0) >= (all[i]?.score ?? 0)).toBe(true);
        const declined = new Set(declinedRanks.map((r) => all[r]?.key).filter((k): k is string => !!k));
        const after = suggestMatches(statementLine, idx, { limit: 50, declined });
        expect(after.filter((s) => declined.has(s.key))).toEqual([]);
        expect(after.map((s) => s.key)).toEqual(all.filter((s) => !declined.has(s.key)).map((s) => s.key));
      }),
    );
  });
});
