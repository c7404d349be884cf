import { AmountError, formatFecAmount, parseAmount } from "../money.ts";
import { withoutReceivedNoise } from "../text-safety.ts";
import { isoDate } from "./dates.ts";
import { finding, sortFindings } from "./findings.ts";
import {
  FEC_FIELDS,
  type FecField,
  type FecFinding,
  type FecRecord,
  type FecSeparator,
  type FecSeverity,
} from "./types.ts";

export type FecParseResult = {
  separator: FecSeparator;
  /** The header's column names as written (trimmed), a trailing empty one left out. */
  header: string[];
  records: FecRecord[];
  findings: FecFinding[];
};

/** Columns a file may lack with only a warning: the real files of other software do. */
export const OPTIONAL_FIELDS: readonly FecField[] = ["ValidDate", "Montantdevise", "Idevise"];
/** The norm allows one signed amount and its direction instead of Debit and Credit. */
const AMOUNT_AND_SENS = ["Montant", "Sens"] as const;
type Column = FecField | (typeof AMOUNT_AND_SENS)[number];
const KNOWN_COLUMNS: ReadonlyMap<string, Column> = new Map(
  [...FEC_FIELDS, ...AMOUNT_AND_SENS].map((name) => [name.toLowerCase(), name]),
);

const utf8 = new TextDecoder("utf-8", { fatal: true });
const latin9 = new TextDecoder("iso-8859-15");
/**
 * Windows-1252's characters at 0x80–0x9F (the five it leaves undefined stay control codes). Written out:
 * Node 20's TextDecoder("windows-1252") decodes these bytes as Latin-1's control codes.
 */
const CP1252_C1 = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

/**
 * Text of a FEC file's bytes: UTF-8 when they are valid UTF-8, else ISO 8859-15 (the norm's). Bytes
 * 0x80–0x9F are control codes in ISO 8859-15 and never text; French software writing "ANSI" puts
 * Windows-1252's characters there (’ 0x92, € 0x80, œ 0x9C, « … » 0x85): read as such, so that
 * « L’ATELIER » keeps its apostrophe (issue 23).
 */
export const decodeFec = (
  bytes: Uint8Array,
): { text: string; encoding: "UTF-8" | "ISO-8859-15" | "Windows-1252" } => {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = bom ? bytes.subarray(3) : bytes;
  try {
    return { text: utf8.decode(body), encoding: "UTF-8" };
  } catch {
    const text = latin9.decode(body);
    if (!/[\u0080-\u009f]/.test(text)) return { text, encoding: "ISO-8859-15" };
    return {
      text: text.replace(/[\u0080-\u009f]/g, (c) => CP1252_C1[c.charCodeAt(0) - 0x80] ?? c),
      encoding: "Windows-1252",
    };
  }
};

/**
 * Lines ended by LF, CR LF, CR, or the CR CR LF some exports write (one line end, as editors count
 * it). A final line end does not start an empty line.
 */
export const splitLines = (text: string): string[] => {
  const lines = text.replace(/^\ufeff/, "").split(/\r*\n|\r/);
  if (lines.at(-1) === "") lines.pop();
  return lines;
};

export const isBlank = (line: string, separator?: FecSeparator): boolean =>
  line.trim() === "" && (separator === undefined || !line.includes(separator));

const knownColumnCount = (line: string, separator: string): number =>
  line.split(separator).filter((cell) => KNOWN_COLUMNS.has(cell.trim().toLowerCase())).length;

const detectSeparator = (header: string): FecSeparator | null => {
  const tabs = knownColumnCount(header, "\t");
  const pipes = knownColumnCount(header, "|");
  if (tabs === 0 && pipes === 0) return null;
  return tabs >= pipes ? "\t" : "|";
};

const unreadableHeader = (header: string, line: number, dataLines: number): FecFinding => {
  const notRead = `none of the ${dataLines} following lines is read`;
  const other = [";", ",", ":"].find((s) => knownColumnCount(header, s) > 1);
  if (other !== undefined)
    return finding(
      line,
      "fec.separator",
      "error",
      `fields are separated by "${other}"; a FEC separates them by TAB or "|" only, so ${notRead}`,
      { params: { separator: other, count: dataLines } },
    );
  return finding(
    line,
    "fec.header",
    "error",
    `this is not a FEC header (expected ${FEC_FIELDS.join(", ")}), so ${notRead}`,
    { params: { count: dataLines } },
  );
};

