import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cleanFecText,
  FEC_FIELDS,
  type FecLineInput,
  type FecSeparator,
  fecDescription,
  fecFileName,
  fecHeader,
  fecLine,
  formatFecDate,
  parseFec,
  writeFec,
} from "./index.ts";

const record: FecLineInput = {
  journalCode: "VE",
  journalLib: "Ventes",
  ecritureNum: "VE000001",
  ecritureDate: "2025-01-05",
  compteNum: "411000",
  compteLib: "Clients",
  compAuxNum: "C001",
  compAuxLib: "Dupont SARL",
  pieceRef: "F2025-001",
  pieceDate: "2025-01-05",
  ecritureLib: "Facture F2025-001",
  debit: 123456,
  credit: 0,
  ecritureLet: "",
  dateLet: "",
  validDate: "2025-01-06",
  montantDevise: null,
  idevise: "",
};

describe("FEC writing", () => {
  it("names the file after the SIREN and the closing date", () => {
    expect(fecFileName("123456782", "2025-01-31")).toBe("123456782FEC20250131.txt");
    expect(() => fecFileName("12345678", "2025-01-31")).toThrow(RangeError);
    expect(() => fecFileName("123456782", "2025-02-30")).toThrow(RangeError);
  });

  it("writes dates AAAAMMJJ, an empty date empty", () => {
    expect(formatFecDate("2025-01-05")).toBe("20250105");
    expect(formatFecDate("")).toBe("");
    expect(() => formatFecDate("05/01/2025")).toThrow(RangeError);
  });

  it("keeps TAB, CR, LF and the separator out of texts", () => {
    expect(cleanFecText(" a\tb\r\nc|d  e ", "|")).toBe("a b c d e");
    expect(cleanFecText("a|b", "\t")).toBe("a|b");
    expect(cleanFecText("\t\n", "\t")).toBe("");
  });

  it("writes the header and exactly 18 fields a line, amounts the FEC's way", () => {
    expect(fecHeader("|").split("|")).toEqual([...FEC_FIELDS]);
    const line = fecLine({ ...record, ecritureLib: "Facture\tF2025-001\n" }, "\t");
    expect(line.split("\t")).toEqual([
      "VE",
      "Ventes",
      "VE000001",
      "20250105",
      "411000",
      "Clients",
      "C001",
      "Dupont SARL",
      "F2025-001",
      "20250105",
      "Facture F2025-001",
      "1234,56",
      "0,00",
      "",
      "",
      "20250106",
      "",
      "",
    ]);
    expect(
      fecLine({ ...record, montantDevise: -1050, idevise: "USD" }, "|")
        .split("|")
        .slice(16),
    ).toEqual(["-10,50", "USD"]);
  });

  it("ends every line, the last one too, with one CR LF", () => {
    const text = writeFec([record, record], "|");
    expect(text.split("\r\n")).toEqual([fecHeader("|"), fecLine(record, "|"), fecLine(record, "|"), ""]);
  });

  it("describes the file in French: fields, separator, line ends, encoding, dates, amounts, name", () => {
    const text = fecDescription({
      siren: "123456782",
      orgName: "Atelier Dupont",
      fiscalYear: { start: "2025-01-01", end: "2025-12-31" },
      separator: "\t",
      encoding: "UTF-8",
      lineCount: 42,
      software: "Registre",
    });
    for (const field of FEC_FIELDS) expect(text).toContain(`${field} :`);
    for (const fact of [
      "123456782FEC20251231.txt",
      "du 01/01/2025 au 31/12/2025",
      "Atelier Dupont",
      "tabulation",
      "CR LF",
      "UTF-8",
      "AAAAMMJJ",
      "1234,56",
      "42 lignes",
      "Registre",
    ])
      expect(text).toContain(fact);
  });
});

/** Texts full of what a FEC field cannot hold. */
const messyText = fc
  .array(
    fc.oneof(
      fc.constantFrom("\t", "|", "\r", "\n", "\r\n", " ", "  ", "\u00a0", "é", "€", "Œ"),
      fc.string({ maxLength: 4 }),
      fc.string({ unit: "binary-ascii", maxLength: 3 }),
      fc.string({ unit: "grapheme", maxLength: 3 }),
    ),
    { maxLength: 6 },
  )
  .map((parts) => parts.join(""));

const isoDate = fc
  .date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

const amount = fc.integer({ min: 0, max: 1e11 });

const randomRecord: fc.Arbitrary<FecLineInput> = fc.record({
  journalCode: messyText,
  journalLib: messyText,
  ecritureNum: messyText,
  ecritureDate: isoDate,
  compteNum: messyText,
  compteLib: messyText,
  compAuxNum: messyText,
  compAuxLib: messyText,
  pieceRef: messyText,
  pieceDate: fc.oneof(isoDate, fc.constant("")),
  ecritureLib: messyText,
  debit: amount,
  credit: amount,
  ecritureLet: messyText,
  dateLet: fc.oneof(isoDate, fc.constant("")),
  validDate: fc.oneof(isoDate, fc.constant("")),
  montantDevise: fc.option(fc.integer({ min: -1e11, max: 1e11 })),
  idevise: messyText,
});

const cleaned = (input: FecLineInput, separator: FecSeparator): FecLineInput => {
  const text = (value: string) => cleanFecText(value, separator);
  return {
    ...input,
    journalCode: text(input.journalCode),
    journalLib: text(input.journalLib),
    ecritureNum: text(input.ecritureNum),
    compteNum: text(input.compteNum),
    compteLib: text(input.compteLib),
    compAuxNum: text(input.compAuxNum),
    compAuxLib: text(input.compAuxLib),
    pieceRef: text(input.pieceRef),
    ecritureLib: text(input.ecritureLib),
    ecritureLet: text(input.ecritureLet),
    idevise: text(input.idevise),
  };
};

describe("FEC round trip", () => {
  it("reads back what it writes, texts cleaned, for either separator", () => {
    fc.assert(
      fc.property(
        fc.array(randomRecord, { maxLength: 8 }),
        fc.constantFrom<FecSeparator>("\t", "|"),
        (records, separator) => {
          const parsed = parseFec(writeFec(records, separator));
          expect(parsed.findings).toEqual([]);
          expect(parsed.separator).toBe(separator);
          expect(parsed.header).toEqual([...FEC_FIELDS]);
          expect(parsed.records).toEqual(records.map((r, i) => ({ ...cleaned(r, separator), line: i + 2 })));
        },
      ),
      { numRuns: 300 },
    );
  });
});
