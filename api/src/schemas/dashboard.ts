import { z } from "@hono/zod-openapi";
import { Amount } from "./common.ts";
import { pathParams } from "./ids.ts";

/** The dashboard's figures (/api/dashboard). */
export const AccountingStats = z
  .object({
    year: z
      .object({ id: z.uuid(), start: z.string(), end: z.string(), status: z.enum(["open", "closed"]) })
      .nullable(),
    revenue: Amount.openapi({ description: "Net turnover excluding VAT (chiffre d'affaires net)" }),
    due: Amount.openapi({ description: "Customers' balance still to be collected today (411-418)" }),
    expenses: Amount.openapi({ description: "Purchases and external charges excluding VAT (60-62)" }),
    cash: Amount.openapi({ description: "Banks and cash today (51, 53)" }),
    result: Amount,
    asOf: z.string().nullable().openapi({
      description:
        "The day `due` and `cash` are worked out at: today, or the year's last day when the year shown has ended",
    }),
    provisional: z.boolean().openapi({
      description:
        "The year shown is not closed: its figures may still change (drafts, year-end adjustments)",
    }),
  })
  .openapi("AccountingStats");

/** The figures' kind: `accounting` (the only one so far; any other word is stats not found). */
export const StatsTypeParam = pathParams({ type: z.string().regex(/^[a-z]{1,40}$/) });
