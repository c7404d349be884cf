import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import type { CommandMetadata } from "@registre/core";
import { openDatabase, type StreamAppend } from "@registre/store";
import { openContext } from "../../api/src/bootstrap.ts";
import type { AppContext } from "../../api/src/context.ts";
import { createOrganisation } from "../../api/src/organisations.ts";
import { adminUrl, urlFor, withAdmin } from "../support/postgres-admin.ts";

/** Shared pieces of the benchmark: sizes, payloads, timing and concurrent writers. */

export type BenchConfig = {
  /** Concurrent writers for the "8 writers" figures. */
  readonly writers: number;
  /** Rounds of each figure, systems interleaved within a round; the median round is reported. */
  readonly rounds: number;
  /** Single-event commands (or single-row inserts) per round with one writer. */
  readonly singleOps: number;
  /** Single-event commands (or single-row inserts) per round spread over `writers` writers. */
  readonly concurrentOps: number;
  /** 100-event appends (or 100-row inserts) per round. */
  readonly batchOps: number;
  readonly batchSize: number;
  /** Events in each log when it is read and rebuilt (topped up with 8-writer commands). */
  readonly logEvents: number;
  /** Page size of every catch-up read. */
  readonly readPage: number;
  /** Share of each figure's count run once first and discarded (warm-up). */
  readonly warmupShare: number;
};

