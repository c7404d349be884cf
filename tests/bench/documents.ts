/**
 * Issue 11's documents benchmark: invoice validation throughput against the raw single-row rate of the
 * same run (`documents-validation.ts`), and the documents list at BENCH_DOCS documents
 * (`documents-list.ts`). Run by `npm run bench` (BENCH_ONLY=documents: this part alone), or alone:
 * `npx tsx tests/bench/documents.ts`; writes its section of docs/performance.md.
 * BENCH_DOCS (1000000; 0 skips the list), BENCH_DOCS_VALIDATIONS (240 per round; 0 skips the
 * validations), BENCH_DOCS_RUNS (100), BENCH_DOCS_WARMUP (10), BENCH_DB_PREFIX, BENCH_NOTE.
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
import { dropOnInterrupt, errorMessage, formatRate, writeSection } from "./common.ts";
import { generateDocuments, type ListLine, measureList } from "./documents-list.ts";
import { runValidationBench, type ValidationFigures } from "./documents-validation.ts";

const START = "<!-- bench:documents -->";
const END = "<!-- /bench:documents -->";
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

const validationPart = (v: ValidationFigures): string => {
  const many = v.manyOrgs.registre.perSecond / v.manyOrgs.raw.perSecond;
  const waiting = v.manyOrgsWaiting.registre.perSecond / v.manyOrgsWaiting.raw.perSecond;
  const one = v.oneOrg.registre.perSecond / v.oneOrg.raw.perSecond;
  const clean = v.check.faGaps === 0 && v.check.vtGaps === 0 && v.check.withoutEntry === 0;
  return `| figure | Registre | raw, same run | ratio | target | verdict |
|---|---|---|---|---|---|
| invoice validation, 8 writers on 8 organisations | ${formatRate(v.manyOrgs.registre)} | ${formatRate(v.manyOrgs.raw)} single-row INSERT, 8 conns | ${pct(v.manyOrgs.registre.perSecond, v.manyOrgs.raw.perSecond)} | >= 40 % | ${many >= 0.4 ? "PASS" : "MISS"} |
| the same, each validation waiting for its read models | ${formatRate(v.manyOrgsWaiting.registre)} | ${formatRate(v.manyOrgsWaiting.raw)} single-row INSERT, 8 conns | ${pct(v.manyOrgsWaiting.registre.perSecond, v.manyOrgsWaiting.raw.perSecond)} | (>= 40 %) | ${waiting >= 0.4 ? "PASS" : "MISS"} |
| invoice validation, 8 writers on one organisation | ${formatRate(v.oneOrg.registre)} | ${formatRate(v.oneOrg.raw)} single-row INSERT, 1 conn | ${pct(v.oneOrg.registre.perSecond, v.oneOrg.raw.perSecond)} | >= 25 %, 0 gaps | ${one >= 0.25 ? "PASS" : "MISS"}; ${clean ? "0 gaps" : "GAPS"} |

${n(v.perRound)} validations a round, median of ${v.rounds} rounds after a 10 % warm-up, Registre and raw interleaved
round by round (\`compare\`, as the event-store figures). A validation is \`commitValidation\`: the sales invoice
numbered in FA and its VT entry drafted and validated in one multi-stream commit, answered once committed; a
round ends when the documents and ledger read models (documents, entries, balances, totals, history) show
every validation of it, so their projection is inside the time. The second line is \`validateDocument\`, each
validation waiting for its read models before its writer goes on (what \`PUT /docs/{id}/status/validated\`
answers after). A 503 \`readModel.behind\` would be retried and counted: ${v.manyOrgs.retries} on 8 organisations,
${v.manyOrgsWaiting.retries} waiting, ${v.oneOrg.retries} on one. The drafts (one line, a customer with its 411 account) were made
before (${v.setupSeconds.toFixed(0)} s). After the run the one organisation's ${n(v.check.invoices)} validated invoices
were read back: FA numbers ${v.check.faGaps} gaps, VT entries ${v.check.vtGaps} gaps, ${v.check.withoutEntry} invoices
without their validated entry at their total. A waiting validation costs ${v.roundTrips.toFixed(0)} round trips to PostgreSQL
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

export const runDocumentsBench = async (report: string, log = console.log): Promise<void> => {
  const started = performance.now();
  const load = loadavg()[0] ?? 0;
  log("\nDocuments benchmark");
  const validations = whole("BENCH_DOCS_VALIDATIONS", 240);
  const count = whole("BENCH_DOCS", 1_000_000);
  const v = validations > 0 ? await runValidationBench(log) : undefined;
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
