/**
 * Issue 26 §4's benchmark: the dashboard's figures, p95, on books of 10M ledger lines and 1M documents,
 * each beside the plainest SQL over plain tables holding the same rows, in the same run. Run by
 * `BENCH_ONLY=dashboard npm run bench`, or alone: `npx tsx tests/bench/dashboard.ts`; writes its section
 * of docs/performance.md.
 *
 * The books (`dashboard-books.ts`): the accounting benchmark's generator (`generateBooks`: entries through draftEntry, the rest
 * COPYed into the log in bulk, its read models rebuilt), then the documents list's generator
 * (`generateDocuments`: documents' events COPYed into the log, dated over 2025) in the same organisation,
 * the read models of documents' events rebuilt from
 * the log (`sales_stats` among them: one row per priced line of the validated invoices and credit
 * notes). The generated documents all name one customer and carry free lines; so that the best
 * customers and items group something, `sales_stats` rows are then spread over 2,000 contacts and 500
 * items by plain SQL (an UPDATE of the live table, cost at 40 % of the net on the item lines), and its
 * monthly summaries (by contact, item and VAT rate) made again from them as a rebuild makes them.
 *
 * Timed (`latencies`: interleaved with their anchors, warm-up untimed):
 * - GET /dashboard/stats/sales: `salesStats` (twelve months against the year before, best customers and
 *   items, VAT rates; read from the monthly summaries) — anchor: the same four GROUP BYs over a plain copy
 *   of its per-line rows;
 * - GET /dashboard/stats/accounting's reads: the year's `accountMovements` and the balances up to today —
 *   anchor: a GROUP BY account over a plain copy of the year's ledger lines;
 * - GET /docs/stats/sales-invoice: `documentStatistics` over the year — anchor: a GROUP BY status and
 *   month over a plain copy of the documents' list columns;
 * - GET /dashboard/stats/aged and /forecast: `agedBalance` (receivables at the year's end) as the dashboard
 *   asks it (no contact listed, the first 5 late invoices), `agedBalance` as the management report asks it
 *   (every contact owing, no late invoice), and `cashForecast` (90 days from it) — anchor: the open invoices'
 *   due grouped by age over the same plain copy.
 *
 * BENCH_DASHBOARD_SCALE (1: 10,000,000 lines and 1,000,000 documents; 0.01 for a trial run), or
 * BENCH_DASHBOARD_LINES and BENCH_DASHBOARD_DOCUMENTS; BENCH_DASHBOARD_RUNS (200),
 * BENCH_DASHBOARD_WARMUP (20), BENCH_DB_PREFIX, BENCH_KEEP_DATABASES=1.
 */
import { fileURLToPath, pathToFileURL } from "node:url";
import type postgres from "postgres";
import { accountMovements } from "../../api/src/accounting/queries.ts";
import type { AppContext } from "../../api/src/context.ts";
import { cashForecast } from "../../api/src/dashboard/forecast.ts";
import { agedBalance } from "../../api/src/documents/aged.ts";
import { documentStatistics } from "../../api/src/documents/queries.ts";
import { salesStats } from "../../api/src/documents/sales-stats.ts";
import { latencies, ms, n } from "./accounting-measure.ts";
import { type Latency, load, positive, seconds, step, withBooksDatabase } from "./books-setup.ts";
import { errorMessage, writeSection } from "./common.ts";
import { documentSummariesOf, generateDashboardBooks, reusedBooks, YEAR } from "./dashboard-books.ts";

const START = "<!-- bench:dashboard -->";
const END = "<!-- /bench:dashboard -->";
const TARGET_P95 = 30;

export type DashboardBenchConfig = {
  readonly lines: number;
  readonly documents: number;
  readonly runs: number;
  readonly warmup: number;
};

export const dashboardBenchConfig = (): DashboardBenchConfig => {
  const scale = positive("BENCH_DASHBOARD_SCALE", 1);
  return {
    lines: Math.max(1000, Math.round(positive("BENCH_DASHBOARD_LINES", 10_000_000 * scale))),
    documents: Math.max(100, Math.round(positive("BENCH_DASHBOARD_DOCUMENTS", 1_000_000 * scale))),
    runs: Math.max(20, Math.round(positive("BENCH_DASHBOARD_RUNS", 200))),
    warmup: Math.round(positive("BENCH_DASHBOARD_WARMUP", 20)),
  };
};

