import {
  type BankCsvMapping,
  DomainError,
  decodeStatementBytes,
  type FecImportPlan,
  type ParsedStatementFile,
  type PostingContext,
  planFecImport,
  type ReadLimits,
  type ReadStatementOptions,
  readStatementFile,
  type StatementEncoding,
  suggestCsvMapping,
} from "@registre/core";
import { translate } from "../http/messages.ts";
import { derivedId } from "../ids.ts";
import {
  type ContactRow,
  type ItemRow,
  type RowsInput,
  type RowsSummary,
  readContactRows,
  readItemRows,
} from "../readers/import-rows.ts";
import { readSupplierFile, type SupplierFile } from "../readers/supplier-file.ts";
import { STATEMENT_SAMPLE_BYTES } from "../uploads/limits.ts";

/**
 * What the worker threads do (`pool.ts`): pure readings of received files, each from bytes and plain
 * data to plain data. Nothing here reads a database or a clock; whatever they need is in the input.
 * Modules imported here load in every thread: keep them free of the database and the HTTP server.
 */

type Emit<T> = (items: T[]) => void;

const statementSample = (bytes: Uint8Array, encoding: StatementEncoding | undefined) => {
  let head = bytes.subarray(0, STATEMENT_SAMPLE_BYTES);
  if (bytes.byteLength > STATEMENT_SAMPLE_BYTES) {
    const lastBreak = head.lastIndexOf(0x0a);
    if (lastBreak > 0) head = head.subarray(0, lastBreak + 1);
  }
  const { text } = decodeStatementBytes(head, encoding);
  return { suggested: suggestCsvMapping(text) ?? null, sample: text.split(/\r\n|\r|\n/).slice(0, 20) };
};

export type StatementTaskResult =
  | { readonly kind: "file"; readonly file: ParsedStatementFile }
  | { readonly kind: "unknownFormat" }
  | {
      readonly kind: "sample";
      readonly csv: { readonly suggested: BankCsvMapping | null; readonly sample: readonly string[] };
    };

export const tasks = {
  contactRows: (
    input: RowsInput & { readonly format: "csv" | "vcard" },
    emit: Emit<ContactRow>,
  ): RowsSummary => readContactRows(input, emit),

  itemRows: (input: RowsInput, emit: Emit<ItemRow>): RowsSummary => readItemRows(input, emit),

  supplierFile: (input: { readonly bytes: Uint8Array; readonly limits: ReadLimits }): Promise<SupplierFile> =>
    readSupplierFile(input.bytes, input.limits),

  /** A statement file read; or, told `sample`, a CSV's first lines for the mapping step. */
  statementFile: (input: {
    readonly bytes: Uint8Array;
    readonly options: ReadStatementOptions;
    readonly sample?: boolean;
  }): StatementTaskResult => {
    if (input.sample) return { kind: "sample", csv: statementSample(input.bytes, input.options.encoding) };
    try {
      return { kind: "file", file: readStatementFile(input.bytes, input.options) };
    } catch (error) {
      if (error instanceof DomainError && error.params.reason === "unknownFormat" && !input.options.format)
        return { kind: "unknownFormat" };
      throw error;
    }
  },

  /** A FEC read and planned on the books `context` gives; the entries emitted in pieces. */
  fecPlan: (
    input: {
      readonly bytes: Uint8Array;
      readonly fileName: string;
      readonly context: PostingContext;
      readonly siren: string | null;
      readonly fiscalYearStartMonth: number;
      readonly emptyYears: readonly string[];
      readonly commandId: string;
      readonly validatedOn: string;
      readonly limits: ReadLimits;
    },
    emit: Emit<FecImportPlan["entries"][number]>,
  ): Omit<FecImportPlan, "entries"> => {
    let years = 0;
    const { entries, ...plan } = planFecImport({
      bytes: input.bytes,
      fileName: input.fileName,
      context: input.context,
      siren: input.siren,
      fiscalYearStartMonth: input.fiscalYearStartMonth,
      emptyYears: input.emptyYears,
      newId: () => derivedId(input.commandId, "year", years++),
      validatedOn: input.validatedOn,
      explain: (error) => translate(error.code, "en", error.params),
      limits: input.limits,
    });
    for (let i = 0; i < entries.length; i += 500) emit(entries.slice(i, i + 500));
    return plan;
  },
};

export type TaskName = keyof typeof tasks;
export type TaskInput<N extends TaskName> = Parameters<(typeof tasks)[N]>[0];
export type TaskOutput<N extends TaskName> = Awaited<ReturnType<(typeof tasks)[N]>>;
