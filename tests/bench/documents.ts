/**
 * Issue 11's documents benchmark: invoice validation throughput against the raw single-row rate of the
 * same run (`documents-validation.ts`), and the documents list at BENCH_DOCS documents
 * (`documents-list.ts`). Run by `npm run bench` (BENCH_ONLY=documents: this part alone), or alone:
 * `npx tsx tests/bench/documents.ts`; writes its section of docs/performance.md.
 * BENCH_DOCS (1000000; 0 skips the list), BENCH_DOCS_VALIDATIONS (240 per round; 0 skips the
 * validations), BENCH_DOCS_RUNS (100), BENCH_DOCS_WARMUP (10), BENCH_DB_PREFIX, BENCH_NOTE. The validation
 * against the same writes by hand (issue 24) writes a section of its own (`<!-- bench:validation -->`).
 */
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import { fileURLToPath, pathToFileURL } from "node:url";
import { openDatabase } from "@registre/store";
import postgres from "postgres";
import { openContext } from "../../api/src/bootstrap.ts";
import type { AppContext } from "../../api/src/context.ts";
import { DOCUMENT_COUNT_CAP } from "../../api/src/http/count-caps.ts";
import { adminUrl, urlFor, withAdmin } from "../support/postgres-admin.ts";
import { dropOnInterrupt, errorMessage, formatRate, medianRun, writeSection } from "./common.ts";
import { generateDocuments, type ListLine, measureList } from "./documents-list.ts";
import { type HandRun, runValidationBench, type ValidationFigures } from "./documents-validation.ts";

const START = "<!-- bench:documents -->";
const END = "<!-- /bench:documents -->";
const HAND_START = "<!-- bench:validation -->";
const HAND_END = "<!-- /bench:validation -->";
const LIST_P95 = 20;

