/** Shared pieces of the benchmark: sizes, payloads, timing and concurrent writers. */

export type BenchConfig = {
  /** Concurrent writers for the "8 writers" figures. */
  readonly writers: number;
  /** Single-event commands (or single-row inserts) with one writer. */
  readonly singleOps: number;
  /** Single-event commands (or single-row inserts) spread over `writers` writers. */
  readonly concurrentOps: number;
  /** 100-event appends (or 100-row inserts). */
  readonly batchOps: number;
  readonly batchSize: number;
  /** Rows written by COPY for the COPY anchor. */
  readonly copyRows: number;
  /** Page size of every catch-up read. */
  readonly readPage: number;
  /** Share of each figure's count run first and discarded (warm-up). */
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
 * Sizes, scaled by BENCH_SCALE (default 1, about 3–4 minutes on 2 cores); each can also be set alone:
 * BENCH_WRITERS, BENCH_SINGLE_OPS, BENCH_CONCURRENT_OPS, BENCH_BATCH_OPS, BENCH_COPY_ROWS.
 */
export const benchConfig = (): BenchConfig => {
  const scale = positive("BENCH_SCALE", 1);
  const scaled = (name: string, base: number) => Math.max(10, Math.round(positive(name, base * scale)));
  return {
    writers: Math.round(positive("BENCH_WRITERS", 8)),
    singleOps: scaled("BENCH_SINGLE_OPS", 1_500),
    concurrentOps: scaled("BENCH_CONCURRENT_OPS", 40_000),
    batchOps: scaled("BENCH_BATCH_OPS", 400),
    batchSize: 100,
    copyRows: scaled("BENCH_COPY_ROWS", 100_000),
    readPage: 1000,
    warmupShare: 0.1,
  };
};

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

/**
 * A warm-up run of `warmupShare` of the operations (discarded), then the measured run of `ops`
 * operations. `run(ops, phase)` performs them and answers the units handled.
 */
export const measure = async (
  config: BenchConfig,
  ops: number,
  run: (ops: number, phase: "warmup" | "measured") => Promise<number>,
): Promise<Rate> => {
  await run(Math.max(1, Math.round(ops * config.warmupShare)), "warmup");
  return timed(() => run(ops, "measured"));
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
