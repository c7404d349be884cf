import type { Checkpoint, Database } from "@registre/store";
import { sql } from "kysely";
import { type FailureRow, type ProjectionFailure, toFailure } from "./confined.ts";

export type ProjectionStatus = {
  readonly name: string;
  readonly version: number;
  readonly generation: number;
  readonly checkpoint: Checkpoint;
  /**
   * "degraded" while some organisation is failed: its events are held, the others go on. "stalled"
   * while its position has not moved for the runner's `stallMs` though the log is ahead of it (its
   * catch-up loop is started again meanwhile, see the runner's watchdog).
   */
  readonly status: "running" | "degraded" | "stalled";
  readonly failures: readonly ProjectionFailure[];
  /** Events in the log past the checkpoint (of every type). */
  readonly lag: number;
};

/**
 * Every projector's state, failures and lag in two statements, whatever their number: health asks it
 * every few seconds, and three queries a projector one after the other (sixty round trips) made it
 * wait hundreds of milliseconds behind a busy database.
 */
export const readStatuses = async (
  database: Pick<Database, "db">,
  names: readonly string[],
  stalled: (name: string) => boolean,
): Promise<ProjectionStatus[]> => {
  if (names.length === 0) return [];
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
    sql<FailureRow & { name: string }>`
        select f.name, f.org_id, f.tx_id::text as tx_id, f.position, f.org_seq, f.error, f.failed_at
        from projection_failures f join projections p on p.name = f.name and p.generation = f.generation
        where p.name in (${sql.join(names)})
        order by f.position`.execute(database.db),
  ]);
  const byProjector = new Map<string, ProjectionFailure[]>();
  for (const row of failures.rows)
    byProjector.set(row.name, [...(byProjector.get(row.name) ?? []), toFailure(row)]);
  const stateOf = new Map(states.rows.map((s) => [s.name, s]));
  return names.flatMap((name) => {
    const s = stateOf.get(name);
    if (!s) return [];
    const failed = byProjector.get(name) ?? [];
    return [
      {
        name,
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
