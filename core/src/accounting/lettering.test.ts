import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deciderSpecification } from "../testing/decider-specification.ts";
import { refusedWith } from "../testing/refusals.ts";
import {
  type LedgerLineFact,
  type LetteringCommand,
  type LetteringEvent,
  type LetteringState,
  type LineRef,
  letteringCode,
  letteringDecider,
  letteringStreamId,
  lineRef,
} from "./lettering.ts";

const spec = deciderSpecification(letteringDecider);

/** The order lettering codes follow: shorter first, then alphabetical. */
const codeOrder = (a: string, b: string): number => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/** The inverse of letteringCode: the rank of a code among AA, AB, … ZZ, AAA, … */
const rankOf = (code: string): number => {
  let before = 0;
  for (let width = 2; width < code.length; width++) before += 26 ** width;
  let index = 0;
  for (const c of code) index = index * 26 + (c.charCodeAt(0) - 65);
  return before + index + 1;
};

describe("lettering codes", () => {
  it("run AA, AB … AZ, BA … ZZ, then AAA", () => {
    expect([1, 2, 26, 27, 28, 52, 53, 676, 677, 678].map(letteringCode)).toEqual([
      "AA",
      "AB",
      "AZ",
      "BA",
      "BB",
      "BZ",
      "CA",
      "ZZ",
      "AAA",
      "AAB",
    ]);
  });

  it("run on to ZZZ, then AAAA", () => {
    expect(letteringCode(676 + 26 ** 3)).toBe("ZZZ");
    expect(letteringCode(676 + 26 ** 3 + 1)).toBe("AAAA");
  });

  it("exist only for whole numbers from 1", () => {
    for (const n of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])
      expect(() => letteringCode(n), String(n)).toThrow(RangeError);
  });

  it("map 1..N one to one onto the first N codes in (length, alphabetical) order", () => {
    const n = 676 + 26 ** 3 + 30;
    const codes = Array.from({ length: n }, (_, i) => letteringCode(i + 1));
    for (let i = 1; i < n; i++) expect(codeOrder(codes[i - 1] ?? "", codes[i] ?? "")).toBeLessThan(0);
    expect(new Set(codes).size).toBe(n);
    expect(codes.filter((c) => c.length === 2)).toHaveLength(26 ** 2);
    expect(codes.filter((c) => c.length === 3)).toHaveLength(26 ** 3);
    expect(codes.every((c) => /^[A-Z]{2,}$/.test(c))).toBe(true);
  });

  it("are strictly increasing in (length, alphabetical) order (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e12 }), fc.integer({ min: 1, max: 1e12 }), (a, b) => {
        expect(Math.sign(codeOrder(letteringCode(a), letteringCode(b)))).toBe(Math.sign(a - b));
      }),
    );
  });

  it("are a bijection: each code gives back its number, and each code of capitals is reached (property)", () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 1e12 }), (n) => rankOf(letteringCode(n)) === n));
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"), minLength: 2, maxLength: 7 }),
        (code) => {
          expect(letteringCode(rankOf(code))).toBe(code);
        },
      ),
    );
  });
});

// ---------------------------------------------------------------------------------------------

const account = "411000";
const fact = (
  ref: LineRef,
  date: string,
  debit: number,
  credit: number,
  auxiliary: string | null = "CDUPONT",
  onAccount = account,
): LedgerLineFact => ({ ref, account: onAccount, auxiliary, date, debit, credit });

const invoice = fact(lineRef("mvt-inv", 1), "2025-06-15", 12000, 0);
const payment = fact(lineRef("mvt-pay", 1), "2025-07-10", 0, 12000);
const partial1 = fact(lineRef("mvt-p1", 2), "2025-07-01", 0, 5000);
const partial2 = fact(lineRef("mvt-p2", 2), "2025-08-02", 0, 7000);
const martinInvoice = fact(lineRef("mvt-m", 1), "2025-06-01", 12000, 0, "CMARTIN");
const supplierLine = fact(lineRef("mvt-s", 3), "2025-06-01", 0, 12000, "FMARTIN", "401000");
const noAuxiliary = fact(lineRef("mvt-x", 1), "2025-06-01", 0, 12000, null);
const ledger = [invoice, payment, partial1, partial2, martinInvoice, supplierLine, noAuxiliary];

const letter = (requested: readonly LineRef[], lines = ledger, lettrable = true): LetteringCommand => ({
  type: "LetterLines",
  data: { account, lettrable, lines, requested },
});
const unletter = (code: string): LetteringCommand => ({ type: "UnletterLines", data: { account, code } });

