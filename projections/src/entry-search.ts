import { writeBehind } from "@registre/store";
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
 * Makes the search rows of these entries (`org|mvt` keys) what `entries` now holds, in one statement: the
 * row of an entry that still exists copied again from `entries` (inserted, or replaced), the row of one
 * that went deleted. Called after `entries` is written. `fresh`: these entries were just created, no
 * search row of theirs exists (nothing to replace or delete).
 */
export const syncEntrySearch = async (
  db: ProjectionExecutor,
  table: TableNames,
  keys: readonly string[],
  { fresh = false }: { fresh?: boolean } = {},
) => {
  const search = sql.table(table("entry_search"));
  const entries = sql.table(table("entries"));
  for (const part of chunk(keys, 5000)) {
    const pairs = part.map((k) => k.split("|"));
    const keyList = sql`(select * from unnest(${pairs.map((p) => p[0])}::uuid[], ${pairs.map((p) => p[1])}::uuid[]))`;
    const copy = sql`insert into ${search} (org_id, mvt, date, position, journal, status, debit, credit, search)
      select org_id, mvt, date, position, journal, status, debit, credit,
        lower(label || chr(31) || piece_ref || chr(31) || coalesce(number, ''))
      from ${entries} where (org_id, mvt) in ${keyList}`;
    if (fresh) {
      await writeBehind(db, copy.compile(db));
      continue;
    }
    // The deleted rows and the copied ones are different rows (an entry exists or not), so one
    // statement holds both.
    await writeBehind(
      db,
      sql`with gone as (
        delete from ${search} s where (s.org_id, s.mvt) in ${keyList}
          and not exists (select 1 from ${entries} e where e.org_id = s.org_id and e.mvt = s.mvt)
      )
      ${copy}
      on conflict (org_id, mvt) do update set date = excluded.date, position = excluded.position,
        journal = excluded.journal, status = excluded.status, debit = excluded.debit,
        credit = excluded.credit, search = excluded.search`.compile(db),
    );
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
