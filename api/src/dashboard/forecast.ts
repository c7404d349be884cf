import { addDays } from "@registre/core";
import { readModels } from "@registre/projections";
import { sql } from "kysely";
import type { AppContext } from "../context.ts";
import { daysBetween } from "../documents/aged.ts";
import { cashAt } from "./cash.ts";
import { vatDueAt } from "./vat-due.ts";

/** The forecast's horizon: today and the next 90 days, in weeks of seven days from today (the last cut short). */
export const FORECAST_DAYS = 90;

export type ForecastWeek = {
  start: string;
  end: string;
  /** Open sales invoices less open sales credit notes falling due in the week (overdue ones: week 0). */
  receipts: number;
  /** Open purchase invoices less open purchase credit notes, as a negative amount. */
  payments: number;
  /** The VAT to pay that week, negative. */
  vat: number;
  /** The balance at the week's end. */
  balance: number;
};

export type CashForecast = {
  from: string;
  to: string;
  opening: number;
  weeks: ForecastWeek[];
  totals: { receipts: number; payments: number; vat: number; closing: number };
};

/**
 * A cash forecast over the next 90 days (issue 26): the bank and cash balances today, then week by week
 * the open receivables and payables by due date (the overdue ones counted today, credit notes against
 * their side) and the VAT to pay at its payment day (what the current period owes so far, the earlier
 * periods' undeclared VAT, the validated returns not paid). A document without a due date falls due on its
 * issue date.
 */
export const cashForecast = async (ctx: AppContext, orgId: string, today: string): Promise<CashForecast> => {
  const to = addDays(today, FORECAST_DAYS);
  // The open documents by the day they fall due, as the documents projector keeps them (a few rows a day,
  // whatever the documents; the overdue ones today), the days put in their weeks here.
  const [cash, vat, flows] = await Promise.all([
    cashAt(ctx, orgId, today),
    vatDueAt(ctx, orgId, today),
    readModels(ctx.database)
      .selectFrom("document_open_days")
      .where("org_id", "=", orgId)
      .where("due_day", "<=", to)
      .select([
        "direction",
        sql<string>`greatest(due_day, ${today})`.as("day"),
        sql<string>`sum(case when kind = 'creditNote' then -due else due end)::text`.as("amount"),
      ])
      // By the selected day (its position: one expression, not two with their own parameters).
      .groupBy(["direction", sql.raw("2")])
      .execute(),
  ]);
  const count = Math.floor(FORECAST_DAYS / 7) + 1;
  const weeks = Array.from({ length: count }, (_, i) => ({
    start: addDays(today, 7 * i),
    end: i === count - 1 ? to : addDays(today, 7 * i + 6),
    receipts: 0,
    payments: 0,
    vat: 0,
    balance: 0,
  }));
  for (const f of flows) {
    const w = weeks[Math.min(Math.floor(daysBetween(today, f.day) / 7), count - 1)];
    if (!w) continue;
    if (f.direction === "sales") w.receipts += Number(f.amount);
    else w.payments -= Number(f.amount);
  }
  const payVat = (amount: number, payBy: string | null) => {
    if (amount <= 0 || payBy === null || payBy > to) return;
    const index = Math.floor(Math.max(0, (Date.parse(payBy) - Date.parse(today)) / 86_400_000) / 7);
    const w = weeks[Math.min(index, count - 1)];
    if (w) w.vat -= amount;
  };
  payVat(vat.due, vat.payBy);
  payVat(vat.earlier, vat.earlierPayBy);
  for (const r of vat.unpaidReturns) payVat(r.amount, r.payBy);
  let balance = cash.total;
  for (const w of weeks) {
    balance += w.receipts + w.payments + w.vat;
    w.balance = balance;
  }
  const sum = (key: "receipts" | "payments" | "vat") => weeks.reduce((s, w) => s + w[key], 0);
  return {
    from: today,
    to,
    opening: cash.total,
    weeks,
    totals: { receipts: sum("receipts"), payments: sum("payments"), vat: sum("vat"), closing: balance },
  };
};
