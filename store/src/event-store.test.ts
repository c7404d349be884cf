import { randomUUID } from "node:crypto";
import type { CommandMetadata } from "@registre/core";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { verifyAudit } from "./audit.ts";
import { withOrg } from "./database.ts";
import { ConcurrencyError, CounterLimitError } from "./errors.ts";
import {
  type Checkpoint,
  compareCheckpoints,
  createEventStore,
  type EventStore,
  START,
} from "./event-store.ts";

const meta = (commandId: string = randomUUID()): CommandMetadata => ({
  commandId,
  at: "2026-11-22T10:00:00.000Z",
  userId: "user-1",
});
const ev = (n: number) => ({ type: "Thing", data: { n, label: `event ${n}`, amount: n * 100 } });

/**
 * Reads the global log after `from`, keeping only the given organisations' events, until `expect`
 * of them are seen: the safe horizon is cluster-wide, so another test's open transaction may hold
 * committed events back for a moment. With `expect` 0 it reads what is readable now.
 */
const drain = async (store: EventStore, from: Checkpoint, orgs: Set<string>, expect = 0) => {
  const seen: { orgId: string; streamId: string; version: number; position: number }[] = [];
  let checkpoint = from;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const batch = await store.readAll(checkpoint, { limit: 7 });
    for (const e of batch.events)
      if (orgs.has(e.orgId))
        seen.push({ orgId: e.orgId, streamId: e.streamId, version: e.version, position: e.position });
    checkpoint = batch.checkpoint;
    if (batch.full) continue;
    if (seen.length >= expect || Date.now() > deadline) return { seen, checkpoint };
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe.each(databaseKinds)("event store on %s", (kind) => {
  let database: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    store = createEventStore(database);
  });
  afterAll(() => database?.close());

  it("appends to a new stream and reads it back in order, data and metadata intact", async () => {
    const org = randomUUID();
    const result = await store.append(org, "thing-1", "no_stream", [ev(1), ev(2), ev(3)], {
      metadata: meta(),
    });
    expect(result).toMatchObject({ fromVersion: 0, toVersion: 3, duplicate: false });
    expect(result.checkpoint).not.toBeNull();
    const events = await store.readStream(org, "thing-1");
    expect(events.map((e) => e.version)).toEqual([1, 2, 3]);
    expect(events.map((e) => e.orgSeq)).toEqual([1, 2, 3]);
    expect(events[1]?.data).toEqual({ n: 2, label: "event 2", amount: 200 });
    expect(events[0]?.metadata).toMatchObject({ userId: "user-1", at: "2026-11-22T10:00:00.000Z" });
    expect(events.map((e) => e.schemaVersion)).toEqual([1, 1, 1]);
    await store.append(org, "thing-1", 3, [ev(4)], { metadata: meta() });
    expect((await store.readStream(org, "thing-1", { fromVersion: 4 })).map((e) => e.data)).toEqual([
      ev(4).data,
    ]);
    expect(await store.streamVersion(org, "thing-1")).toBe(4);
  });

  it("refuses a stale expected version with a typed conflict and changes nothing", async () => {
    const org = randomUUID();
    await store.append(org, "s", "no_stream", [ev(1)], { metadata: meta() });
    await store.append(org, "s", 1, [ev(2)], { metadata: meta() });
    const stale = store.append(org, "s", 1, [ev(3)], { metadata: meta() });
    await expect(stale).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(stale).rejects.toMatchObject({ expected: 1, actual: 2 });
    await expect(store.append(org, "s", "no_stream", [ev(3)], { metadata: meta() })).rejects.toMatchObject({
      actual: 2,
    });
    await expect(store.append(org, "missing", 3, [ev(3)], { metadata: meta() })).rejects.toMatchObject({
      actual: null,
    });
    expect((await store.readStream(org, "s")).length).toBe(2);
    const head = await withOrg(database, org, (trx) =>
      trx.selectFrom("org_heads").select("seq").where("org_id", "=", org).executeTakeFirstOrThrow(),
    );
    expect(head.seq).toBe(2);
  });

  it("returns the first result when a command is retried with the same id", async () => {
    const org = randomUUID();
    const commandId = randomUUID();
    const first = await store.append(org, "s", "no_stream", [ev(1), ev(2)], { metadata: meta(commandId) });
    const retry = await store.append(org, "s", "no_stream", [ev(1), ev(2)], { metadata: meta(commandId) });
    expect(retry).toEqual({ ...first, duplicate: true });
    const withCounters = randomUUID();
    const c1 = await store.append(org, "s", 2, (n) => [{ type: "Numbered", data: { number: n.invoice } }], {
      metadata: meta(withCounters),
      counters: { invoice: 1 },
    });
    const c2 = await store.append(org, "s", 2, (n) => [{ type: "Numbered", data: { number: n.invoice } }], {
      metadata: meta(withCounters),
      counters: { invoice: 1 },
    });
    expect(c2).toEqual({ ...c1, duplicate: true });
    expect((await store.readStream(org, "s")).length).toBe(3);
  });

  it("treats an append of zero events as a no-op that never moves a version", async () => {
    const org = randomUUID();
    await store.append(org, "s", "no_stream", [ev(1), ev(2)], { metadata: meta() });
    const result = await store.append(org, "s", 2, [], { metadata: meta() });
    expect(result).toMatchObject({ fromVersion: 2, toVersion: 2, checkpoint: null, duplicate: false });
    await expect(store.append(org, "s", 1, [], { metadata: meta() })).rejects.toBeInstanceOf(
      ConcurrencyError,
    );
    expect(await store.streamVersion(org, "s")).toBe(2);
    await store.append(org, "s", 2, [ev(3)], { metadata: meta() });
    expect(await store.streamVersion(org, "s")).toBe(3);
  });

  it("names as head the last transaction in numeric order, also when transaction ids gain a digit", async () => {
    const org = randomUUID();
    // Burn transaction ids up to just below the next power of ten when it is near (a fresh embedded
    // database), then commit across it: "999" < "1000" as numbers, not as text.
    const xid = async () =>
      BigInt(
        (await sql<{ x: string }>`select pg_current_xact_id()::text as x`.execute(database.db)).rows[0]?.x ??
          0,
      );
    const current = await xid();
    const boundary = 10n ** BigInt(String(current).length);
    if (boundary - current < 20_000n) while ((await xid()) < boundary - 3n);
    for (let i = 0; i < 6; i++) await store.append(org, `h-${i}`, "no_stream", [ev(1)], { metadata: meta() });
    const { rows } = await sql<{ tx_id: string; position: number }>`
      select tx_id::text as tx_id, position from events`.execute(database.db);
    const last = rows.reduce((a, b) =>
      BigInt(b.tx_id) > BigInt(a.tx_id) || (b.tx_id === a.tx_id && b.position > a.position) ? b : a,
    );
    expect(await store.head()).toEqual({ txId: last.tx_id, position: last.position });
  });

  it("appends a decision taken on other streams only if they are still at the versions read (guards)", async () => {
    const org = randomUUID();
    await store.append(org, "chart", "no_stream", [ev(1)], { metadata: meta() });
    // Read at version 1 (and "calendar" absent, 0): still true, so the append goes through.
    await store.append(org, "entry-1", "no_stream", [ev(1)], {
      metadata: meta(),
      guards: { chart: 1, calendar: 0 },
    });
    await store.append(org, "chart", 1, [ev(2)], { metadata: meta() });
    // The chart moved since it was read: refused, nothing written, no number taken.
    const stale = store.append(
      org,
      "entry-2",
      "no_stream",
      (n) => [{ type: "Numbered", data: { n: n.VT } }],
      {
        metadata: meta(),
        guards: { chart: 1 },
        counters: { VT: 1 },
      },
    );
    await expect(stale).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(stale).rejects.toMatchObject({ streamId: "chart", expected: 1, actual: 2 });
    await expect(
      store.append(org, "entry-2", "no_stream", [ev(1)], { metadata: meta(), guards: { calendar: 1 } }),
    ).rejects.toMatchObject({ streamId: "calendar", actual: 0 });
    expect(await store.readStream(org, "entry-2")).toEqual([]);
    await store.append(org, "entry-2", "no_stream", (n) => [{ type: "Numbered", data: { n: n.VT } }], {
      metadata: meta(),
      guards: { chart: 2 },
      counters: { VT: 1 },
    });
    expect((await store.readStream(org, "entry-2")).map((e) => e.data)).toEqual([{ n: 1 }]);
  });

  it("hands out gapless counters per organisation, and a failed append gives its numbers back", async () => {
    const org = randomUUID();
    const numbered = (name: string) => (n: Readonly<Record<string, number>>) => [
      { type: "Numbered", data: { number: n[name] } },
    ];
    await store.append(org, "a", "no_stream", numbered("VT-2026"), {
      metadata: meta(),
      counters: { "VT-2026": 1 },
    });
    await expect(
      store.append(org, "a", "no_stream", numbered("VT-2026"), {
        metadata: meta(),
        counters: { "VT-2026": 1 },
      }),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    await store.append(org, "b", "no_stream", numbered("VT-2026"), {
      metadata: meta(),
      counters: { "VT-2026": 1 },
    });
    await store.append(org, "c", "no_stream", numbered("HA-2026"), {
      metadata: meta(),
      counters: { "HA-2026": 1 },
    });
    const numbers = async (s: string) =>
      (await store.readStream(org, s)).map((e) => (e.data as { number: number }).number);
    expect([await numbers("a"), await numbers("b"), await numbers("c")]).toEqual([[1], [2], [1]]);
  });

  it("takes counters within their bounds for events given beforehand, and takes nothing past a bound", async () => {
    const org = randomUUID();
    await store.append(org, "chart", "no_stream", [ev(1)], { metadata: meta() });
    const options = (added: number, metadata = meta()) => ({
      metadata,
      guards: { chart: 1 },
      counters: { volume: added },
      limits: { volume: 100 },
    });
    await store.append(org, "a", "no_stream", [ev(1)], options(60));
    // Counters without guards are taken too (and bounded).
    await store.append(org, "z", "no_stream", [ev(1)], { metadata: meta(), counters: { volume: 5 } });
    await expect(
      store.append(org, "y", "no_stream", [ev(1)], {
        metadata: meta(),
        counters: { volume: 36 },
        limits: { volume: 100 },
      }),
    ).rejects.toBeInstanceOf(CounterLimitError);
    // 65 + 36 > 100: refused, nothing written, nothing taken.
    const past = store.append(org, "b", "no_stream", [ev(2)], options(36));
    await expect(past).rejects.toBeInstanceOf(CounterLimitError);
    await expect(past).rejects.toMatchObject({ counter: "volume" });
    expect(await store.readStream(org, "b")).toEqual([]);
    expect(await store.readStream(org, "y")).toEqual([]);
    const fits = meta();
    const first = await store.append(org, "b", "no_stream", [ev(2)], options(35, fits));
    // A retry answers the first result and takes nothing (the bound would refuse it otherwise).
    const again = await store.append(org, "b", "no_stream", [ev(2)], options(35, fits));
    expect(again).toMatchObject({ duplicate: true, toVersion: 1, checkpoint: first.checkpoint });
    // A guard that moved names its stream.
    await store.append(org, "chart", 1, [ev(3)], { metadata: meta() });
    await expect(store.append(org, "c", "no_stream", [ev(4)], options(0))).rejects.toMatchObject({
      streamId: "chart",
      expected: 1,
      actual: 2,
    });
    const { rows } = await sql<{ counters: { volume: number } }>`
      select counters from org_heads where org_id = ${org}::uuid`.execute(database.db);
    expect(rows[0]?.counters.volume).toBe(100);
  });

  it("keeps each organisation's events invisible to every other organisation", async () => {
    const a = randomUUID();
    const b = randomUUID();
    await store.append(a, "shared-name", "no_stream", [ev(1)], { metadata: meta() });
    await store.append(b, "shared-name", "no_stream", [ev(2), ev(3)], { metadata: meta() });
    expect((await store.readStream(a, "shared-name")).map((e) => e.orgId)).toEqual([a]);
    const seenByA = await withOrg(database, a, async (trx) => {
      const { rows } = await sql<{ org_id: string }>`select org_id from events`.execute(trx);
      return rows.map((r) => r.org_id);
    });
    expect(seenByA.length).toBeGreaterThan(0);
    expect(new Set(seenByA)).toEqual(new Set([a]));
    // Row-level security refuses writes into another organisation even through raw SQL.
    const sneak = withOrg(database, a, (trx) =>
      sql`insert into streams (org_id, stream_id, version) values (${b}::uuid, 'x', 1)`.execute(trx),
    );
    await expect(sneak).rejects.toThrow(/row-level security/);
  });

  it("reports a one-byte change to a stored event in audit verify, naming that event", async () => {
    const org = randomUUID();
    await store.append(org, "s", "no_stream", [ev(1), ev(2), ev(3)], { metadata: meta() });
    await store.append(org, "t", "no_stream", [ev(4)], { metadata: meta() });
    const clean = await verifyAudit(database, { orgId: org });
    expect(clean).toMatchObject({ organisations: 1, events: 4, findings: [] });
    await sql`update events set data = replace(data, 'event 2', 'event 3')
      where org_id = ${org}::uuid and stream_id = 's' and stream_version = 2`.execute(database.db);
    const tampered = await verifyAudit(database, { orgId: org });
    expect(tampered.findings).toEqual([
      expect.objectContaining({ orgId: org, streamId: "s", version: 2, orgSeq: 2, problem: "hash_mismatch" }),
    ]);
  });

  it("reports a deleted event as a gap in the chain", async () => {
    const org = randomUUID();
    await store.append(org, "s", "no_stream", [ev(1), ev(2)], { metadata: meta() });
    await sql`delete from events where org_id = ${org}::uuid and org_seq = 2`.execute(database.db);
    const report = await verifyAudit(database, { orgId: org });
    expect(report.findings).toEqual([
      expect.objectContaining({ orgId: org, problem: "sequence_gap", orgSeq: 2 }),
    ]);
  });

  it("reads the global log after a checkpoint, every event exactly once, in (tx_id, position) order", async () => {
    const org = randomUUID();
    const { checkpoint: start } = await drain(store, START, new Set());
    for (let i = 0; i < 5; i++)
      await store.append(org, `s${i}`, "no_stream", [ev(i), ev(i + 10)], { metadata: meta() });
    const { seen, checkpoint } = await drain(store, start, new Set([org]), 10);
    expect(seen.length).toBe(10);
    expect(new Set(seen.map((e) => `${e.streamId}/${e.version}`)).size).toBe(10);
    expect(compareCheckpoints(checkpoint, start)).toBeGreaterThan(0);
    const again = await drain(store, checkpoint, new Set([org]));
    expect(again.seen).toEqual([]);
  });

  it("upcasts events stored with an older schema version on read, never rewriting them", async () => {
    const org = randomUUID();
    await store.append(org, "s", "no_stream", [{ type: "Priced", data: { price: "12.5" } }], {
      metadata: meta(),
    });
    // Version 2 of "Priced" holds integer cents; version 1 events stay as they were stored.
    const upcasting = createEventStore(database, {
      upcasters: {
        Priced: { 1: (d) => ({ cents: Math.round(Number((d as { price: string }).price) * 100) }) },
      },
    });
    const [old] = await upcasting.readStream(org, "s");
    expect(old).toMatchObject({ schemaVersion: 2, data: { cents: 1250 } });
    await upcasting.append(org, "s", 1, [{ type: "Priced", data: { cents: 99 } }], { metadata: meta() });
    const { rows } = await sql<{ schema_version: number; data: string }>`
      select schema_version, data from events where org_id = ${org}::uuid order by stream_version`.execute(
      database.db,
    );
    expect(rows).toEqual([
      { schema_version: 1, data: '{"price":"12.5"}' },
      { schema_version: 2, data: '{"cents":99}' },
    ]);
    expect((await verifyAudit(database, { orgId: org })).findings).toEqual([]);
  });

  it("follows the live log as an Observable", async () => {
    const org = randomUUID();
    const { checkpoint } = await drain(store, START, new Set());
    const received: string[] = [];
    const done = new Promise<void>((resolve, reject) => {
      const sub = store.subscribe(checkpoint, { pollMs: 50 }).subscribe({
        next: (batch) => {
          for (const e of batch.events) if (e.orgId === org) received.push(`${e.streamId}/${e.version}`);
          if (received.length === 3) {
            sub.unsubscribe();
            resolve();
          }
        },
        error: reject,
      });
    });
    await store.append(org, "live", "no_stream", [ev(1)], { metadata: meta() });
    await store.append(org, "live", 1, [ev(2), ev(3)], { metadata: meta() });
    await done;
    expect(received).toEqual(["live/1", "live/2", "live/3"]);
  });
});

