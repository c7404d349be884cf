import {
  type Checkpoint,
  compareCheckpoints,
  type Database,
  type EventStore,
  isTransientDatabaseError,
  type ReadBatch,
  START,
} from "@registre/store";
import { sql } from "kysely";
import { BehaviorSubject, interval, merge, Subject, type Subscription } from "rxjs";
import { committer } from "./commits.ts";
import { createTables, lockKey, pointViews } from "./generations.ts";
import { checkpointOf, checkpointWriter, type Memo } from "./persist.ts";
import type { Projector } from "./projector.ts";
import { recovery } from "./recovery.ts";
import { type Failed, readState } from "./state.ts";
import { type ProjectionStatus, readStatuses } from "./status.ts";
import { sharedReads } from "./tail.ts";
import { type Progress, visibility } from "./visibility.ts";
import { createWatchdog, within } from "./watchdog.ts";

export type { ProjectionFailure } from "./confined.ts";
export type { ProjectionStatus } from "./status.ts";
export { type Visibility, WAIT_BUDGET_MS } from "./visibility.ts";
export { STALL_MS } from "./watchdog.ts";

export type RunnerOptions = {
  readonly batchSize?: number;
  /** How long a command waits for its read models (`awaitVisible`); `WAIT_BUDGET_MS` by default. */
  readonly waitBudgetMs?: number;
  readonly pollMs?: number;
  /**
   * How often a live loop writes a checkpoint it moved over events of other types only (and checks
   * its remembered row); `PERSIST_MS` by default. Its own batches are written as they are applied.
   */
  readonly persistMs?: number;
  /** A projector failed for an organisation (`orgId`), or the runner itself failed (`name` "runner"). */
  readonly onError?: (name: string, error: unknown, orgId?: string) => void;
  /** The database became unreachable ("lost"; the runner retries with backoff), or is back. */
  readonly onDatabase?: (state: "lost" | "back", error?: unknown) => void;
  /** The backoff while the database is unreachable: the first delay, doubled up to `max` (100 ms, 5 s). */
  readonly retryMs?: { readonly first: number; readonly max: number };
  /**
   * How long a projector's position may stay still while the log's head is ahead of it and the
   * database answers, before the watchdog reports it stalled and starts its catch-up loop again
   * (`STALL_MS` by default).
   */
  readonly stallMs?: number;
  /** How often the watchdog looks (a quarter of `stallMs`, 5 s at most, by default). */
  readonly watchMs?: number;
  /** A projector stalled (its loop is started again), or moves again after it had. */
  readonly onStall?: (
    name: string,
    state: "stalled" | "moving",
    detail: { readonly stillMs: number },
  ) => void;
};

/** How long stopping waits for the catch-up loops to end their step. */
const STOP_WAIT_MS = 10_000;

/** A catch-up loop the watchdog replaced: what it was doing is dropped, whenever it ends. */
class Abandoned extends Error {
  override readonly name = "Abandoned";
}

/** How often a live loop checks its remembered row, writing a checkpoint moved over other types' events. */
const PERSIST_MS = 1000;

/** A batch of every type narrowed to some: the same checkpoint (all of it was read), `full` meaning "maybe more". */
const only = (batch: ReadBatch, types: readonly string[] | undefined): ReadBatch =>
  types ? { ...batch, events: batch.events.filter((e) => types.includes(e.type)) } : batch;

export type ProjectionRunner = ReturnType<typeof createProjectionRunner>;

/**
 * Runs projectors over the event log. For each batch: read after the checkpoint (gap-safe), then in
 * one transaction move the checkpoint by compare-and-set and write the rows, so every event is
 * applied exactly once even across crashes and concurrent runners. A projector that throws on an
 * event stops for that event's organisation only: the failure is recorded, that organisation's later
 * events are held (never skipped: `resume` applies them), and the other organisations go on.
 * Database outages are not failures: the runner retries with backoff.
 */
