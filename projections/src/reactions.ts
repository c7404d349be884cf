import {
  type Checkpoint,
  type Database,
  type EventStore,
  isTransientDatabaseError,
  type StoredEvent,
} from "@registre/store";
import { sql } from "kysely";
import { moveCheckpoints } from "./commits.ts";
import { errorText, type ProjectionFailure, readFailures } from "./confined.ts";
import { checkpointOf } from "./persist.ts";
import type { ProjectionExecutor } from "./projector.ts";
import type { Reactor } from "./reactor.ts";
import { bumpFailures, type Failed, readState, type StateRow } from "./state.ts";

/** The back-off of a reactor failing for an organisation: the first delay, doubled at each failure up to `max`. */
export type ReactorRetry = { readonly first: number; readonly max: number };

/** 5 s, then 10 s, 20 s… up to 10 minutes: a mail server or a platform down for a while is not hammered. */
export const REACTOR_RETRY: ReactorRetry = { first: 5_000, max: 600_000 };

/**
 * Records (or moves) a reactor's failure for the event's organisation, in the caller's transaction, with
 * when to try again: `first` after a first failure, twice as long after each failure at the same event,
 * `max` at most; a failure at a later event (the reactor went past the first) starts the count again.
 */
export const recordReactorFailure = async (
  db: ProjectionExecutor,
  name: string,
  generation: number,
  event: StoredEvent,
  error: unknown,
  retry: ReactorRetry,
  now = new Date(),
): Promise<void> => {
  await sql`
    insert into projection_failures
      (name, generation, org_id, tx_id, position, org_seq, error, failed_at, attempts, retry_at)
    values (${name}, ${generation}, ${event.orgId}::uuid, ${event.txId}::xid8, ${event.position}, ${event.orgSeq},
      ${errorText(error)}, ${now}, 1, ${new Date(now.getTime() + retry.first)})
    on conflict (org_id, name, generation) do update set
      tx_id = excluded.tx_id, position = excluded.position, org_seq = excluded.org_seq,
      error = excluded.error, failed_at = excluded.failed_at,
      attempts = case when projection_failures.position = excluded.position
        then projection_failures.attempts + 1 else 1 end,
      retry_at = excluded.failed_at + make_interval(secs => least(${retry.max}::float8,
        ${retry.first}::float8 * power(2, case when projection_failures.position = excluded.position
          then projection_failures.attempts else 0 end)) / 1000)`.execute(db);
};

/** A batch's events by organisation, each in log order, the organisations in the order they first appear. */
const byOrganisation = (events: readonly StoredEvent[]): Map<string, StoredEvent[]> => {
  const groups = new Map<string, StoredEvent[]>();
  for (const e of events) {
    const group = groups.get(e.orgId);
    if (group) group.push(e);
    else groups.set(e.orgId, [e]);
  }
  return groups;
};

/** What reacting needs of the runner. */
export type ReactionsCore = {
  readonly database: Database;
  readonly store: EventStore;
  readonly batchSize: number;
  readonly retry: ReactorRetry;
};

