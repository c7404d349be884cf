/**
 * Issue 22 §5's benchmark: preparing a month's VAT return on books of 1M ledger lines and 100k documents
 * (`findReturn`, what GET /accounting/vat/{period} answers: `prepareReturn` and its view), p50 / p95 beside
 * a raw `GROUP BY` over the same VAT lines in the same run; and the `vat_lines` read model's rebuild from
 * the log beside a COPY of the rows it writes. Run by `npm run bench` (BENCH_ONLY=vat: this part alone),
 * or alone: `npx tsx tests/bench/vat.ts`; writes its section of docs/performance.md.
 *
 * The books: the accounting benchmark's generator (`generateBooks`, with `vatCodes`: every sale's and
 * purchase's VAT line tagged with its rate, kind, regime and base, as documents' postings tag them), the
 * read models rebuilt from that log; the months before the measured one validated through the real
 * command (`validateVatReturn`: each return takes its lines and posts its settlement); then the documents
 * list's generator (`generateDocuments`) COPYs the documents into the same organisation, dated over the
 * same year (their postings are not written: the ledger's entries stand for them), and the documents read
 * model is rebuilt.
 *
 * BENCH_VAT_SCALE (1: 1,000,000 lines and 100,000 documents; 0.05 for a trial run), or BENCH_VAT_LINES and
 * BENCH_VAT_DOCUMENTS; BENCH_VAT_RUNS (200), BENCH_VAT_WARMUP (20), BENCH_VAT_REBUILD_ROUNDS (3),
 * BENCH_VAT_MONTH (2025-06), BENCH_DB_PREFIX, BENCH_KEEP_DATABASES=1.
 */
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  computeCa3,
  type ReturnLine,
  type VatCodeRate,
  type VatKind,
  type VatRegimeKind,
} from "@registre/core";
import type postgres from "postgres";
import type { AppContext } from "../../api/src/context.ts";
import { draftsInPeriod, listReturns, periodLines, untaggedVatLines } from "../../api/src/vat/reads.ts";
import { prepareReturn } from "../../api/src/vat/returns.ts";
import { validateVatReturn } from "../../api/src/vat/validate.ts";
import { findReturn } from "../../api/src/vat/view.ts";
import { generateBooks } from "./accounting-generator.ts";
import { latencies, ms, n } from "./accounting-measure.ts";
import { type Latency, load, physical, positive, seconds, step, withBooksDatabase } from "./books-setup.ts";
import { errorMessage, writeSection } from "./common.ts";
import { generateDocuments } from "./documents-list.ts";
import { measureVatRebuild, medianRound, type RebuildRun, rebuildLines } from "./vat-rebuild.ts";

const START = "<!-- bench:vat -->";
const END = "<!-- /bench:vat -->";
const TARGET = { p95: 50, ratio: 2, rebuild: 0.7 } as const;

export type VatBenchConfig = {
  readonly lines: number;
  readonly documents: number;
  readonly runs: number;
  readonly warmup: number;
  readonly rebuildRounds: number;
  readonly month: string;
};

export const vatBenchConfig = (): VatBenchConfig => {
  const scale = positive("BENCH_VAT_SCALE", 1);
  const month = process.env.BENCH_VAT_MONTH ?? "2025-06";
  if (!/^2025-(0[2-9]|1[0-2])$/.test(month))
    throw new Error(`BENCH_VAT_MONTH: a month of 2025 after January, got ${month}`);
  return {
    lines: Math.max(1000, Math.round(positive("BENCH_VAT_LINES", 1_000_000 * scale))),
    documents: Math.max(100, Math.round(positive("BENCH_VAT_DOCUMENTS", 100_000 * scale))),
    runs: Math.max(20, Math.round(positive("BENCH_VAT_RUNS", 200))),
    warmup: Math.round(positive("BENCH_VAT_WARMUP", 20)),
    rebuildRounds: Math.max(1, Math.round(positive("BENCH_VAT_REBUILD_ROUNDS", 3))),
    month,
  };
};

const pct = (value: number) => `${Math.round(value * 100)} %`;
const verdict = (met: boolean) => (met ? "MET" : "MISSED");