const whole = (name: string, fallback: number) => {
  const value = Number((process.env[name] ?? String(fallback)).replace(/_/g, ""));
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a whole number`);
  return value;
};
const n = (value: number) => Math.round(value).toLocaleString("en-US");
const ms = (value: number) => `${value.toFixed(1)} ms`;
const pct = (a: number, b: number) => `${Math.round((100 * a) / b)} %`;

type ListFigures = { count: number; events: number; setup: number; rebuild: number; lines: ListLine[] };

const runListBench = async (count: number, log: (t: string) => void): Promise<ListFigures> => {
  const name = `${process.env.BENCH_DB_PREFIX ?? "registre"}_bench_doclist_${randomBytes(4).toString("hex")}`;
  const drop = () => withAdmin((sql) => sql.unsafe(`drop database if exists "${name}" with (force)`));
  const restore = dropOnInterrupt(drop);
  await withAdmin((sql) => sql.unsafe(`create database "${name}"`));
  try {
    const database = await openDatabase({ url: urlFor(adminUrl(), name), maxConnections: 4 });
    const ctx: AppContext = {
      ...(await openContext({}, database)),
      clock: () => new Date("2026-11-24T10:00:00Z"),
    };
    await ctx.runner.start();
    const sql = postgres(urlFor(adminUrl(), name), { max: 2, onnotice: () => {} });
    try {
      const made = await generateDocuments(ctx, sql, count, log);
      log(`  ${n(count)} documents, ${n(made.events)} events written (${made.seconds.toFixed(1)} s)`);
      await sql`vacuum analyze events`;
      const rebuildStarted = performance.now();
      await ctx.runner.rebuild("documents");
      const rebuild = (performance.now() - rebuildStarted) / 1000;
      const [state] = await sql<
        { generation: number }[]
      >`select generation from projections where name = 'documents'`;
      await sql.unsafe(`vacuum analyze documents_g${state?.generation}`);
      log(`  documents rebuilt in ${rebuild.toFixed(1)} s`);
      const lines = await measureList(
        ctx,
        sql,
        made.orgId,
        Math.max(20, whole("BENCH_DOCS_RUNS", 100)),
        whole("BENCH_DOCS_WARMUP", 10),
        log,
      );
      return { count, events: made.events, setup: made.seconds, rebuild, lines };
    } finally {
      await Promise.allSettled([sql.end(), ctx.database.close()]);
    }
  } finally {
    restore();
    if (process.env.BENCH_KEEP_DATABASES === "1") log(`  kept ${name}`);
    else await drop();
  }
};

const HAND_TARGET = 0.5;
const floorPct = (a: number, b: number) => `${Math.floor((100 * a) / b)} %`;

/** The validation against the same writes by hand (issue 24): each run, then the median. */
export const handSection = (v: ValidationFigures, seconds: number, load: number): string => {
  const { runs, capture } = v.hand;
  const ratio = (r: HandRun) => r.registre.perSecond / r.hand.perSecond;
  const median = medianRun(runs, ratio);
  const row = (label: string, r: HandRun) =>
    `| ${label} | ${formatRate(r.registre)} | ${formatRate(r.hand)} | ${floorPct(r.registre.perSecond, r.hand.perSecond)} | ${formatRate(r.raw)} | ${floorPct(r.registre.perSecond, r.raw.perSecond)} |`;
  const verdict = median
    ? `Median run: ${floorPct(median.registre.perSecond, median.hand.perSecond)} of the same writes by hand, target >= ${HAND_TARGET * 100} %: **${ratio(median) >= HAND_TARGET ? "PASS" : "MISS"}**${runs.length < 3 ? ` (${runs.length} run${runs.length > 1 ? "s" : ""}; the target is read on three, BENCH_REPEAT=3)` : ""}.`
    : "No run.";
  return `${HAND_START}
## Invoice validation against the same writes by hand (issue 24)

Measured by \`npm run bench\` (\`tests/bench/documents-validation.ts\` with \`validation-hand.ts\`; \`BENCH_ONLY=validation\` runs
it alone, \`BENCH_REPEAT=3\` three times) on ${new Date().toISOString().slice(0, 10)}, PostgreSQL; this part took ${seconds.toFixed(0)} s, load
average ${load.toFixed(1)} when it started (2 cores).

| run | Registre, 8 writers on 8 organisations | the same writes by hand, 8 connections | ratio | raw single-row INSERT, 8 conns (reference) | ratio to raw |
|---|---|---|---|---|---|
${runs.map((r, i) => row(String(i + 1), r)).join("\n")}
${median ? row("median", median) : ""}

${verdict} ${n(v.perRound)} validations a round, median of ${v.rounds} rounds after a 10 % warm-up, the three
contenders interleaved round by round (\`compare\`); ${runs.map((r) => r.retries).reduce((a, b) => a + b, 0)} 503 \`readModel.behind\` retried.

**Registre**: \`commitValidation\` (the sales invoice numbered in FA, its VT entry drafted and validated, one
multi-stream commit), each writer on its own organisation; a round ends when the documents and ledger read
models show every validation of it, so their projection is inside the time.

**The same writes by hand** (the real limit): one validation of an organisation of its own was captured in
the same run — the organisation's rows of every table with an \`org_id\`, read before and after it, its read
models caught up (\`validation-capture.ts\`); a second one checked the shape and told the validation's own ids
(${capture.ownIds}: the document, its entry, its command and its part's) from the organisation's. What it wrote:
${capture.tables} — ${n(capture.bytes)} bytes of text. Each replay gives those ids fresh values and
writes the same rows into a database of its own with Registre's schema (migrated, the read models' tables
made by the runner's set-up, every index), in **one plain SQL transaction per validation**: one prepared
statement in autocommit, as the store's own append (postgres.js, 8 connections, writer w on organisation w),
whose ${v.hand.writes} writes are common table expressions — the log's (the head row read \`for update\`, the events
inserted with their sequence and their hash chained by the store's \`registre_event_hash\`, the head written
once with the counters, the streams moved, the parts' commands recorded with their last positions), then one
\`insert … select from unnest … on conflict\` per read-model table. The rows a validation changes rather than inserts (the draft's
document and stream, the organisation's head, balances and totals) are written before the clock starts.
Not replayed: what a validation reads and decides (its streams, the chart, the settings, the projection's
log reads), the row-level security of the \`registre_app\` role (the anchor connects as the owner)${capture.global.length > 0 ? `, and the tables without \`org_id\` it touched (${capture.global.join(", ")}: the runner's checkpoints, written once per batch of validations)` : ""}.
After the run the anchor's ${n(v.hand.checkedEvents)} events were checked link by link with the store's audit hash
(\`eventHash\`), each organisation's head at its last link.
${HAND_END}
`;
};