/** How the runner drives a reactor: a batch, the organisations due to be tried again, a resume. */
export const reactions = ({ database, store, batchSize, retry }: ReactionsCore) => {
  /**
   * Reacts to a batch, organisation by organisation, then moves the checkpoint by compare-and-set —
   * after the reactions, never before: a crash in between gives the batch again, whose commands the
   * store knows by their ids. An organisation whose reaction throws is held from its first event of
   * the batch (recorded with when to try again) and the others go on. Null when another runner, a
   * resume or a retry changed the row meanwhile (what was done here is done again there, and found
   * done). A database gone away is thrown: the whole batch is given again once it is back.
   */
  const react = async (
    r: Reactor,
    state: StateRow,
    to: Checkpoint,
    events: readonly StoredEvent[],
  ): Promise<{ held: Set<string>; failed: Failed[] } | null> => {
    const held = new Set(state.held ?? []);
    const failed: Failed[] = [];
    for (const [orgId, mine] of byOrganisation(events)) {
      if (held.has(orgId)) continue;
      try {
        await r.react(mine);
      } catch (error) {
        if (isTransientDatabaseError(error)) throw error;
        held.add(orgId);
        failed.push({ event: mine[0] as StoredEvent, error });
      }
    }
    return database.db.transaction().execute(async (trx) => {
      const moved = await moveCheckpoints(trx, [{ name: r.name, state, to }]);
      if (!moved.has(r.name)) return null;
      for (const f of failed)
        await recordReactorFailure(trx, r.name, state.generation, f.event, f.error, retry);
      if (failed.length > 0) await bumpFailures(trx, r.name);
      return { held, failed };
    });
  };

  /** The organisations a reactor holds whose time to try again has come. */
  const due = async (name: string, generation: number, now = new Date()): Promise<string[]> => {
    const { rows } = await sql<{ org_id: string }>`
      select org_id::text as org_id from projection_failures
      where name = ${name} and generation = ${generation} and retry_at <= ${now}
      order by position`.execute(database.db);
    return rows.map((r) => r.org_id);
  };

  /**
   * Clears an organisation's failure once the reactor has reacted to its held events up to `until`, if
   * the checkpoint is still there (holding the reactor's row): the live loop then takes the organisation's
   * events again, and a batch it read while the organisation was held does not commit (the failures'
   * version moved). Answers the checkpoint the reactor went on to meanwhile, if it did: its events up to
   * there are to be reacted to first.
   */
  const clear = (name: string, generation: number, orgId: string, until: Checkpoint) =>
    database.db.transaction().execute(async (trx): Promise<Checkpoint | null> => {
      const { rows } = await sql<{ tx_id: string; position: number }>`
        select tx_id::text as tx_id, position from projections where name = ${name} for update`.execute(trx);
      const row = rows[0];
      if (row && (row.tx_id !== until.txId || row.position !== until.position))
        return { txId: row.tx_id, position: row.position };
      await trx
        .deleteFrom("projection_failures")
        .where("name", "=", name)
        .where("generation", "=", generation)
        .where("org_id", "=", orgId)
        .execute();
      await bumpFailures(trx, name);
      return null;
    });

  /**
   * Gives a reactor again what it held for an organisation (every failed one without `orgId`), from the
   * event it failed on, in log order, then clears the failure. An organisation that fails again keeps its
   * failure, at the first event of the call that threw, with a later time to try again. Outside of any
   * transaction: a reaction is not rolled back, and one that was done finds itself done.
   */
  const resume = async (
    r: Reactor,
    orgId?: string,
  ): Promise<{ resumed: string[]; failed: Failed[]; still: ProjectionFailure[] }> => {
    const state = await readState(database.db, r.name);
    if (!state) throw new Error(`reactor ${r.name} is not set up`);
    const resumed: string[] = [];
    const failed: Failed[] = [];
    for (const failure of await readFailures(database.db, r.name, state.generation, orgId)) {
      let until = checkpointOf(state);
      let fromSeq = failure.orgSeq;
      let ok = true;
      for (;;) {
        const events = await store.readHeld(failure.orgId, {
          fromSeq,
          until,
          types: r.handles,
          limit: batchSize,
        });
        const last = events.at(-1);
        if (last) {
          try {
            await r.react(events);
          } catch (error) {
            if (isTransientDatabaseError(error)) throw error;
            failed.push({ event: events[0] as StoredEvent, error });
            await recordReactorFailure(
              database.db,
              r.name,
              state.generation,
              events[0] as StoredEvent,
              error,
              retry,
            );
            ok = false;
            break;
          }
          fromSeq = last.orgSeq + 1;
          if (events.length === batchSize) continue;
        }
        const movedTo = await clear(r.name, state.generation, failure.orgId, until);
        if (!movedTo) break;
        until = movedTo;
      }
      if (ok) resumed.push(failure.orgId);
    }
    const still = await readFailures(database.db, r.name, state.generation);
    return { resumed, failed, still };
  };

  return { react, due, resume };
};
