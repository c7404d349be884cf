import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { totalmem } from "node:os";
import { fileURLToPath } from "node:url";
import { adminUrl, urlFor, withAdmin } from "../support/postgres-admin.ts";
import {
  type BenchConfig,
  benchConfig,
  type Contender,
  compare,
  errorMessage,
  formatRate,
} from "./common.ts";
import { type EmmettBench, openEmmett } from "./emmett.ts";
import { openRaw } from "./raw.ts";
import { openRegistre } from "./registre.ts";
import {
  buildLines,
  type Environment,
  type Figure,
  markdownTable,
  type Results,
  writeReport,
} from "./report.ts";

/** BENCH_REPORT: another file than docs/performance.md (a trial run). */
const REPORT =
  process.env.BENCH_REPORT || fileURLToPath(new URL("../../docs/performance.md", import.meta.url));
const SYSTEMS = ["raw", "registre", "emmett"] as const;
/** BENCH_ONLY=event-store: this part alone (a trial run), without the accounting, import, search and load parts. */
const ONLY_EVENT_STORE = process.env.BENCH_ONLY === "event-store";
/** BENCH_ONLY=documents: the documents part alone (issue 11: validations and the list; the PDF part has its own switch). */
const ONLY_DOCUMENTS = process.env.BENCH_ONLY === "documents";
/** BENCH_ONLY=bank: the bank statements part alone (issue 13: format readers and matching, then the import on PostgreSQL). */
const ONLY_BANK = process.env.BENCH_ONLY === "bank";
/** BENCH_ONLY=uploads: issue 21's part alone (another organisation's read while one imports its largest files). */
const ONLY_UPLOADS = process.env.BENCH_ONLY === "uploads";
/** BENCH_ONLY=vat: issue 22's part alone (a month's VAT return on 1M ledger lines, the vat_lines rebuild). */
const ONLY_VAT = process.env.BENCH_ONLY === "vat";
/** BENCH_ONLY=fec: the FEC import alone (in process, then through the HTTP API and the CLI: issue 23, point 2). */
const ONLY_FEC = process.env.BENCH_ONLY === "fec";

const environment = async (): Promise<Environment> => {
  const postgres = await withAdmin(async (sql) => {
    const rows = await sql<{ version: string }[]>`select version()`;
    return rows[0]?.version ?? "unknown";
  });
  let cpus = "unknown";
  try {
    cpus = execFileSync("nproc", { encoding: "utf8" }).trim();
  } catch {
    // no nproc: say unknown rather than guess
  }
  return {
    date: new Date().toISOString().slice(0, 10),
    node: process.version,
    postgres,
    cpus,
    memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
  };
};

/** Flushes dirty pages between figures so one figure's writes are not paid for by the next. */
const checkpoint = () => withAdmin((sql) => sql`checkpoint`);

/** Measures one figure on the three systems; raw and Registre failing ends the run, Emmett failing is n/a. */
const figure = async (
  config: BenchConfig,
  notes: string[],
  label: string,
  ops: number,
  contenders: readonly [Contender, Contender, Contender],
): Promise<Figure> => {
  const started = performance.now();
  const fatal: unknown[] = [];
  const [raw, registre, emmett] = await compare(config, ops, contenders, (i, error) => {
    if (SYSTEMS[i] !== "emmett") fatal.push(error);
    else notes.push(`Emmett failed on "${label}", shown as n/a: ${errorMessage(error)}`);
  });
  if (fatal.length > 0) throw fatal[0];
  const parts = SYSTEMS.map((s, i) =>
    contenders[i] ? `${s} ${formatRate([raw, registre, emmett][i])}` : "",
  );
  const took = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`  ${label}: ${parts.filter(Boolean).join(", ")} (${took} s)`);
  await checkpoint();
  return { raw, registre, emmett };
};

const run = async (base: string, name: string, config: BenchConfig, notes: string[]): Promise<Results> => {
  const raw = await openRaw(urlFor(base, `${name}_raw`), config);
  const registre = await openRegistre(urlFor(base, name), config);
  let emmett: EmmettBench | undefined;
  try {
    emmett = await openEmmett(urlFor(base, `${name}_emmett`), config);
  } catch (error) {
    notes.push(`Emmett could not start, its column is n/a: ${errorMessage(error)}`);
  }
  try {
    const w = config.writers;
    const e = emmett;
    const commandsOne = await figure(config, notes, "(a) 1 writer", config.singleOps, [
      (ops) => raw.singleRows(1, ops),
      (ops) => registre.commands(1, ops),
      e && ((ops) => e.commands(1, ops)),
    ]);
    const commandsMany = await figure(config, notes, `(a) ${w} writers`, config.concurrentOps, [
      (ops) => raw.singleRows(w, ops),
      (ops) => registre.commands(w, ops),
      e && ((ops) => e.commands(w, ops)),
    ]);

    // Every log is brought to `logEvents` before it is read and rebuilt: more of the same commands for
    // Registre and Emmett (both at once, unmeasured), COPY for the raw table.
    const seedStarted = performance.now();
    const missing = async (count: () => Promise<number>) => Math.max(0, config.logEvents - (await count()));
    await Promise.all([
      missing(raw.rows).then((m) => (m > 0 ? raw.copy(m) : 0)),
      missing(registre.events).then((m) => (m > 0 ? registre.commands(w, m) : 0)),
      e ? missing(e.events).then((m) => (m > 0 ? e.commands(w, m) : 0)) : 0,
    ]);
    await Promise.all([raw.vacuum(), registre.vacuum(), e?.vacuum()]);
    await checkpoint();
    console.log(
      `  logs filled to ${config.logEvents} events (${((performance.now() - seedStarted) / 1000).toFixed(1)} s)`,
    );

    const read = await figure(config, notes, "(c) catch-up read", 1, [raw.read, registre.read, e?.read]);
    const emmettLog = e ? await e.events() : 0;
    if (e && read.emmett && read.emmett.count !== emmettLog) {
      notes.push(
        `Emmett's readMessagesBatch loop returned ${read.emmett.count} messages for a log of ${emmettLog}: it orders by ` +
          "transaction id but pages on global position alone, so where the two orders disagree at a page boundary it " +
          "reads some events twice and can pass others over. Its rate above counts what it returned.",
      );
    }
    const rebuilds: Results["rebuilds"][number][] = [];
    for (const projector of ["stream_history", "organisations"]) {
      // Its anchor, interleaved with it: COPY of the very rows the rebuild writes (see `rebuildAnchor`).
      const anchor = await registre.rebuildAnchor(projector);
      const f = await figure(config, notes, `(d) rebuild ${projector}`, 1, [
        anchor,
        () => registre.rebuild(projector),
        undefined,
      ]);
      if (f.registre && f.raw) rebuilds.push({ name: projector, rate: f.registre, anchor: f.raw });
    }
    const batches = await figure(config, notes, `(b) ${config.batchSize}-event appends`, config.batchOps, [
      raw.multiRows,
      registre.batches,
      e?.batches,
    ]);
    return {
      commandsOne,
      commandsMany,
      batches,
      read,
      rebuilds,
    };
  } finally {
    await Promise.allSettled([raw.close(), registre.close(), emmett?.close()]);
  }
};

