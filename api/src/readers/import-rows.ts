import {
  contactFromRow,
  contactFromVCard,
  contactImportFields,
  DomainError,
  decodeImportFile,
  type ImportedContact,
  type ImportedItem,
  type ImportMapping,
  itemFromRow,
  itemImportFields,
  parseVCards,
  type ReadLimits,
  tooManyLines,
} from "@registre/core";
import type { Locale } from "../http/messages.ts";
import { ProblemError } from "../http/problem-error.ts";
import { derivedId } from "../ids.ts";
import { emptyFile, findingOf, type ImportFinding, readCsvImport, recordValues } from "./csv.ts";

/**
 * An import file read into rows, in the worker pool (`workers/tasks.ts`): decoding, parsing and each
 * row's checks (the contact's or item's own rules) are the CPU-heavy part of an import, and run off the
 * event loop. Rows are emitted in pieces; the summary is the answer. Ids derive from the import's
 * command id, so a retried import reads the same rows under the same ids.
 */

const PREVIEW_ROWS = 20;
/** Rows per piece sent back to the event loop. */
const PIECE = 1000;

export type RowsInput = {
  readonly bytes: Uint8Array;
  readonly commandId: string;
  readonly locale: Locale;
  readonly mapping?: ImportMapping | undefined;
  /** The organisation's remembered mapping (read by the caller: the worker reads no database). */
  readonly remembered?: ImportMapping | undefined;
  readonly limits: ReadLimits;
};

export type RowsSummary = {
  readonly encoding: string;
  readonly delimiter: string | null;
  readonly columns: string[];
  readonly mapping: Record<string, string | null>;
  readonly errors: ImportFinding[];
  readonly preview: { line: number; values: Record<string, string> }[];
  /** Records of the file (rows with errors included). */
  readonly count: number;
};

export type ContactRow = { readonly line: number; readonly contact: ImportedContact };
export type ItemRow = { readonly line: number; readonly item: ImportedItem };

/** Sends rows in pieces of `PIECE`. */
const piecewise = <T>(emit: (items: T[]) => void) => {
  let piece: T[] = [];
  return {
    push: (row: T) => {
      piece.push(row);
      if (piece.length >= PIECE) {
        emit(piece);
        piece = [];
      }
    },
    flush: () => {
      emit(piece);
      piece = [];
    },
  };
};

/** A vCard file's cards, each a contact (its number as its line). */
const readVCardRows = (input: RowsInput, emit: (rows: ContactRow[]) => void): RowsSummary => {
  const { text, encoding } = decodeImportFile(input.bytes);
  if (text.trim() === "") throw emptyFile();
  let cards: ReturnType<typeof parseVCards>;
  try {
    cards = parseVCards(text);
  } catch (error) {
    if (error instanceof DomainError) throw new ProblemError(422, error.code, error.params);
    throw error;
  }
  if (cards.length === 0) throw emptyFile();
  const limit = input.limits.lines;
  if (limit && cards.length > limit) throw tooManyLines(limit, cards.length);
  const errors: ImportFinding[] = [];
  const out = piecewise(emit);
  cards.forEach((card, i) => {
    const id = derivedId(input.commandId, "contact", i);
    try {
      out.push({
        line: i + 1,
        contact: contactFromVCard(card, (step, k = 0) => (step === "contact" ? id : derivedId(id, step, k))),
      });
    } catch (error) {
      errors.push(findingOf(input.locale, i + 1, error));
    }
  });
  out.flush();
  return { encoding, delimiter: null, columns: [], mapping: {}, errors, preview: [], count: cards.length };
};

/**
 * A CSV's rows through `make` (each record's values and index), emitted in pieces; a row `make` refuses
 * is a finding on its line. The summary the screens show: encoding, columns, mapping, the first rows.
 */
const csvRows = <Row extends { line: number }>(
  file: ReturnType<typeof readCsvImport>,
  locale: RowsInput["locale"],
  emit: (rows: Row[]) => void,
  make: (values: ReturnType<typeof recordValues>["values"], index: number) => Omit<Row, "line">,
): RowsSummary => {
  const errors: ImportFinding[] = [];
  const preview: RowsSummary["preview"] = [];
  const out = piecewise(emit);
  file.records.forEach((record, i) => {
    const { values } = recordValues(file, record);
    if (preview.length < PREVIEW_ROWS) preview.push({ line: record.line, values });
    try {
      out.push({ line: record.line, ...make(values, i) } as Row);
    } catch (error) {
      errors.push(findingOf(locale, record.line, error));
    }
  });
  out.flush();
  return {
    encoding: file.encoding,
    delimiter: file.delimiter,
    columns: file.headers,
    mapping: file.mapping,
    errors,
    preview,
    count: file.records.length,
  };
};

/** The contacts of a CSV (through its column mapping) or a vCard file. */
export const readContactRows = (
  input: RowsInput & { readonly format: "csv" | "vcard" },
  emit: (rows: ContactRow[]) => void,
): RowsSummary => {
  if (input.format === "vcard") return readVCardRows(input, emit);
  const file = readCsvImport(
    input.bytes,
    contactImportFields,
    (mapping) => (mapping.name || mapping.lastName ? [] : ["Raison sociale / Nom"]),
    { mapping: input.mapping, remembered: input.remembered, limits: input.limits },
  );
  return csvRows(file, input.locale, emit, (values, i) => {
    const id = derivedId(input.commandId, "contact", i);
    return {
      contact: contactFromRow(values, (step, k = 0) => (step === "contact" ? id : derivedId(id, step, k))),
    };
  });
};

/** The items of a CSV, through its column mapping. */
export const readItemRows = (input: RowsInput, emit: (rows: ItemRow[]) => void): RowsSummary => {
  const file = readCsvImport(
    input.bytes,
    itemImportFields,
    (mapping) =>
      itemImportFields
        .filter((f) => "required" in f && f.required && !mapping[f.field])
        .map((f) => f.headers[0]),
    { mapping: input.mapping, remembered: input.remembered, limits: input.limits },
  );
  return csvRows(file, input.locale, emit, (values, i) => ({
    item: itemFromRow(values, derivedId(input.commandId, "item", i)),
  }));
};
