import { type Kysely, sql } from "kysely";

// Frozen once landed: never edit, add a new migration instead.
//
// How far a long import has gone (issue 21): the request that runs it writes here a few times a second,
// the screen that sent it reads it by the request's Idempotency-Key, whichever server answers. Operational,
// not event-sourced: a row says nothing the log does not, and rows of a day ago are purged.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table upload_progress (
      org_id uuid not null,
      key uuid not null,
      phase text not null,
      done integer not null,
      total integer not null,
      updated_at timestamptz not null,
      primary key (org_id, key)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table upload_progress`.execute(db);
}
