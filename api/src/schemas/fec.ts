import { z } from "@hono/zod-openapi";
import { Day } from "./common.ts";

/** The FEC and CSV files of a year (/api/accounting/entries/download, import). */
export const DownloadQuery = z.object({
  format: z.enum(["fec", "csv"]).default("fec"),
  separator: z.enum(["tab", "pipe"]).default("tab"),
  until: Day.optional().openapi({
    description: "FEC: entries up to this day, named as if the year closed then",
  }),
});

/** The FEC or the CSV, as text. */
export const FileText = z.string();
/** The FEC file to import, as it is (its encoding is read from its bytes). */
export const FecUpload = z.string().openapi({ format: "binary" });

export const ImportQuery = z.object({
  name: z.string().min(1).max(200).openapi({ description: "The file's name, e.g. 123456789FEC20241231.txt" }),
  dryRun: z.enum(["true", "false"]).optional(),
});

const Finding = z
  .object({
    line: z
      .number()
      .int()
      .openapi({ description: "The file's line (1 is the header); 0 for the whole file" }),
    field: z.string().optional().openapi({ description: "The FEC column it is about, e.g. EcritureDate" }),
    code: z
      .string()
      .openapi({ description: "Stable code, e.g. fec.dateFormat, or the core's refusal (entry.…)" }),
    message: z
      .string()
      .openapi({ description: "In English, precise: what a client shows without its own words" }),
    params: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .optional()
      .openapi({ description: "What the sentence says: ISO days, amounts in cents, lines as « 2-4, 7 »" }),
    detail: z.string().optional().openapi({
      description:
        "A refusal of the books (a code not of fec.…) in the request's language, as a problem's detail reads",
    }),
  })
  .openapi("FecFinding");

const Years = z.array(z.object({ start: Day, end: Day }));

export const ImportResult = z
  .object({
    fileName: z.string(),
    encoding: z.enum(["UTF-8", "ISO-8859-15", "Windows-1252"]),
    separator: z.enum(["tab", "pipe"]),
    records: z.number().int().openapi({ description: "Lines of entries read from the file" }),
    period: z
      .object({ start: Day, end: Day })
      .nullable()
      .openapi({ description: "The first and the last day of its entries, as posted" }),
    dryRun: z.boolean(),
    written: z.boolean().openapi({ description: "The whole file was written (never a part of it)" }),
    entries: z.number().int().openapi({ description: "Entries written, or that the dry run would write" }),
    lines: z.number().int().openapi({ description: "Their lines" }),
    lettered: z.number().int().openapi({ description: "Lettering sets made from the file's EcritureLet" }),
    journalsCreated: z.array(z.string()).openapi({ description: "Codes of the journals created" }),
    accountsCreated: z.number().int(),
    auxiliaryAccountsCreated: z.number().int(),
    fiscalYears: Years.openapi({ description: "The fiscal years the import opens, as its plan has them" }),
    fiscalYearsMoved: z
      .array(z.object({ start: Day, end: Day, was: z.object({ start: Day, end: Day }) }))
      .openapi({
        description:
          "The organisation's years nothing was posted in that the import moves after the file's year (their new dates, and before)",
      }),
    warnings: z
      .array(Finding)
      .openapi({ description: "The first 1,000 by line (warningCount has them all)" }),
    errors: z.array(Finding).openapi({ description: "The first 1,000 by line (errorCount has them all)" }),
    warningCount: z.number().int(),
    errorCount: z.number().int(),
  })
  .openapi("FecImportResult");
