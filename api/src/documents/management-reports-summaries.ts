import { endOfMonth } from "@registre/core";
import { readModels } from "@registre/projections";
import { sql } from "kysely";
import type { AppContext } from "../context.ts";

/**
 * The management reports' sums read from `sales_stats`' monthly summaries (by contact, by item), a few rows
 * a month instead of every line, when the period is whole months (from a 1st to a month's last day, as a
 * fiscal year is): the same rows, named and ordered as the per-line GROUP BYs of `management-reports.ts`.
 * A document has one month and one contact and its rows are summed at once, so its counts add up.
 */

export type Months = { first: string; last: string };

/** The period's months when it is whole months, else null (the reports then read the lines). */
export const wholeMonths = (period: { from: string; to: string }): Months | null =>
  period.from.endsWith("-01") && period.to === endOfMonth(period.to)
    ? { first: period.from.slice(0, 7), last: period.to.slice(0, 7) }
    : null;

const byContactSummary = (ctx: AppContext, orgId: string, months: Months) =>
  readModels(ctx.database)
    .selectFrom("sales_stats_months")
    .where("org_id", "=", orgId)
    .where("month", ">=", months.first)
    .where("month", "<=", months.last);

const byItemSummary = (ctx: AppContext, orgId: string, months: Months) =>
  readModels(ctx.database)
    .selectFrom("sales_stats_month_items")
    .where("org_id", "=", orgId)
    .where("month", ">=", months.first)
    .where("month", "<=", months.last)
    .where("direction", "=", "sales");

/** Sales by customer or purchases by supplier. */
export const contactSums = (
  ctx: AppContext,
  orgId: string,
  months: Months,
  direction: "sales" | "purchases",
) =>
  byContactSummary(ctx, orgId, months)
    .where("direction", "=", direction)
    .select([
      "contact_id",
      sql<string | null>`max(contact_name)`.as("name"),
      sql<string>`coalesce(sum(invoices), 0)::text`.as("invoices"),
      sql<string>`coalesce(sum(credit_notes), 0)::text`.as("credit_notes"),
      sql<string>`coalesce(sum(invoiced), 0)::text`.as("invoiced"),
      sql<string>`coalesce(sum(net - invoiced), 0)::text`.as("credited"),
      sql<string>`coalesce(sum(net), 0)::text`.as("net"),
    ])
    .groupBy("contact_id")
    .orderBy(sql`coalesce(sum(net), 0)`, "desc")
    .orderBy(sql`max(contact_name)`)
    .execute();

/** Sales by item (the free lines together, item null). */
export const itemSums = (ctx: AppContext, orgId: string, months: Months) =>
  byItemSummary(ctx, orgId, months)
    .select([
      "item_id",
      sql<string>`max(label)`.as("label"),
      sql<string>`coalesce(sum(quantity), 0)::text`.as("quantity"),
      sql<string>`coalesce(sum(documents), 0)::text`.as("documents"),
      sql<string>`coalesce(sum(net), 0)::text`.as("net"),
    ])
    .groupBy("item_id")
    .orderBy(sql`coalesce(sum(net), 0)`, "desc")
    .orderBy(sql`max(label)`)
    .execute();

/** Sales by month. */
export const monthSums = (ctx: AppContext, orgId: string, months: Months) =>
  byContactSummary(ctx, orgId, months)
    .where("direction", "=", "sales")
    .select([
      "month",
      sql<string>`coalesce(sum(invoices), 0)::text`.as("invoices"),
      sql<string>`coalesce(sum(invoiced), 0)::text`.as("invoiced"),
      sql<string>`coalesce(sum(net - invoiced), 0)::text`.as("credited"),
      sql<string>`coalesce(sum(net), 0)::text`.as("net"),
    ])
    .groupBy("month")
    .execute();

/** Margin by item: the costed lines' quantity, net and cost, and the lines without a cost (free lines too). */
export const marginSums = (ctx: AppContext, orgId: string, months: Months) =>
  Promise.all([
    byItemSummary(ctx, orgId, months)
      .where("item_id", "is not", null)
      .select([
        "item_id",
        sql<string>`max(label)`.as("label"),
        sql<string>`coalesce(sum(costed_quantity), 0)::text`.as("quantity"),
        sql<string>`coalesce(sum(costed), 0)::text`.as("revenue"),
        sql<string>`coalesce(sum(cost), 0)::text`.as("cost"),
        sql<string>`coalesce(sum(lines - costed_lines), 0)::text`.as("uncosted"),
      ])
      .groupBy("item_id")
      .orderBy(sql`coalesce(sum(costed - cost), 0)`, "desc")
      .orderBy(sql`max(label)`)
      .execute(),
    byItemSummary(ctx, orgId, months)
      .select([
        sql<string>`coalesce(sum(lines - costed_lines), 0)::text`.as("lines"),
        sql<string>`coalesce(sum(net - costed), 0)::text`.as("revenue"),
      ])
      .executeTakeFirst(),
  ]);
