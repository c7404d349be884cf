import {
  type Checkpoint,
  compareCheckpoints,
  type Database,
  type EventStore,
  isTransientDatabaseError,
  START,
  type StoredEvent,
} from "@registre/store";
import { sql } from "kysely";
import { applyConfined, type ProjectionFailure, readFailures, recordFailure } from "./confined.ts";
import {
  createTableIndexes,
  createTables,
  dropTables,
  lockKey,
  physical,
  pointViews,
} from "./generations.ts";
import { type ProjectionExecutor, type Projector, type ReadModelTable, rebuildSink } from "./projector.ts";
import { type Failed, readState } from "./state.ts";

/** What rebuild and resume need of the runner. */
export type RunnerCore = {
  readonly database: Database;
  readonly store: EventStore;
  readonly batchSize: number;
  readonly projector: (name: string) => Projector;
  readonly publish: (name: string, checkpoint: Checkpoint, held: Iterable<string>) => void;
  readonly report: (name: string, failed: readonly Failed[]) => void;
  /** Tells read-your-writes at once that organisations are no longer held (before the loop's next step). */
  readonly release: (name: string, orgIds: Iterable<string>) => void;
  /** Wakes the live loop. */
  readonly trigger: () => void;
  /** Drops what the runner remembers of a projector's row: it is read again at the next step. */
  readonly forget: (name: string) => void;
};

/**
 * The connections a rebuild's last part (derived tables, index builds, statistics) uses at once on
 * PostgreSQL: index builds use parallel workers of their own, the derived tables' statements and the
 * trigram index one core each.
 */
const FINISH_CONNECTIONS = 3;

/**
 * A table's secondary indexes, then its statistics, before the swap: without them the planner takes a
 * rebuilt table for an empty one until autovacuum passes (the items search scanned all 50,000 rows by index).
 */
const indexAndAnalyze = async (trx: ProjectionExecutor, t: ReadModelTable, generation: number) => {
  await createTableIndexes(trx, t, generation);
  await sql.raw(`analyze ${physical(t.name, generation)}`).execute(trx);
};

