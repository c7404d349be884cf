import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { totalmem } from "node:os";
import { fileURLToPath } from "node:url";
import { adminUrl, urlFor, withAdmin } from "../support/postgres-admin.ts";
import { benchConfig, errorMessage } from "./common.ts";
import { type EmmettResults, runEmmett } from "./emmett.ts";
import { runRaw } from "./raw.ts";
import { runRegistre } from "./registre.ts";
import { buildLines, type Environment, markdownTable, writeReport } from "./report.ts";

const REPORT = fileURLToPath(new URL("../../docs/performance.md", import.meta.url));

const log = (line: string) => console.log(`  ${line}`);

const environment = async (): Promise<Environment> => {
  const postgres = await withAdmin(async (sql) => {
    const rows = await sql<{ version: string }[]>`select version()`;
    return rows[0]?.version ?? "unknown";
  });
  let cpus = "unknown";
  try {
    cpus = execFileSync("nproc", { encoding: "utf8" }).trim();
  } catch {
    // nproc missing: leave it unknown rather than guess
  }
  return {
    date: new Date().toISOString().slice(0, 10),
    node: process.version,
    postgres,
    cpus,
    memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
  };
};

/** Flushes dirty pages between phases so one phase's writes are not paid for by the next. */
const checkpoint = () => withAdmin((sql) => sql`checkpoint`);

const main = async (): Promise<number> => {
  const started = performance.now();
  const config = benchConfig();
  const base = adminUrl();
  const name = `registre_bench_${randomBytes(4).toString("hex")}`;
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

    console.log("Raw postgres.js anchors");
    const raw = await runRaw(urlFor(base, `${name}_raw`), config, log);
    await checkpoint();

    console.log("Registre (@registre/store, @registre/projections)");
    const registre = await runRegistre(urlFor(base, name), config, log);
    await checkpoint();

    console.log("Emmett (@event-driven-io/emmett-postgresql)");
    const notes: string[] = [...registre.notes];
    let emmett: EmmettResults | undefined;
    try {
      emmett = await runEmmett(urlFor(base, `${name}_emmett`), config, log);
      if (emmett.read.count !== emmett.logEvents) {
        notes.push(
          `Emmett's readMessagesBatch loop returned ${emmett.read.count} of the ${emmett.logEvents} events in its log: it ` +
            "orders by transaction id but pages on global position alone, so events whose position is lower than one " +
            "already read in an earlier transaction are passed over.",
        );
      }
    } catch (error) {
      notes.push(`Emmett failed, its column is n/a: ${errorMessage(error)}`);
      console.error(`  Emmett failed: ${errorMessage(error)}`);
    }

    const lines = buildLines(config, raw, registre, emmett);
    const table = markdownTable(lines);
    console.log(`\n${table}\n`);
    const seconds = (performance.now() - started) / 1000;
    writeReport(REPORT, { env, config, lines, notes, seconds });
    console.log(`Written to ${REPORT} (${seconds.toFixed(0)} s)`);
    return 0;
  } finally {
    await drop();
  }
};

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
