/**
 * Issue 8 §8's benchmark: the entries list (`GET /api/accounting/entries`, `listEntryPage`) on one
 * organisation of 1M entries, each variant beside the same page asked of PostgreSQL as a plain
 * `select … order by date desc, position desc limit 50` (no count, no sums): the raw anchor.
 * Run by `npm run bench` after the accounting benchmark, or alone: `npx tsx tests/bench/entries.ts`.
 * BENCH_ENTRIES (default 1000000, 0 to skip), BENCH_ENTRIES_RUNS (100), BENCH_ENTRIES_WARMUP (10),
 * BENCH_ENTRIES_REPORT (another file than docs/performance.md); BENCH_KEEP_DATABASES=1 keeps the database.
 */
import { randomBytes } from "node:crypto";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type EntryCommand, entryDecider, entryStreamId } from "@registre/core";
import { openDatabase } from "@registre/store";
import postgres from "postgres";
import { postingContext } from "../../api/src/accounting/entries.ts";
import { type EntryListFilter, listEntryPage } from "../../api/src/accounting/entry-list.ts";
import { openContext } from "../../api/src/bootstrap.ts";
import type { AppContext } from "../../api/src/context.ts";
import { SEARCH_COUNT_CAP } from "../../api/src/http/count-caps.ts";
import { adminUrl, urlFor, withAdmin } from "../support/postgres-admin.ts";
import { generateBooks, YEAR } from "./accounting-generator.ts";
import { dropOnInterrupt, errorMessage, percentile, writeSection } from "./common.ts";

const START = "<!-- entries benchmark: written by tests/bench/entries.ts -->";
const END = "<!-- end of entries benchmark -->";
const TARGET_P95 = 20;
/** Drafts appended after the validated books (the status filter's rare side). */
const DRAFTS = 500;

const count = (name: string, fallback: number): number => {
  const text = process.env[name];
  if (text === undefined || text === "") return fallback;
  const value = Number(text.replace(/_/g, ""));
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number, got ${text}`);
  return value;
};

const n = (value: number) => Math.round(value).toLocaleString("en-US");
const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`;
const ratio = (value: number) => (value < 0.1 ? value.toFixed(3) : value.toFixed(1));

type Latency = { p50: number; p95: number; p99: number };

/** `warmup` untimed runs, then `runs` timed ones, the two contenders interleaved (alternating first). */
const latencies = async (runs: number, warmup: number, contenders: readonly (() => Promise<unknown>)[]) => {
  const samples = contenders.map((): number[] => []);
  for (let i = 0; i < warmup + runs; i++) {
    const order = contenders.map((_, k) => k);
    if (i % 2 === 1) order.reverse();
    for (const k of order) {
      const started = performance.now();
      await contenders[k]?.();
      if (i >= warmup) samples[k]?.push(performance.now() - started);
    }
  }
  return samples.map((s): Latency => {
    const sorted = [...s].sort((a, b) => a - b);
    return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), p99: percentile(sorted, 0.99) };
  });
};

type Variant = { readonly name: string; readonly filter: Omit<EntryListFilter, "limit"> };

type Line = { variant: string; total: string; registre: Latency; raw: Latency };

/** Appends `DRAFTS` drafts through the entry decider (the runner is stopped: no command waits for it). */
const appendDrafts = async (ctx: AppContext, orgId: string) => {
  const { context } = await postingContext(ctx, orgId);
  for (let i = 0; i < DRAFTS; i++) {
    const mvt = ctx.newId();
    const date = new Date(Date.UTC(2025, 0, 1 + Math.floor((i * 365) / DRAFTS))).toISOString().slice(0, 10);
    const draft: EntryCommand = {
      type: "DraftEntry",
      data: {
        mvt,
        journal: "OD",
        date,
        pieceRef: `BR${i}`,
        pieceDate: date,
        label: `Brouillon ${i}`,
        lines: [
          { account: "606000", auxiliary: null, label: null, debit: 1000 + i, credit: 0 },
          { account: "512000", auxiliary: null, label: null, debit: 0, credit: 1000 + i },
        ],
      },
      context,
    };
    const events = entryDecider.decide(draft, entryDecider.initialState());
    await ctx.store.append(orgId, entryStreamId(mvt), "no_stream", events, {
      metadata: { commandId: ctx.newId(), at: `${date}T10:00:00.000Z` },
    });
  }
};