// PGlite serves one connection, so its transactions never overlap: concurrency is tested on Postgres.
describe("event store under concurrent writers on postgres", () => {
  let database: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    database = await openTestDatabase("postgres");
    store = createEventStore(database);
  });
  afterAll(() => database?.close());

  it("hands out gapless numbers under 8 concurrent writers on one organisation", async () => {
    const org = randomUUID();
    const writers = Array.from({ length: 8 }, (_, w) =>
      (async () => {
        for (let i = 0; i < 15; i++)
          await store.append(
            org,
            `doc-${w}-${i}`,
            "no_stream",
            (n) => [{ type: "Numbered", data: { number: n.seq } }],
            {
              metadata: meta(),
              counters: { seq: 1 },
            },
          );
      })(),
    );
    await Promise.all(writers);
    const { rows } = await sql<{ n: number }>`
      select (data::jsonb ->> 'number')::int8 as n from events where org_id = ${org}::uuid order by org_seq`.execute(
      database.db,
    );
    // Gapless and in commit order: the order of the organisation's chain is the order of the numbers.
    expect(rows.map((r) => r.n)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    expect((await verifyAudit(database, { orgId: org })).findings).toEqual([]);
  });

  it("takes no number for a command sent twice at once", async () => {
    const org = randomUUID();
    const numbered = (n: Readonly<Record<string, number>>) => [{ type: "Numbered", data: { number: n.seq } }];
    for (let i = 0; i < 10; i++) {
      const commandId = randomUUID();
      const twins = await Promise.all(
        [0, 1].map(() =>
          store.append(org, `doc-${i}`, "no_stream", numbered, {
            metadata: meta(commandId),
            counters: { seq: 1 },
          }),
        ),
      );
      expect(twins.map((t) => t.duplicate).sort()).toEqual([false, true]);
    }
    const numbers = (await store.readOrganisation(org)).map((e) => (e.data as { number: number }).number);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("never lets a reader's checkpoint pass an event whose transaction commits late", async () => {
    // Writes of one organisation are serialised by its head row: the slow writer is another organisation.
    const org = randomUUID();
    const slowOrg = randomUUID();
    const { checkpoint: start } = await drain(store, START, new Set());
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    let inserted: () => void = () => {};
    const insertedP = new Promise<void>((r) => (inserted = r));
    // The slow writer takes its position first, then sleeps before committing.
    const slow = database.db.transaction().execute(async (trx) => {
      await sql`select * from registre_append(${slowOrg}::uuid, 'slow', 0, null, array['Slow'], array[1], array['{}'], array['{}'])`.execute(
        trx,
      );
      inserted();
      await held;
    });
    await insertedP;
    for (let i = 0; i < 5; i++)
      await store.append(org, `fast-${i}`, "no_stream", [ev(i)], { metadata: meta() });
    const whileHeld = await drain(store, start, new Set([org, slowOrg]));
    expect(whileHeld.seen).toEqual([]);
    release();
    await slow;
    const after = await drain(store, whileHeld.checkpoint, new Set([org, slowOrg]), 6);
    expect(after.seen.map((e) => e.streamId).sort()).toEqual([
      "fast-0",
      "fast-1",
      "fast-2",
      "fast-3",
      "fast-4",
      "slow",
    ]);
  });
});
