import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { MessageChannel, type MessagePort } from "node:worker_threads";
import { DomainError } from "@registre/core";
import { pacer } from "@registre/store";
import { Piscina } from "piscina";
import { ProblemError } from "../http/problem.ts";
import { defaultWorkBudget, type WorkBudget } from "../uploads/limits.ts";
import { workerBundle } from "./bundle.ts";
import type { TaskInput, TaskName, TaskOutput } from "./tasks.ts";
import type { Failure, WorkerMessage, WorkerRequest } from "./worker.ts";

/**
 * The pool of worker threads where files are read (docs/architecture.md, "Uploads"): parsing a
 * statement, a CSV, a FEC or an e-invoice runs there, never on the event loop that answers everyone,
 * each file within a time and a memory budget. A file over its budget is refused and its thread
 * replaced (piscina starts another); the others go on.
 *
 * What a task produces in quantity (a CSV's rows, a FEC's entries) comes back in pieces of JSON text
 * through a port of its own, and each piece is parsed on the event loop in paced slices once the task
 * is done: a file of 100,000 lines never holds the loop while its result is copied over.
 */
export type WorkPool = {
  readonly budget: WorkBudget;
  /** Runs a task; `onItems` receives what it emits, in order, before the promise resolves. */
  readonly run: <N extends TaskName>(
    task: N,
    input: TaskInput<N>,
    options?: RunOptions,
  ) => Promise<TaskOutput<N>>;
  /**
   * Takes one of the organisation's places for heavy work (UPLOADS_PER_ORGANISATION), released by the
   * function it answers; when they are all taken, 429 with Retry-After, before the body is read.
   */
  readonly admit: (orgId: string) => () => void;
  /** Starts a thread now, so that the first file does not wait for one to load (a server's start). */
  readonly warm: () => void;
  /** Tasks running and waiting, for health and the benchmark. */
  readonly stats: () => {
    readonly running: number;
    readonly queued: number;
    readonly threads: number;
    /** Places taken by uploads under way (admitted at the door, released with their answer). */
    readonly admitted: number;
  };
  readonly close: () => Promise<void>;
};

export type RunOptions = {
  /** What the task emits, in order, before the promise resolves. */
  readonly onItems?: (items: unknown[]) => void;
  readonly timeMs?: number;
  /**
   * The input's `bytes` are moved to the thread, not copied (a copy of 20 MB holds the event loop tens of
   * milliseconds): the caller's array is emptied. Given `bytesBack`, the thread moves them back at the
   * end, into it; without it the caller must not read them again.
   */
  readonly moveBytes?: boolean;
  readonly bytesBack?: (bytes: Uint8Array<ArrayBuffer>) => void;
};

/** The input's bytes when they can be moved: a Uint8Array that is its whole buffer (not a view of another). */
const movable = (input: unknown): Uint8Array<ArrayBuffer> | undefined => {
  const bytes = (input as { bytes?: unknown } | null)?.bytes;
  return bytes instanceof Uint8Array &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength &&
    bytes.buffer instanceof ArrayBuffer &&
    bytes.byteLength > 0
    ? (bytes as Uint8Array<ArrayBuffer>)
    : undefined;
};

/** Seconds a refused upload suggests to wait before trying again. */
export const BUSY_RETRY_AFTER = 5;

/** The TypeScript loader for the threads: the server runs through tsx, and so do its workers. */
const loaderUrl = (): string => pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

const rebuild = (failure: Failure): Error => {
  if (failure.kind === "problem")
    return new ProblemError(
      failure.status as ConstructorParameters<typeof ProblemError>[0],
      failure.code,
      failure.params,
      failure.errors,
    );
  if (failure.kind === "domain")
    return new DomainError(failure.code, failure.params, failure.status as 404 | 409 | 422);
  return new Error(failure.message);
};

const isOutOfMemory = (error: unknown) =>
  (error as { code?: string } | null)?.code === "ERR_WORKER_OUT_OF_MEMORY";
const isAbort = (error: unknown) => (error as { name?: string } | null)?.name === "AbortError";
const isQueueFull = (error: unknown) => error instanceof Error && /queue is at limit/i.test(error.message);

