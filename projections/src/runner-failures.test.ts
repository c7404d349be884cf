import { randomUUID } from "node:crypto";
import type { CommandMetadata } from "@registre/core";
import { createEventStore, type EventStore, type StoredEvent } from "@registre/store";
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import type { Projector } from "./projector.ts";
import { createProjectionRunner } from "./runner.ts";

const meta = (): CommandMetadata => ({
  commandId: randomUUID(),
  at: "2026-11-24T10:00:00.000Z",
  userId: "u1",
});

type Flags = {
  /** Ticks marked `boom` throw while this is set (a bug, fixed by clearing it). */
  broken: boolean;
  /** Ticks with these numbers always throw (another bug). */
  poison: Set<number>;
  /** The next applies throw a transient error (a lost connection, a deadlock). */
  transient: number;
};

/**
 * One row per tick per organisation (a duplicate would break its primary key). Each projector reads
 * ticks of its own event type, so the tests' organisations do not meet.
 */
const tickProjector = (flags: Flags, name: string): Projector => ({
  name,
  version: 1,
  handles: [name],
  tables: [{ name, columns: "org_id uuid not null, n integer not null, primary key (org_id, n)" }],
  apply: async (db, events, table) => {
    if (flags.transient > 0) {
      flags.transient--;
      throw Object.assign(new Error("deadlock detected"), { code: "40P01" });
    }
    for (const e of events) {
      const d = e.data as { n: number; boom?: boolean };
      await db.insertInto(table(name)).values({ org_id: e.orgId, n: d.n }).execute();
      if ((d.boom && flags.broken) || flags.poison.has(d.n))
        throw new Error(`tick ${d.n} cannot be projected`);
    }
  },
});

type Tick = { type: string; data: { n: number; boom: boolean } };

