import { checkLineCount, checkRecordCount, checkXmlShape, type ReadLimits } from "../../read-limits.ts";
import { cleanReceivedTexts } from "../../text-safety.ts";
import { type ParsedStatementFile, type StatementFormat, StatementFormatError } from "../model.ts";
import { parseCamt053 } from "./camt053.ts";
import { parseCfonb120 } from "./cfonb120.ts";
import { type BankCsvMapping, parseBankCsv } from "./csv.ts";
import { parseMt940 } from "./mt940.ts";
import { parseOfx } from "./ofx.ts";
import { parseQif, type QifOptions } from "./qif.ts";
import { decodeStatementBytes, type StatementEncoding } from "./text.ts";

export { centsText, decimalToCents, groupedToCents } from "./amounts.ts";
export { cfonbAmount } from "./cfonb120.ts";
export { type BankCsvMapping, type CsvColumn, checkCsvMapping } from "./csv.ts";
export { suggestCsvMapping } from "./csv-guess.ts";
export type { QifDateOrder, QifOptions } from "./qif.ts";
export { decodeStatementBytes, type StatementEncoding } from "./text.ts";
export { parseBankCsv, parseCamt053, parseCfonb120, parseMt940, parseOfx, parseQif };

/** The format a file's text is in, from its content (the CSV needs a mapping, so it is never guessed). */
export const detectStatementFormat = (text: string): Exclude<StatementFormat, "csv"> | undefined => {
  const head = text.slice(0, 4096).replace(/^\ufeff/, "");
  if (/<Document[^>]*camt\.053/i.test(head) || /<BkToCstmrStmt>/.test(head)) return "camt053";
  if (/OFXHEADER/i.test(head) || /<OFX>/i.test(head)) return "ofx";
  if (/^!Type:/im.test(head)) return "qif";
  if (/^:20:/m.test(head)) return "mt940";
  const first = head.split(/\r\n|\r|\n/).find((l) => l.trim() !== "");
  if (first && /^01\d{5}/.test(first) && first.trimEnd().length >= 104 && first.length <= 120)
    return "cfonb120";
  return undefined;
};

export type ReadStatementOptions = {
  /** The format when the caller knows it; otherwise detected (a CSV needs `csv`). */
  readonly format?: StatementFormat;
  readonly encoding?: StatementEncoding;
  readonly csv?: BankCsvMapping;
  readonly qif?: QifOptions;
  /** Entries (`lines`) and XML shape the reader takes on (the API's upload limits); none by default. */
  readonly limits?: ReadLimits;
};

/** Physical lines an entry of a text format may take (CFONB's 04 and 05 records, MT940's :61: and :86:). */
const LINES_PER_ENTRY = 10;

/**
 * A statement file's bytes read into the neutral model, whole or not at all: any flaw throws a
 * `StatementFormatError` naming where the file broke. Its texts are cleaned as every received file's
 * (`cleanReceivedTexts`: controls and bidirectional overrides dropped, line breaks made spaces), before
 * anything is stored or compared.
 */
export const readStatementFile = (
  bytes: Uint8Array,
  options: ReadStatementOptions = {},
): ParsedStatementFile => {
  const limits = options.limits ?? {};
  const { text, encoding } = decodeStatementBytes(bytes, options.encoding ?? options.csv?.encoding);
  const format = options.format ?? (options.csv ? "csv" : detectStatementFormat(text));
  if (!format) throw new StatementFormatError("unknown", "line 1", "unknownFormat");
  // XML says its size in elements; the text formats in lines, counted before they are parsed.
  if (format === "camt053") checkXmlShape(text, limits);
  else if (format !== "ofx") checkLineCount(bytes, limits, LINES_PER_ENTRY, 1);
  const file = readFormat(format, text, encoding, options);
  checkRecordCount(
    file.statements.reduce((sum, s) => sum + s.lines.length, 0),
    limits,
  );
  return {
    ...file,
    statements: cleanReceivedTexts(file.statements),
    notices: cleanReceivedTexts(file.notices),
  };
};

const readFormat = (
  format: StatementFormat,
  text: string,
  encoding: ParsedStatementFile["encoding"],
  options: ReadStatementOptions,
): ParsedStatementFile => {
  switch (format) {
    case "camt053":
      return { format, encoding, ...parseCamt053(text) };
    case "ofx":
      return { format, encoding, ...parseOfx(text, options.limits) };
    case "mt940":
      return { format, encoding, statements: parseMt940(text), notices: [] };
    case "cfonb120":
      return { format, encoding, statements: parseCfonb120(text), notices: [] };
    case "qif":
      return { format, encoding, ...parseQif(text, options.qif) };
    case "csv": {
      if (!options.csv) throw new StatementFormatError("csv", "mapping", "csvMappingMissing");
      return { format, encoding, statements: [parseBankCsv(text, options.csv)], notices: [] };
    }
  }
};
