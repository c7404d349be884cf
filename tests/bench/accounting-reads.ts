import type postgres from "postgres";
import {
  generalLedgerPage,
  type LedgerCursor,
  trialBalanceReport,
} from "../../api/src/accounting/queries.ts";
import type { AccountingConfig } from "./accounting.ts";
import { type Books, YEAR } from "./accounting-generator.ts";
import { latencies, ms, n, type Open, TARGETS } from "./accounting-measure.ts";
import type { AccountingLine } from "./accounting-report.ts";

/**
 * The accounting benchmark's reads: the trial balance and the general ledger's pages, each beside
 * the raw SQL of the same answer.
 */

export const benchTrialBalance = async (open: Open, books: Books, config: AccountingConfig, size: string) => {
  const { ctx, sql } = open;
  const report = await trialBalanceReport(ctx, books.orgId, YEAR);
  const raw = () => sql`
    select account, sum(debit)::bigint as debit, sum(credit)::bigint as credit from account_balances
    where org_id = ${books.orgId} and period between '2025-01' and '2025-12' group by account`;
  const rows = await raw();
  if (report.totals.debit !== report.totals.credit || report.totals.debit === 0)
    throw new Error(`the trial balance does not balance: ${JSON.stringify(report.totals)}`);
  if (report.rows.length !== rows.length)
    throw new Error(`trial balance: ${report.rows.length} accounts, the raw query ${rows.length}`);
  const [registre, anchor] = await latencies(config.queryRuns, config.warmup, [
    () => trialBalanceReport(ctx, books.orgId, YEAR),
    raw,
  ]);
  if (!registre || !anchor) throw new Error("no trial balance latency");
  const ok = registre.p95 <= TARGETS.trialBalanceP95;
  const line: AccountingLine = {
    size,
    figure: `trial balance, year (${report.rows.length} accounts), p50 / p95`,
    value: `${ms(registre.p50)} / ${ms(registre.p95)}`,
    anchor: `${ms(anchor.p50)} / ${ms(anchor.p95)} group by on account_balances`,
    ratio: `${(registre.p95 / anchor.p95).toFixed(1)}x (p95)`,
    target: `p95 <= ${TARGETS.trialBalanceP95} ms`,
    verdict: ok ? "PASS" : "FAIL",
  };
  return line;
};

