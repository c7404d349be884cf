import { type Kysely, sql } from "kysely";

// Frozen once landed: never edit, add a new migration instead.

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per projector: which generation of its tables is live, how far it has read, and why it
  // stopped if it did. Read-model tables belong to their projector (created by it, per generation)
  // and are reached through a view of the projector's table name, swapped after a rebuild.
  await sql`
    create table projections (
      name text primary key,
      version integer not null,
      generation integer not null,
      tx_id xid8 not null default '0'::xid8,
      position bigint not null default 0,
      status text not null default 'running' check (status in ('running', 'failed')),
      error text,
      error_position bigint,
      updated_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table projections`.execute(db);
}
