import { z } from "@hono/zod-openapi";
import { statementFormats } from "@registre/core";
import { Amount, Day, Offset } from "./common.ts";
import { pathParams, StatementLineNo, Uuid } from "./ids.ts";

/** Bank statements (/api/banks/statements…) and their lines. */

const flag = z.enum(["true", "false"]).optional();
const Column = z.union([z.string().max(100), z.number().int().min(0).max(200)]);

export const BankCsvMappingSchema = z
  .object({
    delimiter: z
      .string()
      .refine((d) => d === ";" || d === "," || d === "\t", { message: "; , or tab" })
      .optional(),
    encoding: z.enum(["utf-8", "windows-1252", "iso-8859-1"]).optional(),
    headerLine: z.number().int().min(1).max(1000).optional(),
    date: Column,
    valueDate: Column.optional(),
    label: z.union([Column, z.array(Column).max(5)]),
    amount: Column.optional(),
    debit: Column.optional(),
    credit: Column.optional(),
    reference: Column.optional(),
    bankId: Column.optional(),
    counterpartyName: Column.optional(),
    dateOrder: z.enum(["dmy", "mdy", "ymd"]),
    decimal: z.string().refine((d) => d === "," || d === ".", { message: ", or ." }),
    openingBalanceLabel: z.string().max(100).optional(),
    closingBalanceLabel: z.string().max(100).optional(),
  })
  .openapi({ description: "A bank CSV's column mapping (BankCsvMapping in core/src/banks/formats/csv.ts)" });

export const StatementImportQuery = z.object({
  bankId: z.uuid(),
  fileName: z.string().min(1).max(255).default("releve"),
  format: z
    .enum(statementFormats)
    .optional()
    .openapi({ description: "Detected from the content when absent" }),
  encoding: z.enum(["utf-8", "windows-1252", "iso-8859-1"]).optional(),
  mapping: z.string().max(4000).optional().openapi({
    description: "A CSV's column mapping as JSON (BankCsvMapping); else the bank's remembered one",
  }),
  dryRun: flag.openapi({ description: "Read and check only: the report of what would be added" }),
});
export const StatementUpload = z.string().openapi({ format: "binary" });

const Warning = z
  .object({ code: z.string(), statement: z.number().int(), gap: Amount, message: z.string() })
  .catchall(z.union([z.number(), z.string()]))
  .openapi("BankStatementWarning");
const Notice = z
  .object({
    code: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number()])),
    message: z.string(),
  })
  .openapi("BankStatementNotice");

export const StatementImportReport = z
  .object({
    statementId: z.string().nullable(),
    bankId: z.string(),
    format: z.string().nullable(),
    encoding: z.string().nullable(),
    added: z.number().int(),
    alreadyImported: z.number().int(),
    from: z.string().nullable(),
    to: z.string().nullable(),
    warnings: z.array(Warning),
    notices: z.array(Notice),
    csv: z
      .object({ suggested: BankCsvMappingSchema.nullable(), sample: z.array(z.string()) })
      .nullable()
      .openapi({
        description: "A CSV without a mapping yet: the proposed mapping and the file's first lines",
      }),
  })
  .openapi("BankStatementImportReport");

const Balance = z.object({ amount: Amount, date: z.string().nullable() });
const BalanceInput = z.object({ amount: z.number().int().min(-1e14).max(1e14), date: Day.nullish() });

export const TypedStatementInput = z
  .object({
    bankId: z.uuid(),
    label: z.string().max(200).optional(),
    reference: z.string().max(200).nullish(),
    from: Day.nullish(),
    to: Day.nullish(),
    opening: BalanceInput.nullish(),
    closing: BalanceInput.nullish(),
    lines: z
      .array(
        z.object({
          bookingDate: Day,
          valueDate: Day.nullish(),
          amount: z.number().int().min(-1e13).max(1e13),
          label: z.string().min(1).max(300),
          reference: z.string().max(100).nullish(),
        }),
      )
      .min(1)
      .max(2000),
  })
  .openapi("TypedBankStatementInput");

