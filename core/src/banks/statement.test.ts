import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deciderSpecification } from "../testing/decider-specification.ts";
import { expectRefused, refusedWith } from "../testing/refusals.ts";
import type { IdentifiedLine } from "./import.ts";
import { planStatementImport } from "./import-plan.ts";
import type { BankStatementLine, ParsedStatementFile } from "./model.ts";
import {
  type BankStatementCommand,
  type BankStatementEvent,
  bankStatementDecider,
  type ImportStatementData,
  STATEMENT_LINES_PER_EVENT,
  type StatementLineRecord,
} from "./statement.ts";
import { statementRegisterDecider } from "./statement-register.ts";

const spec = deciderSpecification(bankStatementDecider);
const line = (bookingDate: string, amount: number, label: string, bankId?: string): BankStatementLine => ({
  bookingDate,
  amount,
  label,
  details: [],
  ...(bankId ? { bankId } : {}),
});
const identified = (lines: BankStatementLine[]): IdentifiedLine[] =>
  lines.map((l, i) => ({ identity: `dal:${l.bookingDate}|${l.amount}|${l.label}|${i}`, line: l }));

const header = (
  lines: readonly IdentifiedLine[],
  changes: Partial<ImportStatementData> = {},
): ImportStatementData => ({
  id: "st1",
  bankId: "b1",
  account: "512001",
  journal: "BQ1",
  source: "file",
  file: { name: "releve.xml", format: "camt053", encoding: "UTF-8", size: 1200, sha256: "ab" },
  reference: "STMT-1",
  label: "Relevé janvier",
  from: "2026-01-01",
  to: "2026-01-31",
  opening: { amount: 10_000, date: "2026-01-01" },
  closing: { amount: 12_500, date: "2026-01-31" },
  notices: [],
  alreadyImported: 0,
  lines,
  ...changes,
});
const imported = (data: ImportStatementData): BankStatementEvent[] => [
  ...bankStatementDecider.decide({ type: "ImportBankStatement", data }, bankStatementDecider.initialState()),
];
const records = (lines: IdentifiedLine[]): StatementLineRecord[] =>
  lines.map((l, i) => ({ ...l.line, no: i + 1, identity: l.identity }));
const target = { kind: "payment" as const, id: "p1", mvt: "m1", line: 1 };
const unmatch = (no: number, lockedUntil: string | null = null): BankStatementCommand => ({
  type: "UnmatchStatementLine",
  data: { no },
  context: { lockedUntil },
});