const main = async (): Promise<void> => {
  if (ONLY_FEC) {
    await (await import("./fec-import.ts")).runFecImportBench(REPORT);
    return;
  }
  if (ONLY_VAT) {
    await (await import("./vat.ts")).runVatBench(REPORT);
    return;
  }
  if (ONLY_UPLOADS) {
    await (await import("./uploads.ts")).runUploadsBench(REPORT);
    return;
  }
  if (ONLY_BANK) {
    await (await import("./bank.ts")).runBankBench(REPORT);
    await (await import("./bank-import.ts")).runBankImportBench(REPORT);
    await (await import("./reconcile.ts")).runReconcileBench(REPORT);
    return;
  }
  if (process.env.BENCH_ONLY === "reconcile") {
    await (await import("./reconcile.ts")).runReconcileBench(REPORT);
    return;
  }
  if (ONLY_DOCUMENTS) {
    await (await import("./documents.ts")).runDocumentsBench(REPORT);
    return;
  }
  const started = performance.now();
  const config = benchConfig();
  const base = adminUrl();
  // BENCH_DB_PREFIX: the databases' prefix (a shared server), as in the contacts import part.
  const name = `${process.env.BENCH_DB_PREFIX ?? "registre"}_bench_${randomBytes(4).toString("hex")}`;
  const databases = [name, `${name}_raw`, `${name}_emmett`];
  const drop = () =>
    withAdmin(async (sql) => {
      for (const d of databases) await sql.unsafe(`drop database if exists "${d}" with (force)`);
    });
  const interrupted = () => {
    drop().finally(() => process.exit(130));
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);

  console.log(`Benchmark in ${databases.join(", ")} on ${new URL(base).host}`);
  console.log(`Sizes: ${JSON.stringify(config)}`);
  try {
    await withAdmin(async (sql) => {
      for (const d of databases) await sql.unsafe(`create database "${d}"`);
    });
    const env = await environment();
    const notes: string[] = [];
    const results = await run(base, name, config, notes);
    const lines = buildLines(config, results);
    console.log(`\n${markdownTable(lines)}\n`);
    for (const note of notes) console.log(`- ${note}`);
    const seconds = (performance.now() - started) / 1000;
    writeReport(REPORT, { env, config, lines, notes, seconds });
    console.log(`\nWritten to ${REPORT} (${seconds.toFixed(0)} s in all)`);
  } finally {
    await drop();
  }
  if (ONLY_EVENT_STORE) return;
  await (await import("./accounting.ts")).runAccountingBench(REPORT);
  await (await import("./entries.ts")).runEntriesBench(REPORT);
  if (process.env.BENCH_FEC_LINES !== "0") await (await import("./fec-import.ts")).runFecImportBench(REPORT);
  if (process.env.BENCH_ITEMS !== "0") await (await import("./items-search.ts")).runItemsSearchBench(REPORT);
  if (process.env.BENCH_CONTACTS !== "0")
    await (await import("./contacts-search.ts")).runContactsSearchBench(REPORT);
  if (process.env.BENCH_CONTACTS_IMPORT !== "0")
    await (await import("./contacts-import.ts")).runContactsImportBench(REPORT);
  if (process.env.BENCH_PDF_DOCS !== "0") await (await import("./pdf.ts")).runPdfBench(REPORT);
  if (process.env.BENCH_DOCS !== "0" || process.env.BENCH_DOCS_VALIDATIONS !== "0")
    await (await import("./documents.ts")).runDocumentsBench(REPORT);
  if (process.env.BENCH_BANK !== "0") {
    await (await import("./bank.ts")).runBankBench(REPORT);
    await (await import("./bank-import.ts")).runBankImportBench(REPORT);
    await (await import("./reconcile.ts")).runReconcileBench(REPORT);
  }
  if (process.env.BENCH_UPLOADS !== "0") await (await import("./uploads.ts")).runUploadsBench(REPORT);
  if (process.env.BENCH_VAT !== "0") await (await import("./vat.ts")).runVatBench(REPORT);
  await (await import("./load.ts")).runLoadBench(REPORT);
};

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