type Layout = {
  header: string[];
  /** Number of fields of a line (the header's, a trailing empty one left out). */
  width: number;
  at: ReadonlyMap<Column, number>;
  trailingSeparator: boolean;
};

const duplicateColumn = (line: number, index: number, name: string, column: Column): FecFinding =>
  finding(line, "fec.duplicateColumn", "warning", `column ${index + 1} repeats "${name}"; it is ignored`, {
    field: column,
    params: { column: index + 1, name },
  });

const extraColumns = (line: number, names: readonly string[]): FecFinding =>
  finding(
    line,
    "fec.extraColumn",
    "warning",
    `${names.join(", ")} ${names.length > 1 ? "are" : "is"} not among the 18 FEC fields and ignored`,
    { params: { columns: names.join(", "), count: names.length } },
  );

const readHeader = (line: string, lineNo: number, separator: FecSeparator) => {
  const cells = line.split(separator).map((cell) => cell.trim());
  const trailingSeparator = cells.length > 1 && cells.at(-1) === "";
  if (trailingSeparator) cells.pop();
  const findings: FecFinding[] = [];
  const at = new Map<Column, number>();
  const extra: string[] = [];
  cells.forEach((name, i) => {
    const column = KNOWN_COLUMNS.get(name.toLowerCase());
    if (column === undefined) extra.push(name || `(column ${i + 1}, no name)`);
    else if (at.has(column)) findings.push(duplicateColumn(lineNo, i, name, column));
    else at.set(column, i);
  });
  if (extra.length > 0) findings.push(extraColumns(lineNo, extra));
  findings.push(...missingColumns(at, lineNo));
  const layout: Layout = { header: cells, width: cells.length, at, trailingSeparator };
  return { layout, findings };
};

const missingColumns = (at: ReadonlyMap<Column, number>, line: number): FecFinding[] => {
  const amountAndSens = !at.has("Debit") && !at.has("Credit") && at.has("Montant") && at.has("Sens");
  return FEC_FIELDS.filter((field) => !at.has(field))
    .filter((field) => !(amountAndSens && (field === "Debit" || field === "Credit")))
    .map((field) => {
      const optional = OPTIONAL_FIELDS.includes(field);
      const consequence = optional ? "its values are left empty" : "its values are read as empty";
      return finding(
        line,
        "fec.missingColumn",
        optional ? "warning" : "error",
        `the header has no ${field} column; ${consequence}`,
        {
          field,
        },
      );
    });
};

type Cell = { line: number; field: string; text: string };

const NOT_READ = "; the line is not read";

const FEC_DATE = /^(\d{4})(\d{2})(\d{2})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const FRENCH_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** A date cell as YYYY-MM-DD: AAAAMMJJ, or with a warning AAAA-MM-JJ and JJ/MM/AAAA. */
const readDate = ({ line, field, text }: Cell, findings: FecFinding[]): string => {
  if (text === "") return "";
  const fec = FEC_DATE.exec(text);
  const iso = ISO_DATE.exec(text);
  const french = FRENCH_DATE.exec(text);
  const parts = fec ?? iso ?? (french && [french[0], french[3], french[2], french[1]]);
  const date = parts ? isoDate(parts[1] ?? "", parts[2] ?? "", parts[3] ?? "") : null;
  if (date === null) {
    findings.push(
      finding(line, "fec.invalidDate", "error", `${field} "${text}" is not a date (AAAAMMJJ)${NOT_READ}`, {
        field,
        params: { value: text },
      }),
    );
    return "";
  }
  if (!fec)
    findings.push(
      finding(
        line,
        "fec.dateFormat",
        "warning",
        `${field} "${text}" is read as ${date} but is not written AAAAMMJJ`,
        {
          field,
          params: { value: text, date },
        },
      ),
    );
  return date;
};

const FEC_AMOUNT = /^[+-]?\d+(,\d{1,2})?$/;

