import { DomainError } from "../../decider.ts";
import { type CsvRecord, parseCsv } from "../../imports/csv-file.ts";
import type { Cents } from "../../money.ts";
import {
  type BankStatementLine,
  type ParsedStatement,
  type StatementBalance,
  StatementFormatError,
  type StatementFormatReason,
} from "../model.ts";
import { groupedToCents } from "./amounts.ts";
import { fullYear, isoDate, type StatementEncoding, squash } from "./text.ts";

/**
 * Bank CSV exports read through a column mapping the user sets once per bank (and Registre keeps):
 * which column holds the date, the label(s), the amount — one signed column, or a debit and a credit
 * column — the date order and the decimal separator. Lines before the header (bank, account, period)
 * are ignored, save the balances the mapping names by their row label, which may stand before or
 * after the table.
 */

/** A column by its header text (trimmed, case-insensitive) or its 0-based position. */
export type CsvColumn = string | number;

export type BankCsvMapping = {
  readonly delimiter?: ";" | "," | "\t";
  readonly encoding?: StatementEncoding;
  /** The header's line in the file; when absent, the first line holding every named column. */
  readonly headerLine?: number;
  readonly date: CsvColumn;
  readonly valueDate?: CsvColumn;
  readonly label: CsvColumn | readonly CsvColumn[];
  readonly amount?: CsvColumn;
  readonly debit?: CsvColumn;
  readonly credit?: CsvColumn;
  readonly reference?: CsvColumn;
  readonly bankId?: CsvColumn;
  readonly counterpartyName?: CsvColumn;
  /** Day, month and year order; years of 2 or 4 digits, separated by `/`, `.` or `-`. */
  readonly dateOrder: "dmy" | "mdy" | "ymd";
  readonly decimal: "," | ".";
  /** The text in a row's first cells that marks the opening (closing) balance: "Solde précédent". */
  readonly openingBalanceLabel?: string;
  readonly closingBalanceLabel?: string;
};

/** Refuses a mapping that cannot read a line: no date or label, both or neither amount forms. */
export const checkCsvMapping = (mapping: BankCsvMapping): void => {
  const signed = mapping.amount !== undefined;
  const split = mapping.debit !== undefined || mapping.credit !== undefined;
  if (signed === split) throw new DomainError("bankStatement.csvMappingAmount", { field: "amount" });
  const labels = Array.isArray(mapping.label) ? mapping.label : [mapping.label];
  if (labels.length === 0) throw new DomainError("bankStatement.csvMappingLabel", { field: "label" });
};

const fail = (
  line: number,
  reason: StatementFormatReason,
  params: Record<string, string | number> = {},
): never => {
  throw new StatementFormatError("csv", `line ${line}`, reason, params);
};

const norm = (t: string): string =>
  squash(t)
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s*:$/, "");

const dateOf = (text: string, order: BankCsvMapping["dateOrder"]): string | undefined => {
  const m = /^(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})(?:[ T].*)?$/.exec(text.trim());
  if (!m) return undefined;
  const [a, b, c] = [m[1] ?? "", m[2] ?? "", m[3] ?? ""];
  const year = (t: string) =>
    t.length === 2 ? fullYear(Number(t)) : t.length === 4 ? Number(t) : Number.NaN;
  if (order === "ymd") return a.length === 4 ? isoDate(Number(a), Number(b), Number(c)) : undefined;
  if (a.length > 2) return undefined;
  return order === "dmy" ? isoDate(year(c), Number(b), Number(a)) : isoDate(year(c), Number(a), Number(b));
};

const isBalanceRow = (record: CsvRecord, label: string | undefined): boolean =>
  !!label && record.cells.slice(0, 3).some((c) => norm(c) !== "" && norm(c).startsWith(norm(label)));

const balanceOf = (record: CsvRecord, decimal: "," | "."): Cents => {
  const amounts = record.cells
    .slice(1)
    .map((c) => c.trim())
    .filter((c) => c !== "")
    .map((c) => groupedToCents(c, decimal))
    .filter((v): v is Cents => v !== undefined);
  return amounts.at(-1) ?? fail(record.line, "invalidBalance");
};