const section = (lines: readonly Line[], facts: string[]): string => {
  const rows = lines.map((l) => {
    const ok = l.registre.p95 <= TARGET_P95;
    return `| ${l.variant} | ${l.total} | ${ms(l.registre.p50)} / ${ms(l.registre.p95)} / ${ms(l.registre.p99)} | ${ms(l.raw.p50)} / ${ms(l.raw.p95)} | ${ratio(l.registre.p95 / l.raw.p95)}x | ${ok ? "PASS" : "FAIL"} |`;
  });
  return `${START}
## Entries list at scale (issue 8 §8)

Target: \`GET /api/accounting/entries\` p95 <= ${TARGET_P95} ms on one organisation of 1M entries, for each variant below.
Registre's figure is \`listEntryPage\` (what the route calls: count and sums of the whole filter, then the page of 50);
the raw anchor is the same page alone as one plain statement through postgres.js
(\`select <the list's columns> from entries where <filter> order by date desc, position desc limit 50 offset <offset>\`).
p50 / p95 / p99 in the benchmark process around the call.

| variant | entries selected | Registre p50 / p95 / p99 | raw page p50 / p95 | p95 ratio | p95 <= ${TARGET_P95} ms |
|---|---|---|---|---|---|
${rows.join("\n")}

- **Count and sums** come from \`entry_month_totals\` (the months strictly inside the range) and \`entry_day_totals\`
  (the first and last months' days), kept by the ledger projector; a text search \`q\` counts its matches up to
  ${n(SEARCH_COUNT_CAP)} (\`capped: true\` beyond, the sums then covering the newest ${n(SEARCH_COUNT_CAP)}).
- **Offsets**: a page at an offset finds the month, then the day, holding its first entry from the same totals and
  scans from that day (\`date <= day\`, the offset left within the day), so the rows skipped are at most one day's;
  the raw anchor's plain \`offset\` walks every row before. A text search pages with a plain offset.
- **Text search** matches \`search\` (label, piece reference and number lowercased, apart) with LIKE in
  \`entry_search\`, a narrow copy of each entry (date, position, journal, status, debit, credit, search: some 100
  bytes a row, the lines left in \`entries\`) kept by the ledger projector, served by a trigram GIN index (pg_trgm,
  created with the read model when the server allows it). One query finds the newest ${n(SEARCH_COUNT_CAP + 1)}
  matches in list order (count, sums, the page's keys): a term the planner expects at least ${n(2 * SEARCH_COUNT_CAP)}
  times walks the newest 20,000 rows of the filter by the date index and stops there; a rarer one, or one the walk
  did not find that often, takes the index's bitmap and sorts its matches (the transaction's planner settings
  forbid the date index there, the plan that cost seconds for a rare term); the page's 50 entries are then read from
  \`entries\`. What is left slow: a term common overall but rare among the newest rows (a month in labels,
  "paie 2025-01": some 6,000 matches sorted) walks, then sorts, about 22 / 28 ms p50 / p95 warm. The raw anchor
  for a search is the same page as one statement (\`entries\` where mvt in the page's keys from \`entry_search\`).
${facts.map((f) => `- ${f}`).join("\n")}
${END}
`;
};

export const writeEntriesSection = (path: string, text: string): void => writeSection(path, START, END, text);

