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

const Finding = z.object({ line: z.number().int(), code: z.string(), message: z.string() });
export const ImportResult = z.object({
  entries: z.number().int(),
  lines: z.number().int(),
  lettered: z.number().int(),
  warnings: z.array(Finding).openapi({ description: "The first 1,000 by line (warningCount has them all)" }),
  errors: z.array(Finding).openapi({ description: "The first 1,000 by line (errorCount has them all)" }),
  warningCount: z.number().int(),
  errorCount: z.number().int(),
});
