import { DomainError, parisDate } from "@registre/core";
import { readModels } from "@registre/projections";
import { sql } from "kysely";
import type { AppContext } from "../context.ts";
import type { ManagementReportView, ReportType } from "../schemas/management-reports.ts";
import { contactSums, itemSums, marginSums, monthSums, wholeMonths } from "./management-reports-summaries.ts";
import { addMonths } from "./sales-stats.ts";

/**
 * The management reports (issue 26, accounting's reports): sales by customer, by item and by month,
 * purchases by supplier and margin by item, from `sales_stats` (the validated invoices and credit notes,
 * one row per priced line, credit notes negative) over a period of issue dates: from its monthly summaries
 * when the period is whole months (`management-reports-summaries.ts`), else from its lines. The aged balances are in
 * `management-reports-aged.ts`.
 */

export type Period = { from: string; to: string };

/** The period asked, else the fiscal year holding today (or the latest), else today's calendar year. */
export const reportPeriod = async (
  ctx: AppContext,
  orgId: string,
  asked: { from?: string | undefined; to?: string | undefined },
): Promise<Period> => {
  let { from, to } = asked;
  if (!from || !to) {
    const today = parisDate(ctx.clock());
    const years = await readModels(ctx.database)
      .selectFrom("fiscal_years")
      .select(["start_date", "end_date"])
      .where("org_id", "=", orgId)
      .orderBy("start_date")
      .execute();
    const year = years.find((y) => y.start_date <= today && today <= y.end_date) ?? years.at(-1);
    from ??= year?.start_date ?? `${today.slice(0, 4)}-01-01`;
    to ??= year?.end_date ?? `${today.slice(0, 4)}-12-31`;
  }
  if (to < from) throw new DomainError("validation.invalidRange", { start: from, end: to, field: "to" });
  return { from, to };
};

const n = (value: string | number | bigint | null | undefined) => Number(value ?? 0);

/** `part` as a percentage of `whole`, two decimals rounded half away from zero ("12.50"); null when whole is 0. */
export const percentOf = (part: number, whole: number): string | null => {
  if (whole === 0) return null;
  const scaled = BigInt(part) * 20000n;
  const w = BigInt(whole);
  // Half away from zero: (2 × 10000 × part / whole ± 1) / 2, truncated.
  const negative = scaled < 0n !== w < 0n;
  const abs = (x: bigint) => (x < 0n ? -x : x);
  const hundredths = (abs(scaled) / abs(w) + 1n) / 2n;
  const text = `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, "0")}`;
  return negative && hundredths !== 0n ? `-${text}` : text;
};

/** Sums decimal strings exactly (quantities, up to 6 decimals). */
const quantityText = (value: string | null | undefined): string => {
  const text = value ?? "0";
  if (!text.includes(".")) return text;
  const trimmed = text.replace(/0+$/, "").replace(/\.$/, "");
  return trimmed === "-0" ? "0" : trimmed;
};

type Source = "summaries" | "lines";
const summarised = (period: Period, source: Source) => (source === "lines" ? null : wholeMonths(period));

const stats = (ctx: AppContext, orgId: string, period: Period) =>
  readModels(ctx.database)
    .selectFrom("sales_stats")
    .where("org_id", "=", orgId)
    .where("issue_date", ">=", period.from)
    .where("issue_date", "<=", period.to);

type Report = ManagementReportView;
const base = (
  type: ReportType,
  period: Period,
): Pick<Report, "type" | "from" | "to" | "uncosted" | "ledger"> => ({
  type,
  from: period.from,
  to: period.to,
  uncosted: null,
  ledger: null,
});