describe.each(databaseKinds)("projection failures confined to an organisation on %s", (kind) => {
  let database: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    store = createEventStore(database);
  });
  afterAll(() => database?.close());

  let projectorCount = 0;
  const fixture = () => {
    const flags: Flags = { broken: true, poison: new Set(), transient: 0 };
    const name = `ticks_${++projectorCount}`;
    const a = randomUUID();
    const b = randomUUID();
    const rows = async (org: string) =>
      (await database.db.selectFrom(name).select("n").where("org_id", "=", org).orderBy("n").execute()).map(
        (r) => r.n as number,
      );
    const versions = { [a]: 0, [b]: 0 } as Record<string, number>;
    /** One append (one transaction) per tick, so the organisations' events interleave in the log. */
    const append = async (org: string, ...ticks: Tick[]): Promise<StoredEvent[]> => {
      const out: StoredEvent[] = [];
      for (const t of ticks) {
        const version = versions[org] ?? 0;
        await store.append(org, "t", version === 0 ? "no_stream" : version, [t], { metadata: meta() });
        versions[org] = version + 1;
        out.push(...(await store.readStream(org, "t", { fromVersion: version + 1 })));
      }
      return out;
    };
    return { flags, name, projector: tickProjector(flags, name), a, b, rows, append };
  };
  let tick = (_n: number, _boom = false): Tick => {
    throw new Error("no fixture");
  };
  const withFixture = () => {
    const f = fixture();
    tick = (n, boom = false) => ({ type: f.name, data: { n, boom } });
    return f;
  };

  it("stops only the failing organisation, holds its later events, and resumes it from the failed event after a fix", async () => {
    const f = withFixture();
    const reported: [string, string | undefined][] = [];
    const runner = createProjectionRunner(database, store, [f.projector], {
      batchSize: 100,
      onError: (name, _error, orgId) => reported.push([name, orgId]),
    });
    await runner.setup();
    // Interleaved in one batch: the batch fails, is split, and only A's third tick is the culprit.
    await f.append(f.a, tick(1));
    await f.append(f.b, tick(1));
    await f.append(f.a, tick(2));
    await f.append(f.b, tick(2));
    const [culprit] = await f.append(f.a, tick(3, true));
    await f.append(f.b, tick(3));
    await f.append(f.a, tick(4));
    await f.append(f.b, tick(4));
    await runner.drain();
    expect(await f.rows(f.a)).toEqual([1, 2]);
    expect(await f.rows(f.b)).toEqual([1, 2, 3, 4]);
    expect(reported).toEqual([[f.name, f.a]]);
    const [status] = await runner.status();
    expect(status).toMatchObject({ name: f.name, status: "degraded", lag: 0 });
    expect(status?.failures).toHaveLength(1);
    expect(status?.failures[0]).toMatchObject({
      orgId: f.a,
      position: culprit?.position,
      txId: culprit?.txId,
      orgSeq: culprit?.orgSeq,
    });
    expect(status?.failures[0]?.error).toContain("tick 3 cannot be projected");
    expect(status?.failures[0]?.failedAt).toBeInstanceOf(Date);

    // B goes on; A's new events are held, not skipped.
    await f.append(f.a, tick(5));
    await f.append(f.b, tick(5));
    await runner.drain();
    expect(await f.rows(f.b)).toEqual([1, 2, 3, 4, 5]);
    expect(await f.rows(f.a)).toEqual([1, 2]);
    // A command of A answers at once that its read model is failed; B's are visible.
    const head = await store.head();
    const started = performance.now();
    expect(await runner.awaitVisible(head, [f.name], f.a, 5000)).toBe("failed");
    expect(performance.now() - started).toBeLessThan(200);
    expect(await runner.awaitVisible(head, [f.name], f.b, 5000)).toBe("visible");

    // A restart does not heal it, and does not skip it either.
    const restarted = createProjectionRunner(database, store, [f.projector], { batchSize: 100 });
    await restarted.drain();
    expect(await f.rows(f.a)).toEqual([1, 2]);
    expect((await restarted.status())[0]?.failures.map((x) => x.orgId)).toEqual([f.a]);

    // The fix is deployed: resume applies A's held events in order, once, and clears the failure.
    f.flags.broken = false;
    expect(await restarted.resume(f.name, f.a)).toEqual({ resumed: [f.a], failed: [] });
    // At once, not at the live loop's next step: A's commands are no longer answered "failed".
    expect(await restarted.awaitVisible(head, [f.name], f.a, 50)).toBe("visible");
    expect(await f.rows(f.a)).toEqual([1, 2, 3, 4, 5]);
    await f.append(f.a, tick(6));
    await restarted.drain();
    expect(await f.rows(f.a)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await f.rows(f.b)).toEqual([1, 2, 3, 4, 5]);
    expect((await restarted.status())[0]).toMatchObject({ status: "running", failures: [] });
    expect(await restarted.awaitVisible(await store.head(), [f.name], f.a)).toBe("visible");
  });

  it("keeps the failure, moved to the next event that fails, when a resume fails again", async () => {
    const f = withFixture();
    const runner = createProjectionRunner(database, store, [f.projector], { batchSize: 100 });
    await runner.setup();
    f.flags.poison.add(4);
    await f.append(f.a, tick(1), tick(2, true), tick(3), tick(4), tick(5));
    await runner.drain();
    expect(await f.rows(f.a)).toEqual([1]);
    f.flags.broken = false;
    const again = await runner.resume(f.name);
    const events = await store.readStream(f.a, "t");
    expect(again.resumed).toEqual([]);
    expect(again.failed).toHaveLength(1);
    expect(again.failed[0]).toMatchObject({ orgId: f.a, position: events[3]?.position });
    expect(again.failed[0]?.error).toContain("tick 4 cannot be projected");
    expect(await f.rows(f.a)).toEqual([1, 2, 3]);
    f.flags.poison.clear();
    expect((await runner.resume(f.name)).resumed).toEqual([f.a]);
    expect(await f.rows(f.a)).toEqual([1, 2, 3, 4, 5]);
    // Nothing is left to resume, and resuming again changes nothing.
    expect(await runner.resume(f.name, f.a)).toEqual({ resumed: [], failed: [] });
    expect(await f.rows(f.a)).toEqual([1, 2, 3, 4, 5]);
  });

  it("resumes while the live loop runs and events keep coming: nothing applied twice, nothing missed", async () => {
    const f = withFixture();
    const runner = createProjectionRunner(database, store, [f.projector], { pollMs: 5, batchSize: 3 });
    await f.append(f.a, tick(1, true));
    await runner.start();
    await runner.drain();
    expect((await runner.status())[0]?.failures.map((x) => x.orgId)).toEqual([f.a]);
    f.flags.broken = false;
    const writer = (async () => {
      for (let n = 2; n <= 40; n++) {
        await f.append(f.a, tick(n));
        await f.append(f.b, tick(n));
      }
    })();
    // Resumes land at different moments of the writes and of the live loop's batches.
    const resumes: Promise<unknown>[] = [];
    for (let i = 0; i < 4; i++) {
      await new Promise((resolve) => setTimeout(resolve, 15));
      resumes.push(runner.resume(f.name, f.a));
    }
    await Promise.all([writer, ...resumes]);
    await runner.drain();
    await runner.stop();
    const all = Array.from({ length: 40 }, (_, i) => i + 1);
    expect(await f.rows(f.a)).toEqual(all);
    expect(await f.rows(f.b)).toEqual(all.slice(1));
    expect((await runner.status())[0]?.failures).toEqual([]);
  });

  it("retries a transient error with backoff and never records it as a failure", async () => {
    const f = withFixture();
    f.flags.broken = false;
    const database$: string[] = [];
    const errors: string[] = [];
    const runner = createProjectionRunner(database, store, [f.projector], {
      pollMs: 60_000,
      onDatabase: (state) => database$.push(state),
      onError: (name) => errors.push(name),
    });
    await runner.start();
    f.flags.transient = 3;
    const [event] = await f.append(f.a, tick(1));
    const target = { txId: event?.txId ?? "0", position: event?.position ?? 0 };
    expect(await runner.awaitVisible(target, [f.name], f.a, 10_000)).toBe("visible");
    await runner.stop();
    expect(f.flags.transient).toBe(0);
    expect(await f.rows(f.a)).toEqual([1]);
    expect((await runner.status())[0]?.failures).toEqual([]);
    expect(errors).toEqual([]);
    expect(database$).toEqual(["lost", "back"]);
  });

  it("goes on at once when an append of its process commits, rather than when its backoff ends", async () => {
    const f = withFixture();
    f.flags.broken = false;
    const database$: string[] = [];
    // A backoff longer than the test: only the append's announcement can wake the loop in time.
    const runner = createProjectionRunner(database, store, [f.projector], {
      pollMs: 60_000,
      retryMs: { first: 60_000, max: 60_000 },
      onDatabase: (state) => database$.push(state),
    });
    await runner.start();
    f.flags.transient = 1;
    const [first] = await f.append(f.a, tick(1));
    const at = (e: typeof first) => ({ txId: e?.txId ?? "0", position: e?.position ?? 0 });
    expect(await runner.awaitVisible(at(first), [f.name], f.a, 300)).toBe("lagging");
    // On a loaded machine the failed attempt may come after those 300 ms: wait for it, not for a time.
    await vi.waitFor(() => expect([f.flags.transient, database$]).toEqual([0, ["lost"]]), {
      timeout: 10_000,
    });
    const [second] = await f.append(f.a, tick(2));
    expect(await runner.awaitVisible(at(second), [f.name], f.a, 10_000)).toBe("visible");
    await runner.stop();
    expect(await f.rows(f.a)).toEqual([1, 2]);
    expect(database$).toEqual(["lost", "back"]);
  });

  it("answers lagging once the budget is spent when the read model does not move", async () => {
    const f = withFixture();
    const runner = createProjectionRunner(database, store, [f.projector]);
    await runner.setup();
    const [event] = await f.append(f.b, tick(1));
    const started = performance.now();
    // Not started: nothing projects, so the read model never gets there.
    const visibility = await runner.awaitVisible(
      { txId: event?.txId ?? "0", position: event?.position ?? 0 },
      [f.name],
      f.b,
      300,
    );
    expect(visibility).toBe("lagging");
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it("records an organisation failing during a rebuild for the new generation, and rebuilds the others", async () => {
    const f = withFixture();
    f.flags.broken = false;
    const runner = createProjectionRunner(database, store, [f.projector], { batchSize: 2 });
    await runner.setup();
    await f.append(f.a, tick(1), tick(2, true), tick(3));
    await f.append(f.b, tick(1), tick(2));
    await runner.drain();
    const snapshot = async () =>
      (await sql`select * from ${sql.table(f.name)} order by org_id, n`.execute(database.db)).rows;
    const live = await snapshot();
    f.flags.broken = true;
    const rebuilt = await runner.rebuild(f.name);
    expect(rebuilt.failures).toBe(1);
    const [status] = await runner.status();
    expect(status).toMatchObject({ generation: 2, status: "degraded" });
    expect(status?.failures.map((x) => x.orgId)).toEqual([f.a]);
    expect(await f.rows(f.a)).toEqual([1]);
    expect(await f.rows(f.b)).toEqual([1, 2]);
    f.flags.broken = false;
    await runner.resume(f.name, f.a);
    expect(await snapshot()).toEqual(live);
    // And a rebuild with the fix equals the live one row for row, without failures.
    const clean = await runner.rebuild(f.name);
    expect(clean.failures).toBe(0);
    expect(await snapshot()).toEqual(live);
    expect((await runner.status())[0]).toMatchObject({ generation: 3, status: "running", failures: [] });
  });

  it("rebuilds in SQL where the projector offers it, and by batches, failures confined, when that SQL fails", async () => {
    const f = withFixture();
    f.flags.broken = false;
    let divisor = 1;
    let applied = 0;
    const projector: Projector = {
      ...f.projector,
      apply: async (db, events, table, sink) => {
        applied += events.length;
        await f.projector.apply(db, events, table, sink);
      },
      // Division by zero stands for a statement the log's data makes fail.
      rebuildFromLog: async (db, table, log) => {
        await sql`insert into ${sql.table(table(f.name))} (org_id, n)
          select org_id, (data::jsonb ->> 'n')::int / ${divisor}::int from ${log} e`.execute(db);
      },
    };
    const runner = createProjectionRunner(database, store, [projector], { batchSize: 2 });
    await runner.setup();
    await f.append(f.a, tick(1), tick(2, true), tick(3));
    await f.append(f.b, tick(1), tick(2));
    await runner.drain();
    const snapshot = async () =>
      (await sql`select * from ${sql.table(f.name)} order by org_id, n`.execute(database.db)).rows;
    const live = await snapshot();
    applied = 0;
    const inSql = await runner.rebuild(f.name);
    expect(inSql).toMatchObject({ events: 5, failures: 0 });
    expect(applied).toBe(0);
    expect(await snapshot()).toEqual(live);

    divisor = 0;
    f.flags.broken = true;
    const byBatches = await runner.rebuild(f.name);
    expect(byBatches).toMatchObject({ events: 5, failures: 1 });
    expect(applied).toBeGreaterThanOrEqual(5);
    expect(await f.rows(f.a)).toEqual([1]);
    expect(await f.rows(f.b)).toEqual([1, 2]);
    expect((await runner.status())[0]?.failures.map((x) => x.orgId)).toEqual([f.a]);
  });
});

