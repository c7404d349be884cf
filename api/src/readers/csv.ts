import {
  type CsvRecord,
  checkLineCount,
  checkRecordCount,
  columnValues,
  DomainError,
  decodeImportFile,
  guessMapping,
  type ImportField,
  type ImportMapping,
  type MappedColumn,
  mappedColumns,
  parseCsv,
  type ReadLimits,
} from "@registre/core";
import { type Locale, translate } from "../http/messages.ts";
import { ProblemError } from "../http/problem-error.ts";

/**
 * Reading an import's CSV, pure: run in the worker pool (`workers/tasks.ts`), never on the event loop.
 * Its size is the door's business (`uploads/limits.ts`); its lines are counted before it is parsed.
 */

/** A finding of an import, on a line of the file (1 is the header), in the request's language. */
export type ImportFinding = {
  readonly line: number;
  readonly field: string | null;
  readonly code: string;
  readonly message: string;
  readonly duplicates?: { id: string; name: string; reasons: string[] }[];
};

export const finding = (
  locale: Locale,
  line: number,
  code: string,
  params: Readonly<Record<string, string | number>> = {},
  extra: Partial<ImportFinding> = {},
): ImportFinding => ({
  line,
  field: typeof params.field === "string" ? params.field : null,
  code,
  message: translate(code, locale, params),
  ...extra,
});

/** A refusal of a row's content as a finding on its line (a DomainError names its field). */
export const findingOf = (locale: Locale, line: number, error: unknown): ImportFinding => {
  if (error instanceof DomainError || error instanceof ProblemError)
    return finding(locale, line, error.code, error.params);
  throw error;
};

export type ReadFile = {
  readonly encoding: string;
  readonly delimiter: string;
  readonly headers: string[];
  readonly records: readonly CsvRecord[];
  readonly mapping: Record<string, string | null>;
  /** Where each mapped field is read, and whether its texts keep their line breaks. */
  readonly columns: readonly MappedColumn[];
};

/** Refused up front: nothing to read. */
export const emptyFile = () => new ProblemError(422, "import.emptyFile");

/**
 * A CSV file read: decoded (UTF-8 or Windows-1252), split into records, its header's columns mapped to
 * the fields — the mapping asked for, else the remembered one where the file has its columns, else
 * guessed from the headers. Refused (422) when empty, unreadable, mapped to columns it lacks, or
 * lacking a required field's column.
 */
export const readCsvImport = (
  bytes: Uint8Array,
  fields: readonly ImportField[],
  required: (mapping: Record<string, string | null>) => readonly string[],
  options: {
    readonly mapping?: ImportMapping | undefined;
    readonly remembered?: ImportMapping | undefined;
    readonly limits?: ReadLimits | undefined;
  },
): ReadFile => {
  // The header line aside; a record's quoted cell may hold line breaks, counted exactly after.
  checkLineCount(bytes, options.limits ?? {}, 1, 1);
  const { text, encoding } = decodeImportFile(bytes);
  if (text.trim() === "") throw emptyFile();
  let parsed: ReturnType<typeof parseCsv>;
  try {
    parsed = parseCsv(text);
  } catch (error) {
    if (error instanceof DomainError) throw new ProblemError(422, error.code, error.params);
    throw error;
  }
  const [header, ...records] = parsed.records;
  if (!header || records.length === 0) throw emptyFile();
  checkRecordCount(records.length, options.limits ?? {});
  const headers = header.cells.map((h) => h.trim());
  let mapping: Record<string, string | null>;
  if (options.mapping) {
    const known = new Set(fields.map((f) => f.field));
    for (const [field, column] of Object.entries(options.mapping)) {
      if (!known.has(field))
        throw new ProblemError(422, "import.invalidMapping", { detail: `unknown field ${field}` });
      if (column !== null && !headers.includes(column))
        throw new ProblemError(422, "import.invalidMapping", { detail: `no column ${column}` });
    }
    mapping = Object.fromEntries(fields.map((f) => [f.field, options.mapping?.[f.field] ?? null]));
  } else mapping = guessMapping(fields, headers, options.remembered);
  const missing = required(mapping);
  if (missing.length > 0)
    throw new ProblemError(422, "import.missingColumns", { columns: missing.join(", ") });
  const multiline = new Set(fields.flatMap((f) => (f.multiline ? [f.field] : [])));
  const columns = mappedColumns(headers, mapping, multiline);
  return { encoding, delimiter: parsed.delimiter, headers, records, mapping, columns };
};

/** A record's values by field, cleaned (controls and bidirectional overrides dropped: `columnValues`). */
export const recordValues = (file: ReadFile, record: CsvRecord) => {
  const values = columnValues(file.columns, record);
  // A cell a spreadsheet was kept from reading as a formula ("'+33…", "'=…") loses its apostrophe.
  for (const [field, value] of Object.entries(values))
    if (/^'[=+\-@]/.test(value)) values[field] = value.slice(1);
  return { values };
};
