import { type Kysely, sql } from "kysely";

// Frozen once landed: never edit, add a new migration instead.
//
// What an Idempotency-Key answered, so a retried command answers its first result. Operational,
// not event-sourced: the answers expire and are purged, and some carry session tokens.

export async function up(db: Kysely<unknown>): Promise<void> {
  // `lookup` hashes the caller's scope and the key; `request_hash` and the key that encrypts
  // `answer` derive from the key and the whole request (method, path, credentials, body), which
  // the table never holds: neither the answer nor the request can be read or guessed from a copy.
  // `owner` and `locked_until` are the lease of the request running it now (null: nobody).
  await sql`
    create table idempotency_keys (
      lookup bytea primary key,
      request_hash bytea not null,
      owner uuid,
      locked_until timestamptz,
      status integer,
      answer bytea,
      created_at timestamptz not null,
      expires_at timestamptz not null
    )`.execute(db);
  await sql`create index idempotency_keys_expiry on idempotency_keys (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table idempotency_keys`.execute(db);
}
