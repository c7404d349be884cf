import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkFec, FEC_FIELDS, type FecLineInput, fecFileName, writeFec } from "./index.ts";

const NAME = "123456782FEC20251231.txt";

const base: FecLineInput = {
  journalCode: "VE",
  journalLib: "Ventes",
  ecritureNum: "VE1",
  ecritureDate: "2025-01-05",
  compteNum: "411000",
  compteLib: "Clients",
  compAuxNum: "C1",
  compAuxLib: "Dupont",
  pieceRef: "F1",
  pieceDate: "2025-01-05",
  ecritureLib: "Facture F1",
  debit: 12000,
  credit: 0,
  ecritureLet: "",
  dateLet: "",
  validDate: "2025-01-06",
  montantDevise: null,
  idevise: "",
};
const income: FecLineInput = {
  ...base,
  compteNum: "706000",
  compteLib: "Prestations",
  compAuxNum: "",
  compAuxLib: "",
  debit: 0,
  credit: 12000,
};

/** A valid file of two lines (2 and 3), with `change` applied to the cells of line 2. */
const fileWith = (change: (cells: string[]) => string[] = (cells) => cells): string => {
  const [header = "", first = "", second = ""] = writeFec([base, income]).split("\r\n");
  return [header, change(first.split("\t")).join("\t"), second, ""].join("\r\n");
};

const set = (field: (typeof FEC_FIELDS)[number], value: string) => (cells: string[]) =>
  cells.with(FEC_FIELDS.indexOf(field), value);

const found = (text: string, name: string | null = NAME) =>
  checkFec(name, text).map((f) => [f.line, f.code, f.severity, f.field ?? ""]);

describe("checkFec", () => {
  it("finds nothing in a valid file", () => {
    expect(checkFec(NAME, fileWith(), { strict: true })).toEqual([]);
  });

  it("refuses a dot in an amount", () => {
    expect(found(fileWith(set("Debit", "120.00")))).toContainEqual([2, "fec.amountDot", "error", "Debit"]);
    expect(found(fileWith(set("Debit", "1.200,00")))).toContainEqual([2, "fec.amountDot", "error", "Debit"]);
  });

  it("refuses a line of 17 fields", () => {
    expect(found(fileWith((cells) => cells.slice(0, 17)))).toContainEqual([2, "fec.fieldCount", "error", ""]);
  });

  it("refuses an empty required value", () => {
    expect(found(fileWith(set("JournalLib", "")))).toContainEqual([
      2,
      "fec.missingValue",
      "error",
      "JournalLib",
    ]);
    expect(found(fileWith(set("ValidDate", "")))).toEqual([[2, "fec.missingValue", "error", "ValidDate"]]);
  });

  it("refuses a CompteNum that does not start with three digits", () => {
    expect(found(fileWith(set("CompteNum", "ABC123")))).toEqual([[2, "fec.compteNum", "error", "CompteNum"]]);
  });

  it("refuses an entry that does not balance, and a file", () => {
    expect(found(fileWith(set("Debit", "120,01")))).toEqual([
      [0, "fec.fileUnbalanced", "error", ""],
      [2, "fec.unbalanced", "error", ""],
    ]);
    const [unbalanced] = checkFec(NAME, fileWith(set("Debit", "120,01"))).filter((f) => f.line === 2);
    expect(unbalanced?.message).toBe(
      'line 2: journal "VE", EcritureNum "VE1": lines 2-3 do not balance (debit - credit = 0,01)',
    );
  });

  it("refuses a date that is not AAAAMMJJ", () => {
    expect(found(fileWith(set("EcritureDate", "20250132")))).toContainEqual([
      2,
      "fec.invalidDate",
      "error",
      "EcritureDate",
    ]);
    expect(found(fileWith(set("PieceDate", "2025-01-05")))).toEqual([
      [2, "fec.dateFormat", "error", "PieceDate"],
    ]);
  });

  it("checks the file name", () => {
    expect(found(fileWith(), "FEC2025.txt")).toEqual([[0, "fec.fileName", "error", ""]]);
    expect(found(fileWith(), "123456782FEC20251331.txt")).toEqual([[0, "fec.fileName", "error", ""]]);
    expect(found(fileWith(), "123456782FEC20251231")).toEqual([[0, "fec.fileName", "warning", ""]]);
    expect(found(fileWith(), "exports/123456782FEC20251231.TXT")).toEqual([]);
    expect(found(fileWith(), "123456782FEC20241231.txt")).toEqual([[0, "fec.fileNameDate", "warning", ""]]);
    expect(found(fileWith(), null)).toEqual([]);
  });

  it("wants CompAuxLib with CompAuxNum and the other way round", () => {
    expect(found(fileWith(set("CompAuxLib", "")))).toEqual([[2, "fec.compAux", "error", "CompAuxLib"]]);
    expect(found(fileWith(set("CompAuxNum", "")))).toEqual([[2, "fec.compAux", "error", "CompAuxNum"]]);
  });

  it("wants EcritureLet and DateLet together", () => {
    expect(found(fileWith(set("EcritureLet", "AA")))).toEqual([[2, "fec.lettering", "error", "DateLet"]]);
    expect(found(fileWith(set("DateLet", "20250110")))).toEqual([
      [2, "fec.lettering", "error", "EcritureLet"],
    ]);
  });

  it("warns of lines with both or neither of Debit and Credit, and of half a currency", () => {
    const both = fileWith((cells) => set("Credit", "120,00")(set("Debit", "240,00")(cells)));
    expect(found(both)).toEqual([[2, "fec.debitCredit", "warning", ""]]);
    const zero = fileWith((cells) => set("Credit", "0,00")(set("Debit", "0,00")(cells)));
    expect(found(zero)).toContainEqual([2, "fec.zeroAmount", "warning", ""]);
    expect(found(fileWith(set("Idevise", "USD")))).toEqual([[2, "fec.currency", "warning", "Montantdevise"]]);
  });

  it("warns when the lines of one entry disagree on journal, date or piece", () => {
    expect(found(fileWith(set("PieceRef", "F2")))).toEqual([[2, "fec.entryMismatch", "warning", "PieceRef"]]);
    expect(found(fileWith(set("JournalLib", "VENTES")))).toEqual([
      [2, "fec.entryMismatch", "warning", "JournalLib"],
    ]);
    expect(found(fileWith(set("EcritureDate", "20250104")))).toEqual([
      [2, "fec.entryMismatch", "warning", "EcritureDate"],
    ]);
  });

  it("warns once of EcritureNum 0, and still finds lines that cannot balance", () => {
    const zero = (text: string) => text.replaceAll("\tVE1\t", "\t0\t");
    expect(found(zero(fileWith()))).toEqual([[0, "fec.ecritureNum", "warning", "EcritureNum"]]);
    expect(found(zero(fileWith(set("Debit", "100,00"))))).toEqual([
      [0, "fec.ecritureNum", "warning", "EcritureNum"],
      [0, "fec.fileUnbalanced", "error", ""],
      [2, "fec.unbalanced", "error", ""],
    ]);
  });

  it("checks the header: names, order, separator", () => {
    const [header = "", ...rest] = fileWith().split("\r\n");
    const swapped = (line: string) => {
      const cells = line.split("\t");
      return [cells[1], cells[0], ...cells.slice(2)].join("\t");
    };
    expect(found([swapped(header), ...rest.map((l) => (l ? swapped(l) : l))].join("\r\n"))).toEqual([
      [1, "fec.columnOrder", "warning", ""],
    ]);
    const without = (line: string) => line.split("\t").slice(0, 17).join("\t");
    expect(found([without(header), ...rest.map((l) => (l ? without(l) : l))].join("\r\n"))).toEqual([
      [1, "fec.missingColumn", "error", "Idevise"],
    ]);
    expect(found(fileWith().replaceAll("\t", ";"))).toEqual([[1, "fec.separator", "error", ""]]);
  });

  it("keeps a zero-amount line a warning even in strict mode: the norm accepts it", () => {
    const zero = fileWith((cells) => set("Credit", "0,00")(set("Debit", "0,00")(cells)));
    const strict = checkFec(NAME, zero, { strict: true }).filter((f) => f.code === "fec.zeroAmount");
    expect(strict.map((f) => [f.line, f.severity])).toEqual([[2, "warning"]]);
  });

  it("makes every other warning an error in strict mode, and sorts findings by line", () => {
    const text = fileWith(set("PieceRef", "F2")).replace("\r\n", "\r\n\r\n");
    expect(checkFec(NAME, text).map((f) => [f.line, f.severity])).toEqual([
      [2, "warning"],
      [3, "warning"],
    ]);
    expect(checkFec(NAME, text, { strict: true }).map((f) => [f.line, f.code, f.severity])).toEqual([
      [2, "fec.emptyLine", "error"],
      [3, "fec.entryMismatch", "error"],
    ]);
  });
});

