import { type Kysely, sql } from "kysely";

// Frozen once landed: never edit, add a new migration instead.
//
// Operational tables of the identity shell (issue 8), not event-sourced:
// - rate_limits: sign-in and renewal counters, shared by every server over the same database. The key
//   is a SHA-256 of "<rule>:<e-mail or address>", so no address is kept in clear; expires_at says when
//   a row no longer matters, and expired rows are purged.
// - sign_in_devices: "device tokens" (OWASP device cookies): a browser that signed in to an account
//   before is exempt from the locks meant for strangers. Only a hash of each token is kept.
// - invitation_tokens: the secret of each invitation link, hashed. The invitation itself is a fact of
//   the organisation (MemberInvited…), in the event log.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rate_limits (
      key bytea primary key,
      hits integer not null,
      window_started_at timestamptz not null,
      locked_until timestamptz,
      expires_at timestamptz not null
    )`.execute(db);
  await sql`create index rate_limits_expiry on rate_limits (expires_at)`.execute(db);

  await sql`
    create table sign_in_devices (
      token_hash bytea primary key,
      user_id uuid not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    )`.execute(db);
  await sql`create index sign_in_devices_expiry on sign_in_devices (expires_at)`.execute(db);

  await sql`
    create table invitation_tokens (
      token_hash bytea primary key,
      org_id uuid not null,
      invitation_id uuid not null,
      expires_at timestamptz not null
    )`.execute(db);
  await sql`create index invitation_tokens_invitation on invitation_tokens (org_id, invitation_id)`.execute(
    db,
  );
  await sql`create index invitation_tokens_expiry on invitation_tokens (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table invitation_tokens, sign_in_devices, rate_limits`.execute(db);
}