export const runEntriesBench = async (reportPath: string, log = console.log): Promise<void> => {
  const entries = count("BENCH_ENTRIES", 1_000_000);
  if (entries === 0) {
    log("Entries benchmark skipped (BENCH_ENTRIES=0)");
    return;
  }
  const runs = Math.max(20, count("BENCH_ENTRIES_RUNS", 100));
  const warmup = count("BENCH_ENTRIES_WARMUP", 10);
  const started = performance.now();
  const name = `registre_bench_entries_${randomBytes(4).toString("hex")}`;
  const url = urlFor(adminUrl(), name);
  const drop = () => withAdmin((sql) => sql.unsafe(`drop database if exists "${name}" with (force)`));
  const restoreSignals = dropOnInterrupt(drop);
  log(`\nEntries benchmark: ${n(entries)} entries in ${name}`);
  await withAdmin((sql) => sql.unsafe(`create database "${name}"`));
  try {
    const database = await openDatabase({ url, maxConnections: 4 });
    let now = new Date("2025-01-02T10:00:00Z");
    const ctx: AppContext = { ...(await openContext({}, database)), clock: () => now };
    await ctx.runner.start();
    const sql = postgres(url, { max: 2, onnotice: () => {} });
    try {
      // The generator writes 3 to 6 lines an entry, 4.5 on average.
      const books = await generateBooks(
        ctx,
        (day) => {
          now = new Date(`${day}T10:00:00Z`);
        },
        sql,
        Math.round(entries * 4.5),
        log,
      );
      log(`  ${n(books.entries)} entries, ${n(books.events)} events generated`);
      await appendDrafts(ctx, books.orgId);
      await sql`vacuum analyze events`;
      const rebuildStarted = performance.now();
      await ctx.runner.rebuild("ledger");
      const rebuildSeconds = (performance.now() - rebuildStarted) / 1000;
      log(`  ledger rebuilt in ${rebuildSeconds.toFixed(1)} s`);
      const [state] = await sql<
        { generation: number }[]
      >`select generation from projections where name = 'ledger'`;
      for (const t of ["entries", "entry_search", "entry_month_totals", "entry_day_totals"])
        await sql.unsafe(`vacuum analyze ${t}_g${state?.generation}`);
      const [trgm] = await sql<{ n: string }[]>`
        select count(*)::text as n from pg_indexes where tablename = ${`entry_search_g${state?.generation}`}
          and indexdef like '%gin_trgm_ops%'`;
      const orgId = books.orgId;
      const [common] = await sql<{ q: string }[]>`
        select piece_ref as q from entries where org_id = ${orgId} order by position desc offset 1000 limit 1`;
      const variants: Variant[] = [
        { name: "first page, unfiltered", filter: { offset: 0 } },
        { name: "journal BQ", filter: { journal: "BQ", offset: 0 } },
        { name: "status draft", filter: { status: "draft", offset: 0 } },
        { name: "status validated", filter: { status: "validated", offset: 0 } },
        {
          name: "dates 2025-03-15 to 2025-06-10",
          filter: { start: "2025-03-15", end: "2025-06-10", offset: 0 },
        },
        { name: "offset 10,000", filter: { offset: 10_000 } },
        {
          name: `offset ${n(Math.floor(books.entries / 2))}`,
          filter: { offset: Math.floor(books.entries / 2) },
        },
        { name: "journal HA, offset 10,000", filter: { journal: "HA", offset: 10_000 } },
        { name: `q "${common?.q}" (one piece)`, filter: { q: common?.q ?? "FA", offset: 0 } },
        { name: 'q "C00042" (a customer)', filter: { q: "C00042", offset: 0 } },
        { name: 'q "Paie" (common, capped)', filter: { q: "Paie", offset: 0 } },
      ];
      const lines: Line[] = [];
      for (const v of variants) {
        const filter = { ...v.filter, limit: 50 };
        const first = await listEntryPage(ctx.database, orgId, filter);
        const where = [
          sql`org_id = ${orgId}`,
          ...(filter.journal ? [sql`journal = ${filter.journal}`] : []),
          ...(filter.status ? [sql`status = ${filter.status}`] : []),
          ...(filter.start ? [sql`date >= ${filter.start}`] : []),
          ...(filter.end ? [sql`date <= ${filter.end}`] : []),
        ].reduce((a, b) => sql`${a} and ${b}`);
        // A text search's page: the keys from entry_search, the entries' columns from entries.
        const raw = () =>
          filter.q
            ? sql`
          select mvt, journal, date, piece_ref, piece_date, label, status, number, fiscal_year_id, validated_on,
            debit, credit, line_count, origin
          from entries where org_id = ${orgId} and mvt in (
            select mvt from entry_search where ${where} and search like lower(${`%${filter.q}%`})
            order by date desc, position desc limit 50 offset ${filter.offset})
          order by date desc, position desc`
            : sql`
          select mvt, journal, date, piece_ref, piece_date, label, status, number, fiscal_year_id, validated_on,
            debit, credit, line_count, origin
          from entries where ${where}
          order by date desc, position desc limit 50 offset ${filter.offset}`;
        const anchor = await raw();
        if (anchor.map((r) => r.mvt).join() !== first.rows.map((r) => r.mvt).join())
          throw new Error(`${v.name}: listEntryPage and the raw page disagree`);
        const [registre, rawLatency] = await latencies(runs, warmup, [
          () => listEntryPage(ctx.database, orgId, filter),
          raw,
        ]);
        if (!registre || !rawLatency) throw new Error("no latency");
        const line = {
          variant: v.name,
          total: `${n(first.total)}${first.capped ? "+" : ""}`,
          registre,
          raw: rawLatency,
        };
        log(`  ${v.name}: ${line.total}, p95 ${ms(registre.p95)} (raw ${ms(rawLatency.p95)})`);
        lines.push(line);
      }
      const [size] = await sql<
        { size: string }[]
      >`select pg_size_pretty(pg_database_size(current_database())) as size`;
      const facts = [
        `Run ${new Date().toISOString().slice(0, 10)}: ${n(books.entries)} validated entries of ${YEAR.start.slice(0, 4)} (the accounting benchmark's generator, ${n(books.lines)} lines) and ${DRAFTS} drafts; ledger rebuild ${rebuildSeconds.toFixed(0)} s; database ${size?.size}; trigram index ${Number(trgm?.n) > 0 ? "present" : "absent"}; ${warmup} untimed then ${runs} timed runs per variant, the two interleaved.`,
        ...(process.env.BENCH_NOTE ? [process.env.BENCH_NOTE] : []),
      ];
      writeEntriesSection(reportPath, section(lines, facts));
      log(
        `Entries section written to ${reportPath} (${((performance.now() - started) / 1000).toFixed(0)} s)`,
      );
    } finally {
      await Promise.allSettled([ctx.runner.stop()]);
      await Promise.allSettled([sql.end(), ctx.database.close()]);
    }
  } finally {
    restoreSignals();
    if (process.env.BENCH_KEEP_DATABASES === "1") log(`  kept ${name}`);
    else await drop();
  }
};

const REPORT =
  process.env.BENCH_ENTRIES_REPORT || fileURLToPath(new URL("../../docs/performance.md", import.meta.url));

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runEntriesBench(REPORT).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(errorMessage(error), error);
      process.exit(1);
    },
  );
}
