/**
 * Issue 4's benchmark: the accounting read side on books of 1M (and 10M) ledger lines, each figure
 * beside the raw PostgreSQL figure of the same run. Run by `npm run bench` after the event-store
 * benchmark, or alone: `npx tsx tests/bench/accounting.ts`. Sizes and counts: see `accountingConfig`.
 */
import { createHash, type Hash, randomBytes } from "node:crypto";
import {
  createReadStream,
  createWriteStream,
  mkdtempSync,
  readFileSync,
  rmSync,
  type WriteStream,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { ledgerProjector } from "@registre/projections";
import { openDatabase, verifyAudit } from "@registre/store";
import postgres from "postgres";
import { exportFec } from "../../api/src/accounting/fec.ts";
import {
  generalLedgerPage,
  type LedgerCursor,
  trialBalanceReport,
} from "../../api/src/accounting/queries.ts";
import { openContext } from "../../api/src/bootstrap.ts";
import type { AppContext } from "../../api/src/context.ts";
import { adminUrl, urlFor, withAdmin } from "../support/postgres-admin.ts";
import { type Books, generateBooks, YEAR } from "./accounting-generator.ts";
import {
  type AccountingLine,
  type AccountingRun,
  accountingTable,
  writeAccountingSection,
} from "./accounting-report.ts";
import { errorMessage, percentile } from "./common.ts";

export type AccountingConfig = {
  /** Ledger lines of each organisation, one database each, in this order. */
  readonly sizes: readonly number[];
  /** Timed runs of each query (after `warmup` untimed ones), Registre and raw interleaved. */
  readonly queryRuns: number;
  readonly warmup: number;
  /** Rounds of the FEC export and its COPY, interleaved; the median round is reported. */
  readonly fecRounds: number;
  /** The audit (`verifyAudit`) of the generated log runs at sizes up to this many lines. */
  readonly auditMaxLines: number;
};

const count = (name: string, fallback: number): number => {
  const text = process.env[name];
  if (text === undefined || text === "") return fallback;
  const value = Number(text.replace(/_/g, ""));
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number, got ${text}`);
  return value;
};

/**
 * BENCH_LEDGER_LINES: comma-separated sizes (default 1000000; `1000000,10000000` for both, `0` to skip
 * the accounting benchmark), BENCH_QUERY_RUNS (200), BENCH_QUERY_WARMUP (20), BENCH_FEC_ROUNDS (3),
 * BENCH_AUDIT_MAX_LINES (1000000); BENCH_KEEP_DATABASES=1 keeps the books' databases to look into them.
 * Run alone, the section goes to docs/performance.md, or to BENCH_ACCOUNTING_REPORT; each run's figures
 * are also saved as JSON in the temporary folder, and BENCH_ACCOUNTING_RENDER=<that file> writes the
 * section of a saved run again (after a change of wording) without measuring anything.
 */
export const accountingConfig = (): AccountingConfig => {
  const sizes = (process.env.BENCH_LEDGER_LINES ?? "1000000")
    .split(",")
    .map((s) => s.trim().replace(/_/g, ""))
    .filter((s) => s !== "")
    .map(Number);
  for (const s of sizes)
    if (!Number.isSafeInteger(s) || s < 0 || (s > 0 && s < 1000))
      throw new Error(`BENCH_LEDGER_LINES: sizes are 0 or at least 1000 lines, got ${s}`);
  return {
    sizes: sizes.filter((s) => s > 0),
    queryRuns: Math.max(20, count("BENCH_QUERY_RUNS", 200)),
    warmup: count("BENCH_QUERY_WARMUP", 20),
    fecRounds: Math.max(1, count("BENCH_FEC_ROUNDS", 3)),
    auditMaxLines: count("BENCH_AUDIT_MAX_LINES", 1_000_000),
  };
};

const TARGETS = { trialBalanceP95: 20, ledgerPageP95: 15, fecRatio: 3, fecMemoryMb: 100 } as const;

const n = (value: number) => Math.round(value).toLocaleString("en-US");
const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const sizeLabel = (lines: number) =>
  lines >= 1_000_000 && lines % 1_000_000 === 0
    ? `${lines / 1_000_000}M lines`
    : lines >= 1000 && lines % 1000 === 0
      ? `${lines / 1000}k lines`
      : `${n(lines)} lines`;

type Latency = { readonly p50: number; readonly p95: number; readonly runs: number };

const latency = (samples: readonly number[]): Latency => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), runs: sorted.length };
};

/**
 * Runs each contender `warmup` times untimed, then `runs` times timed, interleaved run by run (the
 * order alternating, so neither always reads what the other just warmed); `run(i)` gets the run index.
 */
const latencies = async (
  runs: number,
  warmup: number,
  contenders: readonly ((i: number) => Promise<unknown>)[],
): Promise<Latency[]> => {
  const samples = contenders.map((): number[] => []);
  for (let i = 0; i < warmup + runs; i++) {
    const order = contenders.map((_, k) => k);
    if (i % 2 === 1) order.reverse();
    for (const k of order) {
      const started = performance.now();
      await contenders[k]?.(i);
      if (i >= warmup) samples[k]?.push(performance.now() - started);
    }
  }
  return samples.map(latency);
};

/** `global.gc`, exposed at run time (tsx runs without --expose-gc). */
const collectGarbage: () => void = (() => {
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
})();

type MemoryPeak = { rss: number; heap: number };

/** Samples memory every 10 ms (and whenever `sample` is called) until stopped; answers the growth over a GC'd baseline. */
const watchMemory = () => {
  collectGarbage();
  const base = process.memoryUsage();
  const peak: MemoryPeak = { rss: base.rss, heap: base.heapUsed };
  const sample = () => {
    const m = process.memoryUsage();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heap = Math.max(peak.heap, m.heapUsed);
  };
  const timer = setInterval(sample, 10);
  return {
    sample,
    stop: (): MemoryPeak => {
      clearInterval(timer);
      sample();
      return { rss: peak.rss - base.rss, heap: peak.heap - base.heapUsed };
    },
  };
};

const newlines = (bytes: Uint8Array): number => {
  let lines = 0;
  for (let at = bytes.indexOf(10); at >= 0; at = bytes.indexOf(10, at + 1)) lines++;
  return lines;
};

type Open = {
  readonly ctx: AppContext;
  readonly sql: postgres.Sql;
  readonly url: string;
  readonly setDay: (day: string) => void;
  readonly close: () => Promise<void>;
};

const openBooksDatabase = async (url: string): Promise<Open> => {
  const database = await openDatabase({ url, maxConnections: 4 });
  const base = await openContext({}, database);
  let now = new Date("2025-01-02T10:00:00Z");
  const ctx: AppContext = { ...base, clock: () => now };
  await ctx.runner.start();
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  return {
    ctx,
    sql,
    url,
    setDay: (day) => {
      now = new Date(`${day}T10:00:00Z`);
    },
    close: async () => {
      await Promise.allSettled([ctx.runner.stop()]);
      await Promise.allSettled([sql.end(), ctx.database.close()]);
    },
  };
};

/** The ledger projector's live tables (`<table>_g<generation>`). */
const ledgerTables = async (sql: postgres.Sql) => {
  const [row] = await sql<{ generation: number }[]>`select generation from projections where name = 'ledger'`;
  if (!row) throw new Error("the ledger projector has no state row");
  return ledgerProjector.tables.map((t) => ({ ...t, physical: `${t.name}_g${row.generation}` }));
};

/**
 * Runs `copy … to stdout` on a connection of its own, closed afterwards: postgres.js 3.4 can leave a
 * connection's socket paused when a COPY's last data and its end arrive together while the stream is
 * paused (porsager/postgres#499, PR #1016), and the next query on that connection never returns.
 */
const copyOut = async (url: string, statement: string, consume: (readable: Readable) => Promise<void>) => {
  const own = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await own`select 1`;
    await consume(await own.unsafe(statement).readable());
  } finally {
    await own.end({ timeout: 1 });
  }
};

type SizeResult = { lines: AccountingLine[]; generation: string; notes: string[] };

const benchTrialBalance = async (open: Open, books: Books, config: AccountingConfig, size: string) => {
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

const benchLedgerPage = async (open: Open, books: Books, config: AccountingConfig, size: string) => {
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

/** The columns `exportFec` reads, in its order (api/src/accounting/fec.ts, `page`). */
const FEC_COLUMNS = `line, journal, number, position, date, piece_ref, piece_date, account, auxiliary, label,
  debit, credit, validated_on, letter_code, letter_date`;

const benchFec = async (open: Open, books: Books, config: AccountingConfig, size: string) => {
  const { ctx } = open;
  /** `check`: hash the bytes, and every 20 chunks force a GC to see what stays (the untimed warm-up). */
  let retained = 0;
  const exportOnce = async (check?: Hash) => {
    const watch = watchMemory();
    const base = process.memoryUsage().heapUsed;
    const started = performance.now();
    const fec = await exportFec(ctx, books.orgId, "2025");
    let bytes = 0;
    let lines = 0;
    let chunks = 0;
    for await (const chunk of fec.chunks) {
      bytes += chunk.length;
      lines += newlines(chunk);
      watch.sample();
      if (check) {
        check.update(chunk);
        if (++chunks % 20 === 0) {
          collectGarbage();
          retained = Math.max(retained, process.memoryUsage().heapUsed - base);
        }
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const memory = watch.stop();
    if (lines !== books.lines + 1 || fec.lineCount !== books.lines)
      throw new Error(`the FEC holds ${lines - 1} lines (says ${fec.lineCount}) for ${books.lines}`);
    return { seconds, bytes, memory };
  };
  const copyOnce = async () => {
    let bytes = 0;
    let rows = 0;
    let seconds = 0;
    await copyOut(
      open.url,
      `copy (select ${FEC_COLUMNS} from ledger_lines where org_id = '${books.orgId}'
        and fiscal_year_id = '${books.yearId}' order by position, line) to stdout`,
      async (readable) => {
        const started = performance.now();
        await pipeline(
          readable,
          new Writable({
            write(chunk: Buffer, _encoding, done) {
              bytes += chunk.length;
              rows += newlines(chunk);
              done();
            },
          }),
        );
        seconds = (performance.now() - started) / 1000;
      },
    );
    if (rows !== books.lines) throw new Error(`COPY gave ${rows} rows for ${books.lines}`);
    return { seconds, bytes };
  };
  // Warm-up round (its digest is compared with the other writer's below).
  const exported = createHash("sha256");
  await exportOnce(exported);
  await copyOnce();
  const exports: Awaited<ReturnType<typeof exportOnce>>[] = [];
  const copies: Awaited<ReturnType<typeof copyOnce>>[] = [];
  for (let round = 0; round < config.fecRounds; round++) {
    exports.push(await exportOnce());
    copies.push(await copyOnce());
  }
  const median = <T extends { seconds: number }>(list: T[]): T => {
    const m = [...list].sort((a, b) => a.seconds - b.seconds)[Math.floor((list.length - 1) / 2)];
    if (!m) throw new Error("no round");
    return m;
  };
  const e = median(exports);
  const c = median(copies);
  const rss = Math.max(...exports.map((x) => x.memory.rss));
  const heap = Math.max(...exports.map((x) => x.memory.heap));
  const ratio = e.seconds / c.seconds;
  const lines: AccountingLine[] = [
    {
      size,
      figure: `FEC export, ${n(books.lines)} lines streamed (${mb(e.bytes)})`,
      value: `${e.seconds.toFixed(2)} s (${n(books.lines / e.seconds)} lines/s)`,
      anchor: `${c.seconds.toFixed(2)} s COPY (select …) TO STDOUT (${mb(c.bytes)})`,
      ratio: `${ratio.toFixed(2)}x`,
      target: `<= ${TARGETS.fecRatio}x`,
      verdict: ratio <= TARGETS.fecRatio ? "PASS" : "FAIL",
    },
    {
      size,
      figure: "FEC export, memory growth (largest RSS / heap over a GC'd baseline; heap kept after a GC)",
      value: `${mb(rss)} RSS / ${mb(heap)} heap; ${mb(retained)} kept`,
      anchor: "n/a",
      ratio: "n/a",
      target: `<= ${TARGETS.fecMemoryMb} MB`,
      verdict: rss <= TARGETS.fecMemoryMb * 2 ** 20 ? "PASS" : "FAIL",
    },
  ];
  // The other writer (PGlite's, and the reference the SQL one must equal): once, untimed against anything.
  const pagesStarted = performance.now();
  const pages = await exportFec(ctx, books.orgId, "2025", { writer: "pages" });
  const paged = createHash("sha256");
  for await (const chunk of pages.chunks) paged.update(chunk);
  const pagesSeconds = (performance.now() - pagesStarted) / 1000;
  if (paged.digest("hex") !== exported.digest("hex"))
    throw new Error("the two FEC writers differ: the COPY one and the pages one give other bytes");
  const diagnosis =
    `${size}, FEC export with \`writer: "pages"\` (lines built in TypeScript from keyset pages of 5,000, the ` +
    `path PGlite takes): ${pagesSeconds.toFixed(2)} s, ${(pagesSeconds / c.seconds).toFixed(1)}x the COPY (one run), ` +
    `the same bytes as the default writer's (SHA-256 compared).`;
  return { lines, diagnosis };
};

const ROWS_PER_COPY = 100_000;

/** Exports a table by COPY TO into files of ROWS_PER_COPY rows each (split on row ends). */
const exportToFiles = async (url: string, table: string, folder: string): Promise<string[]> => {
  const files: string[] = [];
  let out: WriteStream | undefined;
  let rowsInFile = 0;
  const open = () => {
    const file = join(folder, `${table}.${files.length}.copy`);
    files.push(file);
    rowsInFile = 0;
    return createWriteStream(file);
  };
  const close = (stream: WriteStream | undefined) =>
    new Promise<void>((resolve, reject) => {
      if (!stream) return resolve();
      stream.end((error?: Error | null) => (error ? reject(error) : resolve()));
    });
  const write = (stream: WriteStream, data: Buffer) =>
    new Promise<void>((resolve, reject) =>
      stream.write(data, (error) => (error ? reject(error) : resolve())),
    );
  await copyOut(url, `copy ${table} to stdout`, async (readable) => {
    for await (const raw of readable) {
      let chunk = raw as Buffer;
      while (chunk.length > 0) {
        out ??= open();
        let at = -1;
        let taken = 0;
        for (let k = chunk.indexOf(10); k >= 0; k = chunk.indexOf(10, k + 1)) {
          taken++;
          if (rowsInFile + taken === ROWS_PER_COPY) {
            at = k;
            break;
          }
        }
        if (at < 0) {
          await write(out, chunk);
          rowsInFile += taken;
          break;
        }
        await write(out, chunk.subarray(0, at + 1));
        await close(out);
        out = undefined;
        chunk = chunk.subarray(at + 1);
      }
    }
  });
  await close(out);
  return files;
};

const benchRebuild = async (
  open: Open,
  rebuilt: { events: number; seconds: number },
  size: string,
): Promise<AccountingLine> => {
  const { sql } = open;
  // The store's client: TCP_NODELAY like the rebuild's connections, so the anchor's COPYs do not wait on
  // delayed ACKs either (store/src/database.ts).
  const copier = open.ctx.database.postgres ?? sql;
  const folder = mkdtempSync(join(tmpdir(), "registre-bench-"));
  try {
    const tables = await ledgerTables(sql);
    const plan: { target: string; files: string[] }[] = [];
    for (const t of tables) {
      const target = `bench_copy_${t.name}`;
      await sql.unsafe(`drop table if exists ${target}`);
      await sql.unsafe(`create table ${target} (${t.columns})`);
      for (const index of t.indexes ?? []) await sql.unsafe(index.replaceAll("{table}", target));
      // The optional ones too (the entries search's trigram index): the rebuild builds them as well.
      for (const group of t.optionalIndexes ?? [])
        await sql
          .begin(async (trx) => {
            for (const statement of group) await trx.unsafe(statement.replaceAll("{table}", target));
          })
          .catch(() => undefined);
      plan.push({ target, files: await exportToFiles(open.url, t.physical, folder) });
    }
    await sql`checkpoint`;
    const started = performance.now();
    for (const { target, files } of plan)
      for (const file of files)
        await pipeline(createReadStream(file), await copier.unsafe(`copy ${target} from stdin`).writable());
    const seconds = (performance.now() - started) / 1000;
    for (const { target } of plan) await sql.unsafe(`drop table ${target}`);
    const rate = rebuilt.events / rebuilt.seconds;
    const anchor = rebuilt.events / seconds;
    return {
      size,
      figure: `rebuild ledger + balances, ${n(rebuilt.events)} events`,
      value: `${n(rate)} events/s (${rebuilt.seconds.toFixed(1)} s)`,
      anchor: `${n(anchor)} events/s (${seconds.toFixed(1)} s) COPY FROM STDIN of the same rows`,
      ratio: `${Math.floor((rate / anchor) * 100)} % of COPY`,
      target: ">= 70 % of COPY",
      verdict: rate >= 0.7 * anchor ? "PASS" : "FAIL",
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
};

const step = async <T>(log: (text: string) => void, label: string, work: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  const result = await work();
  log(`  ${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return result;
};

const benchSize = async (
  base: string,
  prefix: string,
  lines: number,
  config: AccountingConfig,
  log: (text: string) => void,
): Promise<SizeResult> => {
  const size = sizeLabel(lines);
  const name = `${prefix}_${lines}`;
  await withAdmin((sql) => sql.unsafe(`create database "${name}"`));
  const notes: string[] = [];
  try {
    log(`${size}: books in ${name}`);
    const open = await openBooksDatabase(urlFor(base, name));
    try {
      const books = await step(log, "generated the log", () =>
        generateBooks(open.ctx, open.setDay, open.sql, lines, log),
      );
      await open.sql`vacuum analyze events`;
      await open.sql`checkpoint`;
      let shown = 0;
      const rebuilt = await step(log, "rebuilt the ledger", () =>
        open.ctx.runner.rebuild("ledger", (done, total) => {
          if (done - shown < 500_000) return;
          shown = done;
          log(`    rebuild: ${n(done)} of ${n(total)} events`);
        }),
      );
      const tables = await ledgerTables(open.sql);
      for (const t of tables) await open.sql.unsafe(`vacuum analyze ${t.physical}`);
      // The other accounting read model (chart, journals, years) reads past the bulk part once, untimed.
      await open.ctx.runner.drain(["accounting_setup"], 600_000);
      const [projected] = await open.sql<{ n: string }[]>`
        select count(*)::text as n from ledger_lines where org_id = ${books.orgId}`;
      if (Number(projected?.n) !== books.lines)
        throw new Error(`the ledger holds ${projected?.n} lines for ${books.lines} generated`);
      let audit = "not audited (BENCH_AUDIT_MAX_LINES)";
      if (lines <= config.auditMaxLines) {
        const report = await step(log, "audited the log", () =>
          verifyAudit(open.ctx.database, { orgId: books.orgId }),
        );
        if (report.findings.length > 0)
          throw new Error(`the generated log fails the audit: ${JSON.stringify(report.findings)}`);
        audit = `verifyAudit passed on its ${n(report.events)} events`;
      }
      const [dbSize] = await open.sql<{ size: string }[]>`
        select pg_size_pretty(pg_database_size(current_database())) as size`;
      const generation =
        `${size}: ${n(books.entries)} entries (${books.commandEntries} through draftEntry, ${n(books.commandLines)} lines), ` +
        `${n(books.events)} events; command path ${books.commandSeconds.toFixed(1)} s, bulk log ` +
        `${books.bulkSeconds.toFixed(1)} s, rebuild ${rebuilt.seconds.toFixed(1)} s; ${audit}; database ${dbSize?.size}.`;
      log(`  ${generation}`);
      await open.sql`checkpoint`;
      const out: AccountingLine[] = [];
      out.push(await step(log, "trial balance", () => benchTrialBalance(open, books, config, size)));
      const page = await step(log, "general-ledger page", () => benchLedgerPage(open, books, config, size));
      out.push(...page.lines);
      notes.push(page.diagnosis);
      const fec = await step(log, "FEC export", () => benchFec(open, books, config, size));
      out.push(...fec.lines);
      notes.push(fec.diagnosis);
      out.push(await step(log, "rebuild's COPY anchor", () => benchRebuild(open, rebuilt, size)));
      for (const l of out) log(`    ${l.figure}: ${l.value} | raw ${l.anchor} | ${l.ratio} ${l.verdict}`);
      return { lines: out, generation, notes };
    } finally {
      await open.close();
    }
  } finally {
    if (process.env.BENCH_KEEP_DATABASES === "1")
      log(`  kept ${name} (BENCH_KEEP_DATABASES=1): drop it by hand`);
    else await withAdmin((sql) => sql.unsafe(`drop database if exists "${name}" with (force)`));
  }
};

/** Server settings the figures depend on, for the record. */
const serverSettings = () =>
  withAdmin(async (sql) => {
    const rows = await sql<{ name: string; setting: string; unit: string | null }[]>`
      select name, setting, unit from pg_settings
      where name in ('shared_buffers', 'work_mem', 'effective_cache_size', 'jit') order by name`;
    return rows
      .map((r) => {
        const pages = r.unit === "8kB" ? `${(Number(r.setting) * 8) / 1024} MB` : null;
        const kb = r.unit === "kB" ? `${Number(r.setting) / 1024} MB` : null;
        return `${r.name} ${pages ?? kb ?? r.setting}`;
      })
      .join(", ");
  });

/** Runs the accounting benchmark and writes its section into `reportPath`; `0` sizes skip it. */
export const runAccountingBench = async (reportPath: string, log = console.log): Promise<void> => {
  const config = accountingConfig();
  if (config.sizes.length === 0) {
    log("Accounting benchmark skipped (BENCH_LEDGER_LINES=0)");
    return;
  }
  const started = performance.now();
  const base = adminUrl();
  const prefix = `registre_bench_acc_${randomBytes(4).toString("hex")}`;
  log(`\nAccounting benchmark: ${JSON.stringify(config)}`);
  const interrupted = () => {
    withAdmin(async (sql) => {
      const rows = await sql<{ datname: string }[]>`
        select datname from pg_database where datname like ${`${prefix}%`}`;
      for (const { datname } of rows) await sql.unsafe(`drop database if exists "${datname}" with (force)`);
    }).finally(() => process.exit(130));
  };
  // While this part runs, an interruption drops its databases before the process exits: the handlers
  // installed before (run.ts's, whose databases are gone by now) would exit first.
  const signals = ["SIGINT", "SIGTERM"] as const;
  const previous = signals.map((signal) => [signal, process.listeners(signal)] as const);
  for (const signal of signals) {
    process.removeAllListeners(signal);
    process.once(signal, interrupted);
  }
  const settings = await serverSettings();
  const lines: AccountingLine[] = [];
  const generation: string[] = [];
  const notes: string[] = [];
  try {
    for (const size of config.sizes) {
      const result = await benchSize(base, prefix, size, config, log);
      lines.push(...result.lines);
      generation.push(result.generation);
      notes.push(...result.notes);
    }
  } finally {
    for (const [signal, listeners] of previous) {
      process.removeListener(signal, interrupted);
      for (const listener of listeners) process.on(signal, listener);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  log(`\n${accountingTable(lines)}\n`);
  const sizes = config.sizes.map(sizeLabel).join(" and ");
  const run: AccountingRun = {
    date: new Date().toISOString().slice(0, 10),
    seconds,
    sizes: config.sizes,
    lines,
    generation,
    settings: `${config.warmup} untimed runs, then ${config.queryRuns} timed runs of each, Registre and raw interleaved run by run (alternating which goes first); p50 and p95 of the timed runs, measured in the benchmark process around the call (so Registre's figures include Kysely and the result's decoding, the raw ones postgres.js and its decoding). PostgreSQL settings as found: ${settings}.`,
    config:
      config.sizes.length === 1 && config.sizes[0] === 1_000_000
        ? "`npm run bench` runs the 1M-line books; `BENCH_LEDGER_LINES=1000000,10000000` adds the 10M-line books, which take a quarter of an hour or more to make here."
        : `This run set \`BENCH_LEDGER_LINES=${config.sizes.join(",")}\` (${sizes}); \`npm run bench\` alone runs the 1M-line books, the 10M-line ones taking a quarter of an hour or more to make here (see Generation).`,
    notes,
  };
  // The measured run, kept so the section can be written again after a wording change (BENCH_ACCOUNTING_RENDER).
  const saved = join(tmpdir(), `registre-accounting-bench-${Date.now()}.json`);
  writeFileSync(saved, JSON.stringify(run, null, 2));
  log(`Results saved to ${saved}`);
  writeAccountingSection(reportPath, run);
  log(`Accounting section written to ${reportPath} (${seconds.toFixed(0)} s)`);
};

/** Standalone runs write to docs/performance.md, or to BENCH_ACCOUNTING_REPORT when set (trials). */
const REPORT =
  process.env.BENCH_ACCOUNTING_REPORT || fileURLToPath(new URL("../../docs/performance.md", import.meta.url));

/** BENCH_ACCOUNTING_RENDER=<saved .json>: writes the section of a saved run again, measuring nothing. */
const render = async (saved: string) => {
  writeAccountingSection(REPORT, JSON.parse(readFileSync(saved, "utf8")) as AccountingRun);
  console.log(`Accounting section of ${saved} written to ${REPORT}`);
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const saved = process.env.BENCH_ACCOUNTING_RENDER;
  (saved ? render(saved) : runAccountingBench(REPORT)).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(errorMessage(error), error);
      process.exit(1);
    },
  );
}
