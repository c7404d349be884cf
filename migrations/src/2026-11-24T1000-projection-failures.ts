import { type Kysely, sql } from "kysely";

// Frozen once landed: never edit, add a new migration instead.

export async function up(db: Kysely<unknown>): Promise<void> {
  // A projector that fails on an event stops for that event's organisation only: one row per
  // projector, generation and organisation, at the event it failed on. The organisation's later
  // events for that projector are held (the checkpoint passes them, this row says where to start
  // again) until `resume` applies them from here, in log order.
  await sql`
    create table projection_failures (
      name text not null,
      generation integer not null,
      org_id uuid not null,
      tx_id xid8 not null,
      position bigint not null,
      org_seq bigint not null,
      error text not null,
      failed_at timestamptz not null default now(),
      primary key (name, generation, org_id)
    )`.execute(db);
  // Bumped by every change of a projector's failures: the live loop's compare-and-set of the
  // checkpoint checks it, so a batch filtered on an older set of held organisations is never written
  // after a `resume` applied their events.
  await sql`alter table projections add column failures_version bigint not null default 0`.execute(db);
  // A projector stopped whole before this migration becomes a failure of the event's organisation:
  // its checkpoint is just before that event, so nothing of that organisation was passed over.
  await sql`
    insert into projection_failures (name, generation, org_id, tx_id, position, org_seq, error, failed_at)
    select p.name, p.generation, e.org_id, e.tx_id, e.position, e.org_seq, coalesce(p.error, ''), p.updated_at
    from projections p join events e on e.position = p.error_position
    where p.status = 'failed'`.execute(db);
  await sql`
    update projections set status = 'running', error = null, error_position = null
    where status = 'failed'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table projections drop column failures_version`.execute(db);
  await sql`drop table projection_failures`.execute(db);
}
