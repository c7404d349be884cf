import { isTransientDatabaseError, type StoredEvent } from "@registre/store";
import { sql } from "kysely";
import type { ProjectionExecutor, Projector, Sink, TableNames } from "./projector.ts";

/** Where a projector stopped for one organisation, and why. */
export type ProjectionFailure = {
  readonly orgId: string;
  /** The event it failed on: its place in the log and in its organisation's sequence. */
  readonly txId: string;
  readonly position: number;
  readonly orgSeq: number;
  readonly error: string;
  readonly failedAt: Date;
};

export type FailureRow = {
  org_id: string;
  tx_id: string;
  position: number;
  org_seq: number;
  error: string;
  failed_at: Date | string;
};

export const toFailure = (r: FailureRow): ProjectionFailure => ({
  orgId: r.org_id,
  txId: r.tx_id,
  position: r.position,
  orgSeq: r.org_seq,
  error: r.error,
  failedAt: new Date(r.failed_at),
});

export const errorText = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/** A projector's failures in one generation of its tables, by organisation. */
export const readFailures = async (
  db: ProjectionExecutor,
  name: string,
  generation: number,
  orgId?: string,
): Promise<ProjectionFailure[]> => {
  let query = db
    .selectFrom("projection_failures")
    .select(["org_id", sql<string>`tx_id::text`.as("tx_id"), "position", "org_seq", "error", "failed_at"])
    .where("name", "=", name)
    .where("generation", "=", generation);
  if (orgId) query = query.where("org_id", "=", orgId);
  const rows = (await query.orderBy("position").execute()) as FailureRow[];
  return rows.map(toFailure);
};

/** Records (or moves) an organisation's failure to `event`, in the caller's transaction. */
export const recordFailure = async (
  db: ProjectionExecutor,
  name: string,
  generation: number,
  event: StoredEvent,
  error: unknown,
): Promise<void> => {
  const values = {
    tx_id: event.txId,
    position: event.position,
    org_seq: event.orgSeq,
    error: errorText(error),
    failed_at: new Date(),
  };
  await db
    .insertInto("projection_failures")
    .values({ name, generation, org_id: event.orgId, ...values })
    .onConflict((oc) => oc.columns(["org_id", "name", "generation"]).doUpdateSet(values))
    .execute();
};

let savepoints = 0;

/**
 * Applies `events` inside the caller's transaction so that a failure stays with its organisation:
 * the events of organisations in `held` are left out; a batch that throws is rolled back to a
 * savepoint and split in halves until the event that fails is alone; that organisation is then
 * added to `held` (its later events are left out too) and `onFailure` records it, and the others go
 * on. Events before the culprit are kept, once. A transient error (the connection, a deadlock) is
 * not the event's fault: it is thrown, and the whole transaction with it. `sink` is passed to the
 * projector.
 */
export const applyConfined = async (
  db: ProjectionExecutor,
  projector: Projector,
  events: readonly StoredEvent[],
  table: TableNames,
  held: Set<string>,
  onFailure: (event: StoredEvent, error: unknown) => Promise<void>,
  sink?: Sink,
): Promise<void> => {
  const live = events.filter((e) => !held.has(e.orgId));
  const first = live[0];
  if (!first) return;
  const savepoint = sql.raw(`registre_apply_${++savepoints}`);
  await sql`savepoint ${savepoint}`.execute(db);
  try {
    await projector.apply(db, live, table, sink);
    await sql`release savepoint ${savepoint}`.execute(db);
    return;
  } catch (error) {
    if (isTransientDatabaseError(error)) throw error;
    await sql`rollback to savepoint ${savepoint}`.execute(db);
    await sql`release savepoint ${savepoint}`.execute(db);
    if (live.length === 1) {
      held.add(first.orgId);
      await onFailure(first, error);
      return;
    }
  }
  const middle = Math.ceil(live.length / 2);
  await applyConfined(db, projector, live.slice(0, middle), table, held, onFailure, sink);
  await applyConfined(db, projector, live.slice(middle), table, held, onFailure, sink);
};