/** Events per transaction of a rebuild: fewer, larger COPYs. */
const REBUILD_BATCH = 5000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Rebuilding a projector into a new generation, and resuming organisations after a fix. */
export const recovery = ({
  database,
  store,
  batchSize,
  projector,
  publish,
  report,
  release,
  trigger,
  forget,
}: RunnerCore) => {
  /**
   * A transaction of the rebuild's bulk pass, committed without waiting for its WAL to reach the disk:
   * what it writes is seen by no reader, a crash before the swap only means rebuilding again (the
   * tables are made anew), and the swap's own commit, durable, flushes the WAL before it.
   */
  const unflushed = <T>(work: (trx: ProjectionExecutor) => Promise<T>): Promise<T> =>
    database.db.transaction().execute(async (trx) => {
      await sql`set local synchronous_commit = off`.execute(trx);
      return work(trx);
    });

  /**
   * Applies a rebuild's batch to the new generation in a transaction of its own: whole, or, when it
   * fails, confined (the failing organisations recorded for the new generation, the others kept).
   */
  const applyRebuildBatch = async (
    p: Projector,
    generation: number,
    events: readonly StoredEvent[],
    held: Set<string>,
    failed: Failed[],
  ) => {
    const table = (t: string) => physical(t, generation);
    try {
      const live = events.filter((e) => !held.has(e.orgId));
      if (live.length > 0)
        await unflushed(async (trx) => p.apply(trx, live, table, rebuildSink(trx, database, true)));
    } catch (error) {
      if (isTransientDatabaseError(error)) throw error;
      await unflushed((trx) =>
        applyConfined(
          trx,
          p,
          events,
          table,
          held,
          async (event, e) => {
            failed.push({ event, error: e });
            await recordFailure(trx, p.name, generation, event, e);
          },
          rebuildSink(trx, database, true),
        ),
      );
    }
  };

  /**
   * The bulk pass in SQL (`rebuildFromLog`): the projector's rows from every event of its types
   * committed before the horizon (the oldest transaction still running: all before it have ended, so
   * none of theirs comes later, and any later snapshot sees them all), in a transaction of its own.
   * Answers the place the batches go on from, and how many events it covered: counted beside the
   * statement on another connection on PostgreSQL (PGlite has one session: after it), and awaited
   * apart, so that only the statement's failure sends the rebuild to the batches (a count failing
   * after the rows are committed fails the rebuild).
   */
  const bulkFromLog = async (
    p: Projector,
    fromLog: NonNullable<Projector["rebuildFromLog"]>,
    table: (t: string) => string,
  ): Promise<{ checkpoint: Checkpoint; events: Promise<number> }> => {
    const { rows } = await sql<{ xmin: string }>`
      select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`.execute(database.db);
    const horizon = rows[0]?.xmin ?? START.txId;
    const types = p.handles ? sql`and type = any(${[...p.handles]}::text[])` : sql``;
    const log = sql`(select * from events where tx_id < ${horizon}::xid8 ${types})`;
    const count = async () =>
      (await sql<{ n: number }>`select count(*)::int8 as n from ${log} log`.execute(database.db)).rows[0]
        ?.n ?? 0;
    const beside = database.pglite ? undefined : count();
    // Awaited by the caller once the statement has passed; if it fails, never.
    beside?.catch(() => undefined);
    await unflushed(async (trx) => {
      // Sorts and groups over the whole log: in memory rather than on disk.
      await sql`set local work_mem = '64MB'`.execute(trx);
      await fromLog(trx, table, log);
    });
    return { checkpoint: { txId: horizon, position: 0 }, events: beside ?? count() };
  };

  /**
   * After the bulk pass: the tables the projector derives filled (`finishRebuild`), every table's
   * secondary indexes built and its statistics gathered. The work is split into independent tasks —
   * each derived table's step then its tables' indexes, each other table's indexes — run side by side
   * on PostgreSQL, each in a transaction of its own (a failure leaves the generation unswapped: the next
   * rebuild makes its tables again); one after the other on PGlite, which has one session. A step only
   * reads tables the bulk pass wrote, which their index builds do not block.
   */
  const finishGeneration = async (p: Projector, generation: number) => {
    const table = (t: string) => physical(t, generation);
    const steps = p.finishRebuild ?? [];
    const filled = new Set(steps.flatMap((s) => s.fills));
    const indexed = (names: readonly string[]) => p.tables.filter((t) => names.includes(t.name));
    // The tables the bulk pass wrote first (a projector lists its main tables first, the longest index
    // builds), then the steps: the small ones fill in around them.
    const tasks: ((trx: ProjectionExecutor) => Promise<void>)[] = [
      ...p.tables
        .filter((t) => !filled.has(t.name))
        .map((t) => (trx: ProjectionExecutor) => indexAndAnalyze(trx, t, generation)),
      ...steps.map((step) => async (trx: ProjectionExecutor) => {
        await step.run(trx, table);
        for (const t of indexed(step.fills)) await indexAndAnalyze(trx, t, generation);
      }),
    ];
    const run = (task: (trx: ProjectionExecutor) => Promise<void>) =>
      unflushed(async (trx) => {
        // The derived tables are aggregates of every loaded row: hashed in memory rather than sorted on disk.
        await sql`set local work_mem = '64MB'`.execute(trx);
        await task(trx);
      });
    if (database.pglite) {
      for (const task of tasks) await run(task);
      return;
    }
    let next = 0;
    const worker = async () => {
      while (next < tasks.length) {
        const task = tasks[next++] as (trx: ProjectionExecutor) => Promise<void>;
        await run(task);
      }
    };
    const settled = await Promise.allSettled(
      Array.from({ length: Math.min(FINISH_CONNECTIONS, tasks.length) }, worker),
    );
    const failure = settled.find((r): r is PromiseRejectedResult => r.status === "rejected");
    if (failure) throw failure.reason;
  };

  /**
   * Rebuilds a projector from the start of the log into a new generation of its tables, then swaps
   * it in: the last stretch is read and applied while holding the projector's state row, so nothing
   * written meanwhile is lost, and readers switch in one transaction. An organisation failing on
   * an event is recorded for the new generation and the rebuild goes on for the others.
   */
  const rebuild = async (
    name: string,
    onProgress: (done: number, total: number) => void = () => {},
  ): Promise<{ events: number; seconds: number; failures: number }> => {
    const p = projector(name);
    const started = performance.now();
    const current = await readState(database.db, name);
    const generation = (current?.generation ?? 0) + 1;
    // Only for `onProgress`: counted while the tables are made and the first batch is read.
    const counted = store.countAfter(START);
    counted.catch(() => undefined);
    const target = await store.head();
    await database.db.transaction().execute(async (trx) => {
      await createTables(trx, p, generation, { indexes: false });
      // Left by a rebuild of this generation that did not finish.
      await trx
        .deleteFrom("projection_failures")
        .where("name", "=", name)
        .where("generation", "=", generation)
        .execute();
    });
    const held = new Set<string>();
    const failed: Failed[] = [];
    let checkpoint = START;
    let done = 0;
    const table = (t: string) => physical(t, generation);
    const read = (from: Checkpoint, pause = 0) => {
      const batch = sleep(pause).then(() =>
        store.readAll(from, { limit: Math.max(batchSize, REBUILD_BATCH), types: p.handles }),
      );
      // Awaited below; a batch read ahead of a failed apply must not go unhandled.
      batch.catch(() => undefined);
      return batch;
    };
    // A projector that can build its rows in SQL does (its types not upcast by the store, which the SQL
    // would not see); if that fails, its tables are left empty and the batches below, which confine a
    // failing event to its organisation, do the whole pass.
    if (p.rebuildFromLog && !store.upcasts(p.handles)) {
      const passed = await bulkFromLog(p, p.rebuildFromLog, table).catch((error: unknown) => {
        if (isTransientDatabaseError(error)) throw error;
        return undefined;
      });
      if (passed) {
        checkpoint = passed.checkpoint;
        done = await passed.events;
        onProgress(done, await counted);
      }
    }
    // Everything committed before the rebuild started is in the new generation before it is swapped in.
    // The next batch is read while one is written: the log's reads and the writes overlap.
    let pending = read(checkpoint);
    for (;;) {
      const batch = await pending;
      checkpoint = batch.checkpoint;
      const reached = !batch.full && compareCheckpoints(checkpoint, target) >= 0;
      if (!reached) pending = read(checkpoint, batch.full ? 0 : 10);
      if (batch.events.length > 0) {
        await applyRebuildBatch(p, generation, batch.events, held, failed);
        done += batch.events.length;
        onProgress(done, await counted);
      }
      if (reached) break;
    }
    await finishGeneration(p, generation);
    await database.db.transaction().execute(async (trx) => {
      const db = trx as unknown as ProjectionExecutor;
      await sql`select pg_advisory_xact_lock(${lockKey(name)})`.execute(db);
      await db.selectFrom("projections").select("name").where("name", "=", name).forUpdate().execute();
      for (;;) {
        const batch = await store.readAll(checkpoint, { limit: 5000, types: p.handles, executor: db });
        await applyConfined(
          db,
          p,
          batch.events,
          table,
          held,
          async (event, error) => {
            failed.push({ event, error });
            await recordFailure(db, name, generation, event, error);
          },
          // The derived tables are filled by now: this stretch keeps them up like a live batch.
          rebuildSink(db, database, false),
        );
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
        .onConflict((oc) =>
          oc
            .column("name")
            .doUpdateSet({ ...values, failures_version: sql`projections.failures_version + 1` }),
        )
        .execute();
      await db
        .deleteFrom("projection_failures")
        .where("name", "=", name)
        .where("generation", "<", generation)
        .execute();
    });
    forget(name);
    if (current) await database.db.transaction().execute((trx) => dropTables(trx, p, current.generation));
    onProgress(done, Math.max(await counted, done));
    publish(name, checkpoint, held);
    report(name, failed);
    return { events: done, seconds: (performance.now() - started) / 1000, failures: held.size };
  };

  /**
   * After a fix is deployed: applies what a projector held back for an organisation (every failed
   * one without `orgId`), from the event it failed on, in log order, then clears its failure. It
   * holds the projector's state row meanwhile, so the live loop neither moves past nor applies
   * anything twice. An organisation that fails again keeps its failure, at the new event.
   */
  const resume = async (
    name: string,
    orgId?: string,
  ): Promise<{ resumed: string[]; failed: ProjectionFailure[] }> => {
    const p = projector(name);
    const outcome = await database.db.transaction().execute(async (trx) => {
      const locked = await trx
        .updateTable("projections")
        .set({ failures_version: sql`failures_version + 1` })
        .where("name", "=", name)
        .returning(["generation", sql<string>`tx_id::text`.as("tx_id"), "position"])
        .executeTakeFirst();
      if (!locked) throw new Error(`projection ${name} is not set up`);
      const until = { txId: locked.tx_id, position: locked.position };
      const table = (t: string) => physical(t, locked.generation);
      const resumed: string[] = [];
      const failed: Failed[] = [];
      for (const failure of await readFailures(trx, name, locked.generation, orgId)) {
        const held = new Set<string>();
        let fromSeq = failure.orgSeq;
        while (held.size === 0) {
          const events = await store.readHeld(failure.orgId, {
            fromSeq,
            until,
            types: p.handles,
            limit: batchSize,
            executor: trx,
          });
          await applyConfined(trx, p, events, table, held, async (event, error) => {
            failed.push({ event, error });
            await recordFailure(trx, name, locked.generation, event, error);
          });
          const last = events.at(-1);
          if (!last || events.length < batchSize) break;
          fromSeq = last.orgSeq + 1;
        }
        if (held.size > 0) continue;
        await trx
          .deleteFrom("projection_failures")
          .where("name", "=", name)
          .where("generation", "=", locked.generation)
          .where("org_id", "=", failure.orgId)
          .execute();
        resumed.push(failure.orgId);
      }
      const still = await readFailures(trx, name, locked.generation);
      return { resumed, failed, still };
    });
    forget(name);
    release(name, outcome.resumed);
    report(name, outcome.failed);
    const failedNow = new Set(outcome.failed.map((f) => f.event.orgId));
    trigger();
    return { resumed: outcome.resumed, failed: outcome.still.filter((f) => failedNow.has(f.orgId)) };
  };

  return { rebuild, resume };
};
