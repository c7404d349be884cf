import {
  type Checkpoint,
  type Database,
  isTransientDatabaseError,
  paced,
  type StoredEvent,
} from "@registre/store";
import { sql } from "kysely";
import { applyConfined, recordFailure } from "./confined.ts";
import { physical } from "./generations.ts";
import type { Projector } from "./projector.ts";
import { bumpFailures, type Failed, type StateRow } from "./state.ts";

/**
 * Moves several projectors' checkpoints in one statement, each by compare-and-set on the row it was
 * read as (generation, checkpoint, failures version): answers the names whose row moved.
 */
export const moveCheckpoints = async (
  db: Database["db"],
  moves: readonly { readonly name: string; readonly state: StateRow; readonly to: Checkpoint }[],
): Promise<Set<string>> => {
  const values = moves.map(
    ({ name, state, to }) =>
      sql`(${name}, ${state.generation}::int, ${state.tx_id}::xid8, ${state.position}::bigint,
      ${state.failures_version}::bigint, ${to.txId}::xid8, ${to.position}::bigint)`,
  );
  const { rows } = await sql<{ name: string }>`
    update projections p set tx_id = v.to_tx, position = v.to_position, updated_at = ${new Date()}
    from (values ${sql.join(values)}) v(name, generation, tx_id, position, failures_version, to_tx, to_position)
    where p.name = v.name and p.generation = v.generation and p.tx_id = v.tx_id
      and p.position = v.position and p.failures_version = v.failures_version
    returning p.name`.execute(db);
  return new Set(rows.map((r) => r.name));
};

/**
 * Events a projector applies at once before the event loop may take a turn. PostgreSQL runs a slice's
 * statements in its own process, so a slice holds the loop only while its rows are built (a few
 * milliseconds for 400 events), and fewer, larger statements project an import's tens of thousands of
 * events faster (a 100,000-line FEC's ledger caught up in about a third of the time it took in slices of
 * 100). PGlite answers on the event loop itself: smaller slices there.
 */
const APPLY_SLICE = { postgres: 400, pglite: 100 } as const;

/** How the runner writes a batch and its checkpoint: alone, or with the other caught-up loops' batches. */
export const committer = (database: Database) => {
  const applySlice = APPLY_SLICE[database.kind];
  /**
   * Writes one batch and its checkpoint atomically; null when another runner moved the checkpoint or
   * the failures changed meanwhile (a `resume`). "fast" applies the batch whole and throws if it
   * fails; "confined" finds the failing events and records their organisations' failures.
   */
  const commitBatch = (
    p: Projector,
    state: StateRow,
    to: Checkpoint,
    events: readonly StoredEvent[],
    mode: "fast" | "confined",
  ): Promise<{ held: Set<string>; failed: Failed[] } | null> =>
    database.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable("projections")
        .set({ tx_id: to.txId, position: to.position, updated_at: new Date() })
        .where("name", "=", p.name)
        .where("generation", "=", state.generation)
        .where(sql`tx_id`, "=", sql`${state.tx_id}::xid8`)
        .where("position", "=", state.position)
        .where("failures_version", "=", state.failures_version)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return null;
      const held = new Set(state.held ?? []);
      const table = (t: string) => physical(t, state.generation);
      const failed: Failed[] = [];
      if (mode === "fast") {
        const live = events.filter((e) => !held.has(e.orgId));
        // A large batch (an import's thousands of events) is applied in slices, the event loop given a
        // turn between them: every other request is answered meanwhile (applying a batch in parts is
        // what confining a failure does already, so every projector takes it).
        for await (const slice of paced(live, applySlice)) await p.apply(trx, slice, table);
        return { held, failed };
      }
      await applyConfined(trx, p, events, table, held, async (event, error) => {
        failed.push({ event, error });
        await recordFailure(trx, p.name, state.generation, event, error);
      });
      if (failed.length > 0) await bumpFailures(trx, p.name);
      return { held, failed };
    });

  /** One batch, applied on its own: whole, or (when it fails) with its failing events confined. */
  const commitAlone = async (
    p: Projector,
    state: StateRow,
    to: Checkpoint,
    events: readonly StoredEvent[],
  ): Promise<Awaited<ReturnType<typeof commitBatch>>> => {
    try {
      return await commitBatch(p, state, to, events, "fast");
    } catch (error) {
      if (isTransientDatabaseError(error)) throw error;
      // Some event of the batch fails: find it, confine it to its organisation, keep the others.
      return commitBatch(p, state, to, events, "confined");
    }
  };

  type Commit = {
    readonly p: Projector;
    readonly state: StateRow;
    readonly to: Checkpoint;
    readonly events: readonly StoredEvent[];
    readonly resolve: (outcome: Awaited<ReturnType<typeof commitBatch>>) => void;
    readonly reject: (error: unknown) => void;
  };

  /**
   * The caught-up loops that read the same tail of the log and found events of their types in it (a
   * command's events feed several read models) commit in one transaction: one compare-and-set of
   * their checkpoints, then each projector's rows, rather than a transaction each. If any of them
   * throws, each batch is applied again on its own (`commitAlone`), so a failing event is still
   * confined to its projector and organisation. Only the live loops' tail reads commit together:
   * a loop catching up from behind reads its own types in large batches and commits alone.
   */
  let commits: Commit[] = [];
  const commitWithOthers = (
    p: Projector,
    state: StateRow,
    to: Checkpoint,
    events: readonly StoredEvent[],
  ): Promise<Awaited<ReturnType<typeof commitBatch>>> =>
    new Promise((resolve, reject) => {
      commits.push({ p, state, to, events, resolve, reject });
      if (commits.length === 1) setImmediate(flushCommits);
    });
  const flushCommits = async () => {
    const group = commits;
    commits = [];
    const alone = (c: Commit) => {
      commitAlone(c.p, c.state, c.to, c.events).then(c.resolve, c.reject);
    };
    if (group.length === 1) {
      group.forEach(alone);
      return;
    }
    let outcomes: Awaited<ReturnType<typeof commitBatch>>[];
    try {
      outcomes = await database.db.transaction().execute(async (trx) => {
        const moved = await moveCheckpoints(
          trx,
          group.map((c) => ({ name: c.p.name, state: c.state, to: c.to })),
        );
        const out: Awaited<ReturnType<typeof commitBatch>>[] = [];
        for (const c of group) {
          if (!moved.has(c.p.name)) {
            out.push(null);
            continue;
          }
          const held = new Set(c.state.held ?? []);
          const live = c.events.filter((e) => !held.has(e.orgId));
          for await (const slice of paced(live, applySlice))
            await c.p.apply(trx, slice, (t) => physical(t, c.state.generation));
          out.push({ held, failed: [] });
        }
        return out;
      });
    } catch {
      // Each on its own: a failing event is confined as in a batch alone, and a deadlock with another
      // runner's group or a lost connection is met (and reported) by each loop as it would be alone.
      group.forEach(alone);
      return;
    }
    group.forEach((c, i) => {
      c.resolve(outcomes[i] ?? null);
    });
  };

  return { commitAlone, commitWithOthers };
};