const validationPart = (v: ValidationFigures): string => {
  const { manyOrgsWaiting: waitingFigure, oneOrg, check } = v;
  if (!waitingFigure || !oneOrg || !check) return "Validation figures not measured in this run.";
  const waiting = waitingFigure.registre.perSecond / waitingFigure.raw.perSecond;
  const one = oneOrg.registre.perSecond / oneOrg.raw.perSecond;
  const clean = check.faGaps === 0 && check.vtGaps === 0 && check.withoutEntry === 0;
  return `| figure | Registre | raw, same run | ratio | target | verdict |
|---|---|---|---|---|---|
| invoice validation, 8 writers on 8 organisations | see "Invoice validation against the same writes by hand" | | | >= 50 % of the same writes by hand | |
| the same, each validation waiting for its read models | ${formatRate(waitingFigure.registre)} | ${formatRate(waitingFigure.raw)} single-row INSERT, 8 conns | ${pct(waitingFigure.registre.perSecond, waitingFigure.raw.perSecond)} | (>= 40 %) | ${waiting >= 0.4 ? "PASS" : "MISS"} |
| invoice validation, 8 writers on one organisation | ${formatRate(oneOrg.registre)} | ${formatRate(oneOrg.raw)} single-row INSERT, 1 conn | ${pct(oneOrg.registre.perSecond, oneOrg.raw.perSecond)} | >= 25 %, 0 gaps | ${one >= 0.25 ? "PASS" : "MISS"}; ${clean ? "0 gaps" : "GAPS"} |

${n(v.perRound)} validations a round, median of ${v.rounds} rounds after a 10 % warm-up, Registre and raw interleaved
round by round (\`compare\`, as the event-store figures). A validation is \`commitValidation\`: the sales invoice
numbered in FA and its VT entry drafted and validated in one multi-stream commit, answered once committed; a
round ends when the documents and ledger read models (documents, entries, balances, totals, history) show
every validation of it, so their projection is inside the time. The first line, against its real limit, has
its own section (issue 24). The second line is \`validateDocument\`, each
validation waiting for its read models before its writer goes on (what \`PUT /docs/{id}/status/validated\`
answers after). A 503 \`readModel.behind\` would be retried and counted:
${waitingFigure.retries} waiting, ${oneOrg.retries} on one organisation. The drafts (one line, a customer with its 411 account) were made
before (${v.setupSeconds.toFixed(0)} s). After the run the one organisation's ${n(check.invoices)} validated invoices
were read back: FA numbers ${check.faGaps} gaps, VT entries ${check.vtGaps} gaps, ${check.withoutEntry} invoices
without their validated entry at their total. A waiting validation costs ${(v.roundTrips ?? 0).toFixed(0)} round trips to PostgreSQL
(counted through a TCP proxy over 20 sequential validations, the projection work they cause included, the
runner's idle polling subtracted) where the raw figure costs one; of them the command itself costs 3 (its reads
and the look-up of its id in one statement, its commit in one, its debounced notification:
\`api/src/documents/validation-round-trips.test.ts\`), the rest is the projection runner's (the log read, its
transaction, the checkpoints, the documents, ledger, balances, totals and history writes), shared by the
validations of a batch: many when they do not wait, a few when they do.`;
};

