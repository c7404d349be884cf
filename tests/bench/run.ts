import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { totalmem } from "node:os";
import { fileURLToPath } from "node:url";
import { adminUrl, urlFor, withAdmin } from "../support/postgres-admin.ts";
import { type BenchConfig, benchConfig, benchRepeat, errorMessage, writeSection } from "./common.ts";
import { type EmmettBench, openEmmett } from "./emmett.ts";
import {
  checkpoint,
  commandsRuns,
  commandsSection,
  figure,
  loadNow,
  measureRebuilds,
  medianCommands,
  type Rebuild,
  rebuildsSection,
} from "./event-store-parts.ts";
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
const ONLY = process.env.BENCH_ONLY;
/** BENCH_ONLY=event-store: this part alone (a trial run), without the accounting, import, search and load parts. */
const ONLY_EVENT_STORE = ONLY === "event-store";
/** BENCH_ONLY=commands: the 8-writer single-event commands alone, BENCH_REPEAT runs (issue 24). */
const ONLY_COMMANDS = ONLY === "commands";
/** BENCH_ONLY=rebuilds: the rebuilds alone, over a log filled by the same commands (issue 24). */
const ONLY_REBUILDS = ONLY === "rebuilds";
/** BENCH_ONLY=documents: the documents part alone (issue 11: validations and the list; the PDF part has its own switch). */
const ONLY_DOCUMENTS = ONLY === "documents";
/** BENCH_ONLY=validation: the invoice validation against the same writes by hand alone (issue 24). */
const ONLY_VALIDATION = ONLY === "validation";
/** BENCH_ONLY=bulk-validation: the bulk validation of BENCH_BULK invoices alone (issue 24). */
const ONLY_BULK = ONLY === "bulk-validation";
/** BENCH_ONLY=bank: the bank statements part alone (issue 13: format readers and matching, then the import on PostgreSQL). */
const ONLY_BANK = ONLY === "bank";
/** BENCH_ONLY=uploads: issue 21's part alone (another organisation's read while one imports its largest files). */
const ONLY_UPLOADS = ONLY === "uploads";
/** BENCH_ONLY=vat: issue 22's part alone (a month's VAT return on 1M ledger lines, the vat_lines rebuild). */
const ONLY_VAT = ONLY === "vat";
/** BENCH_ONLY=dashboard: issue 26's part alone (the dashboard's figures on 10M ledger lines and 1M documents). */
const ONLY_DASHBOARD = ONLY === "dashboard";
/** BENCH_ONLY=fec: the FEC import alone (in process, then through the HTTP API and the CLI: issue 23, point 2). */
const ONLY_FEC = ONLY === "fec";

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

/** What the event-store part measures: everything, or one of the figures held to a target alone. */
type Mode = "all" | "commands" | "rebuilds";
type Outcome = { results?: Results; runs: Figure[]; rebuilds: Rebuild[] };

const run = async (
  base: string,
  name: string,
  config: BenchConfig,
  notes: string[],
  mode: Mode,
): Promise<Outcome> => {
  const raw = await openRaw(urlFor(base, `${name}_raw`), config);
  const registre = await openRegistre(urlFor(base, name), config);
  let emmett: EmmettBench | undefined;
  if (mode === "all")
    try {
      emmett = await openEmmett(urlFor(base, `${name}_emmett`), config);
    } catch (error) {
      notes.push(`Emmett could not start, its column is n/a: ${errorMessage(error)}`);
    }
  try {
    const w = config.writers;
    const e = emmett;
    const commandsOne =
      mode === "all"
        ? await figure(config, notes, "(a) 1 writer", config.singleOps, [
            (ops) => raw.singleRows(1, ops),
            (ops) => registre.commands(1, ops),
            e && ((ops) => e.commands(1, ops)),
          ])
        : undefined;
    const runs =
      mode === "rebuilds"
        ? []
        : await commandsRuns(config, notes, benchRepeat(), [
            (ops) => raw.singleRows(w, ops),
            (ops) => registre.commands(w, ops),
            e && ((ops) => e.commands(w, ops)),
          ]);
    if (mode === "commands") return { runs, rebuilds: [] };

    // Every log is brought to `logEvents` before it is read and rebuilt: more of the same commands for
    // Registre and Emmett (both at once, unmeasured), COPY for the raw table.
    const seedStarted = performance.now();
    const missing = async (count: () => Promise<number>) => Math.max(0, config.logEvents - (await count()));
    await Promise.all([
      mode === "all" && missing(raw.rows).then((m) => (m > 0 ? raw.copy(m) : 0)),
      missing(registre.events).then((m) => (m > 0 ? registre.commands(w, m) : 0)),
      e ? missing(e.events).then((m) => (m > 0 ? e.commands(w, m) : 0)) : 0,
    ]);
    await Promise.all([raw.vacuum(), registre.vacuum(), e?.vacuum()]);
    await checkpoint();
    console.log(
      `  logs filled to ${config.logEvents} events (${((performance.now() - seedStarted) / 1000).toFixed(1)} s)`,
    );
    if (mode === "rebuilds") return { runs, rebuilds: await measureRebuilds(config, notes, registre) };

    const read = await figure(config, notes, "(c) catch-up read", 1, [raw.read, registre.read, e?.read]);
    const emmettLog = e ? await e.events() : 0;
    if (e && read.emmett && read.emmett.count !== emmettLog) {
      notes.push(
        `Emmett's readMessagesBatch loop returned ${read.emmett.count} messages for a log of ${emmettLog}: it orders by ` +
          "transaction id but pages on global position alone, so where the two orders disagree at a page boundary it " +
          "reads some events twice and can pass others over. Its rate above counts what it returned.",
      );
    }
    const rebuilds = await measureRebuilds(config, notes, registre);
    const batches = await figure(config, notes, `(b) ${config.batchSize}-event appends`, config.batchOps, [
      raw.multiRows,
      registre.batches,
      e?.batches,
    ]);
    const none = { raw: undefined, registre: undefined, emmett: undefined };
    return {
      results: {
        commandsOne: commandsOne ?? none,
        commandsMany: medianCommands(runs),
        commandsRuns: runs,
        batches,
        read,
      },
      runs,
      rebuilds,
    };
  } finally {
    await Promise.allSettled([raw.close(), registre.close(), emmett?.close()]);
  }
};

