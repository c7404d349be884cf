import { randomUUID } from "node:crypto";
import type { CommandMetadata } from "@registre/core";
import { type Checkpoint, compareCheckpoints, createEventStore, type EventStore } from "@registre/store";
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
