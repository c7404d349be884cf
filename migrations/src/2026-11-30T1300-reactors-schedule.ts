import { type Kysely, sql } from "kysely";

// Frozen once landed: never edit, add a new migration instead.
//
// Reactors and the schedule (issue 24, point 1).
// - A reactor follows the log like a projector (its checkpoint a row of `projections`, its failures rows of
//   `projection_failures`), but what it does cannot be rolled back: an organisation it fails for is tried
//   again by itself, later each time. `attempts` counts the failures in a row at that event; `retry_at` is
//   when the runner tries again (null: a projector's failure, which waits for `resume`).
// - The schedule's jobs (the daily reminders…): one row per named job, shared by every server, so that
//   whichever server holds the job's advisory lock when it is due runs it, and the platform administrator
//   sees when it last ran, how that went, and when it runs next. Platform-wide: no `org_id`.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table projection_failures
    add column attempts integer not null default 1,
    add column retry_at timestamptz`.execute(db);
  await sql`
    create table schedule_jobs (
      name text primary key,
      next_run_at timestamptz not null,
      last_started_at timestamptz,
      last_finished_at timestamptz,
      last_outcome text check (last_outcome in ('ok', 'failed')),
      last_summary text,
      last_error text,
      runs bigint not null default 0,
      failures bigint not null default 0
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table schedule_jobs`.execute(db);
  await sql`alter table projection_failures drop column attempts, drop column retry_at`.execute(db);
}
