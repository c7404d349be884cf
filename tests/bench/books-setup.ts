import { loadavg } from "node:os";
import type postgres from "postgres";
import { adminUrl, urlFor, withAdmin } from "../support/postgres-admin.ts";
import { type Open, openBooksDatabase } from "./accounting-measure.ts";
import { benchDatabaseName, dropOnInterrupt } from "./common.ts";

/**
 * The set-up the benchmarks over generated books share (VAT return, dashboard): their settings read from
 * the environment, their steps timed and logged, the books' database made, opened and dropped.
 */

/** A positive number from the environment (`_` allowed between digits), `fallback` when unset. */
export const positive = (name: string, fallback: number): number => {
  const text = process.env[name];
  if (text === undefined || text === "") return fallback;
  const value = Number(text.replace(/_/g, ""));
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got ${text}`);
  return value;
};

export type Latency = { p50: number; p95: number; runs: number };

/** The machine's load average over the last minute, as the reports print it. */
export const load = () => (loadavg()[0] ?? 0).toFixed(1);
export const seconds = (from: number) => (performance.now() - from) / 1000;

/** Runs one step of the set-up and logs it with its duration and the load after it. */
export const step = async <T>(
  log: (t: string) => void,
  label: string,
  work: () => Promise<T>,
): Promise<T> => {
  const started = performance.now();
  const result = await work();
  log(`  ${label} (${seconds(started).toFixed(1)} s, load ${load()})`);
  return result;
};

/** A read model's live table (`<table>_g<generation>`). */
export const physical = async (sql: postgres.Sql, projector: string, table: string) => {
  const [row] = await sql<
    { generation: number }[]
  >`select generation from projections where name = ${projector}`;
  if (!row) throw new Error(`${projector} has no state row`);
  return `${table}_g${row.generation}`;
};

/**
 * A fresh database for the books (`benchDatabaseName(label)`; `title` logs what runs in it), opened with
 * eight connections as the read benchmarks' set-up (`withBenchOrganisation`), given to `work`; then
 * closed and dropped — on an interrupt too — unless BENCH_KEEP_DATABASES=1 keeps it. With
 * BENCH_REUSE_DATABASE (a database an earlier run kept), that one is opened instead, `work` told so
 * (`reused`: it times the figures over the books already there), and kept.
 */
export const withBooksDatabase = async <T>(
  label: string,
  log: (t: string) => void,
  title: (database: string) => string,
  work: (open: Open, reused: boolean) => Promise<T>,
): Promise<T> => {
  const reuse = process.env.BENCH_REUSE_DATABASE;
  if (reuse) {
    log(`${title(reuse)}, reusing the books kept there (BENCH_REUSE_DATABASE)`);
    const open = await openBooksDatabase(urlFor(adminUrl(), reuse), 8);
    try {
      return await work(open, true);
    } finally {
      await open.close();
    }
  }
  const name = benchDatabaseName(label);
  const drop = () => withAdmin((sql) => sql.unsafe(`drop database if exists "${name}" with (force)`));
  const restore = dropOnInterrupt(drop);
  await withAdmin((sql) => sql.unsafe(`create database "${name}"`));
  log(title(name));
  try {
    const open = await openBooksDatabase(urlFor(adminUrl(), name), 8);
    try {
      return await work(open, false);
    } finally {
      await open.close();
    }
  } finally {
    restore();
    if (process.env.BENCH_KEEP_DATABASES === "1")
      log(
        `  kept ${name} (BENCH_KEEP_DATABASES=1): drop it by hand, or time it again with BENCH_REUSE_DATABASE=${name}`,
      );
    else await drop();
  }
};