describe("a bank statement", () => {
  const two = identified([line("2026-01-05", 3_000, "VIR ALPHA"), line("2026-01-20", -500, "FRAIS")]);

  it("given nothing, when imported, then its header with the line count and its lines numbered from 1", () => {
    const { lines: _l, ...rest } = header(two);
    spec
      .given([])
      .when({ type: "ImportBankStatement", data: header(two) })
      .then([
        { type: "BankStatementImported", data: { ...rest, warnings: [], lineCount: 2 } },
        { type: "BankStatementLinesAdded", data: { lines: records(two) } },
      ]);
  });

  it("given a typed statement whose balances do not add up, when imported, then the warning with its figures", () => {
    const [event] = imported(header(two, { closing: { amount: 13_000, date: null } }));
    expect(event?.type === "BankStatementImported" && event.data.warnings).toEqual([
      {
        code: "bankStatement.balanceGap",
        statement: 1,
        opening: 10_000,
        movements: 2_500,
        expectedClosing: 12_500,
        closing: 13_000,
        gap: 500,
      },
    ]);
  });

  it("given 10,000 lines, when imported, then they come in chunks and fold back to 10,000 numbered lines", () => {
    const many = identified(
      Array.from({ length: 10_000 }, (_, i) => line("2026-01-05", i + 1, `L${i}`, `id${i}`)),
    );
    const events = imported(header(many, { closing: null }));
    expect(events).toHaveLength(1 + Math.ceil(10_000 / STATEMENT_LINES_PER_EVENT));
    const state = events.reduce(bankStatementDecider.evolve, bankStatementDecider.initialState());
    expect(state.lines).toHaveLength(10_000);
    expect(state.lines[9_999]?.amount).toBe(10_000);
  });

  it("given no line, when imported, then refused", () => {
    spec
      .given([])
      .when({ type: "ImportBankStatement", data: header([]) })
      .thenThrows(refusedWith("bankStatement.noLines"));
  });

  it("given an imported statement, when imported again under the same id, then refused", () => {
    spec
      .given(imported(header(two)))
      .when({ type: "ImportBankStatement", data: header(two) })
      .thenThrows(refusedWith("bankStatement.exists", undefined, 409));
  });

  it("given a statement, when edited, then the new header and its balance check; unchanged, nothing", () => {
    const edit = {
      label: "Janvier",
      reference: null,
      from: "2026-01-01",
      to: "2026-01-31",
      opening: { amount: 10_000, date: null },
      closing: { amount: 12_000, date: null },
    };
    const [event] = bankStatementDecider.decide(
      { type: "EditBankStatement", data: edit },
      imported(header(two)).reduce(bankStatementDecider.evolve, bankStatementDecider.initialState()),
    );
    expect(event).toEqual({
      type: "BankStatementEdited",
      data: {
        ...edit,
        warnings: [expect.objectContaining({ code: "bankStatement.balanceGap", gap: -500 })],
      },
    });
    spec
      .given([...imported(header(two)), event as BankStatementEvent])
      .when({ type: "EditBankStatement", data: edit })
      .then([]);
    spec
      .given(imported(header(two)))
      .when({ type: "EditBankStatement", data: { ...edit, from: "2026-02-01" } })
      .thenThrows(refusedWith("bankStatement.invalidPeriod"));
  });

  it("given a line, when matched, then the match with who matched it; matched again to the same, nothing; to another, refused", () => {
    spec
      .given(imported(header(two)))
      .when({ type: "MatchStatementLine", data: { no: 2, target, by: "user" } })
      .then([{ type: "StatementLineMatched", data: { no: 2, target, by: "user" } }]);
    const matched: BankStatementEvent[] = [
      ...imported(header(two)),
      { type: "StatementLineMatched", data: { no: 2, target, by: "suggestion" } },
    ];
    spec
      .given(matched)
      .when({ type: "MatchStatementLine", data: { no: 2, target, by: "user" } })
      .then([]);
    spec
      .given(matched)
      .when({ type: "MatchStatementLine", data: { no: 2, target: { ...target, line: 2 }, by: "user" } })
      .thenThrows(refusedWith("statementLine.alreadyMatched", { no: 2 }, 409));
    spec
      .given(imported(header(two)))
      .when({ type: "MatchStatementLine", data: { no: 3, target, by: "user" } })
      .thenThrows(refusedWith("bankStatement.lineNotFound", { no: 3 }, 404));
  });

  it("given a matched line, when unmatched, then unmatched; once its period is locked, refused", () => {
    const matched: BankStatementEvent[] = [
      ...imported(header(two)),
      { type: "StatementLineMatched", data: { no: 1, target, by: "rule" } },
    ];
    spec
      .given(matched)
      .when(unmatch(1, "2025-12-31"))
      .then([{ type: "StatementLineUnmatched", data: { no: 1, target } }]);
    spec
      .given(matched)
      .when(unmatch(1, "2026-01-31"))
      .thenThrows(refusedWith("period.locked", { date: "2026-01-05", until: "2026-01-31" }, 409));
    spec.given(matched).when(unmatch(2)).thenThrows(refusedWith("statementLine.notMatched"));
  });

  it("given a matched line, when deleted, then refused; once unmatched, deleted, and nothing more can be done", () => {
    const matched: BankStatementEvent[] = [
      ...imported(header(two)),
      { type: "StatementLineMatched", data: { no: 1, target, by: "user" } },
    ];
    const del = { type: "DeleteBankStatement" as const, data: {} };
    spec
      .given(matched)
      .when(del)
      .thenThrows(refusedWith("bankStatement.hasMatchedLines", { matched: 1 }, 409));
    const unmatched: BankStatementEvent[] = [
      ...matched,
      { type: "StatementLineUnmatched", data: { no: 1, target } },
    ];
    spec
      .given(unmatched)
      .when(del)
      .then([{ type: "BankStatementDeleted", data: { bankId: "b1", lines: 2 } }]);
    spec
      .given([...unmatched, { type: "BankStatementDeleted", data: { bankId: "b1", lines: 2 } }])
      .when({ type: "MatchStatementLine", data: { no: 1, target, by: "user" } })
      .thenThrows(refusedWith("bankStatement.notFound", {}, 404));
  });

  it("folds many matches at once as one by one", () => {
    const many = identified(Array.from({ length: 50 }, (_, i) => line("2026-01-05", i + 1, `L${i}`)));
    const events: BankStatementEvent[] = [
      ...imported(header(many, { closing: null })),
      ...Array.from({ length: 50 }, (_, i) => ({
        type: "StatementLineMatched" as const,
        data: { no: i + 1, target: { ...target, line: i }, by: "user" as const },
      })),
      { type: "StatementLineUnmatched", data: { no: 7, target: { ...target, line: 6 } } },
    ];
    const initial = bankStatementDecider.initialState();
    expect(bankStatementDecider.foldEvents?.(initial, events)).toEqual(
      events.reduce(bankStatementDecider.evolve, initial),
    );
  });
});

