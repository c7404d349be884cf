import type { z } from "@hono/zod-openapi";
import { parisDate } from "@registre/core";
import { readModels } from "@registre/projections";
import { sql } from "kysely";
import type { AppContext } from "../context.ts";
import type { SalesStats } from "../schemas/sales-stats.ts";

type Stats = z.infer<typeof SalesStats>;

/** "2026-03" moved by `n` months. */
export const addMonths = (month: string, n: number): string => {
  const [y = 0, m = 1] = month.split("-").map(Number);
  const index = y * 12 + (m - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
};

const cents = (value: string | number | bigint | null) => Number(value ?? 0);

/**
 * The dashboard's sales figures (`sales_stats`'s monthly summaries by contact, item and VAT rate, a few
 * rows a month instead of every line): the twelve months ending with `to` (today's month in
 * Paris when absent) against the same months a year before, the best customers and items (with their
 * margin where the cost is known) and the amounts by VAT rate of the twelve months.
 */
export const salesStats = async (ctx: AppContext, orgId: string, to?: string): Promise<Stats> => {
  const last = to ?? parisDate(ctx.clock()).slice(0, 7);
  const first = addMonths(last, -11);
  const [lastYearFirst, lastYearLast] = [addMonths(first, -12), addMonths(last, -12)];
  const db = readModels(ctx.database);
  const inWindow = sql<boolean>`month between ${first} and ${last}`;
  const lastYear = sql<boolean>`month between ${lastYearFirst} and ${lastYearLast}`;
  const byContact = db.selectFrom("sales_stats_months").where("org_id", "=", orgId);
  const byRate = db.selectFrom("sales_stats_month_rates").where("org_id", "=", orgId);
  const [months, customers, items, rates] = await Promise.all([
    // The months' totals from the smallest summary (by VAT rate: a few rows a month, whatever the contacts).
    byRate
      .select([
        "month",
        sql<string>`coalesce(sum(net) filter (where direction = 'sales'), 0)::text`.as("revenue"),
        sql<string>`coalesce(sum(net) filter (where direction = 'purchases'), 0)::text`.as("purchases"),
      ])
      .where(sql<boolean>`(${inWindow} or ${lastYear})`)
      .groupBy("month")
      .execute(),
    byContact
      .select([
        "contact_id",
        sql<string | null>`max(contact_name)`.as("name"),
        sql<string>`coalesce(sum(net) filter (where ${inWindow}), 0)::text`.as("revenue"),
        sql<string>`coalesce(sum(net) filter (where ${lastYear}), 0)::text`.as("last_year"),
      ])
      .where("direction", "=", "sales")
      .where(sql<boolean>`(${inWindow} or ${lastYear})`)
      .groupBy("contact_id")
      .having(sql<boolean>`coalesce(sum(net) filter (where ${inWindow}), 0) <> 0`)
      .orderBy(sql`coalesce(sum(net) filter (where ${inWindow}), 0)`, "desc")
      .orderBy("contact_id")
      .limit(10)
      .execute(),
    db
      .selectFrom("sales_stats_month_items")
      .where("org_id", "=", orgId)
      .select([
        "item_id",
        sql<string>`max(label)`.as("label"),
        sql<string>`coalesce(sum(quantity) filter (where ${inWindow}), 0)::text`.as("quantity"),
        sql<string>`coalesce(sum(net) filter (where ${inWindow}), 0)::text`.as("revenue"),
        sql<string>`coalesce(sum(net) filter (where ${lastYear}), 0)::text`.as("last_year"),
        sql<string>`coalesce(sum(costed) filter (where ${inWindow}), 0)::text`.as("costed"),
        sql<string>`coalesce(sum(cost) filter (where ${inWindow}), 0)::text`.as("cost"),
      ])
      .where("direction", "=", "sales")
      .where("item_id", "is not", null)
      .where(sql<boolean>`(${inWindow} or ${lastYear})`)
      .groupBy("item_id")
      .having(sql<boolean>`coalesce(sum(net) filter (where ${inWindow}), 0) <> 0`)
      .orderBy(sql`coalesce(sum(net) filter (where ${inWindow}), 0)`, "desc")
      .orderBy("item_id")
      .limit(10)
      .execute(),
    byRate
      .select([
        "vat_rate",
        sql<string>`coalesce(sum(net) filter (where direction = 'sales'), 0)::text`.as("revenue"),
        sql<string>`coalesce(sum(net) filter (where direction = 'purchases'), 0)::text`.as("purchases"),
      ])
      .where(inWindow)
      .groupBy("vat_rate")
      .orderBy("vat_rate")
      .execute(),
  ]);
  const byMonth = new Map(months.map((m) => [m.month, m]));
  const rows = Array.from({ length: 12 }, (_, i) => {
    const month = addMonths(first, i);
    const now = byMonth.get(month);
    const before = byMonth.get(addMonths(month, -12));
    return {
      month,
      revenue: cents(now?.revenue ?? 0),
      purchases: cents(now?.purchases ?? 0),
      revenueLastYear: cents(before?.revenue ?? 0),
      purchasesLastYear: cents(before?.purchases ?? 0),
    };
  });
  const sum = (key: keyof (typeof rows)[number]) => rows.reduce((s, r) => s + (r[key] as number), 0);
  return {
    from: first,
    to: last,
    months: rows,
    totals: {
      revenue: sum("revenue"),
      purchases: sum("purchases"),
      revenueLastYear: sum("revenueLastYear"),
      purchasesLastYear: sum("purchasesLastYear"),
    },
    customers: customers.map((r) => ({
      contactId: r.contact_id,
      name: r.name,
      revenue: cents(r.revenue),
      revenueLastYear: cents(r.last_year),
    })),
    items: items.map((r) => ({
      itemId: r.item_id ?? "",
      label: r.label,
      quantity: r.quantity,
      revenue: cents(r.revenue),
      revenueLastYear: cents(r.last_year),
      costed: cents(r.costed),
      cost: cents(r.cost),
      margin: cents(r.costed) - cents(r.cost),
    })),
    vatRates: rates.map((r) => ({
      vatRate: r.vat_rate,
      revenue: cents(r.revenue),
      purchases: cents(r.purchases),
    })),
  };
};