describe.each(databaseKinds)("the projection-failures migration on %s", (kind) => {
  it("turns a projector stopped whole by the previous code into a failure of the event's organisation", async () => {
    const database = await openTestDatabase(kind);
    try {
      const store = createEventStore(database);
      const org = randomUUID();
      const tick = (n: number) => ({ type: "OldTick", data: { n } });
      await store.append(org, "t", "no_stream", [tick(1), tick(2)], { metadata: meta() });
      const [, second] = await store.readStream(org, "t");
      // The state before the migration: no failures table, the projector stopped at tick 2.
      await sql`drop table projection_failures`.execute(database.db);
      await sql`alter table projections drop column failures_version`.execute(database.db);
      await sql`insert into projections (name, version, generation, status, error, error_position)
        values ('old', 1, 3, 'failed', 'boom', ${second?.position})`.execute(database.db);
      const { up } = await import("../../migrations/src/2026-11-24T1000-projection-failures.ts");
      await up(database.db as unknown as Kysely<unknown>);
      const failures = await database.db.selectFrom("projection_failures").selectAll().execute();
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatchObject({
        name: "old",
        generation: 3,
        org_id: org,
        position: second?.position,
        org_seq: second?.orgSeq,
        error: "boom",
      });
      expect(
        await database.db.selectFrom("projections").selectAll().where("name", "=", "old").executeTakeFirst(),
      ).toMatchObject({ status: "running", error: null, error_position: null, failures_version: 0 });
    } finally {
      await database.close();
    }
  });
});