const main = async (): Promise<void> => {
  if (ONLY === "history") {
    // BENCH_ONLY=history: the accountant's time machine alone (issue 26 §4: the trial balance as of a place in 1M events).
    await (await import("./history.ts")).runHistoryBench(REPORT);
    return;
  }
  if (ONLY_FEC) {
    await (await import("./fec-import.ts")).runFecImportBench(REPORT);
    return;
  }
  if (ONLY_DASHBOARD) {
    await (await import("./dashboard.ts")).runDashboardBench(REPORT);
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
  if (ONLY_VALIDATION) {
    await (await import("./documents.ts")).runValidationHandBench(REPORT);
    return;
  }
  if (ONLY_BULK) {
    await (await import("./bulk-validation.ts")).runBulkValidationBench(REPORT);
    return;
  }
  const mode: Mode = ONLY_COMMANDS ? "commands" : ONLY_REBUILDS ? "rebuilds" : "all";
  const started = performance.now();
  const config = benchConfig();
  const base = adminUrl();
  // BENCH_DB_PREFIX: the databases' prefix (a shared server), as in the contacts import part.
  const name = `${process.env.BENCH_DB_PREFIX ?? "registre"}_bench_${randomBytes(4).toString("hex")}`;
  const databases = [name, `${name}_raw`, ...(mode === "all" ? [`${name}_emmett`] : [])];
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
    const load = loadNow();
    const { results, runs, rebuilds } = await run(base, name, config, notes, mode);
    for (const note of notes) console.log(`- ${note}`);
    const alone = mode !== "all";
    if (mode !== "rebuilds")
      writeSection(
        REPORT,
        "<!-- bench:commands -->",
        "<!-- /bench:commands -->",
        commandsSection(config, runs, load, alone),
      );
    if (mode !== "commands")
      writeSection(
        REPORT,
        "<!-- bench:rebuilds -->",
        "<!-- /bench:rebuilds -->",
        rebuildsSection(config, rebuilds, load, alone),
      );
    const seconds = (performance.now() - started) / 1000;
    if (results) {
      const lines = buildLines(config, results);
      console.log(`\n${markdownTable(lines)}\n`);
      writeReport(REPORT, { env, config, lines, notes, seconds, commandsRuns: runs });
    }
    console.log(`\nWritten to ${REPORT} (${seconds.toFixed(0)} s in all)`);
  } finally {
    await drop();
  }
  if (ONLY_EVENT_STORE || mode !== "all") return;
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
  if (process.env.BENCH_BULK !== "0")
    await (await import("./bulk-validation.ts")).runBulkValidationBench(REPORT);
  if (process.env.BENCH_BANK !== "0") {
    await (await import("./bank.ts")).runBankBench(REPORT);
    await (await import("./bank-import.ts")).runBankImportBench(REPORT);
    await (await import("./reconcile.ts")).runReconcileBench(REPORT);
  }
  if (process.env.BENCH_UPLOADS !== "0") await (await import("./uploads.ts")).runUploadsBench(REPORT);
  if (process.env.BENCH_VAT !== "0") await (await import("./vat.ts")).runVatBench(REPORT);
  if (process.env.BENCH_HISTORY !== "0") await (await import("./history.ts")).runHistoryBench(REPORT);
  await (await import("./load.ts")).runLoadBench(REPORT);
};

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
