import type { CommandMetadata } from "@registre/core";
import {
  type CsvRecord,
  DomainError,
  decodeImportFile,
  guessMapping,
  type ImportField,
  type ImportMapping,
  type ImportTarget,
  importMappingsDecider,
  importMappingsStreamId,
  mappedValues,
  parseCsv,
} from "@registre/core";
import { handleCommand, loadAggregate } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { type Locale, translate } from "../http/messages.ts";
import { ProblemError } from "../http/problem.ts";
import { childMetadata } from "../ids.ts";

/** Files of 50 MB or more are refused before their body is read (`importSizeGuard`) and after. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

export const fileTooLarge = () => new ProblemError(413, "import.tooLarge", { max: "50 Mo" });

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
};

/** The organisation's remembered mapping of an import target. */
export const rememberedMapping = async (ctx: AppContext, orgId: string, target: ImportTarget) =>
  (await loadAggregate(ctx, orgId, importMappingsStreamId(orgId), importMappingsDecider)).state[target];

/** Remembers the mapping an import used (one event, only when it changed). */
export const rememberMapping = (
  ctx: AppContext,
  orgId: string,
  target: ImportTarget,
  mapping: ImportMapping,
  metadata: CommandMetadata,
) =>
  handleCommand(ctx, {
    orgId,
    streamId: importMappingsStreamId(orgId),
    decider: importMappingsDecider,
    commands: [{ type: "SaveImportMapping", data: { target, mapping } }],
    metadata: childMetadata(metadata, "mapping", 0),
    readModels: [],
  });

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
  options: { readonly mapping?: ImportMapping | undefined; readonly remembered?: ImportMapping | undefined },
): ReadFile => {
  if (bytes.byteLength >= MAX_IMPORT_BYTES) throw fileTooLarge();
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
  return { encoding, delimiter: parsed.delimiter, headers, records, mapping };
};

/** A record's values by field; a text PostgreSQL could not keep is a finding on its field. */
export const recordValues = (file: ReadFile, record: CsvRecord, locale: Locale) => {
  const { values, flawed } = mappedValues(file.headers, file.mapping, record);
  // A cell a spreadsheet was kept from reading as a formula ("'+33…", "'=…") loses its apostrophe.
  for (const [field, value] of Object.entries(values))
    if (/^'[=+\-@]/.test(value)) values[field] = value.slice(1);
  return {
    values,
    findings: flawed.map((field) => finding(locale, record.line, "import.invalidText", { field })),
  };
};

/** Consecutive slices of `size`. */
export const batches = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};
