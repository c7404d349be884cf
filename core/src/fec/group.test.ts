import { describe, expect, it } from "vitest";
import { type FecRecord, groupFecEntries } from "./index.ts";

const line = (values: Partial<FecRecord> & { line: number }): FecRecord => ({
  journalCode: "OD",
  journalLib: "Opérations diverses",
  ecritureNum: "1",
  ecritureDate: "2025-01-05",
  compteNum: "512000",
  compteLib: "Banque",
  compAuxNum: "",
  compAuxLib: "",
  pieceRef: "P1",
  pieceDate: "2025-01-05",
  ecritureLib: "Libellé",
  debit: 0,
  credit: 0,
  ecritureLet: "",
  dateLet: "",
  validDate: "2025-01-06",
  montantDevise: null,
  idevise: "",
  ...values,
});

const shape = (records: FecRecord[]) => {
  const { entries, findings } = groupFecEntries(records);
  return {
    entries: entries.map((entry) => entry.lines.map((l) => l.line)),
    findings: findings.map((f) => [f.line, f.code, f.severity]),
  };
};

describe("groupFecEntries", () => {
  it("makes one entry of the lines sharing a journal and a number, wherever they are", () => {
    const records = [
      line({ line: 2, ecritureNum: "1", debit: 100, ecritureLib: "Loyer" }),
      line({ line: 3, ecritureNum: "2", debit: 50 }),
      line({ line: 4, ecritureNum: "1", credit: 100 }),
      line({ line: 5, ecritureNum: "2", credit: 50 }),
      line({ line: 6, ecritureNum: "1", journalCode: "BQ", debit: 7 }),
      line({ line: 7, ecritureNum: "1", journalCode: "BQ", credit: 7 }),
    ];
    expect(shape(records)).toEqual({
      entries: [
        [2, 4],
        [3, 5],
        [6, 7],
      ],
      findings: [],
    });
    const [first] = groupFecEntries(records).entries;
    expect(first).toMatchObject({
      journalCode: "OD",
      ecritureNum: "1",
      date: "2025-01-05",
      label: "Loyer",
      pieceRef: "P1",
    });
  });

  it("splits lines numbered 0 or not at all into the smallest runs that balance, a zero line staying in its run", () => {
    const records = [
      line({ line: 2, ecritureNum: "0", debit: 100 }),
      line({ line: 3, ecritureNum: "0", credit: 60 }),
      line({ line: 4, ecritureNum: "0", credit: 40 }),
      line({ line: 5, ecritureNum: "0" }),
      line({ line: 6, ecritureNum: "0", debit: 5 }),
      line({ line: 7, ecritureNum: "0", credit: 5 }),
      line({ line: 8, ecritureNum: "0" }),
      line({ line: 9, ecritureNum: "", debit: 9, journalCode: "BQ" }),
      line({ line: 10, ecritureNum: "", credit: 9, journalCode: "BQ" }),
    ];
    expect(shape(records)).toEqual({
      entries: [
        [2, 3, 4],
        [5, 6, 7, 8],
        [9, 10],
      ],
      findings: [[2, "fec.entrySplit", "warning"]],
    });
    expect(groupFecEntries(records).findings[0]?.message).toBe(
      'line 2: journal "OD", EcritureNum "0": EcritureNum does not tell entries apart; lines 2-8 are read as 2 entries: 2-4 / 5-8',
    );
  });

  it("reads a number used on several dates as one entry a date when each balances", () => {
    const records = [
      line({ line: 2, debit: 10 }),
      line({ line: 3, credit: 10 }),
      line({ line: 4, debit: 20, ecritureDate: "2025-02-01" }),
      line({ line: 5, credit: 20, ecritureDate: "2025-02-01" }),
    ];
    expect(shape(records)).toEqual({
      entries: [
        [2, 3],
        [4, 5],
      ],
      findings: [[2, "fec.entrySplit", "warning"]],
    });
  });

  it("keeps an entry whose lines have several dates together when only the whole balances", () => {
    const records = [line({ line: 2, debit: 10 }), line({ line: 3, credit: 10, ecritureDate: "2025-01-07" })];
    expect(shape(records)).toEqual({ entries: [[2, 3]], findings: [[2, "fec.entryDates", "warning"]] });
  });

  it("keeps each line's PieceRef when an entry mixes them, the entry taking the first", () => {
    const records = [
      line({ line: 2, debit: 10, pieceRef: "A" }),
      line({ line: 3, credit: 10, pieceRef: "B" }),
    ];
    const { entries, findings } = groupFecEntries(records);
    expect(entries[0]?.pieceRef).toBe("A");
    expect(entries[0]?.lines.map((l) => l.pieceRef)).toEqual(["A", "B"]);
    expect(findings.map((f) => [f.line, f.code, f.field, f.params])).toEqual([
      [
        2,
        "fec.entryPieceRef",
        "PieceRef",
        { journalCode: "OD", ecritureNum: "1", lines: "3", value: "A", line: 2 },
      ],
    ]);
  });

  it("names the lines that cannot balance and the difference, losing none", () => {
    const records = [
      line({ line: 2, debit: 1000 }),
      line({ line: 3, credit: 1000 }),
      line({ line: 4, debit: 250 }),
      line({ line: 5, credit: 150 }),
    ];
    const { entries, findings } = groupFecEntries(records);
    expect(entries.map((entry) => entry.lines.map((l) => l.line))).toEqual([
      [2, 3],
      [4, 5],
    ]);
    expect(findings.map((f) => [f.line, f.code, f.severity])).toEqual([
      [2, "fec.entrySplit", "warning"],
      [4, "fec.unbalanced", "error"],
    ]);
    expect(findings[1]?.message).toBe(
      'line 4: journal "OD", EcritureNum "1": lines 4-5 do not balance (debit - credit = 1,00)',
    );
    expect(findings[1]?.params).toMatchObject({ lines: "4-5", difference: 100 });
  });
});
