import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DomainError } from "../decider.ts";
import {
  balanceWarningFigures,
  checkBalances,
  checkStatementAccount,
  lineIdentities,
  newStatementLines,
} from "./import.ts";
import type { BankStatementLine, ParsedStatement } from "./model.ts";

const line = (bookingDate: string, amount: number, label: string, bankId?: string): BankStatementLine => ({
  bookingDate,
  amount,
  label,
  details: [],
  ...(bankId ? { bankId } : {}),
});
const statement = (
  opening: number | undefined,
  closing: number | undefined,
  amounts: number[],
): ParsedStatement => ({
  format: "camt053",
  account: {},
  ...(opening !== undefined ? { opening: { amount: opening } } : {}),
  ...(closing !== undefined ? { closing: { amount: closing } } : {}),
  lines: amounts.map((a, i) => line("2026-01-05", a, `L${i}`)),
});

describe("balance check", () => {
  it("given opening + lines = closing, when checked, then no warning", () => {
    expect(checkBalances([statement(10000, 12500, [3000, -500])])).toEqual([]);
  });

  it("given a gap, when checked, then a warning with opening, movements, expected and stated closing, and the gap", () => {
    const [w] = checkBalances([statement(1556827, 1512112, [-75425, -66405, 140531])]);
    expect(w).toEqual({
      code: "bankStatement.balanceGap",
      statement: 1,
      opening: 1556827,
      movements: -1299,
      expectedClosing: 1555528,
      closing: 1512112,
      gap: -43416,
    });
    expect(w && balanceWarningFigures(w)).toEqual({
      statement: 1,
      opening: "15568.27",
      movements: "-12.99",
      expectedClosing: "15555.28",
      closing: "15121.12",
      gap: "-434.16",
    });
  });

  it("given a statement without one of its balances, when checked, then nothing is claimed", () => {
    expect(checkBalances([statement(undefined, 100, [5]), statement(100, undefined, [5])])).toEqual([]);
  });

  it("given two statements that do not chain, when checked, then the chain gap is said", () => {
    expect(checkBalances([statement(0, 100, [100]), statement(90, 190, [100])])).toEqual([
      { code: "bankStatement.chainGap", statement: 2, previousClosing: 100, opening: 90, gap: -10 },
    ]);
  });
});

describe("the statement's account", () => {
  const bank = { iban: "FR76 3000 1007 9412 3456 7890 185", currency: "EUR" };
  const refused = (account: Parameters<typeof checkStatementAccount>[0]) => {
    try {
      checkStatementAccount(account, bank);
    } catch (error) {
      if (error instanceof DomainError) return { code: error.code, params: error.params };
      throw error;
    }
    return undefined;
  };

  it("accepts its own IBAN, its French account number with bank and branch codes, and files that name none", () => {
    expect(refused({ iban: "FR7630001007941234567890185", currency: "EUR" })).toBeUndefined();
    expect(refused({ number: "12345678901", bankCode: "30001", branchCode: "00794" })).toBeUndefined();
    expect(refused({})).toBeUndefined();
    // CAMT's Othr/Id holding the IBAN; an MT940 :25: holding the national number.
    expect(refused({ number: "FR76 3000 1007 9412 3456 7890 185" })).toBeUndefined();
    expect(refused({ number: "30001/00794/12345678901" })).toBeUndefined();
    expect(refused({ number: "50880050/0194787400888" })?.code).toBe("bankStatement.otherAccount");
  });

  it("refuses another IBAN, naming both", () => {
    expect(refused({ iban: "NL77ABNA0574908765" })).toEqual({
      code: "bankStatement.otherAccount",
      params: { field: "file", expected: "FR7630001007941234567890185", found: "NL77ABNA0574908765" },
    });
  });

  it("refuses another French account number, or the same number at another bank", () => {
    expect(refused({ number: "98765432100", bankCode: "30001", branchCode: "00794" })?.code).toBe(
      "bankStatement.otherAccount",
    );
    expect(refused({ number: "12345678901", bankCode: "15589", branchCode: "00000" })?.code).toBe(
      "bankStatement.otherAccount",
    );
  });

  it("refuses a file in another currency", () => {
    expect(refused({ iban: "FR7630001007941234567890185", currency: "USD" })).toEqual({
      code: "bankStatement.otherCurrency",
      params: { field: "file", expected: "EUR", found: "USD" },
    });
  });
});