/** Sales by customer or purchases by supplier: documents, invoiced, credited, net and its share. */
const byContact = async (
  ctx: AppContext,
  orgId: string,
  period: Period,
  direction: "sales" | "purchases",
  source: Source,
): Promise<Report> => {
  const months = summarised(period, source);
  const rows = months
    ? await contactSums(ctx, orgId, months, direction)
    : await stats(ctx, orgId, period)
        .where("direction", "=", direction)
        .select([
          "contact_id",
          sql<string | null>`max(contact_name)`.as("name"),
          sql<string>`count(distinct doc_id) filter (where kind = 'invoice')`.as("invoices"),
          sql<string>`count(distinct doc_id) filter (where kind = 'creditNote')`.as("credit_notes"),
          sql<string>`coalesce(sum(net) filter (where kind = 'invoice'), 0)::text`.as("invoiced"),
          sql<string>`coalesce(sum(net) filter (where kind = 'creditNote'), 0)::text`.as("credited"),
          sql<string>`coalesce(sum(net), 0)::text`.as("net"),
        ])
        .groupBy("contact_id")
        .orderBy(sql`coalesce(sum(net), 0)`, "desc")
        .orderBy(sql`max(contact_name)`)
        .execute();
  const total = rows.reduce((s, r) => s + n(r.net), 0);
  const sum = (key: "invoices" | "credit_notes" | "invoiced" | "credited") =>
    rows.reduce((s, r) => s + n(r[key]), 0);
  return {
    ...base(direction === "sales" ? "sales-by-customer" : "purchases-by-supplier", period),
    subject: "contact",
    columns: [
      { key: "invoices", kind: "count" },
      { key: "creditNotes", kind: "count" },
      { key: "invoiced", kind: "money" },
      { key: "credited", kind: "money" },
      { key: "net", kind: "money" },
      { key: "share", kind: "percent" },
    ],
    rows: rows.map((r) => ({
      key: r.contact_id,
      label: r.name,
      values: {
        invoices: n(r.invoices),
        creditNotes: n(r.credit_notes),
        invoiced: n(r.invoiced),
        credited: n(r.credited),
        net: n(r.net),
        share: percentOf(n(r.net), total),
      },
    })),
    totals: {
      invoices: sum("invoices"),
      creditNotes: sum("credit_notes"),
      invoiced: sum("invoiced"),
      credited: sum("credited"),
      net: total,
      share: total === 0 ? null : "100.00",
    },
  };
};

/** Sales by item: quantity, net and share; the free lines (no item) together, key null. */
const salesByItem = async (
  ctx: AppContext,
  orgId: string,
  period: Period,
  source: Source,
): Promise<Report> => {
  const months = summarised(period, source);
  const rows = months
    ? await itemSums(ctx, orgId, months)
    : await stats(ctx, orgId, period)
        .where("direction", "=", "sales")
        .select([
          "item_id",
          sql<string>`max(label)`.as("label"),
          sql<string>`coalesce(sum(quantity::numeric), 0)::text`.as("quantity"),
          sql<string>`count(distinct doc_id)`.as("documents"),
          sql<string>`coalesce(sum(net), 0)::text`.as("net"),
        ])
        .groupBy("item_id")
        .orderBy(sql`coalesce(sum(net), 0)`, "desc")
        .orderBy(sql`max(label)`)
        .execute();
  const total = rows.reduce((s, r) => s + n(r.net), 0);
  return {
    ...base("sales-by-item", period),
    subject: "item",
    columns: [
      { key: "quantity", kind: "quantity" },
      { key: "documents", kind: "count" },
      { key: "net", kind: "money" },
      { key: "share", kind: "percent" },
    ],
    rows: rows.map((r) => ({
      key: r.item_id,
      label: r.item_id === null ? null : r.label,
      values: {
        // Free lines' quantities are of unlike things: not added up.
        quantity: r.item_id === null ? null : quantityText(r.quantity),
        documents: n(r.documents),
        net: n(r.net),
        share: percentOf(n(r.net), total),
      },
    })),
    totals: { quantity: null, documents: null, net: total, share: total === 0 ? null : "100.00" },
  };
};

const MAX_MONTHS = 120;

/** Sales by month: every month of the period, invoiced, credited, net and the running total. */
const salesByMonth = async (
  ctx: AppContext,
  orgId: string,
  period: Period,
  source: Source,
): Promise<Report> => {
  const whole = summarised(period, source);
  const rows = whole
    ? await monthSums(ctx, orgId, whole)
    : await stats(ctx, orgId, period)
        .where("direction", "=", "sales")
        .select([
          "month",
          sql<string>`count(distinct doc_id) filter (where kind = 'invoice')`.as("invoices"),
          sql<string>`coalesce(sum(net) filter (where kind = 'invoice'), 0)::text`.as("invoiced"),
          sql<string>`coalesce(sum(net) filter (where kind = 'creditNote'), 0)::text`.as("credited"),
          sql<string>`coalesce(sum(net), 0)::text`.as("net"),
        ])
        .groupBy("month")
        .execute();
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  // Every month of the period, the empty ones too; over ten years (a period typed by hand, 1900 to 2999),
  // only the months with sales, so that the answer stays the size of the books.
  const [first, last] = [period.from.slice(0, 7), period.to.slice(0, 7)];
  const months: string[] = [];
  if (addMonths(first, MAX_MONTHS) > last) for (let m = first; m <= last; m = addMonths(m, 1)) months.push(m);
  else months.push(...[...byMonth.keys()].sort());
  let running = 0;
  const out = months.map((month) => {
    const r = byMonth.get(month);
    running += n(r?.net);
    return {
      key: month,
      label: null,
      values: {
        invoices: n(r?.invoices),
        invoiced: n(r?.invoiced),
        credited: n(r?.credited),
        net: n(r?.net),
        cumulative: running,
      },
    };
  });
  const sum = (key: "invoices" | "invoiced" | "credited" | "net") =>
    out.reduce((s, r) => s + (r.values[key] as number), 0);
  return {
    ...base("sales-by-month", period),
    subject: "month",
    columns: [
      { key: "invoices", kind: "count" },
      { key: "invoiced", kind: "money" },
      { key: "credited", kind: "money" },
      { key: "net", kind: "money" },
      { key: "cumulative", kind: "money" },
    ],
    rows: out,
    totals: {
      invoices: sum("invoices"),
      invoiced: sum("invoiced"),
      credited: sum("credited"),
      net: sum("net"),
      cumulative: null,
    },
  };
};

