import { z } from "@hono/zod-openapi";
import { Day } from "./common.ts";

/** The management reports `GET /docs/stats/{type}` answers besides the per-kind statistics (issue 26). */
export const REPORT_TYPES = [
  "sales-by-customer",
  "sales-by-item",
  "sales-by-month",
  "purchases-by-supplier",
  "margin-by-item",
  "aged-receivables",
  "aged-payables",
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const isReportType = (type: string): type is ReportType =>
  (REPORT_TYPES as readonly string[]).includes(type);

/** `/docs/stats/{type}`: a side and kind (`sales-invoice`) or a management report (`sales-by-customer`). */
export const DocStatsTypeParam = z.object({
  type: z
    .string()
    .regex(
      new RegExp(`^((sales|purchases)-(quote|order|delivery|invoice|creditNote)|${REPORT_TYPES.join("|")})$`),
    )
    .openapi({
      param: { name: "type", in: "path" },
      example: "sales-by-customer",
      description: `\`<direction>-<kind>\` (per-kind counts), or a management report: ${REPORT_TYPES.map((t) => `\`${t}\``).join(", ")}`,
    }),
});

export const REPORT_FORMATS = ["json", "csv", "xlsx", "pdf"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const DocStatsQuery = z.object({
  from: Day.optional().openapi({
    description: "The first day (issue dates); a report's default: the first day of the current fiscal year",
  }),
  to: Day.optional().openapi({
    description:
      "The last day; a report's default: the last day of the current fiscal year. The aged balances are as of this day (today when absent)",
  }),
  format: z.enum(REPORT_FORMATS).optional().openapi({
    description:
      "A management report's file: `csv` (`;`, comma decimals, UTF-8 with BOM), `xlsx`, `pdf`; JSON when absent",
  }),
});

/** The first column: what a row stands for. */
export const ReportSubject = z.enum(["contact", "item", "month"]);
/** A value column's kind: cents, a decimal quantity, a count, a percentage ("12.50"). */
export const ReportColumnKind = z.enum(["money", "quantity", "count", "percent"]);

const Value = z
  .union([z.number().int(), z.string(), z.null()])
  .openapi({ description: "money: integer cents; count: integer; quantity and percent: decimal strings" });

export const ReportRow = z
  .object({
    key: z.string().nullable().openapi({
      description:
        "The contact's or item's id, or the month (YYYY-MM); null for lines without contact or item",
    }),
    label: z.string().nullable(),
    values: z.record(z.string(), Value),
  })
  .openapi("ManagementReportRow");

export const ManagementReport = z
  .object({
    type: z.enum(REPORT_TYPES),
    from: z.string().openapi({ description: "The first day of the period (YYYY-MM-DD)" }),
    to: z.string().openapi({ description: "The last day; the aged balances' day" }),
    subject: ReportSubject,
    columns: z.array(z.object({ key: z.string(), kind: ReportColumnKind })),
    rows: z.array(ReportRow),
    totals: z.record(z.string(), Value),
    uncosted: z
      .object({
        lines: z.number().int().openapi({ description: "Sales lines of the period whose cost is not known" }),
        revenue: z
          .number()
          .int()
          .openapi({ description: "Their net amount (cents), left out of the margins" }),
      })
      .nullable()
      .openapi({ description: "`margin-by-item`: the lines left out; null for the other reports" }),
    ledger: z
      .number()
      .int()
      .nullable()
      .openapi({
        description:
          "The aged balances: the side's third-party accounts in the books at `to` (cents; customers 411, 413, 416, " +
          "418 as owed to us, suppliers 401, 403, 408 as owed by us), from the first open fiscal year, to set against " +
          "`totals.total`: the difference is what the books hold outside the documents (entries made by hand, " +
          "opening balances, payments not allocated). Null for the other reports, without a fiscal year holding " +
          "`to`, and for a member who may not read the accounting",
      }),
  })
  .openapi("ManagementReport");

export type ManagementReportView = z.infer<typeof ManagementReport>;
export type ReportValue = z.infer<typeof Value>;
