import { type Kysely, sql } from "kysely";

// Frozen once landed: never edit, add a new migration instead.
//
// Every tenant table's primary and unique keys lead with `org_id` (issue 24, point 6; docs/scaling.md):
// a database sharded by organisation (Citus, distributed by `org_id`) requires the distribution column in
// every primary key and unique constraint, and a key led by it keeps each organisation's rows together
// in every index. `tests/tenant-keys.test.ts` holds every table to it. The three tables that did not:
// - projection_failures: (name, generation, org_id) becomes (org_id, name, generation); the runner's
//   reads by projector (its state, the status) keep an index of their own;
// - invitation_tokens and share_links were keyed by the token's hash alone. A token is 32 random bytes
//   and its SHA-256 is what is stored: two links never share a hash, with or without a constraint. The
//   key becomes (org_id, token_hash) for an invitation's token and (org_id, share_id) for a share link
//   (the key its creation already upserts on); the lookup of a link, which knows only the token, keeps a
//   plain index on the hash.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table projection_failures drop constraint projection_failures_pkey,
    add primary key (org_id, name, generation)`.execute(db);
  await sql`create index projection_failures_projector on projection_failures (name, generation)`.execute(db);

  await sql`alter table invitation_tokens drop constraint invitation_tokens_pkey,
    add primary key (org_id, token_hash)`.execute(db);
  await sql`create index invitation_tokens_token on invitation_tokens (token_hash)`.execute(db);

  await sql`alter table share_links drop constraint share_links_pkey,
    add constraint share_links_pkey primary key using index share_links_share`.execute(db);
  await sql`create index share_links_token on share_links (token_hash)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index share_links_token`.execute(db);
  await sql`alter table share_links drop constraint share_links_pkey,
    add primary key (token_hash)`.execute(db);
  await sql`create unique index share_links_share on share_links (org_id, share_id)`.execute(db);

  await sql`drop index invitation_tokens_token`.execute(db);
  await sql`alter table invitation_tokens drop constraint invitation_tokens_pkey,
    add primary key (token_hash)`.execute(db);

  await sql`drop index projection_failures_projector`.execute(db);
  await sql`alter table projection_failures drop constraint projection_failures_pkey,
    add primary key (name, generation, org_id)`.execute(db);
}