const amountOrNull = (text: string): number | null => {
  try {
    return parseAmount(text);
  } catch (error) {
    if (error instanceof AmountError) return null;
    throw error;
  }
};

/**
 * An amount cell in cents; a dot is only ever a thousands separator, and only beside a comma. A warning
 * gives the amount read (`amount`, cents) beside the text, for a reader's own words.
 */
const readAmount = ({ line, field, text }: Cell, findings: FecFinding[]): number => {
  const value = text === "" ? 0 : amountOrNull(text);
  const report = (code: string, severity: FecSeverity, message: string) =>
    findings.push(
      finding(line, code, severity, `${field} ${message}`, {
        field,
        params: severity === "warning" && value !== null ? { value: text, amount: value } : { value: text },
      }),
    );
  if (text.includes(".") && (value === null || !text.includes(","))) {
    report("fec.amountDot", "error", `"${text}" is not an amount (comma decimals, never a dot)${NOT_READ}`);
    return 0;
  }
  if (value === null) {
    report("fec.invalidAmount", "error", `"${text}" is not an amount${NOT_READ}`);
    return 0;
  }
  if (text === "") report("fec.amountFormat", "warning", "is empty; read as 0,00");
  else if (text.includes("."))
    report(
      "fec.amountDot",
      "warning",
      `"${text}" has a dot, read as a thousands separator: ${formatFecAmount(value)}`,
    );
  else if (!FEC_AMOUNT.test(text))
    report(
      "fec.amountFormat",
      "warning",
      `"${text}" is read as ${formatFecAmount(value)}, not written the FEC's way (1234,56)`,
    );
  return value;
};

/** Debit and credit, from the Debit and Credit columns or from Montant and Sens. */
const readDebitCredit = (cell: (column: Column) => Cell, layout: Layout, findings: FecFinding[]) => {
  if (layout.at.has("Debit") || layout.at.has("Credit") || !layout.at.has("Montant"))
    return {
      debit: layout.at.has("Debit") ? readAmount(cell("Debit"), findings) : 0,
      credit: layout.at.has("Credit") ? readAmount(cell("Credit"), findings) : 0,
    };
  const amount = readAmount(cell("Montant"), findings);
  const sens = cell("Sens");
  const direction = sens.text.toUpperCase();
  if (direction === "D" || direction === "+1" || direction === "1") return { debit: amount, credit: 0 };
  if (direction === "C" || direction === "-1") return { debit: 0, credit: amount };
  findings.push(
    finding(sens.line, "fec.invalidSens", "error", `Sens "${sens.text}" is neither D nor C${NOT_READ}`, {
      field: "Sens",
      params: { value: sens.text },
    }),
  );
  return { debit: 0, credit: 0 };
};

// Control characters but the TAB separator (line ends were split on already).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: replacing them is the point
const CONTROL_ALL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** The line's fields, a trailing empty one left out; null when their number is not the header's. */
const lineCells = (text: string, separator: FecSeparator, layout: Layout): string[] | null => {
  const cells = text.split(separator);
  if (cells.length === layout.width + 1 && cells.at(-1)?.trim() === "") cells.pop();
  return cells.length === layout.width ? cells.map((cell) => cell.trim()) : null;
};

const readRecord = (
  cells: readonly string[],
  line: number,
  layout: Layout,
  findings: FecFinding[],
): FecRecord => {
  const cell = (column: Column): Cell => {
    const i = layout.at.get(column);
    return { line, field: column, text: i === undefined ? "" : (cells[i] ?? "") };
  };
  const text = (column: Column) => cell(column).text;
  const date = (column: Column) => readDate(cell(column), findings);
  const montantDevise = text("Montantdevise") === "" ? null : readAmount(cell("Montantdevise"), findings);
  return {
    journalCode: text("JournalCode"),
    journalLib: text("JournalLib"),
    ecritureNum: text("EcritureNum"),
    ecritureDate: date("EcritureDate"),
    compteNum: text("CompteNum"),
    compteLib: text("CompteLib"),
    compAuxNum: text("CompAuxNum"),
    compAuxLib: text("CompAuxLib"),
    pieceRef: text("PieceRef"),
    pieceDate: date("PieceDate"),
    ecritureLib: text("EcritureLib"),
    ...readDebitCredit(cell, layout, findings),
    ecritureLet: text("EcritureLet"),
    dateLet: date("DateLet"),
    validDate: date("ValidDate"),
    montantDevise,
    idevise: text("Idevise"),
    line,
  };
};