const listPart = (l: ListFigures): string => {
  const rows = l.lines.map(
    (x) =>
      `| ${x.variant} | ${x.total} | ${ms(x.registre.p50)} / ${ms(x.registre.p95)} | ${ms(x.raw.p50)} / ${ms(x.raw.p95)} | ${x.registre.p95 <= LIST_P95 ? "PASS" : "MISS"} |`,
  );
  return `| list variant (${n(l.count)} documents) | selected | Registre p50 / p95 | raw page p50 / p95 | p95 <= ${LIST_P95} ms |
|---|---|---|---|---|
${rows.join("\n")}

Set-up: ${n(l.count)} documents (${n(l.events)} events) written in ${l.setup.toFixed(0)} s, the documents read model
rebuilt in ${l.rebuild.toFixed(0)} s. One organisation and one draft invoice go through the command path; that
draft's DocumentCreated is the template of the others (half sales invoices, mostly validated; purchase
invoices, credit notes, quotes, orders, delivery slips; 2,000 contacts; four years of dates), each with
the DocumentValidated or DocumentStatusChanged its status needs, written to \`events\` by COPY with the hash
chain, then rebuilt by the documents projector. The validated invoices' entries are not written (the list
reads only \`documents\`). Registre's figure is \`listDocuments\` (the page of 50, newest first, and the count
and totals of the selection, counted up to ${n(DOCUMENT_COUNT_CAP)}: \`capped\` and "${n(DOCUMENT_COUNT_CAP)}+" beyond,
the totals then those of the first ${n(DOCUMENT_COUNT_CAP)}); the anchor is the same page as one plain statement.
Each list walks an index in its order (every document or a date range, a side and kind, a status, a contact:
\`(org_id, …, issue_date, position)\` including the three amounts), so the page and the capped count stop early
and the count reads the index alone; before, the count and totals read every document the filter selected
and the page sorted them (\`desc nulls last\` matched no index).`;
};

/** BENCH_ONLY=validation: the validation against the same writes by hand alone, its section written. */
export const runValidationHandBench = async (report: string, log = console.log): Promise<void> => {
  const started = performance.now();
  const load = loadavg()[0] ?? 0;
  log("\nInvoice validation against the same writes by hand");
  const v = await runValidationBench(log, { handOnly: true });
  const seconds = (performance.now() - started) / 1000;
  writeSection(report, HAND_START, HAND_END, handSection(v, seconds, load));
  log(`Validation section written to ${report} (${seconds.toFixed(0)} s)`);
};

export const runDocumentsBench = async (report: string, log = console.log): Promise<void> => {
  const started = performance.now();
  const load = loadavg()[0] ?? 0;
  log("\nDocuments benchmark");
  const validations = whole("BENCH_DOCS_VALIDATIONS", 240);
  const count = whole("BENCH_DOCS", 1_000_000);
  const v = validations > 0 ? await runValidationBench(log) : undefined;
  const validationSeconds = (performance.now() - started) / 1000;
  if (v) writeSection(report, HAND_START, HAND_END, handSection(v, validationSeconds, load));
  const l = count > 0 ? await runListBench(count, log) : undefined;
  const seconds = (performance.now() - started) / 1000;
  const section = `${START}
## Documents (issue 11)

Measured by \`npm run bench\` (\`tests/bench/documents.ts\`, BENCH_ONLY=documents runs it alone) on
${new Date().toISOString().slice(0, 10)}, PostgreSQL; this part took ${seconds.toFixed(0)} s. The machine (2 cores) was shared by
other work (load average ${load.toFixed(1)} when it started): absolute figures move with it, the ratios less
(each is taken against the raw anchor of the same run); the integrator reruns on a quiet machine.

${v ? validationPart(v) : "Validation figures skipped (BENCH_DOCS_VALIDATIONS=0)."}

${l ? listPart(l) : "List figures skipped (BENCH_DOCS=0)."}
${process.env.BENCH_NOTE ? `\n${process.env.BENCH_NOTE}\n` : ""}${END}
`;
  writeSection(report, START, END, section);
  log(`Documents section written to ${report} (${seconds.toFixed(0)} s)`);
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runDocumentsBench(fileURLToPath(new URL("../../docs/performance.md", import.meta.url))).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(errorMessage(error), error);
      process.exit(1);
    },
  );
}