/** The anchor of the return: the same VAT lines, summed by what decides their box, in one statement. */
const rawGroupBy = (sql: postgres.Sql, orgId: string, end: string) =>
  sql<
    {
      direction: string;
      rate: string;
      kind: string;
      regime: string;
      account: string;
      lines: number;
      base: string;
      tax: string;
    }[]
  >`
    select direction, rate, kind, regime, account, count(*)::int as lines, sum(base)::text as base,
      sum(tax)::text as tax
    from vat_lines where org_id = ${orgId} and return_period is null and date <= ${end}
    group by direction, rate, kind, regime, account`;

export type VatRun = {
  date: string;
  seconds: number;
  config: VatBenchConfig;
  loads: { start: string; measure: string; end: string };
  generation: string;
  month: { lines: number; drafts: number; collected: number; deductible: number; boxes: number };
  prepare: Latency;
  anchor: Latency;
  parts: { name: string; p50: number; p95: number }[];
  plans: string[];
  rebuild: RebuildRun;
};

const runVat = async (config: VatBenchConfig, log: (t: string) => void): Promise<VatRun> => {
  const started = performance.now();
  const loads = { start: load(), measure: "", end: "" };
  const title = (name: string) => `VAT benchmark in ${name}: ${JSON.stringify(config)} (load ${loads.start})`;
  return withBooksDatabase("vat", log, title, async (open) => {
    const { sql, url } = open;
    const ctx: AppContext = open.ctx;
    const books = await step(log, "generated the books", () =>
      generateBooks(ctx, open.setDay, sql, config.lines, log, { vatCodes: true }),
    );
    const orgId = books.orgId;
    await sql`vacuum analyze events`;
    const rebuildAll = async () => {
      for (const p of ctx.runner.projectors) await ctx.runner.rebuild(p.name);
    };
    const projected = await step(log, "rebuilt every read model", async () => {
      const t = performance.now();
      await rebuildAll();
      await ctx.runner.start();
      await ctx.runner.drain(undefined, 600_000);
      return seconds(t);
    });
    // The months before the measured one, validated as the organisation would have: each takes its lines.
    const [, monthNumber] = config.month.split("-").map(Number);
    open.setDay(`${config.month}-28`);
    const validating = performance.now();
    for (let m = 1; m < (monthNumber ?? 1); m++) {
      const period = `2025-${String(m).padStart(2, "0")}`;
      await validateVatReturn(
        ctx,
        orgId,
        { period },
        {
          commandId: ctx.newId(),
          at: ctx.clock().toISOString(),
          userId: "bench",
        },
      );
    }
    const validations = seconds(validating);
    log(`  validated ${(monthNumber ?? 1) - 1} returns (${validations.toFixed(1)} s)`);
    const docs = await step(log, "wrote the documents", () =>
      generateDocuments(ctx, sql, config.documents, log, { orgId, from: "2025-01-01", days: 365 }),
    );
    await sql`vacuum analyze events`;
    // Every read model again: those left to follow the log live would all read past the documents' events
    // at once when the runner starts, and on a loaded machine they kept the pool's connections past its 5 s.
    await step(log, "rebuilt every read model again", async () => {
      await rebuildAll();
      await ctx.runner.start();
      await ctx.runner.drain(undefined, 600_000);
    });
    // As autovacuum would after such loads (the validations rewrote the earlier months' VAT lines).
    for (const [projector, table] of [
      ["vat_lines", "vat_lines"],
      ["ledger", "ledger_lines"],
      ["documents", "documents"],
    ] as const)
      await sql.unsafe(`vacuum analyze ${await physical(sql, projector, table)}`);
    const [size] = await sql<{ size: string }[]>`
      select pg_size_pretty(pg_database_size(current_database())) as size`;
    const [counts] = await sql<{ vat: number; docs: number; ledger: number }[]>`
      select (select count(*)::int from vat_lines where org_id = ${orgId}) as vat,
        (select count(*)::int from documents where org_id = ${orgId}) as docs,
        (select count(*)::int from ledger_lines where org_id = ${orgId}) as ledger`;
    const generation =
      `${n(counts?.ledger ?? 0)} ledger lines (${n(books.entries)} entries: ${books.commandEntries} through draftEntry, ` +
      `the rest in bulk in ${books.bulkSeconds.toFixed(1)} s), ${n(counts?.vat ?? 0)} VAT lines, ` +
      `${n(counts?.docs ?? 0)} documents (${n(docs.events)} events in ${docs.seconds.toFixed(1)} s); every read model ` +
      `rebuilt in ${projected.toFixed(1)} s; ${(monthNumber ?? 1) - 1} returns validated through \`validateVatReturn\` ` +
      `in ${validations.toFixed(1)} s; database ${size?.size}.`;
    log(`  ${generation}`);

    // The return as the route reads it, checked against the anchor before anything is timed.
    const prepared = await prepareReturn(ctx, orgId, config.month);
    const end = prepared.period.end;
    const groups = await rawGroupBy(sql, orgId, end);
    const lineCount = groups.reduce((s, g) => s + g.lines, 0);
    if (lineCount !== prepared.lines.length)
      throw new Error(`the return has ${prepared.lines.length} lines, the GROUP BY ${lineCount}`);
    const sumOf = (direction: string) =>
      groups.filter((g) => g.direction === direction).reduce((s, g) => s + Number(g.tax), 0);
    const taxOf = (direction: string) =>
      prepared.lines.filter((l) => l.direction === direction).reduce((s, l) => s + l.tax, 0);
    for (const direction of ["collected", "deductible"])
      if (sumOf(direction) !== taxOf(direction))
        throw new Error(
          `${direction}: the return sums ${taxOf(direction)}, the GROUP BY ${sumOf(direction)}`,
        );
    const drafts = await draftsInPeriod(ctx, orgId, prepared.period);
    const month = {
      lines: prepared.lines.length,
      drafts: drafts.length,
      collected: sumOf("collected"),
      deductible: sumOf("deductible"),
      boxes: prepared.computed.boxes.length,
    };
    log(`  ${config.month}: ${n(month.lines)} VAT lines, ${groups.length} groups, ${drafts.length} drafts`);

    await sql`checkpoint`;
    loads.measure = load();
    const [prepare, anchor] = await step(log, "timed the return and its anchor", () =>
      latencies(config.runs, config.warmup, [
        () => findReturn(ctx, orgId, config.month, "fr"),
        () => rawGroupBy(sql, orgId, end),
      ]),
    );
    if (!prepare || !anchor) throw new Error("no latency");
    log(
      `    findReturn p50 ${ms(prepare.p50)} p95 ${ms(prepare.p95)}; GROUP BY p50 ${ms(anchor.p50)} p95 ${ms(anchor.p95)}`,
    );

    // Where the time goes: each part of the preparation alone.
    const period = prepared.period;
    const rows = () => sql`select * from vat_lines where org_id = ${orgId} and return_period is null
      and date <= ${end} order by date, position, line`;
    const returnLines: ReturnLine[] = prepared.lines.map((r) => ({
      mvt: r.mvt,
      line: r.line,
      account: r.account,
      direction: r.direction as ReturnLine["direction"],
      rate: r.rate as VatCodeRate,
      kind: r.kind as VatKind,
      regime: r.regime as VatRegimeKind,
      base: r.base,
      tax: r.tax,
    }));
    const partRuns = Math.max(20, Math.round(config.runs / 2));
    const named: [string, () => Promise<unknown>][] = [
      ["`prepareReturn` alone (no view)", () => prepareReturn(ctx, orgId, config.month)],
      ["`periodLines`: the period's VAT lines through Kysely", () => periodLines(ctx, orgId, period, false)],
      ["the same rows in plain SQL (postgres.js, `select *`)", rows],
      [
        "`untaggedVatLines` (445… lines of the period without a code)",
        () => untaggedVatLines(ctx, orgId, period),
      ],
      [
        "`draftsInPeriod` (draft entries and documents of the period)",
        () => draftsInPeriod(ctx, orgId, period),
      ],
      ["`listReturns`", () => listReturns(ctx, orgId)],
      [
        "`computeCa3` over the lines (pure)",
        async () => computeCa3(period, returnLines, { creditCarried: 0, refundAsked: 0, corrections: [] }),
      ],
    ];
    const measured = await step(log, "timed the parts", () =>
      latencies(
        partRuns,
        Math.min(config.warmup, 10),
        named.map(([, f]) => f),
      ),
    );
    const parts = named.map(([label], i) => ({
      name: label,
      p50: measured[i]?.p50 ?? Number.NaN,
      p95: measured[i]?.p95 ?? Number.NaN,
    }));
    for (const p of parts) log(`    ${p.name}: p50 ${ms(p.p50)} p95 ${ms(p.p95)}`);
    const explain = async (label: string, text: string, params: unknown[]) => {
      const plan = await sql.unsafe<{ "QUERY PLAN": string }[]>(
        `explain (analyze, buffers) ${text}`,
        params as never[],
      );
      const lines = plan.map((p) => p["QUERY PLAN"]);
      return `${label}:\n\n\`\`\`\n${lines.join("\n")}\n\`\`\``;
    };
    const plans = [
      await explain(
        "The period's lines (`periodLines`)",
        `select * from vat_lines where org_id = $1 and return_period is null and date <= $2 order by date, position, line`,
        [orgId, end],
      ),
      await explain(
        "The anchor",
        `select direction, rate, kind, regime, account, count(*), sum(base), sum(tax) from vat_lines
         where org_id = $1 and return_period is null and date <= $2 group by direction, rate, kind, regime, account`,
        [orgId, end],
      ),
      await explain(
        "The 445… lines of the period without a VAT code (`untaggedVatLines`, its statement written out)",
        `select l.date, l.journal, l.number, l.account, l.label, l.debit, l.credit from ledger_lines l
         where l.org_id = $1 and l.account like '445%' and l.date >= $2 and l.date <= $3
           and l.account not like '44574%' and l.account not like '44564%' and l.account not like '44551%'
           and l.account not like '44567%' and l.account not like '44581%' and l.account not like '44583%'
           and not exists (select v.line from vat_lines v where v.org_id = l.org_id and v.mvt = l.mvt and v.line = l.line)
           and not exists (select e.mvt from entries e where e.org_id = l.org_id and e.mvt = l.mvt
             and e.origin->>'kind' = 'vatReturn')
         order by l.date, l.position, l.line limit 1000`,
        [orgId, period.start, end],
      ),
    ];

    // The rebuild of vat_lines from the log, beside a COPY of its rows; rounds interleaved.
    const live = await physical(sql, "vat_lines", "vat_lines");
    const rebuild = await measureVatRebuild(ctx, sql, url, live, config.rebuildRounds, log);
    loads.end = load();
    return {
      date: new Date().toISOString().slice(0, 10),
      seconds: seconds(started),
      config,
      loads,
      generation,
      month,
      prepare,
      anchor,
      parts,
      plans,
      rebuild,
    };
  });
};