const lettered = (
  code: string,
  lines: readonly LineRef[],
  date: string,
  amount: number,
  auxiliary: string | null = "CDUPONT",
): LetteringEvent => ({ type: "LinesLettered", data: { account, code, auxiliary, date, lines, amount } });
const unlettered = (code: string, lines: readonly LineRef[]): LetteringEvent => ({
  type: "LinesUnlettered",
  data: { account, code, lines },
});

const invoicePaid = lettered("AA", [invoice.ref, payment.ref], "2025-07-10", 12000);

const stateOf = (events: readonly LetteringEvent[]): LetteringState =>
  events.reduce(letteringDecider.evolve, letteringDecider.initialState());

it("keeps the lettering of each account in its own stream, and names a line by entry and number", () => {
  expect(letteringStreamId("411000")).toBe("lettering-411000");
  expect(lineRef("mvt-1", 3)).toBe("mvt-1/3");
});

describe("lettering lines", () => {
  const given = spec.given([]);

  it("letters a balanced set of one customer's lines with the first code, AA", () => {
    given.when(letter([invoice.ref, payment.ref])).then([invoicePaid]);
  });

  it("dates the set on its latest line, whatever the order the lines are given in", () => {
    given
      .when(letter([payment.ref, invoice.ref]))
      .then([lettered("AA", [payment.ref, invoice.ref], "2025-07-10", 12000)]);
    given
      .when(letter([partial2.ref, invoice.ref, partial1.ref]))
      .then([lettered("AA", [partial2.ref, invoice.ref, partial1.ref], "2025-08-02", 12000)]);
  });

  it("letters an invoice against several partial payments", () => {
    given
      .when(letter([invoice.ref, partial1.ref, partial2.ref]))
      .then([lettered("AA", [invoice.ref, partial1.ref, partial2.ref], "2025-08-02", 12000)]);
  });

  it("counts a line named twice once", () => {
    given.when(letter([invoice.ref, payment.ref, invoice.ref])).then([invoicePaid]);
  });

  it("letters lines without an auxiliary account on an account that has none", () => {
    const debit = fact(lineRef("mvt-y", 1), "2025-06-20", 12000, 0, null);
    given
      .when(letter([noAuxiliary.ref, debit.ref], [...ledger, debit]))
      .then([lettered("AA", [noAuxiliary.ref, debit.ref], "2025-06-20", 12000, null)]);
  });

  it("gives the next code to the next set", () => {
    const payment2 = fact(lineRef("mvt-pay2", 1), "2025-06-30", 0, 12000, "CMARTIN");
    spec
      .given([invoicePaid])
      .when(letter([martinInvoice.ref, payment2.ref], [...ledger, payment2]))
      .then([lettered("AB", [martinInvoice.ref, payment2.ref], "2025-06-30", 12000, "CMARTIN")]);
  });

  it("refuses an account whose lines may not be lettered", () => {
    given
      .when(letter([invoice.ref, payment.ref], ledger, false))
      .thenThrows(refusedWith("lettering.notLettrable", { account }));
  });

  it("needs at least two different lines", () => {
    given.when(letter([invoice.ref])).thenThrows(refusedWith("lettering.tooFewLines", {}));
    given.when(letter([invoice.ref, invoice.ref])).thenThrows(refusedWith("lettering.tooFewLines"));
    given.when(letter([])).thenThrows(refusedWith("lettering.tooFewLines"));
  });

  it("refuses a line the ledger does not know: 404", () => {
    given
      .when(letter([invoice.ref, "mvt-none/1"]))
      .thenThrows(refusedWith("lettering.unknownLine", { line: "mvt-none/1" }, 404));
  });

  it("refuses a line of another account", () => {
    given
      .when(letter([invoice.ref, supplierLine.ref]))
      .thenThrows(refusedWith("lettering.otherAccount", { line: supplierLine.ref, account }));
  });

  it("refuses lines of different auxiliary accounts, or with and without one", () => {
    given
      .when(letter([martinInvoice.ref, payment.ref]))
      .thenThrows(refusedWith("lettering.mixedAuxiliary", { account }));
    given
      .when(letter([invoice.ref, noAuxiliary.ref]))
      .thenThrows(refusedWith("lettering.mixedAuxiliary", { account }));
  });

  it("refuses a line already lettered, naming its code: 409", () => {
    spec
      .given([invoicePaid])
      .when(letter([partial1.ref, partial2.ref, payment.ref]))
      .thenThrows(refusedWith("lettering.alreadyLettered", { line: payment.ref, code: "AA" }, 409));
  });

  it("refuses a set whose debits and credits differ, showing both and the difference in FEC form", () => {
    given
      .when(letter([invoice.ref, partial1.ref]))
      .thenThrows(
        refusedWith("lettering.unbalanced", { debit: "120,00", credit: "50,00", difference: "70,00" }),
      );
    given
      .when(letter([partial1.ref, partial2.ref]))
      .thenThrows(
        refusedWith("lettering.unbalanced", { debit: "0,00", credit: "120,00", difference: "120,00" }),
      );
  });

  it("records which lines carry which code", () => {
    const state = stateOf([invoicePaid]);
    expect(state.given).toBe(1);
    expect(state.letteredLines.toObject()).toEqual({ [invoice.ref]: "AA", [payment.ref]: "AA" });
    expect(state.sets.get("AA")).toEqual({
      code: "AA",
      auxiliary: "CDUPONT",
      date: "2025-07-10",
      lines: [invoice.ref, payment.ref],
    });
  });
});

