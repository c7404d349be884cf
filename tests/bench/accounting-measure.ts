import type { Readable } from "node:stream";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { ledgerProjector } from "@registre/projections";
import { openDatabase } from "@registre/store";
import postgres from "postgres";
import { openContext } from "../../api/src/bootstrap.ts";
import type { AppContext } from "../../api/src/context.ts";
import { percentile } from "./common.ts";

/**
 * The accounting benchmark's tools: formats, latencies, memory, the books' database and the ledger's
 * tables.
 */

export const TARGETS = { trialBalanceP95: 20, ledgerPageP95: 15, fecRatio: 3, fecMemoryMb: 100 } as const;

export const n = (value: number) => Math.round(value).toLocaleString("en-US");
export const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`;
export const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
export const sizeLabel = (lines: number) =>
  lines >= 1_000_000 && lines % 1_000_000 === 0
    ? `${lines / 1_000_000}M lines`
    : lines >= 1000 && lines % 1000 === 0
      ? `${lines / 1000}k lines`
      : `${n(lines)} lines`;

type Latency = { readonly p50: number; readonly p95: number; readonly runs: number };

export const latency = (samples: readonly number[]): Latency => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), runs: sorted.length };
};

/**
 * Runs each contender `warmup` times untimed, then `runs` times timed, interleaved run by run (the
 * order alternating, so neither always reads what the other just warmed); `run(i)` gets the run index.
 */
export const latencies = async (
  runs: number,
  warmup: number,
  contenders: readonly ((i: number) => Promise<unknown>)[],
): Promise<Latency[]> => {
  const samples = contenders.map((): number[] => []);
  for (let i = 0; i < warmup + runs; i++) {
    const order = contenders.map((_, k) => k);
    if (i % 2 === 1) order.reverse();
    for (const k of order) {
      const started = performance.now();
      await contenders[k]?.(i);
      if (i >= warmup) samples[k]?.push(performance.now() - started);
    }
  }
  return samples.map(latency);
};

/** `global.gc`, exposed at run time (tsx runs without --expose-gc). */
export const collectGarbage: () => void = (() => {
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
})();

type MemoryPeak = { rss: number; heap: number };

/** Samples memory every 10 ms (and whenever `sample` is called) until stopped; answers the growth over a GC'd baseline. */
export const watchMemory = () => {
  collectGarbage();
  const base = process.memoryUsage();
  const peak: MemoryPeak = { rss: base.rss, heap: base.heapUsed };
  const sample = () => {
    const m = process.memoryUsage();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heap = Math.max(peak.heap, m.heapUsed);
  };
  const timer = setInterval(sample, 10);
  return {
    sample,
    stop: (): MemoryPeak => {
      clearInterval(timer);
      sample();
      return { rss: peak.rss - base.rss, heap: peak.heap - base.heapUsed };
    },
  };
};

export const newlines = (bytes: Uint8Array): number => {
  let lines = 0;
  for (let at = bytes.indexOf(10); at >= 0; at = bytes.indexOf(10, at + 1)) lines++;
  return lines;
};

export type Open = {
  readonly ctx: AppContext;
  readonly sql: postgres.Sql;
  readonly url: string;
  readonly setDay: (day: string) => void;
  readonly close: () => Promise<void>;
};

export const openBooksDatabase = async (url: string, maxConnections = 4): Promise<Open> => {
  const database = await openDatabase({ url, maxConnections });
  const base = await openContext({}, database);
  let now = new Date("2025-01-02T10:00:00Z");
  const ctx: AppContext = { ...base, clock: () => now };
  await ctx.runner.start();
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  return {
    ctx,
    sql,
    url,
    setDay: (day) => {
      now = new Date(`${day}T10:00:00Z`);
    },
    close: async () => {
      await Promise.allSettled([ctx.runner.stop()]);
      await Promise.allSettled([sql.end(), ctx.database.close()]);
    },
  };
};

/** The ledger projector's live tables (`<table>_g<generation>`). */
export const ledgerTables = async (sql: postgres.Sql) => {
  const [row] = await sql<{ generation: number }[]>`select generation from projections where name = 'ledger'`;
  if (!row) throw new Error("the ledger projector has no state row");
  return ledgerProjector.tables.map((t) => ({ ...t, physical: `${t.name}_g${row.generation}` }));
};

/**
 * Runs `copy … to stdout` on a connection of its own, closed afterwards: postgres.js 3.4 can leave a
 * connection's socket paused when a COPY's last data and its end arrive together while the stream is
 * paused (porsager/postgres#499, PR #1016), and the next query on that connection never returns.
 */
export const copyOut = async (
  url: string,
  statement: string,
  consume: (readable: Readable) => Promise<void>,
) => {
  const own = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await own`select 1`;
    await consume(await own.unsafe(statement).readable());
  } finally {
    await own.end({ timeout: 1 });
  }
};