const euros = (cents: number) => `${(cents / 100).toLocaleString("en-US", { maximumFractionDigits: 0 })} €`;

export const vatSection = (run: VatRun): string => {
  const { prepare, anchor, rebuild, config } = run;
  const ratio = prepare.p95 / anchor.p95;
  const rebuildSeconds = medianRound(rebuild.rebuild)?.seconds ?? Number.NaN;
  const copySeconds = medianRound(rebuild.copy)?.seconds ?? Number.NaN;
  const share = copySeconds / rebuildSeconds;
  const met = {
    p95: prepare.p95 <= TARGET.p95,
    ratio: ratio <= TARGET.ratio,
    rebuild: share >= TARGET.rebuild,
  };
  const rows = [
    `| preparing ${config.month}'s return (\`findReturn\`: \`prepareReturn\` and its view, what GET /accounting/vat/{period} answers), ${n(run.month.lines)} VAT lines, p50 / p95 | ${ms(prepare.p50)} / **${ms(prepare.p95)}** | ${ms(anchor.p50)} / ${ms(anchor.p95)} \`GROUP BY\` over the same lines | ${ratio.toFixed(1)}× (p95) | p95 ≤ ${TARGET.p95} ms: **${verdict(met.p95)}**; ≤ ${TARGET.ratio}× the GROUP BY: **${verdict(met.ratio)}** |`,
    `| rebuild of \`vat_lines\` from the log (\`runner.rebuild("vat_lines")\`, ${n(rebuild.events)} events read, ${n(rebuild.rows)} rows), median of ${rebuild.rebuild.length} | ${rebuildSeconds.toFixed(2)} s | ${copySeconds.toFixed(2)} s COPY FROM STDIN of the same rows | ${pct(share)} of COPY | ≥ ${pct(TARGET.rebuild)} of COPY: **${verdict(met.rebuild)}** |`,
  ];
  const parts = run.parts.map((p) => `| ${p.name} | ${ms(p.p50)} | ${ms(p.p95)} |`);
  return [
    START,
    "## VAT return (issue 22)",
    "",
    `Measured by \`tests/bench/vat.ts\` (\`BENCH_ONLY=vat npm run bench\`) on ${run.date}, PostgreSQL, in ${run.seconds.toFixed(0)} s; ` +
      `load average (1 minute, 2 cores) ${run.loads.start} at the start, ${run.loads.measure} when the return was timed, ${run.loads.end} at the end.` +
      (config.lines === 1_000_000 && config.documents === 100_000
        ? ""
        : ` A smaller run than the issue's (BENCH_VAT_SCALE): ${n(config.lines)} ledger lines, ${n(config.documents)} documents.`),
    "",
    "| figure | Registre | raw PostgreSQL, same run | ratio | target |",
    "|---|---|---|---|---|",
    ...rows,
    "",
    `The month: ${n(run.month.lines)} VAT lines (collected ${euros(run.month.collected)}, deductible ${euros(run.month.deductible)}), ` +
      `${run.month.drafts} drafts dated in it (the documents' generator leaves some invoices in draft: the return lists them as a blocking warning, ` +
      "read and formatted on every call).",
    "",
    `**Books.** ${run.generation} The accounting benchmark's generator (\`generateBooks\`, see Accounting above) with its VAT lines tagged ` +
      "(rate 20, 10, 5.5 or 2.1 % by the entry's index on its own collected account, goods or services, fixed assets on 445620, " +
      "base the entry's net): about 0.73 VAT line an entry. The months before the measured one were validated through " +
      "`validateVatReturn`, so each took its lines (their `return_period` set) and posted its settlement. The documents " +
      "are the documents list's generator (`generateDocuments`) in the same organisation, dated over 2025, COPYed into the log " +
      "after the returns (their drafts would have blocked them); their postings are not written (the ledger's entries stand for " +
      "them), and the documents read model is rebuilt from the log.",
    "",
    `**Method.** ${config.warmup} untimed calls, then ${config.runs} timed calls of each, Registre and the anchor interleaved ` +
      "call by call (alternating which goes first), measured in the benchmark process around the call: Registre's figure " +
      "includes the read models' catch-up check, Kysely and the decoding of every line; the anchor's, postgres.js and its decoding. " +
      "The anchor is `select direction, rate, kind, regime, account, count(*), sum(base), sum(tax) from vat_lines where org_id = $1 " +
      "and return_period is null and date <= <the month's end> group by …`: the very lines the return takes (checked equal in " +
      "number and in collected and deductible VAT before timing), summed by what decides their box. The rebuild's anchor is " +
      "COPY FROM STDIN of exactly the rows the rebuild writes (exported beforehand, untimed) into a fresh table with the " +
      "projector's columns, primary key and indexes, on a connection with TCP_NODELAY like the rebuild's; rounds interleaved " +
      "(COPY, then rebuild), medians of each.",
    "",
    "Where a call's time goes (each part alone, interleaved, same run):",
    "",
    "| part | p50 | p95 |",
    "|---|---|---|",
    ...parts,
    "",
    ...rebuildLines(rebuild),
    "",
    ...run.plans.flatMap((p) => [p, ""]),
    END,
    "",
  ].join("\n");
};

/** Standalone runs write to docs/performance.md, or to BENCH_VAT_REPORT when set (trials). */
const REPORT =
  process.env.BENCH_VAT_REPORT || fileURLToPath(new URL("../../docs/performance.md", import.meta.url));

export const runVatBench = async (reportPath: string, log = console.log): Promise<VatRun> => {
  const run = await runVat(vatBenchConfig(), log);
  writeSection(reportPath, START, END, vatSection(run));
  log(`VAT section written to ${reportPath} (${run.seconds.toFixed(0)} s)`);
  return run;
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runVatBench(REPORT).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(errorMessage(error), error);
      process.exit(1);
    },
  );
}