type Figure = { name: string; registre: Latency; anchor: Latency; anchorName: string; rows: number };

export type DashboardRun = {
  date: string;
  seconds: number;
  config: DashboardBenchConfig;
  loads: { start: string; measure: string; end: string };
  generation: string;
  figures: Figure[];
  plans: string[];
};

/** The sales figures' four GROUP BYs over the plain copy (`raw_sales`), as `salesStats` asks them. */
const rawSales = (sql: postgres.Sql, orgId: string) =>
  Promise.all([
    sql`select month, sum(net) filter (where direction = 'sales') as revenue,
          sum(net) filter (where direction = 'purchases') as purchases
        from raw_sales where org_id = ${orgId} and month between '2024-01' and '2025-12' group by month`,
    sql`select contact_id, sum(net) as revenue from raw_sales
        where org_id = ${orgId} and direction = 'sales' and month between '2025-01' and '2025-12'
        group by contact_id order by 2 desc limit 10`,
    sql`select item_id, sum(net) as revenue, sum(cost) as cost from raw_sales
        where org_id = ${orgId} and direction = 'sales' and item_id is not null
          and month between '2025-01' and '2025-12'
        group by item_id order by 2 desc limit 10`,
    sql`select vat_rate, sum(net) from raw_sales where org_id = ${orgId} and month between '2025-01' and '2025-12'
        group by vat_rate`,
  ]);

