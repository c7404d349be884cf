import { z } from "@hono/zod-openapi";
import { Amount } from "./common.ts";

const Month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);

/** The dashboard's `sales` figures' window: the twelve months ending with `to` (today's month when absent). */
export const SalesStatsQuery = z.object({
  to: Month.optional().openapi({
    description: "`sales`: the last month of the twelve shown (YYYY-MM); today's month when absent",
  }),
});

const Month12 = z
  .object({
    month: z.string().openapi({ example: "2026-03" }),
    revenue: Amount.openapi({ description: "Sales invoices minus credit notes, excluding tax" }),
    purchases: Amount.openapi({ description: "Purchase invoices minus credit notes, excluding tax" }),
    revenueLastYear: Amount.openapi({ description: "The same month a year before" }),
    purchasesLastYear: Amount,
  })
  .openapi("SalesStatsMonth");

/** The dashboard's sales figures (/api/dashboard/stats/sales), from the validated invoices and credit notes. */
export const SalesStats = z
  .object({
    from: z.string().openapi({ description: "The first month shown (YYYY-MM)" }),
    to: z.string().openapi({ description: "The last month shown (YYYY-MM)" }),
    months: z.array(Month12).openapi({ description: "The twelve months, oldest first" }),
    totals: z.object({
      revenue: Amount,
      purchases: Amount,
      revenueLastYear: Amount,
      purchasesLastYear: Amount,
    }),
    customers: z
      .array(
        z.object({
          contactId: z.uuid().nullable(),
          name: z.string().nullable(),
          revenue: Amount,
          revenueLastYear: Amount,
        }),
      )
      .openapi({ description: "The ten best customers of the twelve months, by revenue" }),
    items: z
      .array(
        z.object({
          itemId: z.string(),
          label: z.string(),
          quantity: z.string().openapi({ description: "Sold, net of credit notes (a decimal)" }),
          revenue: Amount,
          revenueLastYear: Amount,
          costed: Amount.openapi({ description: "The revenue of the lines whose cost is known" }),
          cost: Amount.openapi({
            description:
              "Quantities at the item's buy price when each document was validated (where it had one)",
          }),
          margin: Amount.openapi({
            description: "`costed` minus `cost`: the gross margin where it is known",
          }),
        }),
      )
      .openapi({ description: "The ten best-selling items of the twelve months, by revenue" }),
    vatRates: z
      .array(z.object({ vatRate: z.string(), revenue: Amount, purchases: Amount }))
      .openapi({ description: "The twelve months' amounts excluding tax by VAT rate" }),
  })
  .openapi("SalesStats");
