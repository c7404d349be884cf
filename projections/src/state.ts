import type { StoredEvent } from "@registre/store";
import { sql } from "kysely";
import type { ProjectionExecutor } from "./projector.ts";

/** A projector's row in `projections`, with the organisations it holds back in its live generation. */
export type StateRow = {
  name: string;
  version: number;
  generation: number;
  tx_id: string;
  position: number;
  failures_version: number;
  held: string[] | null;
};

/** An event a projector failed on, and the error. */
export type Failed = { readonly event: StoredEvent; readonly error: unknown };

export const readState = async (db: ProjectionExecutor, name: string): Promise<StateRow | undefined> => {
  const { rows } = await sql<StateRow>`
    select p.name, p.version, p.generation, p.tx_id::text as tx_id, p.position, p.failures_version,
      array(select f.org_id::text from projection_failures f
            where f.name = p.name and f.generation = p.generation) as held
    from projections p where p.name = ${name}`.execute(db);
  return rows[0];
};

/** Marks a change of the projector's failures: a live batch filtered on the old set will not commit. */
export const bumpFailures = (db: ProjectionExecutor, name: string) =>
  db
    .updateTable("projections")
    .set({ failures_version: sql`failures_version + 1` })
    .where("name", "=", name)
    .execute();
