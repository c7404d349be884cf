import { describe, expect, it } from "vitest";
import { decodeFec, FEC_FIELDS, type FecRecord, parseFec } from "./index.ts";

const HEADER = FEC_FIELDS.join("\t");
const sale =
  "VE\tVentes\t1\t20250105\t411000\tClients\tC1\tDupont\tF1\t20250105\tFacture F1\t120,00\t0,00\tAA\t20250110\t20250106\t\t";
const income =
  "VE\tVentes\t1\t20250105\t706000\tPrestations\t\t\tF1\t20250105\tFacture F1\t0,00\t120,00\t\t\t20250106\t\t";

const saleRecord: FecRecord = {
  journalCode: "VE",
  journalLib: "Ventes",
  ecritureNum: "1",
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
  ecritureLet: "AA",
  dateLet: "2025-01-10",
  validDate: "2025-01-06",
  montantDevise: null,
  idevise: "",
  line: 2,
};

const codes = (text: string) =>
  parseFec(text).findings.map((f) => [f.line, f.code, f.severity, f.field ?? ""]);

describe("decodeFec", () => {
  it("reads UTF-8, with or without a BOM", () => {
    const bytes = new TextEncoder().encode("Opérations €");
    expect(decodeFec(bytes)).toEqual({ text: "Opérations €", encoding: "UTF-8" });
    expect(decodeFec(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]))).toEqual({
      text: "Opérations €",
      encoding: "UTF-8",
    });
  });

  it("reads anything else as ISO 8859-15, where 0xA4 is the euro sign", () => {
    const bytes = new Uint8Array([0x4f, 0x70, 0xe9, 0x20, 0xa4, 0x20, 0xbd]);
    expect(decodeFec(bytes)).toEqual({ text: "Opé € œ", encoding: "ISO-8859-15" });
  });

  it("reads Windows-1252's characters where ISO 8859-15 has control codes: the apostrophe of « L’ATELIER »", () => {
    const latin = (text: string) => [...text].map((c) => c.charCodeAt(0));
    // « Facture L’Atelier – 12 € » as French "ANSI" software writes it.
    const bytes = new Uint8Array([
      ...latin("Facture L"),
      0x92,
      ...latin("Atelier "),
      0x96,
      ...latin(" 12 "),
      0x80,
      0x20,
      0x9c,
    ]);
    expect(decodeFec(bytes)).toEqual({ text: "Facture L’Atelier – 12 € œ", encoding: "Windows-1252" });
  });
});

