import type { Database } from "@registre/store";
import { type ColumnType, type Kysely, type RawBuilder, sql } from "kysely";

/** Migration `2026-11-24T1100-idempotency`. */
export type IdempotencyKeysTable = {
  lookup: Uint8Array;
  request_hash: Uint8Array;
  owner: string | null;
  locked_until: ColumnType<Date | null, Date | null, Date | null>;
  status: number | null;
  answer: Uint8Array | null;
  created_at: ColumnType<Date, Date, Date>;
  expires_at: ColumnType<Date, Date, Date>;
};

type Db = Kysely<{ idempotency_keys: IdempotencyKeysTable }>;
const keysOf = (database: Database): Db =>
  database.db.withTables<{ idempotency_keys: IdempotencyKeysTable }>();

/** What the key's record says to a request that wants to run it. */
export type Claim =
  | { readonly kind: "owned" }
  | { readonly kind: "stored"; readonly status: number; readonly answer: Uint8Array }
  | { readonly kind: "reused" }
  | { readonly kind: "running"; readonly lockedUntil: Date };

export type ClaimRequest = {
  readonly lookup: Buffer;
  readonly requestHash: Buffer;
  /** This request's own id: only the lease holder settles the record. */
  readonly owner: string;
  readonly now: Date;
  readonly leaseMs: number;
  readonly ttlMs: number;
};

const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

/**
 * The statement that makes the key's record for this request, or takes over an expired one: returns
 * a row when it did. Run alone by `claimKey`, or inside the statement that reads the session.
 */
export const keyClaim = (request: ClaimRequest): RawBuilder<{ lookup: Uint8Array }> => {
  const lockedUntil = new Date(request.now.getTime() + request.leaseMs);
  const expires = new Date(request.now.getTime() + request.ttlMs);
  return sql<{ lookup: Uint8Array }>`
    insert into idempotency_keys (lookup, request_hash, owner, locked_until, created_at, expires_at)
    values (${request.lookup}, ${request.requestHash}, ${request.owner}, ${lockedUntil}, ${request.now}, ${expires})
    on conflict (lookup) do update set request_hash = excluded.request_hash, owner = excluded.owner,
      locked_until = excluded.locked_until, status = null, answer = null,
      created_at = excluded.created_at, expires_at = excluded.expires_at
    where idempotency_keys.expires_at <= ${request.now}
    returning lookup`;
};

/**
 * Takes the key for this request, or says why not. One statement makes the record (or takes over an
 * expired one, `keyClaim`); a record of another request is `reused`; a stored answer is `stored`; a
 * live lease is `running`; a record whose lease ended without an answer (a non-final answer, or a
 * server that stopped) is taken over, the handler being safe to run again. `tried`: `keyClaim` was
 * run already in this request's first statement and made nothing, so the record is read first.
 */
export const claimKey = async (
  database: Database,
  request: ClaimRequest,
  { tried = false }: { tried?: boolean } = {},
): Promise<Claim> => {
  const db = keysOf(database);
  const lockedUntil = new Date(request.now.getTime() + request.leaseMs);
  for (let first = true; ; first = false) {
    if (!(first && tried)) {
      const { rows } = await keyClaim(request).execute(database.db);
      if (rows.length > 0) return { kind: "owned" };
    }
    const record = await db
      .selectFrom("idempotency_keys")
      .select(["request_hash", "locked_until", "status", "answer"])
      .where("lookup", "=", request.lookup)
      .executeTakeFirst();
    if (!record) continue; // purged in between: make it again
    if (!same(record.request_hash, request.requestHash)) return { kind: "reused" };
    if (record.status !== null && record.answer !== null)
      return { kind: "stored", status: record.status, answer: record.answer };
    if (record.locked_until && record.locked_until > request.now)
      return { kind: "running", lockedUntil: record.locked_until };
    const taken = await db
      .updateTable("idempotency_keys")
      .set({ owner: request.owner, locked_until: lockedUntil })
      .where("lookup", "=", request.lookup)
      .where("status", "is", null)
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", request.now)]))
      .returning("lookup")
      .executeTakeFirst();
    if (taken) return { kind: "owned" };
  }
};

/** Keeps the lease of a request still running (a long import). */
export const extendLease = async (database: Database, lookup: Buffer, owner: string, until: Date) => {
  await keysOf(database)
    .updateTable("idempotency_keys")
    .set({ locked_until: until })
    .where("lookup", "=", lookup)
    .where("owner", "=", owner)
    .execute();
};

/** Stores the final answer; `null` ends the lease without one, so the same request runs again. */
export const settleKey = async (
  database: Database,
  lookup: Buffer,
  owner: string,
  answer: { status: number; sealed: Buffer } | null,
) => {
  await keysOf(database)
    .updateTable("idempotency_keys")
    .set({
      owner: null,
      locked_until: null,
      ...(answer && { status: answer.status, answer: answer.sealed }),
    })
    .where("lookup", "=", lookup)
    .where("owner", "=", owner)
    .execute();
};

/** Deletes expired records, a bounded batch at a time; answers how many went. */
export const purgeExpiredKeys = async (database: Database, now: Date, batch = 1000): Promise<number> => {
  const result = await sql<{ lookup: Uint8Array }>`
    delete from idempotency_keys
    where lookup in (select lookup from idempotency_keys where expires_at <= ${now} limit ${batch})
    returning lookup`.execute(database.db);
  return result.rows.length;
};
