import type { Checkpoint, Database } from "@registre/store";
import { sql } from "kysely";
import { type FailureRow, type ProjectionFailure, toFailure } from "./confined.ts";

/** An organisation a projector or a reactor is stopped for, and when a reactor tries again. */
export type FollowerFailure = ProjectionFailure & {
  /** Failures in a row at that event (a reactor's retries; 1 for a projector). */
  readonly attempts: number;
  /** When a reactor tries again by itself; null for a projector, which waits for `resume`. */
  readonly retryAt: Date | null;
};

export type ProjectionStatus = {
  readonly name: string;
  /** A projector writes a read model; a reactor acts on the log (commands, the outside world). */
  readonly kind: "projector" | "reactor";
  readonly version: number;
  readonly generation: number;
  readonly checkpoint: Checkpoint;
  /**
   * "degraded" while some organisation is failed: its events are held, the others go on. "stalled"
   * while its position has not moved for the runner's `stallMs` though the log is ahead of it (its
   * catch-up loop is started again meanwhile, see the runner's watchdog).
   */
  readonly status: "running" | "degraded" | "stalled";
  readonly failures: readonly FollowerFailure[];
  /** Events in the log past the checkpoint (of every type). */
  readonly lag: number;
};

/**
 * Every projector's and reactor's state, failures and lag in two statements, whatever their number:
 * health asks it every few seconds, and three queries a projector one after the other (sixty round
 * trips) made it wait hundreds of milliseconds behind a busy database.
 */
export const readStatuses = async (
  database: Pick<Database, "db">,
  followers: readonly { readonly name: string; readonly kind: ProjectionStatus["kind"] }[],
  stalled: (name: string) => boolean,
): Promise<ProjectionStatus[]> => {
  if (followers.length === 0) return [];
  const names = followers.map((f) => f.name);
  const [states, failures] = await Promise.all([
    sql<{
      name: string;
      version: number;
      generation: number;
      tx_id: string;
      position: string;
      lag: string;
    }>`
        select p.name, p.version, p.generation, p.tx_id::text as tx_id, p.position::text as position,
          (select count(*) from events e where (e.tx_id, e.position) > (p.tx_id, p.position))::text as lag
        from projections p where p.name in (${sql.join(names)})`.execute(database.db),
    sql<FailureRow & { name: string; attempts: number; retry_at: Date | string | null }>`
        select f.name, f.org_id, f.tx_id::text as tx_id, f.position, f.org_seq, f.error, f.failed_at,
          f.attempts, f.retry_at
        from projection_failures f join projections p on p.name = f.name and p.generation = f.generation
        where p.name in (${sql.join(names)})
        order by f.position`.execute(database.db),
  ]);
  const byProjector = new Map<string, FollowerFailure[]>();
  for (const row of failures.rows)
    byProjector.set(row.name, [
      ...(byProjector.get(row.name) ?? []),
      {
        ...toFailure(row),
        attempts: Number(row.attempts),
        retryAt: row.retry_at === null ? null : new Date(row.retry_at),
      },
    ]);
  const stateOf = new Map(states.rows.map((s) => [s.name, s]));
  return followers.flatMap(({ name, kind }) => {
    const s = stateOf.get(name);
    if (!s) return [];
    const failed = byProjector.get(name) ?? [];
    return [
      {
        name,
        kind,
        version: s.version,
        generation: s.generation,
        checkpoint: { txId: s.tx_id, position: Number(s.position) },
        status: stalled(name) ? "stalled" : failed.length > 0 ? "degraded" : "running",
        failures: failed,
        lag: Number(s.lag),
      } satisfies ProjectionStatus,
    ];
  });
};