export const StatementEditInput = z
  .object({
    label: z.string().max(200),
    reference: z.string().max(200).nullable(),
    from: Day.nullable(),
    to: Day.nullable(),
    opening: BalanceInput.nullable(),
    closing: BalanceInput.nullable(),
  })
  .openapi("BankStatementEdit");

export const BankStatement = z
  .object({
    id: z.string(),
    bankId: z.string(),
    bankName: z.string().nullable(),
    account: z.string(),
    journal: z.string(),
    source: z.enum(["file", "typed"]),
    file: z
      .object({
        name: z.string(),
        format: z.string(),
        encoding: z.string(),
        size: z.number(),
        sha256: z.string(),
      })
      .nullable(),
    reference: z.string().nullable(),
    label: z.string(),
    from: z.string().nullable(),
    to: z.string().nullable(),
    opening: Balance.nullable(),
    closing: Balance.nullable(),
    lineCount: z.number().int(),
    matchedCount: z.number().int(),
    reconciled: z.boolean(),
    total: Amount,
    credits: Amount,
    debits: Amount,
    warnings: z.array(Warning),
    notices: z.array(Notice),
    alreadyImported: z.number().int(),
    createdAt: z.string(),
    createdBy: z.string().nullable(),
  })
  .openapi("BankStatement");

export const StatementListQuery = z.object({
  bankId: z.uuid().optional(),
  reconciled: flag,
  from: Day.optional(),
  to: Day.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: Offset,
});
export const BankStatementList = z
  .object({ items: z.array(BankStatement), total: z.number().int() })
  .openapi("BankStatementList");

const Match = z.object({
  kind: z.enum(["payment", "deposit", "entry"]),
  id: z.string(),
  mvt: z.string(),
  line: z.number().int(),
  by: z.enum(["user", "suggestion", "rule"]),
  at: z.string(),
});
export const BankStatementLine = z
  .object({
    statementId: z.string(),
    no: z.number().int(),
    bankId: z.string(),
    identity: z.string(),
    bookingDate: z.string(),
    valueDate: z.string().nullable(),
    amount: Amount,
    label: z.string(),
    details: z.array(z.string()),
    bankRef: z.string().nullable(),
    reference: z.string().nullable(),
    creditorReference: z.string().nullable(),
    counterpartyName: z.string().nullable(),
    counterpartyIban: z.string().nullable(),
    code: z.string().nullable(),
    match: Match.nullable(),
  })
  .openapi("BankStatementLine");

export const StatementLinesQuery = z.object({
  statementId: z.uuid().optional(),
  bankId: z.uuid().optional(),
  matched: flag,
  from: Day.optional(),
  to: Day.optional(),
  text: z.string().max(100).optional(),
  amount: z.coerce.number().int().min(0).max(1e13).optional().openapi({ description: "Cents, either sign" }),
  minAmount: z.coerce.number().int().min(0).max(1e13).optional(),
  maxAmount: z.coerce.number().int().min(0).max(1e13).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
  offset: Offset,
});
export const BankStatementLineList = z
  .object({ items: z.array(BankStatementLine), total: z.number().int(), amount: Amount })
  .openapi("BankStatementLineList");

export const StatementDetail = BankStatement.extend({ lines: z.array(BankStatementLine) }).openapi(
  "BankStatementDetail",
);

/** A statement's line: the statement's id and the line's number in it (1, 2…). */
export const LineParam = pathParams({ id: Uuid, no: StatementLineNo });

export const MatchInput = z
  .object({
    kind: z.enum(["payment", "deposit", "entry"]),
    id: z.uuid().openapi({ description: "The payment's or deposit's id, or the entry's mvt" }),
    line: z
      .number()
      .int()
      .min(1)
      .max(10_000)
      .optional()
      .openapi({ description: "The entry's line on the bank account" }),
  })
  .openapi("StatementLineMatchInput");
