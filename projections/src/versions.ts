import type { Database } from "@registre/store";
import { writeBehind } from "@registre/store";
import { sql } from "kysely";
import type { Int8, ProjectionExecutor, Projector, ReadModelTable } from "./projector.ts";

/**
 * A read model's version for one organisation: the log position of the last event its projector
 * applied for that organisation. The row is written by the same `apply`, so in the same transaction
 * as the rows it describes: a reader that sees a version sees the rows it stands for. Each event is
 * applied once, and positions are unique, so every batch that changes an organisation's rows gives it
 * a version it never had (not always a larger one: the log is applied in transaction order, and a
 * later transaction may hold a smaller position). A rebuild applies the same events in the same
 * order, so its table ends equal to the live one.
 */
export type ReadModelVersionsTable = { org_id: string; position: Int8 };

/** The versions table of a projector: `<name>_versions`, in its generations like its other tables. */
export const versionsTableOf = (name: string) => `${name}_versions`;

const versionsTable = (name: string): ReadModelTable => ({
  name: versionsTableOf(name),
  columns: "org_id text not null primary key, position bigint not null",
});

/** Upserts the batch's last position per organisation, in one statement. */
const bump = async (
  db: ProjectionExecutor,
  table: string,
  events: readonly { readonly orgId: string; readonly position: number }[],
) => {
  const last = new Map<string, number>();
  for (const e of events) last.set(e.orgId, e.position);
  if (last.size === 0) return;
  const values = [...last].map(([org, position]) => sql`(${org}, ${position}::bigint)`);
  await writeBehind(
    db,
    sql`insert into ${sql.table(table)} (org_id, position) values ${sql.join(values)}
    on conflict (org_id) do update set position = excluded.position`.compile(db),
  );
};

/**
 * A projector whose read model is versioned per organisation (see `ReadModelVersionsTable`): its
 * `apply` also writes the versions of the organisations of the events it applied. Changes `tables`:
 * bump the projector's `version` when wrapping it, so that its tables are rebuilt with the versions.
 */
export const versioned = (p: Projector): Projector => {
  const versions = versionsTableOf(p.name);
  return {
    ...p,
    tables: [...p.tables, versionsTable(p.name)],
    apply: async (db, events, table, sink) => {
      await p.apply(db, events, table, sink);
      await bump(db, table(versions), events);
    },
  };
};

/**
 * One organisation's versions of the named read models, with each one's generation (a rebuild may
 * change answers at equal positions), as one short text: `ledger:3:1042,accounting_setup:2:977`. One
 * statement; 0 for a read model that holds nothing of the organisation yet.
 */
export const readModelVersions = async (
  database: Pick<Database, "db">,
  orgId: string,
  names: readonly string[],
): Promise<string> => {
  const parts = names.map(
    (n) =>
      sql`${n} || ':' || coalesce((select generation from projections where name = ${n}), 0) || ':' ||
        coalesce((select position from ${sql.table(versionsTableOf(n))} where org_id = ${orgId}), 0)`,
  );
  const { rows } = await sql<{ v: string }>`select concat_ws(',', ${sql.join(parts)}) as v`.execute(
    database.db,
  );
  return rows[0]?.v ?? "";
};
