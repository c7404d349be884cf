import { randomUUID } from "node:crypto";
import type { CommandMetadata } from "@registre/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { createEventStore, type EventStore } from "./event-store.ts";

const meta = (): CommandMetadata => ({
  commandId: randomUUID(),
  at: "2026-11-24T10:00:00.000Z",
  userId: "u",
});
const ev = (n: number) => ({ type: "Thing", data: { n } });

describe.each(databaseKinds)("stream reads side by side on %s", (kind) => {
  let database: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    store = createEventStore(database);
  });
  afterAll(() => database?.close());

  it("answers each read its own stream from its own version, read together or not, never another organisation's", async () => {
    const org = randomUUID();
    const other = randomUUID();
    await store.append(org, "a", "no_stream", [ev(1), ev(2), ev(3)], { metadata: meta() });
    await store.append(org, "b", "no_stream", [ev(4)], { metadata: meta() });
    await store.append(other, "a", "no_stream", [ev(99)], { metadata: meta() });
    const data = (events: readonly { data: unknown }[]) => events.map((e) => (e.data as { n: number }).n);
    // Asked in the same tick: on a server they go out as one statement.
    const [a1, a3, b, none, otherA] = await Promise.all([
      store.readStream(org, "a"),
      store.readStream(org, "a", { fromVersion: 3 }),
      store.readStream(org, "b"),
      store.readStream(org, "missing"),
      store.readStream(other, "a"),
    ]);
    expect([data(a1), data(a3), data(b), data(none), data(otherA)]).toEqual([[1, 2, 3], [3], [4], [], [99]]);
    expect(a1.map((e) => e.version)).toEqual([1, 2, 3]);
    // With command look-ups in the same tick (the same statement on a server), each answered its own.
    const appended = meta();
    await store.append(org, "c", "no_stream", [ev(5)], { metadata: appended });
    const [found, unknown, elsewhere, c, a2] = await Promise.all([
      store.commandResult(org, appended.commandId),
      store.commandResult(org, randomUUID()),
      store.commandResult(other, appended.commandId),
      store.readStream(org, "c"),
      store.readStream(org, "a", { fromVersion: 2 }),
    ]);
    expect(found).toMatchObject({ streamId: "c", fromVersion: 0, toVersion: 1, duplicate: true });
    expect(found?.checkpoint).not.toBeNull();
    expect([unknown, elsewhere, data(c), data(a2)]).toEqual([null, null, [5], [2, 3]]);
    // One at a time, the same answers.
    expect(data(await store.readStream(org, "a", { fromVersion: 2 }))).toEqual([2, 3]);
    expect(data(await store.readStream(org, "a", { fromVersion: 2, toVersion: 2 }))).toEqual([2]);
  });
});