describe("line identity", () => {
  it("is the bank's id when the line has one", () => {
    expect(lineIdentities([line("2026-01-05", 100, "A", "FIT1")])).toEqual(["id:FIT1"]);
  });

  it("is date, amount, label (accents and case aside) and rank among the same", () => {
    expect(
      lineIdentities([
        line("2026-01-05", -790, "Commission"),
        line("2026-01-05", -790, "COMMISSION "),
        line("2026-01-05", -790, "Frais"),
      ]),
    ).toEqual([
      "dal:2026-01-05|-790|COMMISSION|1",
      "dal:2026-01-05|-790|COMMISSION|2",
      "dal:2026-01-05|-790|FRAIS|1",
    ]);
  });

  it("given a file imported twice, when merged, then nothing is added the second time", () => {
    const lines = [
      line("2026-01-05", -790, "Frais"),
      line("2026-01-05", -790, "Frais"),
      line("2026-01-06", 100, "X", "B1"),
    ];
    const first = newStatementLines(new Set(), lines);
    expect(first.added).toHaveLength(3);
    const second = newStatementLines(new Set(first.added.map((a) => a.identity)), lines);
    expect(second).toEqual({ added: [], alreadyImported: 3 });
  });

  it("given a later export of the same day with one more identical fee, when merged, then only that fee is added", () => {
    const morning = [line("2026-01-05", -790, "Frais")];
    const evening = [line("2026-01-05", -790, "Frais"), line("2026-01-05", -790, "Frais")];
    const known = new Set(newStatementLines(new Set(), morning).added.map((a) => a.identity));
    expect(newStatementLines(known, evening).added.map((a) => a.identity)).toEqual([
      "dal:2026-01-05|-790|FRAIS|2",
    ]);
  });

  it("a bank id repeated inside one file is one line", () => {
    expect(
      newStatementLines(new Set(), [line("2026-01-05", 1, "A", "X"), line("2026-01-05", 1, "A", "X")]).added,
    ).toHaveLength(1);
  });
});

describe("property: importing is idempotent under any repetition or overlap", () => {
  // A bank's true history: lines on days 1..20, some with the bank's ids, many alike (same day, amount, label).
  const history = fc
    .array(
      fc.record({
        day: fc.integer({ min: 1, max: 20 }),
        amount: fc.constantFrom(-790, -1250, 10000, 4200),
        label: fc.constantFrom("FRAIS", "Frais", "VIR ACME", "PRLV EDF"),
        withId: fc.boolean(),
      }),
      { maxLength: 60 },
    )
    .map((raw) =>
      [...raw]
        .sort((a, b) => a.day - b.day)
        .map((r, i) =>
          line(
            `2026-01-${String(r.day).padStart(2, "0")}`,
            r.amount,
            r.label,
            r.withId ? `B${i}` : undefined,
          ),
        ),
    );
  // A file: the lines of whole days from one day to another, in the bank's order.
  const windows = fc.array(
    fc
      .tuple(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 0, max: 20 }))
      .map(([from, length]) => [from, from + length] as const),
    { minLength: 1, maxLength: 8 },
  );

  it("every line of the history covered by some file is there exactly once, whatever the files and their order", () => {
    fc.assert(
      fc.property(history, windows, (lines, files) => {
        const dayOf = (l: BankStatementLine) => Number(l.bookingDate.slice(8));
        const known = new Set<string>();
        const imported: BankStatementLine[] = [];
        for (const [from, to] of [...files, ...files]) {
          const file = lines.filter((l) => dayOf(l) >= from && dayOf(l) <= to);
          const { added } = newStatementLines(known, file);
          for (const a of added) {
            known.add(a.identity);
            imported.push(a.line);
          }
        }
        const covered = lines.filter((l) => files.some(([from, to]) => dayOf(l) >= from && dayOf(l) <= to));
        const key = (l: BankStatementLine) =>
          `${l.bookingDate}|${l.amount}|${l.label.toUpperCase()}|${l.bankId ?? ""}`;
        const count = (ls: BankStatementLine[]) =>
          ls.reduce((m, l) => m.set(key(l), (m.get(key(l)) ?? 0) + 1), new Map<string, number>());
        expect(count(imported)).toEqual(count(covered));
      }),
    );
  });
});