export const createProjectionRunner = (
  database: Database,
  store: EventStore,
  projectors: readonly Projector[],
  options: RunnerOptions = {},
) => {
  const batchSize = options.batchSize ?? 1000;
  const persistMs = options.persistMs ?? PERSIST_MS;
  const byName = new Map(projectors.map((p) => [p.name, p]));
  const progress = new BehaviorSubject<ReadonlyMap<string, Progress>>(new Map());
  const poke$ = new Subject<void>();
  let subscription: Subscription | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  let unannounce: (() => void) | undefined;

  const { readTail, retryTick } = sharedReads(store, batchSize);

  const projector = (name: string): Projector => {
    const p = byName.get(name);
    if (!p) throw new Error(`Unknown projector ${name}`);
    return p;
  };

  /** Creates state rows and tables for new projectors; rebuilds those whose version changed. */
  const setup = async (): Promise<void> => {
    for (const p of projectors) {
      const outdated = await database.db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${lockKey(p.name)})`.execute(trx);
        const state = await readState(trx, p.name);
        if (!state) {
          await createTables(trx, p, 1);
          await pointViews(trx, p, 1);
          await trx
            .insertInto("projections")
            .values({
              name: p.name,
              version: p.version,
              generation: 1,
              tx_id: START.txId,
              position: 0,
              status: "running",
              error: null,
              error_position: null,
            })
            .execute();
          return false;
        }
        return state.version !== p.version;
      });
      if (outdated) await rebuild(p.name);
    }
  };

  const publish = (name: string, checkpoint: Checkpoint, held: Iterable<string>) => {
    const next = new Map(progress.value);
    next.set(name, { checkpoint, held: new Set(held) });
    progress.next(next);
  };

  /** Organisations a resume cleared: no longer held, at the checkpoint already published. */
  const release = (name: string, orgIds: Iterable<string>) => {
    const current = progress.value.get(name);
    if (!current) return;
    const held = new Set(current.held);
    for (const id of orgIds) held.delete(id);
    publish(name, current.checkpoint, held);
  };

  const report = (name: string, failed: readonly Failed[]) => {
    for (const f of failed) options.onError?.(name, f.error, f.event.orgId);
  };

  const { commitAlone, commitWithOthers } = committer(database);

  /**
   * What this runner knows of each projector between steps, so that a step costs one read of the log
   * when nothing of its types came: its row as last read or written here (what the next commit
   * compares and sets: a runner elsewhere, a rebuild or a resume that changed it makes that commit
   * fail, and the row is read again), and how far it has read the log. Past the row's checkpoint
   * there is nothing of its types: the read position is published at once and written lazily
   * (`PERSIST_MS`), since after a restart reading that stretch again finds nothing to apply.
   */
  const memo = new Map<string, Memo>();

  const forget = (name: string) => {
    memo.delete(name);
  };

  const remembered = async (name: string): Promise<Memo | undefined> => {
    const known = memo.get(name);
    if (known) return known;
    const state = await readState(database.db, name);
    if (!state) return undefined;
    const fresh: Memo = { state, read: checkpointOf(state), checkedAt: Date.now(), caughtUp: false };
    memo.set(name, fresh);
    return fresh;
  };

  /**
   * Writes the read position as the checkpoint when it is ahead (compare-and-set on the remembered
   * row), or reads the row again: either way the remembered row is checked against the database.
   */
  const check = checkpointWriter(database, forget);

  /**
   * One step for one projector: "idle" when caught up, "busy" when more may be waiting. `lazy` (the
   * live loops) writes a checkpoint that moved over events of other types at most every `PERSIST_MS`.
   */
  const advance = async (
    name: string,
    lazy: boolean,
    live: () => boolean = () => true,
  ): Promise<"idle" | "busy" | "missing"> => {
    const p = projector(name);
    // A loop the watchdog replaced goes no further: its successor does this work.
    const still = () => {
      if (!live()) throw new Abandoned(`the catch-up loop of ${name} was replaced`);
    };
    const m = await remembered(name);
    still();
    if (!m) return "missing";
    const { state } = m;
    const from = m.read;
    // Caught up, a live loop reads the log's tail with the others at the same place (see `readTail`)
    // and commits with them (`commitWithOthers`); behind, it reads only its own types.
    const tail = lazy && m.caughtUp;
    const batch: ReadBatch = tail
      ? only(await readTail(from), p.handles)
      : await store.readAll(from, { limit: batchSize, types: p.handles });
    still();
    m.caughtUp = !batch.full;
    if (batch.events.length === 0) {
      if (compareCheckpoints(batch.checkpoint, from) > 0) m.read = batch.checkpoint;
      publish(name, m.read, state.held ?? []);
      if (!lazy || Date.now() - m.checkedAt >= persistMs) await check(name, m);
      return batch.full ? "busy" : "idle";
    }
    const outcome = await (tail ? commitWithOthers : commitAlone)(p, state, batch.checkpoint, batch.events);
    still();
    if (!outcome) {
      // Another runner, a rebuild or a resume changed the row: read it again.
      forget(name);
      return "busy";
    }
    if (outcome.failed.length > 0) forget(name);
    else {
      m.state = { ...state, tx_id: batch.checkpoint.txId, position: batch.checkpoint.position };
      m.read = batch.checkpoint;
      m.checkedAt = Date.now();
    }
    publish(name, batch.checkpoint, outcome.held);
    report(name, outcome.failed);
    return batch.full ? "busy" : "idle";
  };

  /** One step for one projector, its checkpoint written: "idle" when caught up, "busy" when more may be waiting. */
  const step = (name: string) => advance(name, false);

  /**
   * Whether a live loop has nothing to do for `target`: it has read past it, caught up, and its
   * remembered row was checked recently (otherwise a step writes or checks it).
   */
  const alreadyPast = (name: string, target: Checkpoint): boolean => {
    const m = memo.get(name);
    return (
      m?.caughtUp === true && compareCheckpoints(m.read, target) >= 0 && Date.now() - m.checkedAt < persistMs
    );
  };

  /** Follows one projector until it has read past `target`; the safe horizon may keep it waiting. */
  const follow = async (
    name: string,
    target: Checkpoint,
    deadline: number,
    lazy = false,
    live: () => boolean = () => true,
  ) => {
    for (;;) {
      if (lazy && alreadyPast(name, target)) return;
      const outcome = await advance(name, lazy, live);
      if (outcome === "missing") return;
      if (outcome === "busy") continue;
      const reached = progress.value.get(name)?.checkpoint;
      if (reached && compareCheckpoints(reached, target) >= 0) return;
      if (Date.now() > deadline)
        throw new Error(
          `projection ${name} is held back before transaction ${target.txId}: an older transaction is still open`,
        );
      await retryTick();
    }
  };

  /**
   * Processes until every projector has read past the log's head as of this call, checkpoints
   * written. The safe horizon is cluster-wide: while an older transaction (in any database of the
   * server) is still open, events committed after it are not readable yet, so this waits for it.
   */
  const drain = async (names: readonly string[] = [...byName.keys()], timeoutMs = 30_000): Promise<void> => {
    const target = await store.head();
    const deadline = Date.now() + timeoutMs;
    // Projectors are independent (their own rows and checkpoint): side by side, a command waiting
    // for several of them waits for the slowest, not for the sum.
    const outcomes = await Promise.allSettled(names.map((name) => follow(name, target, deadline)));
    const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === "rejected");
    if (failed) throw failed.reason;
  };

  // What a woken loop follows the log up to. `wave` counts the triggers. A trigger that knows the
  // place it wakes the loops for (an append of this process's store, announced with its checkpoint)
  // moves `announced`; one that does not (another process's notification, the polling interval, a
  // rebuild) is "blind" and makes the next loop to wake read the log's head — once for every loop
  // woken by it: a head read after trigger n serves every loop that needs to see what came before it.
  let wave = 0;
  let blindWave = 0;
  let announced: Checkpoint = START;
  let headRead: { wave: number; head: Promise<Checkpoint> } | undefined;
  const headAfter = (needed: number): Promise<Checkpoint> => {
    if (headRead && headRead.wave >= needed) return headRead.head;
    const read = { wave, head: store.head() };
    headRead = read;
    read.head.catch(() => {
      if (headRead === read) headRead = undefined;
    });
    return read.head;
  };
  /** The place a loop woken now must reach: every announced append, and the head as of the last blind trigger. */
  const targetNow = async (): Promise<Checkpoint> => {
    const known = announced;
    if (blindWave === 0) return known;
    const head = await headAfter(blindWave);
    return compareCheckpoints(head, known) > 0 ? head : known;
  };

  // Each projector follows the log in a loop of its own: a command waiting for one read model does
  // not wait for another's batch.
  const loops = new Map<string, { draining?: Promise<void>; again: boolean }>();
  // Between start and stop: only a started runner follows the log by itself.
  let running = false;
  // While the database is unreachable: the next attempt's delay, and its timer.
  let backoffMs = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const databaseLost = (error: unknown) => {
    if (retry || !running) return;
    if (backoffMs === 0) options.onDatabase?.("lost", error);
    const { first, max } = options.retryMs ?? { first: 100, max: 5000 };
    backoffMs = Math.min(backoffMs === 0 ? first : backoffMs * 2, max);
    retry = setTimeout(() => {
      retry = undefined;
      trigger();
    }, backoffMs);
  };

  const triggerOne = (name: string) => {
    const loop = loops.get(name) ?? { again: false };
    loops.set(name, loop);
    if (!running || retry) return;
    if (loop.draining) {
      loop.again = true;
      return;
    }
    const live = () => loops.get(name) === loop;
    loop.draining = (async () => {
      do {
        loop.again = false;
        try {
          const target = await targetNow();
          await follow(name, target, Date.now() + 30_000, true, live);
          if (backoffMs > 0 && !retry) {
            backoffMs = 0;
            options.onDatabase?.("back");
          }
        } catch (error) {
          if (error instanceof Abandoned || !live()) break;
          if (isTransientDatabaseError(error)) {
            databaseLost(error);
            break;
          }
          options.onError?.("runner", error);
        }
      } while (loop.again && running && live());
      loop.draining = undefined;
    })();
  };

  // The watchdog (`watchdog.ts`): a projector stalled has its catch-up loop replaced by a new one.
  const watchdog = createWatchdog({
    names: () => byName.keys(),
    at: (name) => progress.value.get(name)?.checkpoint,
    head: () => store.head(),
    idle: () => retry !== undefined || !running,
    restartLoop: (name) => {
      loops.set(name, { again: false });
      forget(name);
      triggerOne(name);
    },
    ...(options.stallMs !== undefined && { stallMs: options.stallMs }),
    ...(options.watchMs !== undefined && { watchMs: options.watchMs }),
    ...(options.onStall && { onStall: options.onStall }),
  });

  /** Wakes every loop; `at`, when known, is the place of what woke them (no read of the head then). */
  const trigger = (at?: Checkpoint) => {
    wave++;
    if (!at) blindWave = wave;
    else if (compareCheckpoints(at, announced) > 0) announced = at;
    // An append of this process just committed: the database answers again, so the loops go now
    // rather than when the backoff ends (up to 5 s after a restart, the commands' read models waiting).
    if (at && retry) {
      clearTimeout(retry);
      retry = undefined;
    }
    for (const name of byName.keys()) triggerOne(name);
  };

  /**
   * A wake-up for `target` (read-your-writes): none when an announced append already woke the loops
   * for it (they are on it, or past it); a blind one otherwise (a place this process did not append).
   */
  const poke = (target?: Checkpoint) => {
    if (target && compareCheckpoints(announced, target) >= 0) return;
    poke$.next();
  };

  /** Follows the live log: a notification, a poke after a command, or the polling interval. */
  const start = async (): Promise<void> => {
    await setup();
    running = true;
    const notified$ = new Subject<void>();
    // This store's own appends come announced, in process, with their checkpoint (`onAppended`):
    // their notification, sent for other processes, would only wake every loop a second time.
    unlisten = await database
      .listen("registre_events", (payload) => {
        if (payload !== store.instance) notified$.next();
      })
      .catch(() => undefined);
    unannounce = store.onAppended((checkpoint) => trigger(checkpoint));
    subscription = merge(notified$, poke$, interval(options.pollMs ?? 1000)).subscribe(() => trigger());
    watchdog.start();
    trigger();
  };

  const stop = async (): Promise<void> => {
    running = false;
    watchdog.stop();
    clearTimeout(retry);
    retry = undefined;
    subscription?.unsubscribe();
    subscription = undefined;
    unannounce?.();
    unannounce = undefined;
    await unlisten?.().catch(() => {});
    unlisten = undefined;
    // A loop stuck on a promise that never settles does not hold the stop for ever.
    await within(Promise.all([...loops.values()].map((loop) => loop.draining)), STOP_WAIT_MS);
    // The read positions not written yet (a restart would only read those stretches again).
    await Promise.allSettled([...memo.entries()].map(([name, m]) => check(name, m)));
    memo.clear();
  };

  const { awaitVisible, waitFor } = visibility(progress, poke, options.waitBudgetMs);

  const status = (): Promise<ProjectionStatus[]> =>
    readStatuses(
      database,
      projectors.map((p) => p.name),
      watchdog.stalled,
    );

  const { rebuild, resume } = recovery({
    database,
    store,
    batchSize,
    projector,
    publish,
    report,
    release,
    trigger,
    forget,
  });

  return {
    setup,
    start,
    stop,
    drain,
    step,
    waitFor,
    awaitVisible,
    status,
    rebuild,
    resume,
    poke: () => poke(),
    projectors,
  };
};
