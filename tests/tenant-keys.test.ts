import { allProjectors, createProjectionRunner } from "@registre/projections";
import { createEventStore } from "@registre/store";
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "./support/databases.ts";

/**
 * Ready for more than one PostgreSQL (issue 24, point 6; docs/scaling.md): sharded by organisation
 * (Citus, distributed by `org_id`), every tenant table's primary key and unique keys must hold `org_id`,
 * and here they lead with it. A table is a tenant's when it has an `org_id` column, unless it is one of
 * the global tables below; a table that is neither (no `org_id`, not listed) is named too, so a new
 * table is classified when it lands. Read models are checked through their live generation's tables
 * (`<table>_g<n>`), named by their view's name here.
 */
const GLOBAL_TABLES: Readonly<Record<string, string>> = {
  // Kysely's record of the migrations applied, and its lock: one per database (on Citus, the coordinator's).
  registre_migrations: "migrations applied",
  registre_migrations_lock: "the migrator's lock",
  // One row per projector (and reactor): its live generation and its checkpoint in the global log.
  projections: "projectors' checkpoints",
  // The schedule's named jobs (the daily reminders…), platform-wide, shared by every server.
  schedule_jobs: "the schedule",
  // A user's e-mail and password hash: a user is the platform's, a member of any number of organisations.
  credentials: "a user's sign-in",
  // A session or login ticket, found by its token's hash on every request. Its `org_id` is the organisation
  // it works in — null until one is chosen, changed by switching — so a user's row, not a tenant's.
  sessions: "a user's session",
  // A user's password renewal tokens (hashed).
  password_renewals: "a user's renewal tokens",
  // Sign-in and renewal counters, keyed by a hash of the rule and the e-mail or address.
  rate_limits: "counters per address",
  // A browser's device tokens (hashed), a user's.
  sign_in_devices: "a user's devices",
  // What an Idempotency-Key answered, keyed by a hash of the caller's scope (user and organisation, or
  // none: the public scope) and the key.
  idempotency_keys: "answers by caller and key",
  // Read model: a user's name and e-mail, the platform's.
  users: "users (read model)",
  // Read model: the platform's reference lists (kind, code), the same for every organisation.
  reference_entries: "reference lists (read model)",
  // Read model: the platform's release notes, the same for every organisation, and each user's last visit.
  release_notes: "release notes (read model)",
  release_visits: "a user's last visit to the release notes (read model)",
};

type KeyRow = {
  table: string;
  has_org: boolean;
  index: string | null;
  primary: boolean | null;
  cols: string[];
};

/**
 * What keeps the schema from being sharded by organisation, one line per table or key: every table of
 * the schema, its `org_id` column, and each primary key and unique constraint or index with its key
 * columns (an expression's as « (expression) »).
 */
const tenantKeyProblems = async (
  // biome-ignore lint/suspicious/noExplicitAny: the catalog is read with plain SQL
  db: Kysely<any>,
  globals: Readonly<Record<string, string>> = GLOBAL_TABLES,
): Promise<string[]> => {
  const { rows } = await sql<KeyRow>`
    select c.relname as table,
      exists (select 1 from pg_attribute a
              where a.attrelid = c.oid and a.attname = 'org_id' and a.attnum > 0 and not a.attisdropped) as has_org,
      i.indexrelid::regclass::text as index, i.indisprimary as primary,
      array(select coalesce(a.attname::text, '(expression)') from unnest(i.indkey::int2[]) with ordinality k(attnum, ord)
            left join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
            where k.ord <= i.indnkeyatts order by k.ord) as cols
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
    left join pg_index i on i.indrelid = c.oid and i.indisunique
    where c.relkind in ('r', 'p') and not c.relispartition
    order by c.relname, i.indisprimary desc, i.indexrelid::regclass::text`.execute(db);
  const logical = (table: string) => table.replace(/_g\d+$/, "");
  const problems: string[] = [];
  const seen = new Set<string>();
  const tables = new Map<string, KeyRow[]>();
  for (const row of rows) tables.set(row.table, [...(tables.get(row.table) ?? []), row]);
  for (const [table, keys] of tables) {
    seen.add(logical(table));
    if (logical(table) in globals) continue;
    if (!keys[0]?.has_org) {
      problems.push(`${table}: no org_id column, and not a listed global table`);
      continue;
    }
    if (!keys.some((k) => k.primary)) problems.push(`${table}: no primary key`);
    for (const k of keys) {
      if (k.index === null || k.cols[0] === "org_id") continue;
      const columns = k.cols.join(", ");
      problems.push(
        `${table}: ${k.primary ? "primary key" : "unique"} ${k.index} (${columns}) does not lead with org_id`,
      );
    }
  }
  for (const name of Object.keys(globals))
    if (!seen.has(name)) problems.push(`${name}: listed as global, but no such table`);
  return problems;
};

describe.each(databaseKinds)("tenant tables keyed by organisation first, on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    // The read models' tables, as a server makes them at start.
    await createProjectionRunner(database, createEventStore(database), allProjectors).setup();
  });
  afterAll(() => database?.close());

  it("leads every tenant table's primary key and unique keys with org_id; the others are listed global", async () => {
    expect(await tenantKeyProblems(database.db)).toEqual([]);
    // The read models were there to be checked.
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind = 'r' and c.relname ~ '_g[0-9]+$'`.execute(
      database.db,
    );
    expect(rows[0]?.n).toBeGreaterThan(30);
  });

  it("names a tenant table whose key does not lead with org_id, one without a key, and a table unclassified", async () => {
    const rollback = new Error("rollback");
    let problems: string[] = [];
    await database.db
      .transaction()
      .execute(async (trx) => {
        await sql`create table probe_by_id (org_id uuid not null, id uuid primary key)`.execute(trx);
        await sql`create table probe_unique (org_id uuid not null, id uuid, code text,
          primary key (org_id, id), unique (code, org_id))`.execute(trx);
        await sql`create table probe_expression (org_id uuid not null, id uuid, primary key (org_id, id))`.execute(
          trx,
        );
        await sql`create unique index probe_expression_lower on probe_expression (lower(id::text), org_id)`.execute(
          trx,
        );
        await sql`create table probe_keyless (org_id uuid, n integer)`.execute(trx);
        await sql`create table probe_global (id uuid primary key)`.execute(trx);
        await sql`create table probe_model_g3 (org_id uuid not null, id uuid, primary key (id, org_id))`.execute(
          trx,
        );
        await sql`create table probe_fine (org_id uuid not null, id uuid, code text,
          primary key (org_id, id), unique (org_id, code))`.execute(trx);
        problems = await tenantKeyProblems(trx, { ...GLOBAL_TABLES, probe_listed_gone: "no such table" });
        throw rollback;
      })
      .catch((error) => {
        if (error !== rollback) throw error;
      });
    // The schema's own tables are the test above's.
    expect(problems.filter((p) => p.startsWith("probe_")).sort()).toEqual(
      [
        "probe_by_id: primary key probe_by_id_pkey (id) does not lead with org_id",
        "probe_unique: unique probe_unique_code_org_id_key (code, org_id) does not lead with org_id",
        "probe_expression: unique probe_expression_lower ((expression), org_id) does not lead with org_id",
        "probe_keyless: no primary key",
        "probe_global: no org_id column, and not a listed global table",
        "probe_model_g3: primary key probe_model_g3_pkey (id, org_id) does not lead with org_id",
        "probe_listed_gone: listed as global, but no such table",
      ].sort(),
    );
  });
});
