import { parisDate } from "@registre/core";
import type { AppContext } from "../context.ts";
import { salesStats } from "../documents/sales-stats.ts";
import { type CashToday, cashAt } from "./cash.ts";
import { type VatDueToday, vatDueAt } from "./vat-due.ts";

type Month = {
  month: string;
  revenue: number;
  purchases: number;
  revenueLastYear: number;
  purchasesLastYear: number;
};

export type DashboardOverview = {
  today: string;
  /** This month so far against the same month a year before. */
  month: Month;
  /** The last twelve months, this one last (`sales_stats`). */
  months: Month[];
  cash: CashToday;
  vat: VatDueToday;
};

/**
 * The main dashboard's figures (issue 26): this month against the same month last year, the last twelve
 * months' revenue and purchases (the validated invoices less credit notes, excl. tax), cash per bank
 * account today and the VAT due for the current period.
 */
export const dashboardOverview = async (ctx: AppContext, orgId: string): Promise<DashboardOverview> => {
  const today = parisDate(ctx.clock());
  const [sales, cash, vat] = await Promise.all([
    salesStats(ctx, orgId, today.slice(0, 7)),
    cashAt(ctx, orgId, today),
    vatDueAt(ctx, orgId, today),
  ]);
  const month = sales.months.at(-1) ?? {
    month: today.slice(0, 7),
    revenue: 0,
    purchases: 0,
    revenueLastYear: 0,
    purchasesLastYear: 0,
  };
  return { today, month, months: sales.months, cash, vat };
};