describe("unlettering", () => {
  it("frees the lines of the code", () => {
    spec
      .given([invoicePaid])
      .when(unletter("AA"))
      .then([unlettered("AA", [invoice.ref, payment.ref])]);
    const state = stateOf([invoicePaid, unlettered("AA", [invoice.ref, payment.ref])]);
    expect(state.letteredLines.toObject()).toEqual({});
    expect(state.sets.toObject()).toEqual({});
  });

  it("frees only that code's lines", () => {
    const second = lettered("AB", [martinInvoice.ref, "mvt-pay2/1"], "2025-06-30", 12000, "CMARTIN");
    const state = stateOf([invoicePaid, second, unlettered("AA", [invoice.ref, payment.ref])]);
    expect(state.letteredLines.toObject()).toEqual({ [martinInvoice.ref]: "AB", "mvt-pay2/1": "AB" });
    expect([...state.sets.keys()]).toEqual(["AB"]);
  });

  it("lets the freed lines be lettered again, under a new code: a code is never given twice", () => {
    spec
      .given([invoicePaid, unlettered("AA", [invoice.ref, payment.ref])])
      .when(letter([invoice.ref, partial1.ref, partial2.ref]))
      .then([lettered("AB", [invoice.ref, partial1.ref, partial2.ref], "2025-08-02", 12000)]);
  });

  it("refuses a code not in use: never given, or already freed: 404", () => {
    spec
      .given([])
      .when(unletter("AA"))
      .thenThrows(refusedWith("lettering.unknownCode", { code: "AA" }, 404));
    spec
      .given([invoicePaid, unlettered("AA", [invoice.ref, payment.ref])])
      .when(unletter("AA"))
      .thenThrows(refusedWith("lettering.unknownCode", { code: "AA" }, 404));
  });

  it("never gives a code twice, whatever the lettering and unlettering (property)", () => {
    // Pairs of lines that balance: an invoice and its payment per customer.
    const pairs = Array.from({ length: 6 }, (_, i) => [
      fact(lineRef(`inv-${i}`, 1), "2025-06-01", 1000 * (i + 1), 0, `C${i}`),
      fact(lineRef(`pay-${i}`, 1), "2025-07-01", 0, 1000 * (i + 1), `C${i}`),
    ]);
    const lines = pairs.flat();
    const step = fc.oneof(
      fc.record({ kind: fc.constant("letter" as const), pair: fc.integer({ min: 0, max: 5 }) }),
      fc.record({ kind: fc.constant("unletter" as const), pick: fc.nat() }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        let state = letteringDecider.initialState();
        const given: string[] = [];
        for (const s of steps) {
          let command: LetteringCommand;
          if (s.kind === "letter") {
            const pair = pairs[s.pair] ?? [];
            command = {
              type: "LetterLines",
              data: { account, lettrable: true, lines, requested: pair.map((l) => l.ref) },
            };
          } else {
            const codes = [...state.sets.keys()];
            const code = codes[s.pick % Math.max(codes.length, 1)];
            if (code === undefined) continue;
            command = unletter(code);
          }
          let events: readonly LetteringEvent[] = [];
          try {
            events = letteringDecider.decide(command, state);
          } catch (error) {
            // The only refusal possible here: lettering a pair already lettered.
            expect(error).toSatisfy(refusedWith("lettering.alreadyLettered"));
          }
          for (const e of events) {
            if (e.type === "LinesLettered") given.push(e.data.code);
            state = letteringDecider.evolve(state, e);
          }
        }
        expect(new Set(given).size).toBe(given.length);
        expect(given).toEqual(given.map((_, i) => letteringCode(i + 1)));
        expect(state.given).toBe(given.length);
        // Every lettered line points at a live set that holds it.
        for (const [ref, code] of state.letteredLines.entries())
          expect(state.sets.get(code)?.lines).toContain(ref);
      }),
    );
  });
});