/** Never empty once cleaned, whichever the separator: required values stay filled. */
const text = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => /[^\s|]/.test(s));
const isoDate = fc
  .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-30T00:00:00Z"), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

/** A balanced entry as Registre writes one: debits on several lines, one credit line. */
const entry = fc
  .record({
    journal: fc.constantFrom(["VE", "Ventes"], ["AC", "Achats"], ["BQ", "Banque"]),
    date: isoDate,
    piece: text,
    label: text,
    debits: fc.array(fc.integer({ min: 1, max: 1e9 }), { minLength: 1, maxLength: 4 }),
    aux: fc.option(fc.tuple(text, text)),
    lettering: fc.option(fc.tuple(fc.stringMatching(/^[A-Z]{1,4}$/), isoDate)),
    currency: fc.option(fc.tuple(fc.integer({ min: -1e9, max: 1e9 }), fc.constantFrom("USD", "CHF"))),
  })
  .map(({ journal, date, piece, label, debits, aux, lettering, currency }) => (n: number): FecLineInput[] => {
    const line = (compteNum: string, debit: number, credit: number): FecLineInput => ({
      journalCode: journal[0],
      journalLib: journal[1],
      ecritureNum: `${journal[0]}${n}`,
      ecritureDate: date,
      compteNum,
      compteLib: `Compte ${compteNum}`,
      compAuxNum: aux?.[0] ?? "",
      compAuxLib: aux?.[1] ?? "",
      pieceRef: piece,
      pieceDate: date,
      ecritureLib: label,
      debit,
      credit,
      ecritureLet: lettering?.[0] ?? "",
      dateLet: lettering?.[1] ?? "",
      validDate: date,
      montantDevise: currency?.[0] ?? null,
      idevise: currency?.[1] ?? "",
    });
    const total = debits.reduce((a, b) => a + b, 0);
    return [...debits.map((debit, i) => line(`6${i}1000`, debit, 0)), line("401000", 0, total)];
  });

describe("Registre's own FEC", () => {
  it("passes the strict check: no finding at all", () => {
    fc.assert(
      fc.property(
        fc.array(entry, { minLength: 1, maxLength: 6 }),
        fc.constantFrom("\t" as const, "|" as const),
        (entries, separator) => {
          const records = entries.flatMap((make, n) => make(n + 1));
          const name = fecFileName("123456782", "2099-12-31");
          expect(checkFec(name, writeFec(records, separator), { strict: true })).toEqual([]);
        },
      ),
      { numRuns: 200 },
    );
  });
});