/**
 * Margin by item: sales net less cost over the lines whose cost is known (the item's buy price when the
 * line was validated); each item's lines without a cost counted, and all such lines (free lines too) in
 * `uncosted`.
 */
const marginByItem = async (
  ctx: AppContext,
  orgId: string,
  period: Period,
  source: Source,
): Promise<Report> => {
  const sales = stats(ctx, orgId, period).where("direction", "=", "sales");
  const months = summarised(period, source);
  const [rows, left] = months
    ? await marginSums(ctx, orgId, months)
    : await Promise.all([
        sales
          .where("item_id", "is not", null)
          .select([
            "item_id",
            sql<string>`max(label)`.as("label"),
            sql<string>`coalesce(sum(quantity::numeric) filter (where cost is not null), 0)::text`.as(
              "quantity",
            ),
            sql<string>`coalesce(sum(net) filter (where cost is not null), 0)::text`.as("revenue"),
            sql<string>`coalesce(sum(cost), 0)::text`.as("cost"),
            sql<string>`count(*) filter (where cost is null)`.as("uncosted"),
          ])
          .groupBy("item_id")
          .orderBy(sql`coalesce(sum(net - cost) filter (where cost is not null), 0)`, "desc")
          .orderBy(sql`max(label)`)
          .execute(),
        sales
          .where("cost", "is", null)
          .select([sql<string>`count(*)`.as("lines"), sql<string>`coalesce(sum(net), 0)::text`.as("revenue")])
          .executeTakeFirst(),
      ]);
  const totals = rows.reduce(
    (s, r) => ({
      revenue: s.revenue + n(r.revenue),
      cost: s.cost + n(r.cost),
      uncosted: s.uncosted + n(r.uncosted),
    }),
    { revenue: 0, cost: 0, uncosted: 0 },
  );
  return {
    ...base("margin-by-item", period),
    subject: "item",
    columns: [
      { key: "quantity", kind: "quantity" },
      { key: "revenue", kind: "money" },
      { key: "cost", kind: "money" },
      { key: "margin", kind: "money" },
      { key: "rate", kind: "percent" },
      { key: "uncostedLines", kind: "count" },
    ],
    rows: rows.map((r) => ({
      key: r.item_id,
      label: r.label,
      values: {
        quantity: quantityText(r.quantity),
        revenue: n(r.revenue),
        cost: n(r.cost),
        margin: n(r.revenue) - n(r.cost),
        rate: percentOf(n(r.revenue) - n(r.cost), n(r.revenue)),
        uncostedLines: n(r.uncosted),
      },
    })),
    totals: {
      quantity: null,
      revenue: totals.revenue,
      cost: totals.cost,
      margin: totals.revenue - totals.cost,
      rate: percentOf(totals.revenue - totals.cost, totals.revenue),
      uncostedLines: totals.uncosted,
    },
    uncosted: { lines: n(left?.lines), revenue: n(left?.revenue) },
  };
};

/**
 * The report of one of the `sales_stats` types over a period: from the monthly summaries over whole
 * months, else from the lines (`source: "lines"`: from the lines always, the reference the tests compare
 * the summaries' answers with).
 */
export const salesReport = (
  ctx: AppContext,
  orgId: string,
  type: Exclude<ReportType, "aged-receivables" | "aged-payables">,
  period: Period,
  source: Source = "summaries",
): Promise<Report> => {
  switch (type) {
    case "sales-by-customer":
      return byContact(ctx, orgId, period, "sales", source);
    case "purchases-by-supplier":
      return byContact(ctx, orgId, period, "purchases", source);
    case "sales-by-item":
      return salesByItem(ctx, orgId, period, source);
    case "sales-by-month":
      return salesByMonth(ctx, orgId, period, source);
    case "margin-by-item":
      return marginByItem(ctx, orgId, period, source);
  }
};
