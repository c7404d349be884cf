import {
  type Checkpoint,
  compareCheckpoints,
  type Database,
  type EventStore,
  type ReadBatch,
  START,
} from "@registre/store";
import { sql } from "kysely";
import { BehaviorSubject } from "rxjs";
import { committer } from "./commits.ts";
import type { ProjectionFailure } from "./confined.ts";
import { createTables, lockKey, pointViews } from "./generations.ts";
import { Abandoned, liveLoops } from "./live.ts";
import { checkpointOf, checkpointWriter, type Memo } from "./persist.ts";
import type { ProjectionExecutor, Projector } from "./projector.ts";
import { REACTOR_RETRY, type ReactorRetry, reactions } from "./reactions.ts";
import type { Reactor } from "./reactor.ts";
import { recovery } from "./recovery.ts";
import { type Failed, readState } from "./state.ts";
import { type ProjectionStatus, readStatuses } from "./status.ts";
import { sharedReads } from "./tail.ts";
import { type Progress, visibility } from "./visibility.ts";

export type { ProjectionFailure } from "./confined.ts";
export { REACTOR_RETRY, type ReactorRetry } from "./reactions.ts";
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
  /** The reactors the runner drives beside its projectors (`reactor.ts`). */
  readonly reactors?: readonly Reactor[];
  /** When a reactor failing for an organisation tries again (`REACTOR_RETRY` by default). */
  readonly reactorRetryMs?: ReactorRetry;
  /**
   * A projector or a reactor failed for an organisation (`orgId`), or the runner itself failed (`name`
   * "runner").
   */
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

/** How often a live loop checks its remembered row, writing a checkpoint moved over other types' events. */
const PERSIST_MS = 1000;

/** How often a reactor holding organisations looks for those whose time to try again has come. */
const RETRY_CHECK_MS = 1000;

/** A batch of every type narrowed to some: the same checkpoint (all of it was read), `full` meaning "maybe more". */
const only = (batch: ReadBatch, types: readonly string[] | undefined): ReadBatch =>
  types ? { ...batch, events: batch.events.filter((e) => types.includes(e.type)) } : batch;

/** What follows the log: a projector writes rows in its checkpoint's transaction, a reactor acts before its checkpoint moves. */
type Follower =
  | { readonly kind: "projector"; readonly name: string; readonly p: Projector }
  | { readonly kind: "reactor"; readonly name: string; readonly r: Reactor };

export type ProjectionRunner = ReturnType<typeof createProjectionRunner>;

/**
 * Runs projectors and reactors over the event log. For each batch of a projector: read after the
 * checkpoint (gap-safe), then in one transaction move the checkpoint by compare-and-set and write the
 * rows, so every event is applied exactly once even across crashes and concurrent runners. For a
 * reactor: read the same way, react, then move the checkpoint — a replay finds its commands done (their
 * ids derive from the reactor and the event). A projector or a reactor that throws on an event stops for
 * that event's organisation only: the failure is recorded, that organisation's later events are held
 * (never skipped: `resume` applies them; a reactor tries again by itself, with back-off), and the other
 * organisations go on. Database outages are not failures: the runner retries with backoff.
 */
