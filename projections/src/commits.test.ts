import { randomUUID } from "node:crypto";
import { createEventStore, type EventStore } from "@registre/store";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import type { Projector } from "./projector.ts";
import { createProjectionRunner } from "./runner.ts";

describe.each(databaseKinds)("a projection's batch on %s", (kind) => {
  let database: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    store = createEventStore(database);
  });
  afterAll(() => database?.close());

  it("is applied in slices, the event loop given a turn between them: 400 events on PostgreSQL, 100 on PGlite, which answers on the loop", async () => {
    const name = `slices_${randomUUID().slice(0, 8)}`;
    const sizes: number[] = [];
    const projector: Projector = {
      name,
      version: 1,
      handles: ["Sliced"],
      tables: [{ name, columns: "org_id uuid not null, n integer not null, primary key (org_id, n)" }],
      apply: async (_db, events) => {
        sizes.push(events.length);
      },
    };
    const runner = createProjectionRunner(database, store, [projector], { batchSize: 1000 });
    await runner.setup();
    const org = randomUUID();
    await store.append(
      org,
      "sliced",
      "no_stream",
      Array.from({ length: 1000 }, (_, n) => ({ type: "Sliced", data: { n } })),
      { metadata: { commandId: randomUUID(), at: "2026-11-30T10:00:00.000Z", userId: "u1" } },
    );
    await runner.drain([name], 30_000);
    expect(sizes).toEqual(kind === "postgres" ? [400, 400, 200] : Array.from({ length: 10 }, () => 100));
  });
});