const runDashboard = async (
  config: DashboardBenchConfig,
  log: (t: string) => void,
): Promise<DashboardRun> => {
  const started = performance.now();
  const loads = { start: load(), measure: "", end: "" };
  const title = (name: string) =>
    `Dashboard benchmark in ${name}: ${JSON.stringify(config)} (load ${loads.start})`;
  return withBooksDatabase("dashboard", log, title, async (open, reused) => {
    const { sql } = open;
    const ctx: AppContext = open.ctx;
    const { orgId, tables, summaries, counts, generation } = reused
      ? await reusedBooks(open, log)
      : await generateDashboardBooks(open, config, log);
    log(`  ${generation}`);

    // Each figure checked against its anchor before anything is timed.
    const sales = await salesStats(ctx, orgId, "2025-12");
    const [months] = await rawSales(sql, orgId);
    const rawRevenue = months
      .filter((m) => String(m.month) >= "2025-01")
      .reduce((s, m) => s + Number(m.revenue ?? 0), 0);
    if (sales.totals.revenue !== rawRevenue)
      throw new Error(`sales: ${sales.totals.revenue} against the plain table's ${rawRevenue}`);
    const yearLedger = () =>
      sql<
        { account: string; debit: string; credit: string }[]
      >`select account, sum(debit)::text as debit, sum(credit)::text as credit from raw_ledger
        where org_id = ${orgId} and date between ${YEAR.start} and ${YEAR.end} group by account`;
    const movements = await accountMovements(ctx, orgId, YEAR);
    const rawMovements = await yearLedger();
    const debit = (rows: readonly { debit: string | number }[]) =>
      rows.reduce((s, r) => s + Number(r.debit), 0);
    if (debit(movements) !== debit(rawMovements))
      throw new Error(`ledger: ${debit(movements)} against the plain table's ${debit(rawMovements)}`);
    const rawDocs = () =>
      sql`select status, substr(issue_date, 1, 7) as month, count(*)::int as count,
          sum(total_excl_tax)::text as total from raw_documents
        where org_id = ${orgId} and direction = 'sales' and kind = 'invoice'
          and issue_date between ${YEAR.start} and ${YEAR.end} group by 1, 2`;
    const docRows = (await rawDocs()).reduce((s, r) => s + Number(r.count), 0);
    // The aged receivables at the year's end, and their anchor: the open invoices' due by age.
    const rawAged = () =>
      sql<{ bucket: number; total: string; count: number }[]>`select least(4, greatest(0,
          (${YEAR.end}::date - coalesce(due_date, issue_date)::date + 29) / 30)) as bucket,
          sum(case when kind = 'creditNote' then -due else due end)::text as total, count(*)::int as count
        from raw_documents where org_id = ${orgId} and direction = 'sales' and validated_on is not null
          and due > 0 and issue_date <= ${YEAR.end} and kind in ('invoice', 'creditNote') group by 1`;
    // Two calls of it: the dashboard's, as its screen asks (`?contacts=0&late=5`: the totals, how many owe
    // and the first late invoices, no contact listed), and the management report's (every contact owing,
    // no late invoice listed); both against the same anchor, their totals its.
    const dashboardAged = () =>
      agedBalance(ctx, orgId, { direction: "sales", at: YEAR.end, contactLimit: 0, lateLimit: 5 });
    const reportAged = () => agedBalance(ctx, orgId, { direction: "sales", at: YEAR.end, lateLimit: 0 });
    const agedRows = await rawAged();
    const agedTotal = agedRows.reduce((s, r) => s + Number(r.total), 0);
    const [agedCard, agedReport] = [await dashboardAged(), await reportAged()];
    for (const [name, aged] of [
      ["dashboard", agedCard],
      ["report", agedReport],
    ] as const)
      if (aged.totals.total !== agedTotal)
        throw new Error(`aged (${name}): ${aged.totals.total} against the plain table's ${agedTotal}`);
    if (agedCard.contactCount !== agedReport.contacts.length || agedCard.lateCount !== agedReport.lateCount)
      throw new Error(
        `aged: the dashboard's ${agedCard.contactCount} contacts and ${agedCard.lateCount} late invoices against ` +
          `the report's ${agedReport.contacts.length} and ${agedReport.lateCount}`,
      );
    const owing = n(agedReport.contacts.length);

    await sql`checkpoint`;
    loads.measure = load();
    const timed: [string, () => Promise<unknown>, string, () => Promise<unknown>, number][] = [
      [
        "GET /dashboard/stats/sales (`salesStats`: 24 months by month, best customers and items, VAT rates)",
        () => salesStats(ctx, orgId, "2025-12"),
        "the same four GROUP BYs over `raw_sales`",
        () => rawSales(sql, orgId),
        counts?.sales ?? 0,
      ],
      [
        "GET /dashboard/stats/accounting's reads (the year's `accountMovements`, and up to today)",
        () =>
          Promise.all([
            accountMovements(ctx, orgId, YEAR),
            accountMovements(ctx, orgId, { start: YEAR.start, end: "2025-11-30" }),
          ]),
        "GROUP BY account over the year of `raw_ledger`",
        yearLedger,
        counts?.ledger ?? 0,
      ],
      [
        "GET /docs/stats/sales-invoice over 2025 (`documentStatistics`)",
        () => documentStatistics(ctx, orgId, "sales", "invoice", { from: YEAR.start, to: YEAR.end }),
        "GROUP BY status and month over `raw_documents`",
        rawDocs,
        docRows,
      ],
      [
        "GET /dashboard/stats/aged?contacts=0&late=5, as the dashboard asks it (`agedBalance`: receivables by age " +
          `at the year's end over the ${owing} customers owing, the first 5 late invoices)`,
        dashboardAged,
        "GROUP BY age over the open invoices of `raw_documents`",
        rawAged,
        agedRows.reduce((s, r) => s + r.count, 0),
      ],
      [
        "GET /docs/stats/aged-receivables's read, the management report (`agedBalance`: every one of the " +
          `${owing} customers owing by age, sorted, no late invoice)`,
        reportAged,
        "the same GROUP BY age (not per customer)",
        rawAged,
        agedRows.reduce((s, r) => s + r.count, 0),
      ],
      [
        "GET /dashboard/stats/forecast (`cashForecast`: 90 days from the year's end)",
        () => cashForecast(ctx, orgId, YEAR.end),
        "the same GROUP BY age (what is open, by due date)",
        rawAged,
        agedRows.reduce((s, r) => s + r.count, 0),
      ],
    ];
    const figures: Figure[] = [];
    for (const [label, registre, anchorName, anchor, rows] of timed) {
      const [a, b] = await step(log, `timed ${label}`, () =>
        latencies(config.runs, config.warmup, [registre, anchor]),
      );
      if (!a || !b) throw new Error("no latency");
      log(`    p50 ${ms(a.p50)} p95 ${ms(a.p95)}; anchor p50 ${ms(b.p50)} p95 ${ms(b.p95)}`);
      figures.push({ name: label, registre: a, anchor: b, anchorName, rows });
    }
    const explain = async (label: string, text: string, params: unknown[]) => {
      const plan = await sql.unsafe<{ "QUERY PLAN": string }[]>(
        `explain (analyze, buffers) ${text}`,
        params as never[],
      );
      return `${label}:\n\n\`\`\`\n${plan.map((p) => p["QUERY PLAN"]).join("\n")}\n\`\`\``;
    };
    const plans = [
      await explain(
        "The sales figures by month (`salesStats`' first statement, over the monthly summary by VAT rate, the smallest)",
        `select month, coalesce(sum(net) filter (where direction = 'sales'), 0)::text,
           coalesce(sum(net) filter (where direction = 'purchases'), 0)::text
         from ${summaries[2]} where org_id = $1
           and ((month between '2025-01' and '2025-12') or (month between '2024-01' and '2024-12'))
         group by month`,
        [orgId],
      ),
      await explain(
        "The year's sales invoices (`documentStatistics`, over the cells the documents projector keeps by issue day and status)",
        `select substr(issue_date, 1, 7), status, sum(documents)::text, coalesce(sum(total_excl_tax), 0)::text,
           coalesce(sum(total_incl_tax), 0)::text from ${documentSummariesOf(tables.documents)[0]}
         where org_id = $1 and direction = 'sales' and kind = 'invoice' and issue_date >= $2 and issue_date <= $3
         group by substr(issue_date, 1, 7), status`,
        [orgId, YEAR.start, YEAR.end],
      ),
      await explain(
        "The receivables by age at the year's end as the dashboard asks them (`agedBalance` with `contacts=0`, its cells by due day; the same statement counts the customers owing from `document_open_contacts`)",
        `select coalesce(sum(case when kind = 'creditNote' then -due else due end) filter (where due_day >= $2), 0)::text,
           coalesce(sum(case when kind = 'creditNote' then -due else due end) filter (where due_day < $2), 0)::text,
           coalesce(sum(documents) filter (where kind = 'invoice' and due_day < $2), 0)::integer
         from ${documentSummariesOf(tables.documents)[1]} where org_id = $1 and direction = 'sales'`,
        [orgId, YEAR.end],
      ),
      await explain(
        "The receivables by customer and age at the year's end, as the management report asks them (`agedBalance`, over the open documents' index)",
        `select contact_id, max(contact_name), count(*)::integer,
           coalesce(sum(case when kind = 'creditNote' then -due else due end)
             filter (where coalesce(due_date, issue_date) >= $2), 0)::text,
           coalesce(sum(case when kind = 'creditNote' then -due else due end)
             filter (where coalesce(due_date, issue_date) < $2), 0)::text
         from ${tables.documents} where org_id = $1 and direction = 'sales' and validated_on is not null
           and due > 0 and issue_date <= $2 and kind in ('invoice', 'creditNote') group by contact_id`,
        [orgId, YEAR.end],
      ),
    ];
    loads.end = load();
    return {
      date: new Date().toISOString().slice(0, 10),
      seconds: seconds(started),
      config,
      loads,
      generation,
      figures,
      plans,
    };
  });
};