const positive = (name: string, fallback: number): number => {
  const text = process.env[name];
  if (text === undefined || text === "") return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got ${text}`);
  return value;
};

/**
 * Sizes, scaled by BENCH_SCALE (default 1: 2 to 4 minutes on 2 cores, as the machine's fsync allows); each can also be set alone:
 * BENCH_WRITERS, BENCH_ROUNDS, BENCH_SINGLE_OPS, BENCH_CONCURRENT_OPS, BENCH_BATCH_OPS,
 * BENCH_LOG_EVENTS, BENCH_DIAGNOSTIC_OPS.
 */
export const benchConfig = (): BenchConfig => {
  const scale = positive("BENCH_SCALE", 1);
  const scaled = (name: string, base: number) => Math.max(16, Math.round(positive(name, base * scale)));
  return {
    writers: Math.round(positive("BENCH_WRITERS", 8)),
    rounds: Math.round(positive("BENCH_ROUNDS", 3)),
    singleOps: scaled("BENCH_SINGLE_OPS", 500),
    concurrentOps: scaled("BENCH_CONCURRENT_OPS", 2_500),
    batchOps: scaled("BENCH_BATCH_OPS", 100),
    batchSize: 100,
    logEvents: scaled("BENCH_LOG_EVENTS", 50_000),
    readPage: 1000,
    warmupShare: 0.1,
  };
};

/**
 * BENCH_REPEAT (default 1): how many times the figures held to a target on a quiet machine are measured
 * in one run (issue 24: three runs, each written with the median) — the 8-writer single-event commands
 * and the invoice validation against its hand-written anchor.
 */
export const benchRepeat = (): number => Math.round(positive("BENCH_REPEAT", 1));

/** The run at the median of `ratio` (the lower middle one of an even count). */
export const medianRun = <T>(runs: readonly T[], ratio: (run: T) => number): T | undefined =>
  [...runs].sort((a, b) => ratio(a) - ratio(b))[Math.floor((runs.length - 1) / 2)];

export type Rate = { readonly count: number; readonly seconds: number; readonly perSecond: number };

export const rate = (count: number, seconds: number): Rate => ({
  count,
  seconds,
  perSecond: seconds > 0 ? count / seconds : 0,
});

/** Times `work`, which answers how many units (rows, events) it handled. */
export const timed = async (work: () => Promise<number>): Promise<Rate> => {
  const started = performance.now();
  const count = await work();
  return rate(count, (performance.now() - started) / 1000);
};

export const median = (samples: readonly Rate[]): Rate | undefined => {
  const sorted = [...samples].sort((a, b) => a.perSecond - b.perSecond);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

/** One system's part in a figure: runs `ops` operations and answers the units handled. */
export type Contender = ((ops: number) => Promise<number>) | undefined;

/**
 * A figure: each contender runs once with `warmupShare` of the operations (discarded), then `rounds`
 * rounds with the contenders interleaved, so drift on a shared machine hits them alike. Answers each
 * contender's median round (undefined for an absent or failing contender; `onError` hears why).
 */
export const compare = async (
  config: BenchConfig,
  ops: number,
  contenders: readonly Contender[],
  onError: (index: number, error: unknown) => void,
): Promise<(Rate | undefined)[]> => {
  const live = contenders.map((c) => c !== undefined);
  const samples: Rate[][] = contenders.map(() => []);
  const attempt = async (i: number, count: number, keep: boolean) => {
    const c = contenders[i];
    if (!c || !live[i]) return;
    try {
      const r = await timed(() => c(count));
      if (keep) samples[i]?.push(r);
    } catch (error) {
      live[i] = false;
      onError(i, error);
    }
  };
  for (let i = 0; i < contenders.length; i++) {
    await attempt(i, Math.max(1, Math.round(ops * config.warmupShare)), false);
  }
  for (let round = 0; round < config.rounds; round++) {
    for (let i = 0; i < contenders.length; i++) await attempt(i, ops, true);
  }
  return samples.map((s, i) => (live[i] ? median(s) : undefined));
};

/**
 * `ops` operations over `writers` workers, each running its share one after another: `op(writer, i)`
 * gets the writer index and the operation's index within that writer.
 */
export const concurrently = async (
  writers: number,
  ops: number,
  op: (writer: number, index: number) => Promise<void>,
): Promise<void> => {
  const share = (w: number) => Math.floor(ops / writers) + (w < ops % writers ? 1 : 0);
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      for (let i = 0; i < share(w); i++) await op(w, i);
    }),
  );
};

export type OrganisationCreatedData = {
  readonly orgId: string;
  readonly name: string;
  readonly siren: string;
  readonly vatNumber: null;
  readonly address: null;
  readonly fiscalYearStartMonth: number;
  readonly vatRegime: string;
  readonly vatOnDebits: boolean;
};

/** The one payload every system stores: an OrganisationCreated event's data (about 170 bytes of JSON). */
export const organisationCreated = (orgId: string, n: number): OrganisationCreatedData => ({
  orgId,
  name: `Organisation de test numéro ${n}`,
  siren: "732829320",
  vatNumber: null,
  address: null,
  fiscalYearStartMonth: 1,
  vatRegime: "reel_normal",
  vatOnDebits: false,
});

export const formatRate = (r: Rate | undefined): string =>
  r === undefined ? "n/a" : `${Math.round(r.perSecond).toLocaleString("en-US")}/s`;

export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** The value at quantile `p` (0–1) of ascending samples (nearest rank). */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN;

/**
 * Writes a benchmark's section into the performance document, between its `start` and `end` markers
 * (included in `section`): in place of the previous one, or at the end of the document.
 */
export const writeSection = (path: string, start: string, end: string, section: string): void => {
  const text = existsSync(path) ? readFileSync(path, "utf8") : "# Performance\n";
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  writeFileSync(
    path,
    from >= 0 && to > from
      ? // What follows the section stays as it was: one newline is dropped only when the section brings its own.
        `${text.slice(0, from)}${section}${section.endsWith("\n") ? text.slice(to + end.length).replace(/^\n/, "") : text.slice(to + end.length)}`
      : `${text.replace(/\n*$/, "\n\n")}${section}`,
  );
};

/**
 * While a benchmark part runs, an interruption (SIGINT, SIGTERM) drops its database before the process
 * exits: the handlers already there (run.ts's, whose databases are gone by then) are set aside.
 * Answers the function that puts them back.
 */
export const dropOnInterrupt = (drop: () => Promise<unknown>): (() => void) => {
  const interrupted = () => {
    drop().finally(() => process.exit(130));
  };
  const signals = ["SIGINT", "SIGTERM"] as const;
  const previous = signals.map((signal) => [signal, process.listeners(signal)] as const);
  for (const signal of signals) {
    process.removeAllListeners(signal);
    process.once(signal, interrupted);
  }
  return () => {
    for (const [signal, listeners] of previous) {
      process.removeListener(signal, interrupted);
      for (const listener of listeners) process.on(signal, listener);
    }
  };
};

/** A benchmark's databases are named `<BENCH_DB_PREFIX>_<label>_<random>` (several runs never meet). */
export const benchDatabaseName = (label: string): string =>
  `${process.env.BENCH_DB_PREFIX ?? "registre_bench"}_${label}_${randomBytes(4).toString("hex")}`;

export type BenchOrganisation = {
  readonly ctx: AppContext;
  readonly orgId: string;
  /** A new command's metadata (a fresh command id, now, the bench user). */
  readonly meta: () => CommandMetadata;
  /** The raw anchor's database, empty: the benchmark makes its bare tables there. */
  readonly rawUrl: string;
  /** Stops the projections and closes the system's database (once; done at the end otherwise). */
  readonly close: () => Promise<void>;
};

/**
 * The set-up every PostgreSQL benchmark of issues 9 and 10 shares: two fresh databases, the system's
 * and the raw anchor's (`<name>_raw`); the system's context opened on the first with its projections
 * running, and one organisation created. `work` runs with them; both databases are dropped afterwards,
 * and on an interruption (SIGINT, SIGTERM).
 */
export const withBenchOrganisation = async <T>(
  label: string,
  organisation: string,
  work: (bench: BenchOrganisation) => Promise<T>,
): Promise<T> => {
  const name = benchDatabaseName(label);
  const raw = `${name}_raw`;
  const drop = () =>
    withAdmin(async (sql) => {
      await sql.unsafe(`drop database if exists "${name}" with (force)`);
      await sql.unsafe(`drop database if exists "${raw}" with (force)`);
    });
  const restoreSignals = dropOnInterrupt(drop);
  await withAdmin(async (sql) => {
    await sql.unsafe(`create database "${name}"`);
    await sql.unsafe(`create database "${raw}"`);
  });
  let closed = false;
  let ctx: AppContext | undefined;
  const close = async () => {
    if (closed || !ctx) return;
    closed = true;
    await ctx.runner.stop();
    await ctx.database.close();
  };
  try {
    const database = await openDatabase({ url: urlFor(adminUrl(), name), maxConnections: 8 });
    const opened = await openContext({}, database);
    ctx = opened;
    await opened.runner.start();
    const meta = (): CommandMetadata => ({
      commandId: opened.newId(),
      at: new Date().toISOString(),
      userId: "bench",
    });
    const orgId = await createOrganisation(
      opened,
      { name: organisation, siren: "552100554", vatNumber: null, fiscalYearStartMonth: 1 },
      meta(),
    );
    return await work({ ctx: opened, orgId, meta, rawUrl: urlFor(adminUrl(), raw), close });
  } finally {
    await close().catch(() => undefined);
    await drop();
    restoreSignals();
  }
};

/**
 * The bulk set-up of the read benchmarks: `count` new streams appended `batch` to a commit
 * (`appendMany`: one statement per commit, hash chain and all) while the projections are stopped, then
 * every read model rebuilt from the log at bulk speed (COPY, or one INSERT … SELECT where a projector
 * has one) instead of following the log live batch by batch, and the projections started again.
 * Answers the seconds of the appends and of the rebuild.
 */
export const loadStreams = async (
  bench: BenchOrganisation,
  count: number,
  partAt: (i: number) => StreamAppend,
  batch = 1000,
): Promise<{ appendSeconds: number; projectSeconds: number }> => {
  const { ctx, orgId, meta } = bench;
  await ctx.runner.drain();
  await ctx.runner.stop();
  const started = performance.now();
  for (let from = 0; from < count; from += batch) {
    const parts: StreamAppend[] = [];
    for (let i = from; i < Math.min(count, from + batch); i++) parts.push(partAt(i));
    await ctx.store.appendMany(orgId, parts, { metadata: meta() });
  }
  const appended = performance.now();
  for (const projector of ctx.runner.projectors) await ctx.runner.rebuild(projector.name);
  await ctx.runner.start();
  await ctx.runner.drain();
  return {
    appendSeconds: (appended - started) / 1000,
    projectSeconds: (performance.now() - appended) / 1000,
  };
};