describe("a bank's statements register", () => {
  it("counts the live lines: registered, then unregistered; a statement registered twice is refused", () => {
    const d = statementRegisterDecider;
    let state = d.initialState();
    for (const command of [
      { type: "RegisterBankStatement" as const, data: { statement: "a", lines: 3 } },
      { type: "RegisterBankStatement" as const, data: { statement: "b", lines: 4 } },
      { type: "UnregisterBankStatement" as const, data: { statement: "a" } },
    ])
      state = d.decide(command, state).reduce(d.evolve, state);
    expect(state.lines).toBe(4);
    expectRefused(
      () => d.decide({ type: "RegisterBankStatement", data: { statement: "b", lines: 1 } }, state),
      refusedWith("bankStatement.exists"),
    );
  });

  it("remembers a CSV mapping once, whatever the order of its keys", () => {
    const d = statementRegisterDecider;
    const mapping = {
      date: "Date",
      label: "Libellé",
      amount: "Montant",
      dateOrder: "dmy",
      decimal: ",",
    } as const;
    const [saved] = d.decide({ type: "SaveBankCsvMapping", data: { mapping } }, d.initialState());
    const state = d.evolve(d.initialState(), saved as never);
    const reordered = {
      decimal: ",",
      dateOrder: "dmy",
      amount: "Montant",
      label: "Libellé",
      date: "Date",
    } as const;
    expect(d.decide({ type: "SaveBankCsvMapping", data: { mapping: reordered } }, state)).toEqual([]);
  });
});

describe("importing a bank's history in any repetition or overlap", () => {
  // A bank's true history: days with lines, some sharing date, amount and label; some with the bank's id.
  const history = fc
    .array(
      fc.record({
        day: fc.integer({ min: 1, max: 20 }),
        amount: fc.constantFrom(-1_000, 2_500, 4_200),
        label: fc.constantFrom("VIR ALPHA", "Frais", "PRLV EDF"),
        withId: fc.boolean(),
      }),
      { minLength: 1, maxLength: 40 },
    )
    .map((raw) =>
      raw
        .map((r, i) =>
          line(
            `2026-03-${String(r.day).padStart(2, "0")}`,
            r.amount,
            r.label,
            r.withId ? `B${i}` : undefined,
          ),
        )
        .sort((a, b) => a.bookingDate.localeCompare(b.bookingDate)),
    );
  const windows = fc.array(
    fc.tuple(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 0, max: 19 })).map(([from, span]) => ({
      from,
      to: Math.min(20, from + span),
    })),
    { minLength: 1, maxLength: 8 },
  );
  const file = (lines: BankStatementLine[]): ParsedStatementFile => ({
    format: "camt053",
    encoding: "UTF-8",
    notices: [],
    statements: [{ format: "camt053", account: { iban: "FR7630006000011234567890189" }, lines }],
  });

  it("keeps each line of the covered days exactly once, whatever files of whole days come, and again", () => {
    fc.assert(
      fc.property(history, windows, fc.boolean(), (lines, cuts, repeatAll) => {
        const bank = { iban: "FR7630006000011234567890189" };
        const day = (l: BankStatementLine) => Number(l.bookingDate.slice(8));
        const plan = repeatAll ? [...cuts, ...cuts] : cuts;
        // The bank's lines read model: every live statement's lines with their identities.
        const kept: StatementLineRecord[] = [];
        let register = statementRegisterDecider.initialState();
        plan.forEach((w, n) => {
          const part = lines.filter((l) => day(l) >= w.from && day(l) <= w.to);
          if (part.length === 0) return;
          const planned = planStatementImport(file(part), bank, new Set(kept.map((k) => k.identity)));
          if (planned.added.length === 0) return;
          const id = `st${n}`;
          const events = bankStatementDecider.decide(
            {
              type: "ImportBankStatement",
              data: header(planned.added, { id, opening: null, closing: null }),
            },
            bankStatementDecider.initialState(),
          );
          for (const e of events) if (e.type === "BankStatementLinesAdded") kept.push(...e.data.lines);
          register = statementRegisterDecider
            .decide(
              { type: "RegisterBankStatement", data: { statement: id, lines: planned.added.length } },
              register,
            )
            .reduce(statementRegisterDecider.evolve, register);
        });
        const covered = lines.filter((l) => cuts.some((w) => day(l) >= w.from && day(l) <= w.to));
        const key = (l: BankStatementLine) => `${l.bookingDate}|${l.amount}|${l.label}|${l.bankId ?? ""}`;
        expect(kept.map(key).sort()).toEqual(covered.map(key).sort());
        expect(new Set(kept.map((k) => k.identity)).size).toBe(kept.length);
        expect(register.lines).toBe(kept.length);
      }),
      { numRuns: 300 },
    );
  });
});