/** The statement of a bank CSV export read with `mapping`. */
export const parseBankCsv = (text: string, mapping: BankCsvMapping): ParsedStatement => {
  checkCsvMapping(mapping);
  let records: CsvRecord[];
  try {
    records = parseCsv(text, mapping.delimiter).records;
  } catch (error) {
    if (error instanceof DomainError && error.code === "import.unclosedQuote")
      return fail(Number(error.params.line), "unclosedQuote");
    throw error;
  }
  const labels = Array.isArray(mapping.label) ? mapping.label : [mapping.label as CsvColumn];
  const columns: [string, CsvColumn | undefined][] = [
    ["date", mapping.date],
    ["valueDate", mapping.valueDate],
    ...labels.map((l, i): [string, CsvColumn] => [`label${i}`, l]),
    ["amount", mapping.amount],
    ["debit", mapping.debit],
    ["credit", mapping.credit],
    ["reference", mapping.reference],
    ["bankId", mapping.bankId],
    ["counterpartyName", mapping.counterpartyName],
  ];
  const named = columns.filter((c): c is [string, string] => typeof c[1] === "string").map((c) => norm(c[1]));
  const headerIndex =
    mapping.headerLine !== undefined
      ? records.findIndex((r) => r.line === mapping.headerLine)
      : named.length > 0
        ? records.findIndex((r) => named.every((n) => r.cells.some((c) => norm(c) === n)))
        : -1;
  if (named.length > 0 && headerIndex < 0) return fail(1, "csvHeaderNotFound", { columns: named.join(", ") });
  const header = headerIndex >= 0 ? (records[headerIndex] as CsvRecord) : undefined;
  const index = new Map<string, number>();
  for (const [field, column] of columns) {
    if (column === undefined) continue;
    const i =
      typeof column === "number" ? column : (header?.cells.findIndex((c) => norm(c) === norm(column)) ?? -1);
    if (i < 0) return fail(header?.line ?? 1, "csvColumnNotFound", { column: String(column) });
    index.set(field, i);
  }
  const cell = (r: CsvRecord, field: string): string => {
    const i = index.get(field);
    return i === undefined ? "" : (r.cells[i] ?? "").trim();
  };
  let opening: StatementBalance | undefined;
  let closing: StatementBalance | undefined;
  // A balance row: its first cells start with the mapping's label, and it is not a dated line.
  const balanceRow = (r: CsvRecord, label: string | undefined) =>
    isBalanceRow(r, label) && !dateOf(cell(r, "date"), mapping.dateOrder);
  for (const r of records) {
    if (balanceRow(r, mapping.openingBalanceLabel)) opening = { amount: balanceOf(r, mapping.decimal) };
    else if (balanceRow(r, mapping.closingBalanceLabel)) closing = { amount: balanceOf(r, mapping.decimal) };
  }
  const lines: BankStatementLine[] = [];
  for (const r of records.slice(headerIndex + 1)) {
    if (r.cells.every((c) => c.trim() === "")) continue;
    if (balanceRow(r, mapping.openingBalanceLabel) || balanceRow(r, mapping.closingBalanceLabel)) continue;
    const at = (field: string) => ({ column: String(columns.find((c) => c[0] === field)?.[1] ?? field) });
    const bookingDate = dateOf(cell(r, "date"), mapping.dateOrder);
    if (!bookingDate) return fail(r.line, "invalidDate", { ...at("date"), value: cell(r, "date") });
    const valueText = cell(r, "valueDate");
    const valueDate = valueText ? dateOf(valueText, mapping.dateOrder) : undefined;
    if (valueText && !valueDate) return fail(r.line, "invalidDate", { ...at("valueDate"), value: valueText });
    const read = (field: string): Cents | undefined => {
      const t = cell(r, field);
      if (t === "") return undefined;
      return groupedToCents(t, mapping.decimal) ?? fail(r.line, "invalidAmount", { ...at(field), value: t });
    };
    let amount: Cents;
    if (mapping.amount !== undefined) {
      amount = read("amount") ?? fail(r.line, "missingAmount", at("amount"));
    } else {
      const debit = read("debit");
      const credit = read("credit");
      if (debit && credit) return fail(r.line, "debitAndCredit", at("debit"));
      if (debit === undefined && credit === undefined) return fail(r.line, "missingAmount", at("debit"));
      amount = debit ? -Math.abs(debit) : Math.abs(credit ?? 0);
    }
    const texts = labels.map((_, i) => squash(cell(r, `label${i}`))).filter(Boolean);
    const reference = cell(r, "reference");
    const bankId = cell(r, "bankId");
    const name = squash(cell(r, "counterpartyName"));
    lines.push({
      bookingDate,
      ...(valueDate ? { valueDate } : {}),
      amount,
      label: texts[0] ?? "",
      details: texts.slice(1),
      ...(bankId ? { bankId } : {}),
      ...(reference ? { reference } : {}),
      ...(name ? { counterparty: { name } } : {}),
    });
  }
  const dates = lines.map((l) => l.bookingDate).sort();
  return {
    format: "csv",
    account: {},
    ...(opening ? { opening } : {}),
    ...(closing ? { closing } : {}),
    ...(dates[0] ? { from: dates[0], to: dates[dates.length - 1] } : {}),
    lines,
  };
};
