import { randomUUID } from "node:crypto";
import type { CommandMetadata } from "@registre/core";
import { type Checkpoint, compareCheckpoints, createEventStore, type EventStore } from "@registre/store";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import type { Projector } from "./projector.ts";
import { createProjectionRunner } from "./runner.ts";
import { readState } from "./state.ts";

const meta = (): CommandMetadata => ({
  commandId: randomUUID(),
  at: "2026-11-24T10:00:00.000Z",
  userId: "u1",
});

/** Counts every "Tick" it applies, so that an event applied twice shows. */
const countingProjector = (name: string, applied: number[]): Projector => ({
  name,
  version: 1,
  // Its own type: the log is shared by the tests of the file.
  handles: [`Tick_${name}`],
  tables: [{ name, columns: "org_id uuid not null, n integer not null, primary key (org_id, n)" }],
  apply: async (db, events, table) => {
    for (const e of events) {
      const n = (e.data as { n: number }).n;
      applied.push(n);
      await db.insertInto(table(name)).values({ org_id: e.orgId, n }).execute();
    }
  },
});

describe.each(databaseKinds)("a live loop's checkpoint over other types' events on %s", (kind) => {
  let database: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    store = createEventStore(database);
  });
  afterAll(() => database?.close());

  const persisted = async (name: string): Promise<Checkpoint> => {
    const state = await readState(database.db, name);
    if (!state) throw new Error(`no state for ${name}`);
    return { txId: state.tx_id, position: state.position };
  };

  it("shows it at once, writes it lazily and on stop, and a restart from the written one applies nothing twice", async () => {
    const name = `lazy_${randomUUID().slice(0, 8)}`;
    const applied: number[] = [];
    const org = randomUUID();
    let version = 0;
    const append = async (type: string, n: number) => {
      const event = { type: type === "Tick" ? `Tick_${name}` : type, data: { n } };
      const r = await store.append(org, "s", version === 0 ? "no_stream" : version, [event], {
        metadata: meta(),
      });
      version = r.toVersion;
      if (!r.checkpoint) throw new Error("nothing appended");
      return r.checkpoint;
    };
    const runner = createProjectionRunner(database, store, [countingProjector(name, applied)], {
      persistMs: 60_000,
      pollMs: 50,
    });
    await runner.start();
    const tick = await append("Tick", 1);
    expect(await runner.awaitVisible(tick, [name], org, 10_000)).toBe("visible");
    // A batch it applied is written with its rows, in the same transaction.
    expect(compareCheckpoints(await persisted(name), tick)).toBeGreaterThanOrEqual(0);

    // Events of other types only: visible at once, the checkpoint not written yet.
    let other = tick;
    for (let i = 0; i < 3; i++) other = await append("Other", i);
    expect(await runner.awaitVisible(other, [name], org, 10_000)).toBe("visible");
    expect(compareCheckpoints(await persisted(name), other)).toBeLessThan(0);
    await runner.stop();
    expect(compareCheckpoints(await persisted(name), other)).toBeGreaterThanOrEqual(0);

    // Written or not, a restart reads on from the row and applies each tick once.
    const again = createProjectionRunner(database, store, [countingProjector(name, applied)], {
      persistMs: 60_000,
      pollMs: 50,
    });
    await again.start();
    for (let i = 0; i < 3; i++) await append("Other", 10 + i);
    const last = await append("Tick", 2);
    expect(await again.awaitVisible(last, [name], org, 10_000)).toBe("visible");
    await again.stop();
    expect(applied).toEqual([1, 2]);
    const rows = await database.db.selectFrom(name).select("n").orderBy("n").execute();
    expect(rows.map((r) => r.n)).toEqual([1, 2]);
  });

  it("a runner whose remembered row another runner moved fails its commit, reads the row again, applies nothing twice", async () => {
    const name = `lazy_${randomUUID().slice(0, 8)}`;
    const applied: number[] = [];
    const org = randomUUID();
    let version = 0;
    const append = async (type: string, n: number) => {
      const event = { type: type === "Tick" ? `Tick_${name}` : type, data: { n } };
      const r = await store.append(org, "s", version === 0 ? "no_stream" : version, [event], {
        metadata: meta(),
      });
      version = r.toVersion;
      if (!r.checkpoint) throw new Error("nothing appended");
      return r.checkpoint;
    };
    // Two runners over the same rows: the first remembers its row after its own commit.
    const first = createProjectionRunner(database, store, [countingProjector(name, applied)], {
      persistMs: 60_000,
    });
    await first.setup();
    await append("Tick", 1);
    await first.drain();
    const written = await persisted(name);
    const others = await append("Other", 1);
    const second = createProjectionRunner(database, store, [countingProjector(name, applied)]);
    const tick = await append("Tick", 2);
    await second.drain();
    expect(compareCheckpoints(await persisted(name), tick)).toBeGreaterThanOrEqual(0);
    expect(compareCheckpoints(written, others)).toBeLessThan(0);
    // The first runner, behind, finds the row moved: its commit fails, it reads the row again.
    await first.drain();
    expect(applied).toEqual([1, 2]);
  });
});