describe("parseFec", () => {
  it("reads a line into a record: dates ISO, amounts in cents, empty currency null", () => {
    const { separator, header, records, findings } = parseFec(`${HEADER}\n${sale}\n`);
    expect({ separator, header, findings }).toEqual({
      separator: "\t",
      header: [...FEC_FIELDS],
      findings: [],
    });
    expect(records).toEqual([saleRecord]);
  });

  it("takes any line ends, CR CR LF counting as one, and a BOM", () => {
    for (const end of ["\n", "\r\n", "\r", "\r\r\n"]) {
      const parsed = parseFec(`\ufeff${[HEADER, sale, income].join(end)}${end}`);
      expect(parsed.findings, JSON.stringify(end)).toEqual([]);
      expect(parsed.records.map((r) => [r.line, r.compteNum])).toEqual([
        [2, "411000"],
        [3, "706000"],
      ]);
    }
  });

  it("reads pipes, padded fields, zero-padded amounts and a separator ending every line", () => {
    const pipe = (line: string) =>
      `${line
        .split("\t")
        .map((cell) => `${cell}  `)
        .join("|")}|`;
    const padded = pipe(sale).replace("120,00", "0000000120,00");
    const { separator, records, findings } = parseFec(`${pipe(HEADER)}\n${padded}\n`);
    expect(separator).toBe("|");
    expect(records).toEqual([saleRecord]);
    expect(findings.map((f) => [f.line, f.code, f.severity, f.params])).toEqual([
      [1, "fec.trailingSeparator", "warning", { count: 2 }],
    ]);
  });

  it("finds columns by name, in any case and order, and says which extra columns it ignores", () => {
    const order = [...FEC_FIELDS.keys()].reverse();
    const shuffle = (line: string, extra: string) => {
      const cells = line.split("\t");
      return [extra, ...order.map((i) => cells[i])].join("\t");
    };
    const header = shuffle(HEADER.toUpperCase(), "NatOp");
    const { records, findings } = parseFec(`${header}\n${shuffle(sale, "X")}`);
    expect(records).toEqual([saleRecord]);
    expect(findings.map((f) => [f.line, f.code, f.params])).toEqual([
      [1, "fec.extraColumn", { columns: "NatOp", count: 1 }],
    ]);
  });

  it("keeps lowercase journal codes as they are", () => {
    expect(parseFec(`${HEADER}\n${sale.replace("VE", "ve")}`).records[0]?.journalCode).toBe("ve");
  });

  it("does without ValidDate, Montantdevise and Idevise, with a warning each", () => {
    const without = (line: string) => line.split("\t").slice(0, 15).join("\t");
    const { records, findings } = parseFec(`${without(HEADER)}\n${without(sale)}`);
    expect(records).toEqual([{ ...saleRecord, validDate: "" }]);
    expect(findings.map((f) => [f.code, f.severity, f.field])).toEqual([
      ["fec.missingColumn", "warning", "ValidDate"],
      ["fec.missingColumn", "warning", "Montantdevise"],
      ["fec.missingColumn", "warning", "Idevise"],
    ]);
  });

  it("reports a missing required column as an error", () => {
    const without = (line: string) => line.split("\t").toSpliced(1, 1).join("\t");
    expect(codes(`${without(HEADER)}\n${without(sale)}`)).toEqual([
      [1, "fec.missingColumn", "error", "JournalLib"],
    ]);
  });

  it("reads Montant and Sens instead of Debit and Credit", () => {
    const header = HEADER.replace("Debit\tCredit", "Montant\tSens");
    const lines = [sale.replace("120,00\t0,00", "120,00\tD"), income.replace("0,00\t120,00", "120,00\tC")];
    const { records, findings } = parseFec([header, ...lines].join("\n"));
    expect(findings).toEqual([]);
    expect(records.map((r) => [r.debit, r.credit])).toEqual([
      [12000, 0],
      [0, 12000],
    ]);
    expect(codes(`${header}\n${sale.replace("120,00\t0,00", "120,00\tX")}`)).toEqual([
      [2, "fec.invalidSens", "error", "Sens"],
    ]);
  });

  it("reads AAAA-MM-JJ and JJ/MM/AAAA dates, with a warning", () => {
    const text = `${HEADER}\n${sale.replace("\t20250105\t411000", "\t2025-01-05\t411000").replace("\t20250105\tFacture", "\t05/01/2025\tFacture")}`;
    const { records } = parseFec(text);
    expect(records).toEqual([saleRecord]);
    expect(codes(text)).toEqual([
      [2, "fec.dateFormat", "warning", "EcritureDate"],
      [2, "fec.dateFormat", "warning", "PieceDate"],
    ]);
    // The day read beside the text, for a sentence in the reader's language.
    expect(parseFec(text).findings.map((f) => f.params)).toEqual([
      { value: "2025-01-05", date: "2025-01-05" },
      { value: "05/01/2025", date: "2025-01-05" },
    ]);
  });

  it("never drops a line silently: what cannot be read is an error with its line number", () => {
    const lines = [
      HEADER,
      sale,
      sale.split("\t").slice(1).join("\t"),
      sale.replace("20250105", "20250230"),
      sale.replace("120,00", "12.50"),
      sale.replace("120,00", "douze"),
      income,
    ];
    const { records, findings } = parseFec(lines.join("\n"));
    expect(records.map((r) => r.line)).toEqual([2, 7]);
    expect(findings.map((f) => [f.line, f.code, f.severity, f.field ?? ""])).toEqual([
      [3, "fec.fieldCount", "error", ""],
      [4, "fec.invalidDate", "error", "EcritureDate"],
      [5, "fec.amountDot", "error", "Debit"],
      [6, "fec.invalidAmount", "error", "Debit"],
    ]);
    expect(findings[0]?.message).toBe("line 3: 17 fields where the header has 18; the line is not read");
    expect(findings[2]?.message).toBe(
      'line 5: Debit "12.50" is not an amount (comma decimals, never a dot); the line is not read',
    );
  });

  it("reads amounts other software writes, warning where the FEC's form is not kept", () => {
    const text = [
      HEADER,
      sale.replace("120,00", "1.120,00"),
      sale.replace("120,00", "1 120,00"),
      sale.replace("\t0,00\t", "\t\t"),
    ];
    const { records } = parseFec(text.join("\n"));
    expect(records.map((r) => [r.debit, r.credit])).toEqual([
      [112000, 0],
      [112000, 0],
      [12000, 0],
    ]);
    expect(codes(text.join("\n"))).toEqual([
      [2, "fec.amountDot", "warning", "Debit"],
      [3, "fec.amountFormat", "warning", "Debit"],
      [4, "fec.amountFormat", "warning", "Credit"],
    ]);
    // The amount read, in cents, beside the text, for a sentence in the reader's language.
    expect(parseFec(text.join("\n")).findings.map((f) => f.params)).toEqual([
      { value: "1.120,00", amount: 112000 },
      { value: "1 120,00", amount: 112000 },
      { value: "", amount: 0 },
    ]);
  });

  it("skips empty lines with a warning, keeping line numbers", () => {
    const { records, findings } = parseFec(["", HEADER, sale, "  ", income, ""].join("\n"));
    expect(records.map((r) => r.line)).toEqual([3, 5]);
    expect(findings.map((f) => [f.line, f.code, f.severity])).toEqual([
      [1, "fec.emptyLine", "warning"],
      [4, "fec.emptyLine", "warning"],
    ]);
  });

  it("replaces control characters by spaces with a warning, so no NUL reaches the books", () => {
    const poisoned = sale.replace("Facture F1", "Facture\u0000F1\u000c").replace("Dupont", "Dupont\u0085");
    const { records, findings } = parseFec([HEADER, poisoned].join("\n"));
    expect(records[0]?.ecritureLib).toBe("Facture F1");
    expect(records[0]?.compAuxLib).toBe("Dupont");
    expect(findings.map((f) => [f.line, f.code, f.severity])).toEqual([
      [2, "fec.controlCharacter", "warning"],
    ]);
  });

  it("drops bidirectional overrides and isolates from a line's texts, as from every received file's", () => {
    const reversed = sale
      .replace("Facture F1", "\u202eFacture F1\u202c")
      .replace("Dupont", "\u2067Dupont\u2069");
    const { records, findings } = parseFec([HEADER, reversed].join("\n"));
    expect(records[0]?.ecritureLib).toBe("Facture F1");
    expect(records[0]?.compAuxLib).toBe("Dupont");
    expect(findings).toEqual([]);
  });

  it("refuses a file that is not a FEC, saying why", () => {
    expect(codes("")).toEqual([[0, "fec.empty", "error", ""]]);
    expect(codes(`${FEC_FIELDS.join(";")}\n${sale.replaceAll("\t", ";")}`)).toEqual([
      [1, "fec.separator", "error", ""],
    ]);
    expect(codes("Date,Compte,Montant\n")).toEqual([[1, "fec.header", "error", ""]]);
  });
});