export const dashboardSection = (run: DashboardRun): string => {
  const { config } = run;
  const rows = run.figures.map((f) => {
    const met = f.registre.p95 <= TARGET_P95;
    // The management report's list is a report's read, not one of the dashboard's figures the target is for.
    const target = f.name.includes("management report")
      ? `a report, not a dashboard figure: ${f.registre.p95 <= TARGET_P95 ? "within" : "beyond"} ${TARGET_P95} ms`
      : `p95 ≤ ${TARGET_P95} ms: **${met ? "MET" : "MISSED"}**`;
    return `| ${f.name}, ${n(f.rows)} rows read | ${ms(f.registre.p50)} / **${ms(f.registre.p95)}** | ${ms(f.anchor.p50)} / ${ms(f.anchor.p95)} ${f.anchorName} | ${(f.registre.p95 / f.anchor.p95).toFixed(1)}× | ${target} |`;
  });
  return [
    START,
    "## Dashboard figures (issue 26)",
    "",
    `Measured by \`tests/bench/dashboard.ts\` (\`BENCH_ONLY=dashboard npm run bench\`) on ${run.date}, PostgreSQL, in ${run.seconds.toFixed(0)} s; ` +
      `load average (1 minute, 2 cores) ${run.loads.start} at the start, ${run.loads.measure} when the figures were timed, ${run.loads.end} at the end. ` +
      `${config.runs} timed runs of each figure after ${config.warmup} untimed, interleaved with its anchor.` +
      (config.lines === 10_000_000 && config.documents === 1_000_000
        ? ""
        : ` **A smaller run than the issue's** (BENCH_DASHBOARD_SCALE): ${n(config.lines)} ledger lines and ${n(config.documents)} documents, not 10M and 1M.`),
    "",
    "| figure | Registre p50 / p95 | plain SQL over plain tables, same run, p50 / p95 | ratio (p95) | target |",
    "|---|---|---|---|---|",
    ...rows,
    "",
    `**Books.** ${run.generation} The anchors' tables (\`raw_sales\`, \`raw_documents\`, \`raw_ledger\`) hold the same rows ` +
      "as the read models, with one plain index on the organisation and the " +
      "month or day each; the documents' generator's invoices carry one free line and name one customer (the sales rows are " +
      "then spread over contacts and items by SQL), and it records no payment: the documents that fell due before " +
      "November are then marked paid by SQL, but for one in 25 left owing — a business paid at 30 days with a tail " +
      "of late customers, not a year of invoices all unpaid (the aged balance's cost is what is open).",
    "",
    "**Where the time goes.** `salesStats` reads the monthly summaries the sales-stats projector keeps beside its " +
      "per-line rows (by organisation, month and side, then contact, item or VAT rate; upserted in the batch that " +
      "writes the rows), so its cost grows with the contacts and items sold each month, not with the lines — the " +
      "anchor still sums every line of the 24 months. `documentStatistics` sums the cells the documents projector " +
      "keeps by side, kind, issue day and status (`document_days`, kept by the batch that writes the documents): " +
      "its cost grows with the days of the range, not with the documents, where the plain GROUP BY reads every " +
      "document of the year. The dashboard's `agedBalance` (`?contacts=0`) and `cashForecast` sum the open " +
      "documents' cells by the day they fall due (`document_open_days`: buckets and weeks are ranges of that day) " +
      "and count the contacts owing from their cells by contact (`document_open_contacts`), less the open " +
      "documents issued after the day asked (none at the year's end here): their cost grows with the days and the " +
      "contacts owing, not with what is open. The late invoices listed are the first five of the open documents' " +
      "index by due day, a walk stopped at five. " +
      "The management report lists every customer owing: Node then also receives, parses and sorts those rows (by " +
      "amount, then name in French order), a cost that grows with the customers owing, not with the documents — its " +
      "row shows it against the same anchor, which does not group by customer. The accounting figures " +
      "read the ledger's monthly balances, not its lines, hence far below the plain GROUP BY over the lines.",
    "",
    ...run.plans.flatMap((p) => [p, ""]),
    END,
    "",
  ].join("\n");
};

export const runDashboardBench = async (report: string): Promise<void> => {
  const log = (text: string) => console.log(text);
  try {
    const run = await runDashboard(dashboardBenchConfig(), log);
    writeSection(report, START, END, dashboardSection(run));
    log(`Dashboard section written to ${report}`);
  } catch (error) {
    log(`Dashboard benchmark failed: ${errorMessage(error)}`);
    throw error;
  }
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href)
  await runDashboardBench(
    process.env.BENCH_REPORT || fileURLToPath(new URL("../../docs/performance.md", import.meta.url)),
  );