export const createProjectionRunner = (
  database: Database,
  store: EventStore,
  projectors: readonly Projector[],
  options: RunnerOptions = {},
) => {
  const batchSize = options.batchSize ?? 1000;
  const persistMs = options.persistMs ?? PERSIST_MS;
  const reactors = options.reactors ?? [];
  const followers = new Map<string, Follower>();
  for (const f of [
    ...projectors.map((p) => ({ kind: "projector" as const, name: p.name, p })),
    ...reactors.map((r) => ({ kind: "reactor" as const, name: r.name, r })),
  ]) {
    if (followers.has(f.name)) throw new Error(`Two followers of the log named ${f.name}`);
    followers.set(f.name, f);
  }
  const progress = new BehaviorSubject<ReadonlyMap<string, Progress>>(new Map());

  const { readTail, retryTick } = sharedReads(store, batchSize);

  const follower = (name: string): Follower => {
    const f = followers.get(name);
    if (!f) throw new Error(`Unknown projector or reactor ${name}`);
    return f;
  };
  const projector = (name: string): Projector => {
    const f = follower(name);
    if (f.kind !== "projector") throw new Error(`${name} is a reactor: it has no read model`);
    return f.p;
  };

  /** A reactor's row, first seen: at the log's start, or at the safe horizon of now (`Reactor.from`). */
  const setupReactor = async (trx: ProjectionExecutor, r: Reactor) => {
    let from = START;
    if (r.from !== "start") {
      const { rows } = await sql<{ xmin: string }>`
        select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`.execute(trx);
      from = { txId: rows[0]?.xmin ?? START.txId, position: 0 };
    }
    await trx
      .insertInto("projections")
      .values({
        name: r.name,
        version: 1,
        generation: 1,
        tx_id: from.txId,
        position: from.position,
        status: "running",
        error: null,
        error_position: null,
      })
      .execute();
  };

  /** Creates state rows and tables for new projectors (rows for new reactors); rebuilds those whose version changed. */
  const setup = async (): Promise<void> => {
    for (const f of followers.values()) {
      const outdated = await database.db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${lockKey(f.name)})`.execute(trx);
        const state = await readState(trx, f.name);
        if (f.kind === "reactor") {
          if (!state) await setupReactor(trx, f.r);
          return false;
        }
        const p = f.p;
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
      if (outdated) await rebuild(f.name);
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
  const retry = options.reactorRetryMs ?? REACTOR_RETRY;
  const reacting = reactions({ database, store, batchSize, retry });
  // Looked for at most once a second, and as often as the first delay when it is shorter (tests).
  const retryCheckMs = Math.min(RETRY_CHECK_MS, retry.first);

  /**
   * What this runner knows of each follower between steps, so that a step costs one read of the log
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

  // A reactor's resumes (by hand, or its organisations' retries) one at a time in this runner: two would
  // react to the same held events at once.
  const resuming = new Map<string, Promise<unknown>>();
  const serially = <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const run = (resuming.get(name) ?? Promise.resolve()).then(work, work);
    resuming.set(
      name,
      run.catch(() => undefined),
    );
    return run;
  };

  const resumeReactor = (r: Reactor, orgId?: string) =>
    serially(r.name, async () => {
      const outcome = await reacting.resume(r, orgId);
      forget(r.name);
      release(r.name, outcome.resumed);
      report(r.name, outcome.failed);
      return outcome;
    });

  /** When each reactor holding organisations last looked for those due to be tried again. */
  const retriesChecked = new Map<string, number>();
  /** A reactor's organisations whose time to try again has come: given their held events again. */
  const retryDue = async (r: Reactor, m: Memo) => {
    if ((m.state.held ?? []).length === 0) return;
    const now = Date.now();
    if (now - (retriesChecked.get(r.name) ?? 0) < retryCheckMs) return;
    retriesChecked.set(r.name, now);
    for (const orgId of await reacting.due(r.name, m.state.generation)) await resumeReactor(r, orgId);
  };

  /**
   * One step for one follower: "idle" when caught up, "busy" when more may be waiting. `lazy` (the
   * live loops) writes a checkpoint that moved over events of other types at most every `PERSIST_MS`.
   */
  const advance = async (
    name: string,
    lazy: boolean,
    live: () => boolean = () => true,
  ): Promise<"idle" | "busy" | "missing"> => {
    const f = follower(name);
    const handles = f.kind === "projector" ? f.p.handles : f.r.handles;
    // A loop the watchdog replaced goes no further: its successor does this work.
    const still = () => {
      if (!live()) throw new Abandoned(`the catch-up loop of ${name} was replaced`);
    };
    let m = await remembered(name);
    still();
    if (m && f.kind === "reactor" && (m.state.held ?? []).length > 0) {
      await retryDue(f.r, m);
      m = await remembered(name);
      still();
    }
    if (!m) return "missing";
    const { state } = m;
    const from = m.read;
    // Caught up, a live loop reads the log's tail with the others at the same place (see `readTail`)
    // and a projector commits with them (`commitWithOthers`); behind, it reads only its own types.
    const tail = lazy && m.caughtUp;
    const batch: ReadBatch = tail
      ? only(await readTail(from), handles)
      : await store.readAll(from, { limit: batchSize, types: handles });
    still();
    m.caughtUp = !batch.full;
    if (batch.events.length === 0) {
      if (compareCheckpoints(batch.checkpoint, from) > 0) m.read = batch.checkpoint;
      publish(name, m.read, state.held ?? []);
      if (!lazy || Date.now() - m.checkedAt >= persistMs) await check(name, m);
      return batch.full ? "busy" : "idle";
    }
    const outcome =
      f.kind === "reactor"
        ? await reacting.react(f.r, state, batch.checkpoint, batch.events)
        : await (tail ? commitWithOthers : commitAlone)(f.p, state, batch.checkpoint, batch.events);
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

  /** One step for one follower, its checkpoint written: "idle" when caught up, "busy" when more may be waiting. */
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

  /** Follows one projector or reactor until it has read past `target`; the safe horizon may keep it waiting. */
  const follow = async (
    name: string,
    target: Checkpoint,
    deadline: number,
    lazy = false,
    live: () => boolean = () => true,
  ) => {
    for (;;) {
      if (lazy && alreadyPast(name, target) && !retryPending(name)) return;
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

  /** A reactor holding organisations, not looked at for their retries lately: its loop steps even when caught up. */
  const retryPending = (name: string): boolean => {
    const f = followers.get(name);
    if (f?.kind !== "reactor") return false;
    const held = memo.get(name)?.state.held ?? [];
    return held.length > 0 && Date.now() - (retriesChecked.get(name) ?? 0) >= retryCheckMs;
  };

  /**
   * Processes until every projector and reactor has read past the log's head as of this call,
   * checkpoints written. The safe horizon is cluster-wide: while an older transaction (in any database
   * of the server) is still open, events committed after it are not readable yet, so this waits for it.
   */
  const drain = async (
    names: readonly string[] = [...followers.keys()],
    timeoutMs = 30_000,
  ): Promise<void> => {
    const target = await store.head();
    const deadline = Date.now() + timeoutMs;
    // Followers are independent (their own rows and checkpoint): side by side, a command waiting
    // for several of them waits for the slowest, not for the sum.
    const outcomes = await Promise.allSettled(names.map((name) => follow(name, target, deadline)));
    const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === "rejected");
    if (failed) throw failed.reason;
  };

  const loops = liveLoops({
    database,
    store,
    names: () => followers.keys(),
    follow,
    at: (name) => progress.value.get(name)?.checkpoint,
    forget,
    flush: async () => {
      await Promise.allSettled([...memo.entries()].map(([name, m]) => check(name, m)));
      memo.clear();
    },
    options,
  });

  /** Follows the live log: a notification, a poke after a command, or the polling interval. */
  const start = async (): Promise<void> => {
    await setup();
    await loops.start();
  };

  const { awaitVisible, waitFor } = visibility(progress, loops.poke, options.waitBudgetMs);

  const status = (): Promise<ProjectionStatus[]> =>
    readStatuses(
      database,
      [...followers.values()].map((f) => ({ name: f.name, kind: f.kind })),
      loops.stalled,
    );

  const projections = recovery({
    database,
    store,
    batchSize,
    projector,
    publish,
    report,
    release,
    trigger: () => loops.trigger(),
    forget,
  });

  /** Rebuilds a projector's read model from the log (`recovery.ts`); a reactor has none. */
  const rebuild = async (name: string, onProgress?: (done: number, total: number) => void) => {
    projector(name);
    return projections.rebuild(name, onProgress);
  };

  /**
   * After a fix is deployed: applies (a projector) or reacts to again (a reactor) what was held back for
   * an organisation (every failed one without `orgId`), from the event it failed on; see `recovery.ts`
   * and `reactions.ts`.
   */
  const resume = async (
    name: string,
    orgId?: string,
  ): Promise<{ resumed: string[]; failed: ProjectionFailure[] }> => {
    const f = follower(name);
    if (f.kind === "projector") return projections.resume(name, orgId);
    const outcome = await resumeReactor(f.r, orgId);
    loops.trigger();
    const failedNow = new Set(outcome.failed.map((x) => x.event.orgId));
    return { resumed: outcome.resumed, failed: outcome.still.filter((x) => failedNow.has(x.orgId)) };
  };

  return {
    setup,
    start,
    stop: loops.stop,
    drain,
    step,
    waitFor,
    awaitVisible,
    status,
    rebuild,
    resume,
    poke: () => loops.poke(),
    projectors,
    reactors,
  };
};
