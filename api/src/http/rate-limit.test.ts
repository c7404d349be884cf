import type { Database } from "@registre/store";
import { openDatabase } from "@registre/store";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../../tests/support/databases.ts";
import { createRateLimits, type LimitRule, limitKey, retryAfterSeconds } from "./rate-limit.ts";

const minute = 60_000;
const allowed = { allowed: true, retryAfterMs: 0 };

describe.each(databaseKinds)("rate limits in the database on %s", (kind) => {
  let database: TestDatabase;
  let n = 0;
  /** A rule of its own per test: counters never leak between tests. */
  const rule = (max: number, windowMs: number, lockMs: number): LimitRule => ({
    name: `test-${++n}`,
    max,
    windowMs,
    lockMs,
  });
  /** A clock the test moves by hand. */
  const clock = () => {
    let time = Date.parse("2026-11-24T12:00:00Z");
    return {
      now: () => new Date(time),
      advance: (ms: number) => {
        time += ms;
      },
    };
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("allows max attempts inside the window, refuses the next for the lock's length, then counts afresh", async () => {
    const limits = createRateLimits(database);
    const r = rule(3, 15 * minute, 10 * minute);
    const { now, advance } = clock();
    for (let i = 0; i < 3; i++) {
      expect(await limits.hit(r, "jean@example.fr", now())).toEqual(allowed);
      advance(minute);
    }
    expect(await limits.hit(r, "jean@example.fr", now())).toEqual({
      allowed: false,
      retryAfterMs: 10 * minute,
    });
    advance(4 * minute);
    // Refused attempts do not extend the lock.
    expect(await limits.hit(r, "jean@example.fr", now())).toEqual({
      allowed: false,
      retryAfterMs: 6 * minute,
    });
    advance(6 * minute - 1);
    expect(await limits.hit(r, "jean@example.fr", now())).toEqual({ allowed: false, retryAfterMs: 1 });
    advance(1);
    for (let i = 0; i < 3; i++) expect(await limits.hit(r, "jean@example.fr", now())).toEqual(allowed);
    expect((await limits.hit(r, "jean@example.fr", now())).allowed).toBe(false);
  });

  it("never locks a subject whose attempts are spread wider than the window", async () => {
    const limits = createRateLimits(database);
    const r = rule(3, 10 * minute, 30 * minute);
    const { now, advance } = clock();
    for (let i = 0; i < 12; i++) {
      expect(await limits.hit(r, "k", now())).toEqual(allowed);
      advance(4 * minute);
    }
  });

  it("keeps subjects and rules apart", async () => {
    const limits = createRateLimits(database);
    const a = rule(2, minute, minute);
    const b = rule(2, minute, minute);
    const { now } = clock();
    await limits.hit(a, "jean@example.fr", now());
    await limits.hit(a, "jean@example.fr", now());
    expect((await limits.hit(a, "jean@example.fr", now())).allowed).toBe(false);
    expect(await limits.hit(a, "paul@example.fr", now())).toEqual(allowed);
    expect(await limits.hit(b, "jean@example.fr", now())).toEqual(allowed);
  });

  it("refund gives an attempt back unless locked; reset forgets attempts and lock", async () => {
    const limits = createRateLimits(database);
    const r = rule(2, minute, minute);
    const { now } = clock();
    await limits.hit(r, "k", now());
    await limits.hit(r, "k", now());
    await limits.refund(r, "k");
    expect(await limits.hit(r, "k", now())).toEqual(allowed);
    expect((await limits.hit(r, "k", now())).allowed).toBe(false);
    await limits.refund(r, "k");
    expect((await limits.hit(r, "k", now())).allowed).toBe(false);
    await limits.reset(r, "k");
    expect(await limits.hit(r, "k", now())).toEqual(allowed);
    await limits.refund(r, "never seen");
    await limits.reset(r, "never seen");
  });

  it("counts concurrent attempts exactly: the increment is one atomic statement", async () => {
    const limits = createRateLimits(database);
    const r = rule(10, minute, minute);
    const at = new Date();
    const answers = await Promise.all(Array.from({ length: 40 }, () => limits.hit(r, "burst", at)));
    expect(answers.filter((a) => a.allowed)).toHaveLength(10);
    const row = await database.db
      .selectFrom("rate_limits")
      .select("hits")
      .where("key", "=", limitKey(r, "burst"))
      .executeTakeFirstOrThrow();
    expect(row.hits).toBe(11);
  });

  it("is shared by every limiter over the same database (several servers)", async () => {
    const second: Database =
      kind === "postgres" ? await openDatabase({ url: database.url, maxConnections: 2 }) : database;
    try {
      const one = createRateLimits(database);
      const two = createRateLimits(second);
      const r = rule(4, minute, minute);
      const at = new Date();
      await Promise.all([one.hit(r, "shared", at), two.hit(r, "shared", at)]);
      await Promise.all([one.hit(r, "shared", at), two.hit(r, "shared", at)]);
      expect((await two.hit(r, "shared", at)).allowed).toBe(false);
      expect((await one.hit(r, "shared", at)).allowed).toBe(false);
      await one.reset(r, "shared");
      expect((await two.hit(r, "shared", at)).allowed).toBe(true);
    } finally {
      if (second !== database) await second.close();
    }
  });

  it("keeps no subject in clear", async () => {
    const limits = createRateLimits(database);
    await limits.hit(rule(5, minute, minute), "secret.address@example.fr", new Date());
    const { rows } = await sql<{ n: number }>`
      select count(*)::int8 as n from rate_limits
      where encode(key, 'escape') like '%secret%'`.execute(database.db);
    expect(rows[0]?.n).toBe(0);
  });

  it("purges the rows whose window and lock have passed, and expired tokens, at most every purgeEveryMs", async () => {
    const base = Date.parse("2100-01-01T00:00:00Z");
    const at = (minutes: number) => new Date(base + minutes * minute);
    const limits = createRateLimits(database, { purgeEveryMs: 10 * minute });
    await limits.purgeExpired(at(0)); // the other tests' rows
    const count = async (table: "rate_limits" | "sign_in_devices" | "invitation_tokens") =>
      Number(
        (
          await database.db
            .selectFrom(table)
            .select(sql<number>`count(*)::int8`.as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const short = rule(1, minute, 30 * minute);
    await limits.hit(short, "locked", at(0));
    await limits.hit(short, "locked", at(0)); // locked until 30
    await limits.hit(rule(5, 20 * minute, minute), "long", at(0)); // its window ends at 20
    await database.db
      .insertInto("sign_in_devices")
      .values({ token_hash: Buffer.from("d1"), user_id: crypto.randomUUID(), expires_at: at(1) })
      .execute();
    await database.db
      .insertInto("invitation_tokens")
      .values({
        token_hash: Buffer.from("i1"),
        org_id: crypto.randomUUID(),
        invitation_id: crypto.randomUUID(),
        expires_at: at(60),
      })
      .execute();
    expect(await count("rate_limits")).toBe(2);
    await limits.hit(rule(5, minute, minute), "early", at(5)); // last purge 5 minutes ago: none now
    expect([await count("rate_limits"), await count("sign_in_devices")]).toEqual([3, 1]);
    await limits.hit(rule(5, minute, minute), "trigger", at(25));
    // Purged: "long" (window passed at 20), "early" (6), the device token (1); the lock holds.
    expect([await count("rate_limits"), await count("sign_in_devices")]).toEqual([2, 0]);
    expect(await limits.purgeExpired(at(31))).toEqual({
      rate_limits: 2,
      sign_in_devices: 0,
      invitation_tokens: 0,
    });
    expect(await limits.purgeExpired(at(61))).toEqual({
      rate_limits: 0,
      sign_in_devices: 0,
      invitation_tokens: 1,
    });
  });

  it("refuses rules that would make no sense", async () => {
    const limits = createRateLimits(database);
    const at = new Date();
    await expect(
      limits.hit({ name: "x", max: 0, windowMs: minute, lockMs: minute }, "k", at),
    ).rejects.toThrow(RangeError);
    await expect(limits.hit({ name: "x", max: 5, windowMs: -1, lockMs: minute }, "k", at)).rejects.toThrow(
      RangeError,
    );
    await expect(
      limits.hit({ name: "x", max: 5, windowMs: minute, lockMs: Number.NaN }, "k", at),
    ).rejects.toThrow(RangeError);
  });
});

describe("retryAfterSeconds", () => {
  it("rounds up to whole seconds, at least one", () => {
    expect(retryAfterSeconds(1)).toBe(1);
    expect(retryAfterSeconds(1000)).toBe(1);
    expect(retryAfterSeconds(1001)).toBe(2);
    expect(retryAfterSeconds(15 * minute)).toBe(900);
  });
});