export const benchLedgerPage = async (open: Open, books: Books, config: AccountingConfig, size: string) => {
  const { ctx, sql } = open;
  const orgId = books.orgId;
  const [busy] = await sql<{ account: string; lines: string }[]>`
    select account, sum(lines)::text as lines from account_balances where org_id = ${orgId}
    group by account order by sum(lines) desc limit 1`;
  if (!busy) throw new Error("no account has lines");
  const account = busy.account;
  const total = config.warmup + config.queryRuns;
  const sampled = await sql<{ date: string; position: string; line: number }[]>`
    select date, position::text as position, line from ledger_lines
    where org_id = ${orgId} and account = ${account} order by random() limit ${total}`;
  const cursors: LedgerCursor[] = sampled.map((c) => ({
    account,
    date: c.date,
    position: Number(c.position),
    line: c.line,
  }));
  const cursor = (i: number): LedgerCursor => {
    const c = cursors[i % cursors.length];
    if (!c) throw new Error("no cursor");
    return c;
  };
  /** Each page's `next`: the cursor the following page is asked with. */
  const nexts: (LedgerCursor | null)[] = [];
  const real = async (i: number) => {
    const page = await generalLedgerPage(ctx, orgId, { ...YEAR, account, after: cursor(i), limit: 200 });
    nexts[i] = page.next;
    return page;
  };
  const keysetAt = (c: LedgerCursor) => sql`
      select mvt, line, account, auxiliary, journal, number, date, piece_ref, label, debit, credit,
        letter_code, letter_date, position
      from ledger_lines
      where org_id = ${orgId} and account = ${account} and date >= ${YEAR.start} and date <= ${YEAR.end}
        and (date, position, line) > (${c.date}, ${c.position}::bigint, ${c.line}::integer)
      order by account, date, position, line limit 201`;
  const keyset = (i: number) => {
    const c = cursor(i);
    return sql`
      select mvt, line, account, auxiliary, journal, number, date, piece_ref, label, debit, credit,
        letter_code, letter_date, position
      from ledger_lines
      where org_id = ${orgId} and account = ${account} and date >= ${YEAR.start} and date <= ${YEAR.end}
        and (date, position, line) > (${c.date}, ${c.position}::bigint, ${c.line}::integer)
      order by account, date, position, line limit 201`;
  };
  const oneStatement = (i: number) => {
    const c = cursor(i);
    const month = c.date.slice(0, 7);
    return sql<{ balance: string }[]>`
      with opening as (
        select
          coalesce((select sum(debit - credit) from account_balances
            where org_id = ${orgId} and account = ${account} and period >= '2025-01' and period < ${month}), 0)
          + coalesce((select sum(debit - credit) from account_day_balances
            where org_id = ${orgId} and account = ${account} and date >= ${`${month}-01`} and date < ${c.date}), 0)
          + coalesce((select sum(debit - credit) from ledger_lines
            where org_id = ${orgId} and account = ${account} and date = ${c.date}
              and (position, line) <= (${c.position}::bigint, ${c.line}::integer)), 0) as amount
      ), page as (
        select mvt, line, account, auxiliary, journal, number, date, piece_ref, label, debit, credit,
          letter_code, letter_date, position
        from ledger_lines
        where org_id = ${orgId} and account = ${account} and date >= ${YEAR.start} and date <= ${YEAR.end}
          and (date, position, line) > (${c.date}, ${c.position}::bigint, ${c.line}::integer)
        order by account, date, position, line limit 200
      )
      select page.*, (opening.amount + sum(debit - credit) over (order by date, position, line))::text as balance
      from page, opening order by date, position, line`;
  };
  // The function and the single statement must agree before either is timed.
  for (const i of [0, 1, 2]) {
    const [a, b] = await Promise.all([real(i), oneStatement(i)]);
    const same =
      a.rows.length === b.length && a.rows.every((r, k) => String(r.balance) === String(b[k]?.balance));
    if (!same)
      throw new Error(`general ledger: the function and the hand-written statement disagree at ${i}`);
  }
  const [registre, anchor, single] = await latencies(config.queryRuns, config.warmup, [
    real,
    keyset,
    oneStatement,
  ]);
  if (!registre || !anchor || !single) throw new Error("no general-ledger latency");
  // Paging on: the following page of each of those pages, asked with the cursor the page returned.
  const following = nexts.filter((c): c is LedgerCursor => c !== null && c !== undefined);
  const nextCursor = (i: number): LedgerCursor => {
    const c = following[i % following.length];
    if (!c) throw new Error("no page had a following page");
    return c;
  };
  const realNext = (i: number) =>
    generalLedgerPage(ctx, orgId, { ...YEAR, account, after: nextCursor(i), limit: 200 });
  const [registreNext, anchorNext] = await latencies(config.queryRuns, config.warmup, [
    realNext,
    (i) => keysetAt(nextCursor(i)),
  ]);
  if (!registreNext || !anchorNext) throw new Error("no next-page latency");
  const lines: AccountingLine[] = [
    {
      size,
      figure: `general-ledger page, 200 lines + running balance, account ${account} (${n(Number(busy.lines))} lines), at a random cursor, p50 / p95`,
      value: `${ms(registre.p50)} / ${ms(registre.p95)}`,
      anchor: `${ms(anchor.p50)} / ${ms(anchor.p95)} keyset select of the 200 rows`,
      ratio: `${(registre.p95 / anchor.p95).toFixed(1)}x (p95)`,
      target: `p95 <= ${TARGETS.ledgerPageP95} ms`,
      verdict: registre.p95 <= TARGETS.ledgerPageP95 ? "PASS" : "FAIL",
    },
    {
      size,
      figure: "general-ledger next page (asked with the cursor the page before returned), p50 / p95",
      value: `${ms(registreNext.p50)} / ${ms(registreNext.p95)}`,
      anchor: `${ms(anchorNext.p50)} / ${ms(anchorNext.p95)} keyset select of the 200 rows`,
      ratio: `${(registreNext.p95 / anchorNext.p95).toFixed(1)}x (p95)`,
      target: `p95 <= ${TARGETS.ledgerPageP95} ms`,
      verdict: registreNext.p95 <= TARGETS.ledgerPageP95 ? "PASS" : "FAIL",
    },
    {
      size,
      figure: "general-ledger page as one SQL statement (raw, with running balance), p50 / p95",
      value: `${ms(single.p50)} / ${ms(single.p95)}`,
      anchor: `${ms(anchor.p50)} / ${ms(anchor.p95)} keyset select of the 200 rows`,
      ratio: `${(single.p95 / anchor.p95).toFixed(1)}x (p95)`,
      target: "none (reference)",
      verdict: "",
    },
  ];
  return { lines, diagnosis: await explainLedgerPage(sql, orgId, account, size) };
};

type Explained = {
  ms: number;
  buffers: number;
  rows: number;
  jit: boolean;
  heapFetches: number;
  /** The scans, e.g. "Parallel Seq Scan", "Index Only Scan". */
  scans: string[];
};

