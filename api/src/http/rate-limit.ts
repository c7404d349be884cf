import { createHash } from "node:crypto";
import type { Database } from "@registre/store";
import { sql } from "kysely";

/** How many attempts a subject (an account, an address) may make, and what happens past that. */
export type LimitRule = {
  /** Names the counter, so one subject has a counter per rule ("login-account", "renew-address"…). */
  readonly name: string;
  /** Attempts allowed inside a window; the next one is refused and starts the lock. */
  readonly max: number;
  /** A window starts at a subject's first attempt; when it has passed unlocked, counting starts over. */
  readonly windowMs: number;
  /** How long a subject stays refused once it went past `max`; refused attempts do not extend it. */
  readonly lockMs: number;
};

export type LimitDecision = {
  readonly allowed: boolean;
  /** 0 when allowed; otherwise how long until the lock ends (for `Retry-After`). */
  readonly retryAfterMs: number;
};

/**
 * Counters in the database (`rate_limits`), so every server over it shares them. Each call is one
 * statement: the increment is atomic (no read-then-write race between servers or requests).
 */
export type RateLimits = {
  /** Counts one attempt (before it is tried) and says whether it may go ahead. */
  readonly hit: (rule: LimitRule, subject: string, now: Date) => Promise<LimitDecision>;
  /** Gives back an allowed attempt (it succeeded, or was not tried after all); a lock stays. */
  readonly refund: (rule: LimitRule, subject: string) => Promise<void>;
  /** Forgets the subject's attempts and lock under that rule. */
  readonly reset: (rule: LimitRule, subject: string) => Promise<void>;
  /**
   * Deletes the identity shell's expired rows: counters whose window and lock have both passed, and
   * expired device and invitation-link tokens; answers how many of each.
   */
  readonly purgeExpired: (now: Date) => Promise<Record<PurgedTable, number>>;
};

/** The row key: no address or e-mail is kept in clear, and every key has the same size. */
export const limitKey = (rule: LimitRule, subject: string): Buffer =>
  createHash("sha256").update(`${rule.name}:${subject}`, "utf8").digest();

const positiveInteger = (name: string, value: number): void => {
  if (!Number.isSafeInteger(value) || value <= 0)
    throw new RangeError(`rate limit: ${name} must be a positive integer, got ${value}`);
};

export const checkRule = (rule: LimitRule): LimitRule => {
  positiveInteger("max", rule.max);
  positiveInteger("windowMs", rule.windowMs);
  positiveInteger("lockMs", rule.lockMs);
  return rule;
};

const purgedTables = ["rate_limits", "sign_in_devices", "invitation_tokens"] as const;
type PurgedTable = (typeof purgedTables)[number];

const at = (ms: number): Date => new Date(ms);

/**
 * `purgeEveryMs`: expired rows are deleted by the first hit after that much time since the last
 * purge (per process; several servers purging is harmless).
 */
export const createRateLimits = (database: Database, options: { purgeEveryMs?: number } = {}): RateLimits => {
  const purgeEveryMs = options.purgeEveryMs ?? 5 * 60_000;
  let lastPurge = Number.NEGATIVE_INFINITY;

  const purgeExpired = async (now: Date) => {
    const counts = {} as Record<PurgedTable, number>;
    for (const table of purgedTables) {
      const result = await database.db.deleteFrom(table).where("expires_at", "<=", now).executeTakeFirst();
      counts[table] = Number(result.numDeletedRows);
    }
    return counts;
  };

  const hit = async (rule: LimitRule, subject: string, now: Date): Promise<LimitDecision> => {
    checkRule(rule);
    const t = now.getTime();
    if (t - lastPurge >= purgeEveryMs) {
      lastPurge = t;
      await purgeExpired(now);
    }
    const windowStart = at(t - rule.windowMs);
    const lockEnd = at(t + rule.lockMs);
    const windowEnd = at(t + rule.windowMs);
    // `fresh`: the stored lock has ended, or there was none and the window has passed: count from 1.
    const fresh = sql<boolean>`(r.locked_until is not null and r.locked_until <= ${now})
      or (r.locked_until is null and r.window_started_at <= ${windowStart})`;
    const lockedUntil = sql<Date | null>`case
      when ${fresh} then null
      when r.locked_until is not null then r.locked_until
      when r.hits + 1 > ${rule.max} then ${lockEnd}::timestamptz
      else null end`;
    const { rows } = await sql<{ hits: number; locked_until: Date | null }>`
      insert into rate_limits as r (key, hits, window_started_at, locked_until, expires_at)
      values (${limitKey(rule, subject)}, 1, ${now}, null, ${windowEnd})
      on conflict (key) do update set
        hits = case when ${fresh} then 1 else least(r.hits + 1, ${rule.max + 1}) end,
        window_started_at = case when ${fresh} then ${now}::timestamptz else r.window_started_at end,
        locked_until = ${lockedUntil},
        expires_at = case
          when ${fresh} then ${windowEnd}::timestamptz
          else greatest(r.expires_at, coalesce(${lockedUntil}, r.expires_at)) end
      returning hits, locked_until`.execute(database.db);
    const row = rows[0];
    if (!row) throw new Error("rate limit: the upsert returned no row");
    if (row.hits <= rule.max) return { allowed: true, retryAfterMs: 0 };
    const until = row.locked_until ? new Date(row.locked_until).getTime() : t + rule.lockMs;
    return { allowed: false, retryAfterMs: Math.max(until - t, 1) };
  };

  return {
    hit,
    refund: async (rule, subject) => {
      await database.db
        .updateTable("rate_limits")
        .set({ hits: sql`greatest(hits - 1, 0)` })
        .where("key", "=", limitKey(rule, subject))
        .where("locked_until", "is", null)
        .execute();
    },
    reset: async (rule, subject) => {
      await database.db.deleteFrom("rate_limits").where("key", "=", limitKey(rule, subject)).execute();
    },
    purgeExpired,
  };
};

/** `Retry-After` in whole seconds, at least 1. */
export const retryAfterSeconds = (retryAfterMs: number): number =>
  Math.max(1, Math.ceil(retryAfterMs / 1000));
