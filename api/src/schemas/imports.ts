import { z } from "@hono/zod-openapi";
import { ContactKind, ContactType } from "./contacts.ts";

/** CSV and vCard exports of the contacts and items lists, and their imports (/contacts/import, /items/import). */

const flag = z.enum(["true", "false"]).optional();

export const ImportQuery = z.object({
  format: z.enum(["csv", "vcard"]).default("csv").openapi({ description: "vCard: contacts only" }),
  dryRun: flag.openapi({
    description: "Check only: the answer is what the import would do; nothing is written",
  }),
  acknowledgeDuplicates: flag.openapi({
    description: "The user saw the duplicate warnings of the preview and imports anyway",
  }),
  mapping: z
    .string()
    .max(8000)
    .optional()
    .openapi({
      description:
        'The columns as JSON, field -> header as the file spells it (or null): {"name":"Société","email":"Courriel"}. ' +
        "Absent: the organisation's remembered mapping where the file has its columns, else guessed from the headers",
    }),
});

/** The file as it is (its encoding is read from its bytes: UTF-8 or Windows-1252); under 50 MB. */
export const ImportUpload = z.string().openapi({ format: "binary" });

const Finding = z.object({
  line: z
    .number()
    .int()
    .openapi({ description: "The file's line (1 is the header; a vCard's number for vCard)" }),
  field: z.string().nullable(),
  code: z.string(),
  message: z.string(),
  duplicates: z.array(z.object({ id: z.uuid(), name: z.string(), reasons: z.array(z.string()) })).optional(),
});

export const ImportResult = z
  .object({
    format: z.enum(["csv", "vcard"]),
    encoding: z.string(),
    delimiter: z.string().nullable(),
    columns: z.array(z.string()).openapi({ description: "The file's headers" }),
    mapping: z.record(z.string(), z.string().nullable()).openapi({ description: "Field -> column used" }),
    rows: z.number().int(),
    preview: z.array(z.object({ line: z.number().int(), values: z.record(z.string(), z.string()) })),
    errors: z.array(Finding).openapi({
      description: "Why nothing was written, line by line (the first 1,000: errorCount has them all)",
    }),
    warnings: z.array(Finding).openapi({
      description:
        "Possible duplicates: acknowledge them to import (the first 1,000: warningCount has them all)",
    }),
    errorCount: z
      .number()
      .int()
      .openapi({ description: "Every error of the file (errors lists the first 1,000)" }),
    warningCount: z
      .number()
      .int()
      .openapi({ description: "Every warning of the file (warnings lists the first 1,000)" }),
    dryRun: z.boolean(),
    written: z.boolean().openapi({ description: "The whole file was written (never a part of it)" }),
    created: z.number().int().openapi({ description: "Created, or that the dry run would create" }),
  })
  .openapi("ImportResult");

export const ContactExportQuery = z.object({
  q: z.string().max(100).optional(),
  type: ContactType.optional(),
  kind: ContactKind.optional(),
  criterion: z.string().max(60).optional(),
  status: z.enum(["active", "archived", "all"]).default("active"),
  ids: z
    .string()
    .max(40_000)
    .regex(
      /^[0-9a-fA-F]{8}(-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}(,[0-9a-fA-F]{8}(-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12})*$/,
    )
    .optional()
    .openapi({ description: "A selection: contact ids separated by commas (with the filters)" }),
});

export const ItemExportQuery = z.object({
  q: z.string().max(200).optional(),
  use: z.enum(["sale", "purchase"]).optional(),
  status: z.enum(["active", "archived", "all"]).default("active"),
});

export const FileText = z.string();