/** EXPLAIN (ANALYZE, BUFFERS) of a statement, run twice (the first warms the cache); the second's figures. */
const explain = async (sql: postgres.Sql, statement: string): Promise<Explained> => {
  let plan: Record<string, unknown> = {};
  for (let i = 0; i < 2; i++) {
    const [row] = await sql.unsafe<{ "QUERY PLAN": Record<string, unknown>[] }[]>(
      `explain (analyze, buffers, format json) ${statement}`,
    );
    plan = row?.["QUERY PLAN"]?.[0] ?? {};
  }
  const top = (plan.Plan ?? {}) as Record<string, unknown>;
  let heapFetches = 0;
  let rows = 0;
  const scans: string[] = [];
  const walk = (node: Record<string, unknown>) => {
    heapFetches += Number(node["Heap Fetches"] ?? 0);
    const type = String(node["Node Type"]);
    if (type.includes("Scan") && type !== "Bitmap Index Scan") {
      // Parallel nodes show rows per process: times the processes that ran them.
      rows += Number(node["Actual Rows"] ?? 0) * Number(node["Actual Loops"] ?? 1);
      scans.push(`${node["Parallel Aware"] === true ? "Parallel " : ""}${type}`);
    }
    for (const child of (node.Plans ?? []) as Record<string, unknown>[]) walk(child);
  };
  walk(top);
  return {
    ms: Number(plan["Execution Time"] ?? Number.NaN),
    buffers: Number(top["Shared Hit Blocks"] ?? 0) + Number(top["Shared Read Blocks"] ?? 0),
    rows,
    jit: plan.JIT !== undefined,
    heapFetches,
    scans,
  };
};

/**
 * Why a general-ledger page costs what it costs: at a cursor late in June on the busy account, the
 * page query and the three sums of `balanceBefore` (queries.ts): whole months from
 * `account_balances`, the month's days before the cursor's from `account_day_balances`, the
 * cursor's own day from `ledger_lines`.
 */
const explainLedgerPage = async (sql: postgres.Sql, orgId: string, account: string, size: string) => {
  const [c] = await sql<{ date: string; position: string; line: number }[]>`
    select date, position::text as position, line from ledger_lines
    where org_id = ${orgId} and account = ${account} and date <= '2025-06-28'
    order by date desc, position desc, line desc limit 1`;
  if (!c) return `${size}: no cursor to explain`;
  const lit = (text: string) => `'${text.replace(/'/g, "''")}'`;
  const where = `org_id = ${lit(orgId)} and date >= '2025-01-01' and date <= '2025-12-31' and account = ${lit(account)}`;
  const columns = `mvt, line, account, auxiliary, journal, number, date, piece_ref, label, debit, credit,
    letter_code, letter_date, position`;
  const anchor = await explain(
    sql,
    `select ${columns} from ledger_lines where ${where}
      and (date, position, line) > (${lit(c.date)}, ${c.position}::bigint, ${c.line}::integer)
      order by account, date, position, line limit 201`,
  );
  const own = `org_id = ${lit(orgId)} and account = ${lit(account)}`;
  const months = await explain(
    sql,
    `select coalesce(sum(debit - credit), 0) from account_balances
      where ${own} and period >= '2025-01' and period < ${lit(c.date.slice(0, 7))}`,
  );
  const days = await explain(
    sql,
    `select coalesce(sum(debit - credit), 0) from account_day_balances
      where ${own} and date >= ${lit(`${c.date.slice(0, 7)}-01`)} and date < ${lit(c.date)}`,
  );
  const sameDay = await explain(
    sql,
    `select coalesce(sum(debit - credit), 0) from ledger_lines
      where ${own} and date = ${lit(c.date)} and (position, line) <= (${c.position}::bigint, ${c.line}::integer)`,
  );
  const show = (e: Explained) =>
    `${ms(e.ms)} (${[...new Set(e.scans)].join(", ")}, ${n(e.buffers)} buffers${e.jit ? ", JIT compiled" : ""})`;
  return (
    `${size}, general-ledger page on ${account} at a cursor of ${c.date} without its balance (EXPLAIN ANALYZE, ` +
    `warm): the page query (\`account = … and (date, position, line) > cursor\`) ${show(anchor)}; the opening's ` +
    `whole months (${n(months.rows)} rows of account_balances) ${show(months)}, the month's days before the ` +
    `cursor's (${n(days.rows)} rows of account_day_balances) ${show(days)}, the lines of the cursor's day up to ` +
    `it (${n(sameDay.rows)} lines) ${show(sameDay)}.`
  );
};