/** One data line: its record, or null (with an error saying why) when it cannot be read. */
const readLine = (
  text: string,
  line: number,
  separator: FecSeparator,
  layout: Layout,
  findings: FecFinding[],
) => {
  if (CONTROL.test(text)) {
    // Old software leaves a form feed or an end-of-file mark; a NUL would stop the books. Cleaned, said.
    findings.push(
      finding(
        line,
        "fec.controlCharacter",
        "warning",
        "control characters in the line were replaced by spaces",
      ),
    );
    text = text.replace(CONTROL_ALL, " ");
  }
  // The rest of what every received file's texts lose: bidirectional overrides and isolates, lone
  // surrogates. Nothing else changes (not even to NFC): a FEC Registre wrote reads back as it was.
  text = withoutReceivedNoise(text);
  const cells = lineCells(text, separator, layout);
  if (cells === null) {
    const count = text.split(separator).length;
    findings.push(
      finding(
        line,
        "fec.fieldCount",
        "error",
        `${count} fields where the header has ${layout.width}; the line is not read`,
        { params: { count, expected: layout.width } },
      ),
    );
    return null;
  }
  const own: FecFinding[] = [];
  const record = readRecord(cells, line, layout, own);
  findings.push(...own);
  return own.some((f) => f.severity === "error") ? null : record;
};

const emptyLine = (line: number): FecFinding =>
  finding(line, "fec.emptyLine", "warning", "empty line, skipped (a FEC has no empty line)");

/**
 * Reads a FEC file's text as other software writes it: TAB or "|", any line ends, padded fields,
 * header names in any case and order, extra columns, a trailing separator, Montant and Sens instead of
 * Debit and Credit. Every line becomes a record or a finding that says why not, with its number.
 */
export const parseFec = (text: string): FecParseResult => {
  const lines = splitLines(text);
  const headerAt = lines.findIndex((line) => !isBlank(line));
  const headerText = lines[headerAt];
  if (headerText === undefined)
    return {
      separator: "\t",
      header: [],
      records: [],
      findings: [finding(0, "fec.empty", "error", "the file is empty")],
    };
  const findings = lines.slice(0, headerAt).map((_, i) => emptyLine(i + 1));
  const separator = detectSeparator(headerText);
  if (separator === null) {
    findings.push(unreadableHeader(headerText, headerAt + 1, lines.length - headerAt - 1));
    return { separator: "\t", header: [], records: [], findings };
  }
  const { layout, findings: headerFindings } = readHeader(headerText, headerAt + 1, separator);
  findings.push(...headerFindings);
  const records: FecRecord[] = [];
  lines.forEach((lineText, i) => {
    if (i <= headerAt) return;
    if (isBlank(lineText, separator)) findings.push(emptyLine(i + 1));
    else {
      const record = readLine(lineText, i + 1, separator, layout, findings);
      if (record) records.push(record);
    }
  });
  findings.push(...trailingSeparators(lines, headerAt, separator, layout));
  return { separator, header: layout.header, records, findings: sortFindings(findings) };
};

/** One warning for the whole file rather than one a line: some software ends every line so. */
const trailingSeparators = (
  lines: readonly string[],
  headerAt: number,
  separator: FecSeparator,
  layout: Layout,
): FecFinding[] => {
  const ended = lines
    .map((text, i) => ({ line: i + 1, cells: text.split(separator) }))
    .filter(({ line, cells }) => line > headerAt + 1 && cells.length === layout.width + 1)
    .filter(({ cells }) => cells.at(-1)?.trim() === "");
  const count = ended.length + (layout.trailingSeparator ? 1 : 0);
  if (count === 0) return [];
  const first = layout.trailingSeparator ? headerAt + 1 : (ended[0]?.line ?? 0);
  return [
    finding(
      first,
      "fec.trailingSeparator",
      "warning",
      `${count} line${count > 1 ? "s end" : " ends"} with a separator (first here); the empty last field is ignored`,
      { params: { count } },
    ),
  ];
};
