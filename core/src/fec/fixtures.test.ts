import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseAmount } from "../money.ts";
import { checkFec, decodeFec, type FecRecord, groupFecEntries, parseFec } from "./index.ts";

/** Real files of other software (../shared/fixtures/fec, see its README). */
const fixtures = [
  {
    file: "000000000FEC20231231.txt",
    separator: "\t",
    encoding: "UTF-8",
    total: 126535082,
    accounts: {
      "40100000": [15205785, 15668885],
      "60100000": [5203590, 0],
      "51210000": [28509555, 26626290],
    },
  },
  {
    file: "111111111FEC20221231.TXT",
    separator: "|",
    encoding: "ISO-8859-15",
    total: 22568223,
    accounts: { "41100000": [5363878, 3922226], "70100000": [12180, 2957992], "44571200": [198606, 198571] },
  },
  {
    file: "123456789FEC20500930.txt",
    separator: "\t",
    encoding: "UTF-8",
    total: 825808373,
    accounts: {
      "473000000": [9319028, 9319028],
      "401000000": [65199857, 72136387],
      "512000000": [58429778, 57484728],
    },
  },
] as const;

const read = (file: string) =>
  readFileSync(new URL(`../../../../shared/fixtures/fec/${file}`, import.meta.url));

type Sums = Map<string, [number, number]>;

const add = (sums: Sums, account: string, debit: number, credit: number) => {
  const [d, c] = sums.get(account) ?? [0, 0];
  sums.set(account, [d + debit, c + credit]);
};

/** The same sums by the plainest reading: split lines and fields, find the columns by name. */
const plainSums = (file: string, separator: string): { lines: number; sums: Sums } => {
  const [head = "", ...lines] = read(file)
    .toString("latin1")
    .split(/\r*\n/)
    .filter((line) => line.trim() !== "");
  const columns = head.split(separator).map((c) => c.trim().toLowerCase());
  const [account, debit, credit] = ["comptenum", "debit", "credit"].map((name) => columns.indexOf(name));
  const sums: Sums = new Map();
  for (const line of lines) {
    const cells = line.split(separator).map((cell) => cell.trim());
    add(
      sums,
      cells[account ?? -1] ?? "",
      parseAmount(cells[debit ?? -1] ?? ""),
      parseAmount(cells[credit ?? -1] ?? ""),
    );
  }
  return { lines: lines.length, sums };
};

const sumsOf = (records: readonly FecRecord[]): Sums => {
  const sums: Sums = new Map();
  for (const record of records) add(sums, record.compteNum, record.debit, record.credit);
  return sums;
};

describe.each(fixtures)("the real FEC file $file", ({ file, separator, encoding, total, accounts }) => {
  const decoded = decodeFec(read(file));
  const parsed = parseFec(decoded.text);

  it("is decoded in its encoding and read whole, without an error", () => {
    expect(decoded.encoding).toBe(encoding);
    expect(parsed.separator).toBe(separator);
    expect(parsed.findings.filter((f) => f.severity === "error")).toEqual([]);
    expect(parsed.records.length).toBe(plainSums(file, separator).lines);
    expect(parsed.records.every((r) => /^\d{4}-\d{2}-\d{2}$/.test(r.ecritureDate))).toBe(true);
  });

  it("balances, and gives every account the sums of its Debit and Credit columns", () => {
    const debit = parsed.records.reduce((sum, r) => sum + r.debit, 0);
    const credit = parsed.records.reduce((sum, r) => sum + r.credit, 0);
    expect([debit, credit]).toEqual([total, total]);
    const sums = sumsOf(parsed.records);
    expect(sums).toEqual(plainSums(file, separator).sums);
    for (const [account, expected] of Object.entries(accounts)) expect(sums.get(account)).toEqual(expected);
  });

  it("groups into balanced entries only, every line in exactly one of them", () => {
    const { entries, findings } = groupFecEntries(parsed.records);
    expect(findings.filter((f) => f.severity === "error")).toEqual([]);
    for (const entry of entries) {
      const balance = entry.lines.reduce((sum, line) => sum + line.debit - line.credit, 0);
      expect(balance, `entry at line ${entry.lines[0]?.line}`).toBe(0);
    }
    const lines = entries.flatMap((entry) => entry.lines.map((line) => line.line));
    expect(lines.length).toBe(parsed.records.length);
    expect(new Set(lines).size).toBe(lines.length);
  });
});

describe("what the DGFiP's rules say of the real files", () => {
  const codes = (file: string) => {
    const findings = checkFec(file, decodeFec(read(file)).text);
    return [...new Set(findings.map((f) => `${f.severity} ${f.code}${f.field ? ` ${f.field}` : ""}`))].sort();
  };

  it("000000000FEC20231231.txt: no ValidDate anywhere, every EcritureNum 0, 22 columns", () => {
    expect(codes("000000000FEC20231231.txt")).toEqual([
      "error fec.missingValue ValidDate",
      "warning fec.ecritureNum EcritureNum",
      "warning fec.extraColumn",
    ]);
  });

  it("111111111FEC20221231.TXT: a trailing separator, one entry with two PieceRef, entries after the name's date", () => {
    expect(codes("111111111FEC20221231.TXT")).toEqual([
      "warning fec.entryMismatch PieceRef",
      "warning fec.fileNameDate",
      "warning fec.trailingSeparator",
    ]);
  });

  it("123456789FEC20500930.txt: entries with several PieceRef", () => {
    expect(codes("123456789FEC20500930.txt")).toEqual(["warning fec.entryMismatch PieceRef"]);
  });
});
