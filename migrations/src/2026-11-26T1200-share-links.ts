import { type Kysely, sql } from "kysely";

// Frozen once landed: never edit, add a new migration instead.
//
// share_links: the secret of each document share link (`/share/docs?token=…`), hashed (SHA-256), with
// its expiry and revocation. Operational, not event-sourced: the link itself is a fact of the document
// (DocumentShared, DocumentShareRevoked on its stream); the token must never reach the log, and a row
// is erasable. `created_by` is the user who made it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table share_links (
      token_hash bytea primary key,
      org_id uuid not null,
      share_id uuid not null,
      doc_id uuid not null,
      created_at timestamptz not null,
      created_by uuid,
      expires_at timestamptz,
      revoked_at timestamptz
    )`.execute(db);
  await sql`create unique index share_links_share on share_links (org_id, share_id)`.execute(db);
  await sql`create index share_links_doc on share_links (org_id, doc_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table share_links`.execute(db);
}
