import { randomUUID } from "node:crypto";
import { unstorableText } from "@registre/core";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { UnstorableEventError } from "./errors.ts";
import { createEventStore, type EventStore } from "./event-store.ts";

const meta = () => ({ commandId: randomUUID(), at: "2026-11-24T10:00:00.000Z" });

/** Any text at all: every code point, lone surrogate halves, NUL and controls mixed in. */
const anyText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 12 }),
  fc.string({ unit: "grapheme", maxLength: 12 }),
  fc
    .array(fc.constantFrom("\u0000", "\ud800", "\udfff", "\ud83d\ude00", "a", "é", "\u0007", "\\", '"'), {
      maxLength: 6,
    })
    .map((parts) => parts.join("")),
);

/**
 * The store's last wall (issue 8, section 1): whatever text reaches it, an event is either refused
 * before anything is written, or stored so that PostgreSQL can cast it to jsonb (what the read
 * models do) and it reads back unchanged. Never a stored event that stops a projection.
 */
describe.each(databaseKinds)("text the store keeps, on %s", (kind) => {
  let database: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    store = createEventStore(database);
  });
  afterAll(() => database?.close());

  it("refuses exactly the events PostgreSQL could not store, and keeps every other one castable", async () => {
    const org = randomUUID();
    let refused = 0;
    let stored = 0;
    await fc.assert(
      fc.asyncProperty(anyText, anyText, async (value, key) => {
        const streamId = `text-${randomUUID()}`;
        const data = { value, nested: { [key]: [value] } };
        const expectRefusal = unstorableText(value) || unstorableText(key);
        try {
          await store.append(org, streamId, "no_stream", [{ type: "Texted", data }], { metadata: meta() });
        } catch (error) {
          expect(error).toBeInstanceOf(UnstorableEventError);
          expect(expectRefusal).toBe(true);
          expect(await store.streamVersion(org, streamId)).toBe(0);
          refused++;
          return;
        }
        expect(expectRefusal).toBe(false);
        stored++;
        const [event] = await store.readStream(org, streamId);
        expect(event?.data).toEqual(data);
        const { rows } = await sql<{ value: string }>`
          select data::jsonb ->> 'value' as value from events
          where org_id = ${org}::uuid and stream_id = ${streamId}`.execute(database.db);
        expect(rows[0]?.value).toBe(value);
      }),
      { numRuns: 150 },
    );
    expect(refused).toBeGreaterThan(0);
    expect(stored).toBeGreaterThan(0);
  });

  it("refuses unstorable text in the metadata too", async () => {
    await expect(
      store.append(randomUUID(), "text-1", "no_stream", [{ type: "Texted", data: {} }], {
        metadata: { ...meta(), correlationId: "x\u0000" },
      }),
    ).rejects.toBeInstanceOf(UnstorableEventError);
  });
});