export const createWorkPool = (budget: WorkBudget = defaultWorkBudget): WorkPool => {
  let pool: Piscina | undefined;
  let starting: Promise<Piscina> | undefined;
  // Started on the first file: a server that reads none starts no thread. The threads load the bundled
  // worker (`bundle.ts`); should bundling fail, the TypeScript sources through tsx, slower to start.
  const piscina = (): Promise<Piscina> =>
    (starting ??= (async () => {
      const bundled = await workerBundle().catch(() => undefined);
      pool = new Piscina({
        filename: bundled ?? new URL("./worker.ts", import.meta.url).href,
        ...(bundled ? { execArgv: [] } : { execArgv: ["--import", loaderUrl()] }),
        minThreads: 0,
        maxThreads: budget.threads,
        // A thread stays a minute after its last file, so that the next one finds it loaded.
        idleTimeout: 60_000,
        maxQueue: budget.queue,
        resourceLimits: { maxOldGenerationSizeMb: budget.memoryMb, maxYoungGenerationSizeMb: 32 },
      });
      // A thread that dies with no task of its own (out of its memory budget just after its file was
      // refused, its heap still full) is an 'error' of the pool: unheard, it was an uncaught exception
      // that would stop the server. Piscina replaces the thread; the file was answered already.
      pool.on("error", (error: unknown) => {
        console.error("worker pool: a thread died between files; piscina replaces it", error);
      });
      return pool;
    })());
  const places = new Map<string, number>();
  let running = 0;

  const run: WorkPool["run"] = async (task, input, options = {}) => {
    const timeMs = options.timeMs ?? budget.timeMs;
    const { port1, port2 } = new MessageChannel();
    // The time budget runs from the task's start on its thread, not from its place in the queue.
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let end: WorkerMessage | undefined;
    // The items arrive as JSON text, cheap to receive: every message waiting is delivered in one turn of
    // the loop, and a FEC's 30,000 entries decoded there (structured clone) held it 150–700 ms.
    const pieces: string[] = [];
    const ended = new Promise<void>((resolve) => {
      port1.on("message", (message: WorkerMessage) => {
        if (message.kind === "started") timer = setTimeout(() => abort.abort(), timeMs);
        else if (message.kind === "items") pieces.push(message.json);
        else {
          end = message;
          resolve();
        }
      });
    });
    const moved = options.moveBytes ? movable(input) : undefined;
    const request: WorkerRequest = {
      task,
      input,
      port: port2 as MessagePort,
      ...(moved && options.bytesBack && { sendBytesBack: true }),
    };
    running++;
    try {
      const transferList = moved ? [port2, moved.buffer] : [port2];
      await (await piscina()).run(request, { transferList: transferList as never, signal: abort.signal });
      await ended;
    } catch (error) {
      if (isOutOfMemory(error))
        throw new ProblemError(422, "upload.memoryBudget", { limit: budget.memoryMb, field: "file" });
      if (isAbort(error))
        throw new ProblemError(422, "upload.timeBudget", { limit: Math.round(timeMs / 1000), field: "file" });
      if (isQueueFull(error))
        throw new ProblemError(503, "upload.serverBusy", { retryAfter: BUSY_RETRY_AFTER });
      throw error;
    } finally {
      clearTimeout(timer);
      running--;
      port1.close();
    }
    const message = end as WorkerMessage;
    if (message.kind !== "items" && message.kind !== "started" && message.bytes)
      options.bytesBack?.(message.bytes);
    if (message.kind === "failed") throw rebuild(message.failure);
    if (message.kind !== "done") throw new Error("worker: no result");
    const pace = pacer();
    for (const [i, piece] of pieces.entries()) {
      await pace();
      options.onItems?.(JSON.parse(piece) as unknown[]);
      pieces[i] = "";
    }
    return message.value as never;
  };

  const admit = (orgId: string) => {
    const taken = places.get(orgId) ?? 0;
    if (taken >= budget.perOrganisation)
      throw new ProblemError(429, "upload.busy", {
        limit: budget.perOrganisation,
        retryAfter: BUSY_RETRY_AFTER,
      });
    places.set(orgId, taken + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (places.get(orgId) ?? 1) - 1;
      if (left <= 0) places.delete(orgId);
      else places.set(orgId, left);
    };
  };

  return {
    budget,
    run,
    admit,
    warm: () => {
      piscina()
        .then((p) => p.run({ task: "warm", input: null }))
        .catch(() => {});
    },
    stats: () => ({
      running: running - (pool?.queueSize ?? 0),
      queued: pool?.queueSize ?? 0,
      threads: pool?.threads.length ?? 0,
      admitted: [...places.values()].reduce((sum, taken) => sum + taken, 0),
    }),
    close: async () => {
      const p = starting && (await starting);
      pool = undefined;
      starting = undefined;
      await p?.destroy();
    },
  };
};

const shared = new Map<string, WorkPool>();

/**
 * The process's pool for these budgets: every server (and every test's API) of a process shares its
 * threads, so that the global bounds hold for the process and no file starts a thread of its own.
 */
export const sharedWorkPool = (budget: WorkBudget = defaultWorkBudget): WorkPool => {
  const key = JSON.stringify(budget);
  let pool = shared.get(key);
  if (!pool) {
    pool = createWorkPool(budget);
    shared.set(key, pool);
  }
  return pool;
};
