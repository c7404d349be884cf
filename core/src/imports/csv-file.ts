import { DomainError } from "../decider.ts";
import { cleanReceivedText } from "../text-safety.ts";

/**
 * Spreadsheet files people import (contacts, items): their bytes read as text whatever the software
 * that wrote them (UTF-8 with or without a byte order mark, Windows-1252 as Excel writes "CSV" in
 * France, UTF-16 as it writes "Unicode text"), their records split (RFC 4180 quotes, `;`, `,` or tab,
 * any line end), and their columns matched to the fields of a record by header.
 */

export type ImportEncoding = "utf-8" | "windows-1252" | "utf-16le";

const utf8 = new TextDecoder("utf-8", { fatal: true });
const latin1 = new TextDecoder("windows-1252");
/**
 * Windows-1252's 0x80–0x9F (€, ‚, ƒ, „, …, †, ‡, ˆ, ‰, Š, ‹, Œ, Ž, ‘, ’, “, ”, •, –, —, ˜, ™, š, ›, œ, ž, Ÿ):
 * some runtimes decode "windows-1252" as ISO 8859-1 there, giving control characters.
 */
const CP1252_HIGH =
  "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
  "\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";
const cp1252 = {
  decode: (bytes: Uint8Array): string =>
    latin1.decode(bytes).replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80] ?? c),
};
const utf16 = new TextDecoder("utf-16le");

/** A file's text: UTF-8 when its bytes are valid UTF-8 (a BOM aside), UTF-16 with its BOM, else Windows-1252. */
export const decodeImportFile = (bytes: Uint8Array): { text: string; encoding: ImportEncoding } => {
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: utf16.decode(bytes.subarray(2)), encoding: "utf-16le" };
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = bom ? bytes.subarray(3) : bytes;
  try {
    return { text: utf8.decode(body), encoding: "utf-8" };
  } catch {
    return { text: cp1252.decode(body), encoding: "windows-1252" };
  }
};

export type CsvDelimiter = ";" | "," | "\t";
/** One record of the file and the line it starts on (1 is the header). */
export type CsvRecord = { readonly line: number; readonly cells: readonly string[] };

/** The delimiter of the header line: the one of `;`, tab and `,` it holds most often outside quotes. */
export const detectDelimiter = (headerLine: string): CsvDelimiter => {
  const counts = { ";": 0, "\t": 0, ",": 0 };
  let quoted = false;
  for (const char of headerLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char in counts) counts[char as CsvDelimiter]++;
  }
  const best = (Object.entries(counts) as [CsvDelimiter, number][]).sort((a, b) => b[1] - a[1])[0];
  return best && best[1] > 0 ? best[0] : ";";
};

/**
 * The records of a CSV text: fields in double quotes may hold the delimiter, line breaks and doubled
 * quotes; blank lines are skipped; each record keeps the line it starts on. An unterminated quote is
 * refused with its line (`import.unclosedQuote`).
 */
export const parseCsv = (
  input: string,
  delimiter?: CsvDelimiter,
): { delimiter: CsvDelimiter; records: CsvRecord[] } => {
  const text = input.replace(/^\ufeff/, "");
  const end = text.search(/\r|\n/);
  const sep = delimiter ?? detectDelimiter(end < 0 ? text : text.slice(0, end));
  const records: CsvRecord[] = [];
  let line = 1;
  let cells: string[] = [];
  let cell = "";
  let start = 1;
  let quoted = false;
  let quoteLine = 0;
  let touched = false;
  const endRecord = () => {
    cells.push(cell);
    if (touched || cells.length > 1 || cell.trim() !== "") records.push({ line: start, cells });
    cells = [];
    cell = "";
    touched = false;
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (char === "\n" || (char === "\r" && text[i + 1] !== "\n")) line++;
        cell += char;
      }
      continue;
    }
    if (char === '"' && cell.trim() === "") {
      quoted = true;
      quoteLine = line;
      touched = true;
      cell = "";
    } else if (char === sep) {
      cells.push(cell);
      cell = "";
    } else if (char === "\r" || char === "\n") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      endRecord();
      line++;
      start = line;
    } else cell += char;
  }
  if (quoted) throw new DomainError("import.unclosedQuote", { line: quoteLine });
  if (cell !== "" || cells.length > 0 || touched) endRecord();
  return { delimiter: sep, records };
};

