import { sql } from "kysely";
import type { EntryStatus } from "./ledger.ts";
import type { ProjectionExecutor, ReadModelTable, TableNames } from "./projector.ts";
import { chunk } from "./projector.ts";

/** `entry_search`: a narrow copy of each entry for the list's text search (see `entrySearchTable`). */
export type EntrySearchTable = {
  org_id: string;
  mvt: string;
  date: string;
  position: number;
  journal: string;
  status: EntryStatus;
  debit: number;
  credit: number;
  search: string;
};

/**
 * The entries list's text search reads this narrow copy of each entry (some 100 bytes a row: what the
 * filters, the order and the sums need, and `search`) instead of `entries`, whose rows carry the lines as
 * jsonb (some 700 bytes): a search counts and pages here, and reads `entries` only for the page's rows.
 * `search` is the label, piece reference and number lowercased, apart (chr(31)), as PostgreSQL's `lower`
 * makes it (copied from `entries` by SQL, never lowercased in JavaScript).
 */
export const entrySearchTable: ReadModelTable = {
  name: "entry_search",
  columns: `org_id uuid not null, mvt uuid not null, date text not null, position bigint not null,
    journal text not null, status text not null, debit bigint not null, credit bigint not null,
    search text not null, primary key (org_id, mvt)`,
  indexes: ["create index on {table} (org_id, date, position)"],
  // `search like '%…%'`: a trigram index where pg_trgm can be had (see `optionalIndexes`).
  optionalIndexes: [
    ["create extension if not exists pg_trgm", "create index on {table} using gin (search gin_trgm_ops)"],
  ],
};

/**
 * Makes the search rows of these entries (`org|mvt` keys) what `entries` now holds: each row deleted, then
 * copied again from `entries` when the entry still exists. Called after `entries` is written. `fresh`:
 * these entries were just created, no search row of theirs exists (nothing to delete).
 */
export const syncEntrySearch = async (
  db: ProjectionExecutor,
  table: TableNames,
  keys: readonly string[],
  { fresh = false }: { fresh?: boolean } = {},
) => {
  for (const part of chunk(keys, 5000)) {
    const pairs = part.map((k) => k.split("|"));
    const keyList = sql`(select * from unnest(${pairs.map((p) => p[0])}::uuid[], ${pairs.map((p) => p[1])}::uuid[]))`;
    if (!fresh) await db.deleteFrom(table("entry_search")).where(sql`(org_id, mvt)`, "in", keyList).execute();
    await sql`insert into ${sql.table(table("entry_search"))}
        (org_id, mvt, date, position, journal, status, debit, credit, search)
      select org_id, mvt, date, position, journal, status, debit, credit,
        lower(label || chr(31) || piece_ref || chr(31) || coalesce(number, ''))
      from ${sql.table(table("entries"))} where (org_id, mvt) in ${keyList}`.execute(db);
  }
};

/** A rebuild's search rows, every entry's at once, once `entries` is loaded (see `Sink.bulk`). */
export const fillEntrySearch = async (db: ProjectionExecutor, table: TableNames) => {
  await sql`insert into ${sql.table(table("entry_search"))}
      (org_id, mvt, date, position, journal, status, debit, credit, search)
    select org_id, mvt, date, position, journal, status, debit, credit,
      lower(label || chr(31) || piece_ref || chr(31) || coalesce(number, ''))
    from ${sql.table(table("entries"))}`.execute(db);
};
