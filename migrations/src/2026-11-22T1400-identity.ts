import { type Kysely, sql } from "kysely";

// Frozen once landed: never edit, add a new migration instead.
//
// Operational tables of the identity shell, not event-sourced: secrets (password hashes, token
// hashes) must be replaceable and erasable, which an append-only log is not. Who a user is, and
// which organisations they belong to, are events (UserRegistered, MemberAdded).

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table credentials (
      user_id uuid primary key,
      email text not null unique,
      password_hash text not null,
      platform_admin boolean not null default false,
      updated_at timestamptz not null default now()
    )`.execute(db);

  // Sessions and login tickets: only a hash of the token is kept.
  await sql`
    create table sessions (
      token_hash bytea primary key,
      kind text not null check (kind in ('session', 'ticket')),
      user_id uuid not null,
      org_id uuid,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz
    )`.execute(db);
  await sql`create index sessions_by_user on sessions (user_id)`.execute(db);

  await sql`
    create table password_renewals (
      token_hash bytea primary key,
      user_id uuid not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table password_renewals, sessions, credentials`.execute(db);
}