/** A header or a synonym compared: lowercase, no accents, letters and digits only. */
export const headerKey = (header: string): string =>
  header
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "");

/** A field a file's column may fill, its French and English headers (the first French one is exported). */
export type ImportField<F extends string = string> = {
  readonly field: F;
  readonly required?: boolean;
  readonly headers: readonly string[];
  /** A text of several lines (a note, a description): its line breaks are kept, others' made spaces. */
  readonly multiline?: boolean;
};

/** Which column fills each field: the column's header as the file spells it, or null. */
export type ImportMapping = Readonly<Record<string, string | null>>;

/**
 * The mapping guessed from a file's headers: each field takes the first column whose header is one of
 * its names (accents, case, spaces and punctuation aside). A remembered mapping is taken for the fields
 * whose column the file has.
 */
export const guessMapping = (
  fields: readonly ImportField[],
  headers: readonly string[],
  remembered?: ImportMapping,
): Record<string, string | null> => {
  const byKey = new Map<string, string>();
  for (const header of headers) if (!byKey.has(headerKey(header))) byKey.set(headerKey(header), header);
  const used = new Set<string>();
  const mapping: Record<string, string | null> = {};
  // The remembered mapping fits the file when the file has every column it names: then it is taken
  // whole, the fields it left unmapped too; otherwise only for the columns the file has.
  const fits =
    remembered !== undefined && Object.values(remembered).every((h) => h === null || headers.includes(h));
  for (const { field } of fields) {
    const kept = remembered?.[field];
    if (kept && headers.includes(kept)) {
      mapping[field] = kept;
      used.add(kept);
    } else if (fits && kept === null) mapping[field] = null;
  }
  for (const { field, headers: names } of fields) {
    if (mapping[field] !== undefined) continue;
    const found = names.map((n) => byKey.get(headerKey(n))).find((h) => h !== undefined && !used.has(h));
    mapping[field] = found ?? null;
    if (found) used.add(found);
  }
  return mapping;
};

/** Where each mapped field's value is in a record, and whether it keeps its line breaks. */
export type MappedColumn = { readonly field: string; readonly index: number; readonly multiline: boolean };

/** The columns a mapping reads, found once per file rather than once per record. */
export const mappedColumns = (
  headers: readonly string[],
  mapping: ImportMapping,
  multiline: ReadonlySet<string> = new Set(),
): MappedColumn[] =>
  Object.entries(mapping).flatMap(([field, header]) =>
    header ? [{ field, index: headers.indexOf(header), multiline: multiline.has(field) }] : [],
  );

/**
 * A record's values by field, per its columns: cleaned as every received text is (`cleanReceivedText`:
 * controls and bidirectional overrides dropped, line breaks made spaces but in the multi-line fields,
 * NFC), trimmed, empty ones left out.
 */
export const columnValues = (columns: readonly MappedColumn[], record: CsvRecord): Record<string, string> => {
  const values: Record<string, string> = {};
  for (const { field, index, multiline } of columns) {
    const cell = index >= 0 ? (record.cells[index] ?? "") : "";
    const value = cleanReceivedText(cell, { multiline }).trim();
    if (value) values[field] = value;
  }
  return values;
};

/** A record's values by field, per the mapping (`columnValues`). */
export const mappedValues = (
  headers: readonly string[],
  mapping: ImportMapping,
  record: CsvRecord,
  multiline: ReadonlySet<string> = new Set(),
): { values: Record<string, string> } => ({
  values: columnValues(mappedColumns(headers, mapping, multiline), record),
});

/** "1 234,50" or "1234.5" -> "1234.50"-like decimal string with a dot; undefined when not a number. */
export const frenchDecimal = (value: string): string | undefined => {
  const compact = value.replace(/[\s\u00a0\u202f€]/g, "");
  if (/^-?\d+([.,]\d+)?$/.test(compact)) return compact.replace(",", ".");
  return undefined;
};

/** "12.50" -> "12,50" (a French spreadsheet's decimal). */
export const csvDecimal = (value: string | null | undefined): string =>
  value ? value.replace(".", ",") : "";