describe.each(databaseKinds)("the live loops' commits on %s", (kind) => {
  let database: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    store = createEventStore(database);
  });
  afterAll(() => database?.close());

  /** Counts its ticks like `countingProjector`, and throws on the numbers in `poison`. */
  const projectorPair = (poison: Set<number>) => {
    const id = randomUUID().slice(0, 8);
    const applied = { a: [] as number[], b: [] as number[] };
    const a = countingProjector(`group_a_${id}`, applied.a);
    const plainB = countingProjector(`group_b_${id}`, applied.b);
    const b: Projector = {
      ...plainB,
      apply: async (db, events, table) => {
        for (const e of events)
          if (poison.has((e.data as { n: number }).n)) throw new Error("this tick cannot be projected");
        await plainB.apply(db, events, table);
      },
    };
    return { a, b, applied };
  };

  /** The transaction that wrote a projector's row for tick `n`. */
  const writtenBy = async (table: string, n: number) => {
    const { rows } = await sql<{
      x: string;
    }>`select xmin::text as x from ${sql.table(`${table}_g1`)} where n = ${n}`.execute(database.db);
    return rows[0]?.x;
  };

  it("commits the events of one tail for every projector that has some in one transaction", async () => {
    const { a, b, applied } = projectorPair(new Set());
    const org = randomUUID();
    const runner = createProjectionRunner(database, store, [a, b], { pollMs: 60_000 });
    await runner.start();
    let version = 0;
    for (const n of [1, 2, 3]) {
      const r = await store.append(
        org,
        "s",
        version === 0 ? "no_stream" : version,
        [
          { type: `Tick_${a.name}`, data: { n } },
          { type: `Tick_${b.name}`, data: { n } },
        ],
        { metadata: meta() },
      );
      version = r.toVersion;
      if (!r.checkpoint) throw new Error("nothing appended");
      expect(await runner.awaitVisible(r.checkpoint, [a.name, b.name], org, 10_000)).toBe("visible");
    }
    await runner.stop();
    expect(applied).toEqual({ a: [1, 2, 3], b: [1, 2, 3] });
    // Once both loops follow the tail (after their first read), a command's ticks share a transaction.
    expect(await writtenBy(a.name, 3)).toBe(await writtenBy(b.name, 3));
  });

  it("applies the others' events when one projector of the group fails, which holds only that organisation", async () => {
    const { a, b, applied } = projectorPair(new Set([2]));
    const org = randomUUID();
    const errors: string[] = [];
    const runner = createProjectionRunner(database, store, [a, b], {
      pollMs: 60_000,
      onError: (name, _error, orgId) => errors.push(`${name}/${orgId}`),
    });
    await runner.start();
    let version = 0;
    const both = async (n: number) => {
      const r = await store.append(
        org,
        "s",
        version === 0 ? "no_stream" : version,
        [
          { type: `Tick_${a.name}`, data: { n } },
          { type: `Tick_${b.name}`, data: { n } },
        ],
        { metadata: meta() },
      );
      version = r.toVersion;
      if (!r.checkpoint) throw new Error("nothing appended");
      return r.checkpoint;
    };
    expect(await runner.awaitVisible(await both(1), [a.name, b.name], org, 10_000)).toBe("visible");
    const poisoned = await both(2);
    expect(await runner.awaitVisible(poisoned, [a.name], org, 10_000)).toBe("visible");
    expect(await runner.awaitVisible(poisoned, [b.name], org, 10_000)).toBe("failed");
    await runner.stop();
    // The group's transaction was rolled back, then each batch applied on its own: once in the rows.
    const rows = async (table: string) =>
      (await database.db.selectFrom(table).select("n").orderBy("n").execute()).map((r) => r.n);
    expect(await rows(a.name)).toEqual([1, 2]);
    expect(await rows(b.name)).toEqual([1]);
    expect(applied.b).toContain(1);
    expect(errors).toEqual([`${b.name}/${org}`]);
  });
});
