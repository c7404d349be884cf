import {
  type Checkpoint,
  compareCheckpoints,
  type Database,
  type EventStore,
  type ReadBatch,
  START,
} from "@registre/store";
import { sql } from "kysely";
import {
  BehaviorSubject,
  filter,
  firstValueFrom,
  interval,
  merge,
  Subject,
  type Subscription,
  timeout,
} from "rxjs";
import type { ProjectionExecutor, Projector } from "./projector.ts";

export type ProjectionStatus = {
  readonly name: string;
  readonly version: number;
  readonly generation: number;
  readonly checkpoint: Checkpoint;
  readonly status: "running" | "failed";
  readonly error: string | null;
  readonly errorPosition: number | null;
  /** Events in the log past the checkpoint (of every type). */
  readonly lag: number;
};

export type RunnerOptions = {
  readonly batchSize?: number;
  readonly pollMs?: number;
  readonly onError?: (name: string, error: unknown) => void;
};

type StateRow = {
  name: string;
  version: number;
  generation: number;
  tx_id: string;
  position: number;
  status: "running" | "failed";
  error: string | null;
  error_position: number | null;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const physical = (table: string, generation: number) => `${table}_g${generation}`;
const lockKey = (name: string) => sql`hashtext(${`registre_projection:${name}`})`;

export type ProjectionRunner = ReturnType<typeof createProjectionRunner>;

/**
 * Runs projectors over the event log. For each batch: read after the checkpoint (gap-safe), then in
 * one transaction move the checkpoint by compare-and-set and write the rows, so every event is
 * applied exactly once even across crashes and concurrent runners. A projector that throws is
 * stopped at the exact event, with the error kept; it is never skipped past.
 */
export const createProjectionRunner = (
  database: Database,
  store: EventStore,
  projectors: readonly Projector[],
  options: RunnerOptions = {},
) => {
  const batchSize = options.batchSize ?? 1000;
  const byName = new Map(projectors.map((p) => [p.name, p]));
  const progress = new BehaviorSubject<ReadonlyMap<string, Checkpoint>>(new Map());
  const poke$ = new Subject<void>();
  let subscription: Subscription | undefined;
  let unlisten: (() => Promise<void>) | undefined;

  const projector = (name: string): Projector => {
    const p = byName.get(name);
    if (!p) throw new Error(`Unknown projector ${name}`);
    return p;
  };

  const readState = async (
    name: string,
    db: ProjectionExecutor = database.db,
  ): Promise<StateRow | undefined> =>
    db
      .selectFrom("projections")
      .select([
        "name",
        "version",
        "generation",
        sql<string>`tx_id::text`.as("tx_id"),
        "position",
        "status",
        "error",
        "error_position",
      ])
      .where("name", "=", name)
      .executeTakeFirst() as Promise<StateRow | undefined>;

  const createTables = async (db: ProjectionExecutor, p: Projector, generation: number) => {
    for (const t of p.tables) {
      const name = physical(t.name, generation);
      await sql.raw(`drop table if exists ${name} cascade`).execute(db);
      await sql.raw(`create table ${name} (${t.columns})`).execute(db);
      for (const index of t.indexes ?? []) await sql.raw(index.replaceAll("{table}", name)).execute(db);
    }
  };

  const pointViews = async (db: ProjectionExecutor, p: Projector, generation: number) => {
    for (const t of p.tables) {
      // The view's columns change with a new generation: drop and create, inside the caller's transaction.
      await sql.raw(`drop view if exists ${t.name}`).execute(db);
      await sql.raw(`create view ${t.name} as select * from ${physical(t.name, generation)}`).execute(db);
    }
  };

  const dropTables = async (db: ProjectionExecutor, p: Projector, generation: number) => {
    for (const t of p.tables)
      await sql.raw(`drop table if exists ${physical(t.name, generation)}`).execute(db);
  };

  /** Creates state rows and tables for new projectors; rebuilds those whose version changed. */
  const setup = async (): Promise<void> => {
    for (const p of projectors) {
      const outdated = await database.db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${lockKey(p.name)})`.execute(trx);
        const state = await readState(p.name, trx);
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

  const publish = (name: string, checkpoint: Checkpoint) => {
    const next = new Map(progress.value);
    next.set(name, checkpoint);
    progress.next(next);
  };

  const recordFailure = async (name: string, generation: number, error: unknown, position: number | null) => {
    await database.db
      .updateTable("projections")
      .set({
        status: "failed",
        error: error instanceof Error ? error.message : String(error),
        error_position: position,
        updated_at: new Date(),
      })
      .where("name", "=", name)
      .where("generation", "=", generation)
      .execute();
    options.onError?.(name, error);
  };

  /** Writes one batch and its checkpoint atomically; false when another runner moved the checkpoint. */
  const commitBatch = async (
    p: Projector,
    state: StateRow,
    from: Checkpoint,
    to: Checkpoint,
    events: ReadBatch["events"],
  ): Promise<boolean> =>
    database.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable("projections")
        .set({ tx_id: to.txId, position: to.position, updated_at: new Date() })
        .where("name", "=", p.name)
        .where("generation", "=", state.generation)
        .where("status", "=", "running")
        .where(sql`tx_id`, "=", sql`${from.txId}::xid8`)
        .where("position", "=", from.position)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return false;
      if (events.length > 0) await p.apply(trx, events, (t) => physical(t, state.generation));
      return true;
    });

  /** One step for one projector: "idle" when caught up, "busy" when more may be waiting. */
  const step = async (name: string): Promise<"idle" | "busy" | "failed"> => {
    const p = projector(name);
    const state = await readState(name);
    if (!state || state.status === "failed") return "failed";
    const from = { txId: state.tx_id, position: state.position };
    const batch = await store.readAll(from, { limit: batchSize, types: p.handles });
    if (batch.events.length === 0 && compareCheckpoints(batch.checkpoint, from) === 0) {
      publish(name, from);
      return "idle";
    }
    try {
      if (!(await commitBatch(p, state, from, batch.checkpoint, batch.events))) return "busy";
      publish(name, batch.checkpoint);
      return batch.full ? "busy" : "idle";
    } catch {
      // Find the event that fails: apply one at a time; those before it are kept, exactly once.
      let at = from;
      for (const event of batch.events) {
        const to = { txId: event.txId, position: event.position };
        try {
          if (!(await commitBatch(p, state, at, to, [event]))) return "busy";
        } catch (error) {
          await recordFailure(name, state.generation, error, event.position);
          publish(name, at);
          return "failed";
        }
        at = to;
        publish(name, at);
      }
      return "busy";
    }
  };

  /**
   * Processes until every projector has read past the log's head as of this call, or stopped on a
   * failure. The safe horizon is cluster-wide: while an older transaction (in any database of the
   * server) is still open, events committed after it are not readable yet, so this waits for it.
   */
  const drain = async (names: readonly string[] = [...byName.keys()], timeoutMs = 30_000): Promise<void> => {
    const target = await store.head();
    const deadline = Date.now() + timeoutMs;
    for (const name of names) {
      for (;;) {
        const outcome = await step(name);
        if (outcome === "failed") break;
        if (outcome === "busy") continue;
        const reached = progress.value.get(name);
        if (reached && compareCheckpoints(reached, target) >= 0) break;
        if (Date.now() > deadline)
          throw new Error(
            `projection ${name} is held back before transaction ${target.txId}: an older transaction is still open`,
          );
        await sleep(10);
      }
    }
  };

  let draining: Promise<void> | undefined;
  let again = false;
  const trigger = () => {
    if (draining) {
      again = true;
      return;
    }
    draining = (async () => {
      do {
        again = false;
        try {
          await drain();
        } catch (error) {
          options.onError?.("runner", error);
        }
      } while (again);
      draining = undefined;
    })();
  };

  /** Follows the live log: a notification, a poke after a command, or the polling interval. */
  const start = async (): Promise<void> => {
    await setup();
    const notified$ = new Subject<void>();
    unlisten = await database.listen("registre_events", () => notified$.next()).catch(() => undefined);
    subscription = merge(notified$, poke$, interval(options.pollMs ?? 1000)).subscribe(trigger);
    trigger();
  };

  const stop = async (): Promise<void> => {
    subscription?.unsubscribe();
    subscription = undefined;
    await unlisten?.();
    await draining;
  };

  /**
   * Resolves once the named projectors have read past `target` (read-your-writes), or after
   * `timeoutMs`, answering whether they got there.
   */
  const waitFor = async (
    target: Checkpoint,
    names: readonly string[],
    timeoutMs = 5000,
  ): Promise<boolean> => {
    const reached = (m: ReadonlyMap<string, Checkpoint>) =>
      names.every((n) => {
        const c = m.get(n);
        return c !== undefined && compareCheckpoints(c, target) >= 0;
      });
    if (reached(progress.value)) return true;
    poke$.next();
    try {
      await firstValueFrom(progress.pipe(filter(reached), timeout(timeoutMs)));
      return true;
    } catch {
      return false;
    }
  };

  const status = async (): Promise<ProjectionStatus[]> => {
    const out: ProjectionStatus[] = [];
    for (const p of projectors) {
      const s = await readState(p.name);
      if (!s) continue;
      const checkpoint = { txId: s.tx_id, position: s.position };
      out.push({
        name: s.name,
        version: s.version,
        generation: s.generation,
        checkpoint,
        status: s.status,
        error: s.error,
        errorPosition: s.error_position,
        lag: await store.countAfter(checkpoint),
      });
    }
    return out;
  };

  /**
   * Rebuilds a projector from the start of the log into a new generation of its tables, then swaps
   * it in: the last stretch is read and applied while holding the projector's state row, so nothing
   * written meanwhile is lost, and readers switch in one transaction.
   */
  const rebuild = async (
    name: string,
    onProgress: (done: number, total: number) => void = () => {},
  ): Promise<{ events: number; seconds: number }> => {
    const p = projector(name);
    const started = performance.now();
    const current = await readState(name);
    const generation = (current?.generation ?? 0) + 1;
    const total = await store.countAfter(START);
    const target = await store.head();
    await database.db.transaction().execute((trx) => createTables(trx, p, generation));
    let checkpoint = START;
    let done = 0;
    const table = (t: string) => physical(t, generation);
    // Everything committed before the rebuild started is in the new generation before it is swapped in.
    for (;;) {
      const batch = await store.readAll(checkpoint, { limit: Math.max(batchSize, 5000), types: p.handles });
      if (batch.events.length > 0) {
        await database.db.transaction().execute((trx) => p.apply(trx, batch.events, table));
        done += batch.events.length;
        onProgress(done, total);
      }
      checkpoint = batch.checkpoint;
      if (batch.full) continue;
      if (compareCheckpoints(checkpoint, target) >= 0) break;
      await sleep(10);
    }
    await database.db.transaction().execute(async (trx) => {
      const db = trx as unknown as ProjectionExecutor;
      await sql`select pg_advisory_xact_lock(${lockKey(name)})`.execute(db);
      await db.selectFrom("projections").select("name").where("name", "=", name).forUpdate().execute();
      for (;;) {
        const batch = await store.readAll(checkpoint, { limit: 5000, types: p.handles, executor: db });
        if (batch.events.length > 0) await p.apply(db, batch.events, table);
        done += batch.events.length;
        checkpoint = batch.checkpoint;
        if (!batch.full) break;
      }
      await pointViews(db, p, generation);
      const values = {
        version: p.version,
        generation,
        tx_id: checkpoint.txId,
        position: checkpoint.position,
        status: "running" as const,
        error: null,
        error_position: null,
        updated_at: new Date(),
      };
      await db
        .insertInto("projections")
        .values({ name, ...values })
        .onConflict((oc) => oc.column("name").doUpdateSet(values))
        .execute();
    });
    if (current) await database.db.transaction().execute((trx) => dropTables(trx, p, current.generation));
    onProgress(done, Math.max(total, done));
    publish(name, checkpoint);
    return { events: done, seconds: (performance.now() - started) / 1000 };
  };

  /** Clears a failure so the projector tries again from where it stopped (after a fix is deployed). */
  const resume = async (name: string) => {
    await database.db
      .updateTable("projections")
      .set({ status: "running", error: null, error_position: null })
      .where("name", "=", name)
      .execute();
    trigger();
  };

  return {
    setup,
    start,
    stop,
    drain,
    step,
    waitFor,
    status,
    rebuild,
    resume,
    poke: () => poke$.next(),
    projectors,
  };
};
