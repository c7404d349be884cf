/**
 * Issue 4's benchmark: the accounting read side on books of 1M (and 10M) ledger lines, each figure
 * beside the raw PostgreSQL figure of the same run. Run by `npm run bench` after the event-store
 * benchmark, or alone: `npx tsx tests/bench/accounting.ts`. Sizes and counts: see `accountingConfig`.
 */
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { verifyAudit } from "@registre/store";
import { adminUrl, urlFor, withAdmin } from "../support/postgres-admin.ts";
import { benchFec, benchRebuild } from "./accounting-files.ts";
import { generateBooks } from "./accounting-generator.ts";
import { ledgerTables, n, openBooksDatabase, sizeLabel } from "./accounting-measure.ts";
import { benchLedgerPage, benchTrialBalance } from "./accounting-reads.ts";
import {
  type AccountingLine,
  type AccountingRun,
  accountingTable,
  writeAccountingSection,
} from "./accounting-report.ts";
import { errorMessage } from "./common.ts";

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
 * BENCH_AUDIT_MAX_LINES (1000000), BENCH_DB_PREFIX (registre); BENCH_KEEP_DATABASES=1 keeps the books' databases to look into them.
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

type SizeResult = { lines: AccountingLine[]; generation: string; notes: string[] };

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
  // BENCH_DB_PREFIX: the databases' prefix (a shared server), as in the event-store part.
  const prefix = `${process.env.BENCH_DB_PREFIX ?? "registre"}_bench_acc_${randomBytes(4).toString("hex")}`;
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
