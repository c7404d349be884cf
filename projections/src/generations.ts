import { sql } from "kysely";
import type { ProjectionExecutor, Projector, ReadModelTable } from "./projector.ts";

/** The physical table of a read-model table in one generation: `<table>_g<n>`. */
export const physical = (table: string, generation: number) => `${table}_g${generation}`;

/** The transaction-scoped advisory lock that serialises a projector's setup and rebuild swap. */
export const lockKey = (name: string) => sql`hashtext(${`registre_projection:${name}`})`;

/**
 * Creates a generation's tables. A rebuild passes `indexes: false` and builds each table's indexes once the
 * rows are in: an index built over loaded rows costs less than one kept up row by row. Projectors read
 * their own tables by primary key only, which comes with the columns.
 */
export const createTables = async (
  db: ProjectionExecutor,
  p: Projector,
  generation: number,
  { indexes = true }: { indexes?: boolean } = {},
) => {
  for (const t of p.tables) {
    const name = physical(t.name, generation);
    await sql.raw(`drop table if exists ${name} cascade`).execute(db);
    await sql.raw(`create table ${name} (${t.columns})`).execute(db);
  }
  if (indexes) await createIndexes(db, p, generation);
};

/** The secondary indexes of one table of a generation, and those of its optional indexes the database allows. */
export const createTableIndexes = async (db: ProjectionExecutor, t: ReadModelTable, generation: number) => {
  const name = physical(t.name, generation);
  for (const index of t.indexes ?? []) await sql.raw(index.replaceAll("{table}", name)).execute(db);
  for (const group of t.optionalIndexes ?? []) {
    // The caller's transaction survives a refused statement through a savepoint.
    await sql.raw("savepoint registre_optional_index").execute(db);
    try {
      for (const statement of group) await sql.raw(statement.replaceAll("{table}", name)).execute(db);
      await sql.raw("release savepoint registre_optional_index").execute(db);
    } catch {
      await sql.raw("rollback to savepoint registre_optional_index").execute(db);
    }
  }
};

/** The secondary indexes of a generation's tables (`createTableIndexes` for each). */
const createIndexes = async (db: ProjectionExecutor, p: Projector, generation: number) => {
  for (const t of p.tables) await createTableIndexes(db, t, generation);
};

export const pointViews = async (db: ProjectionExecutor, p: Projector, generation: number) => {
  for (const t of p.tables) {
    // The view's columns change with a new generation: drop and create, inside the caller's transaction.
    await sql.raw(`drop view if exists ${t.name}`).execute(db);
    await sql.raw(`create view ${t.name} as select * from ${physical(t.name, generation)}`).execute(db);
  }
};

export const dropTables = async (db: ProjectionExecutor, p: Projector, generation: number) => {
  for (const t of p.tables) await sql.raw(`drop table if exists ${physical(t.name, generation)}`).execute(db);
};
