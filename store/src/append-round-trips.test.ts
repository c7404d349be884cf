import { randomUUID } from "node:crypto";
import type { CommandMetadata } from "@registre/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWireCounter, type WireCounter } from "../../tests/bench/wire-count.ts";
import { openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { type Database, openDatabase } from "./database.ts";
import { createEventStore, type EventStore } from "./event-store.ts";

/** After the previous append's debounced notification went out. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

const meta = (): CommandMetadata => ({
  commandId: randomUUID(),
  at: "2026-11-25T10:00:00.000Z",
  userId: "u1",
});

// Round trips are the server's: counted on the wire, so on PostgreSQL only.
describe("an append that takes numbers or checks guards, on the wire (postgres)", () => {
  let base: TestDatabase;
  let counter: WireCounter;
  let database: Database;
  let store: EventStore;
  beforeAll(async () => {
    base = await openTestDatabase("postgres");
    const url = new URL(base.url ?? "");
    counter = await startWireCounter({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${counter.port}`;
    database = await openDatabase({ url: url.toString(), maxConnections: 2 });
    store = createEventStore(database);
  });
  afterAll(async () => {
    await database?.close();
    await counter?.close();
    await base?.close();
  });

  it("is one statement when the events print the numbers or do not use them, else one transaction of four statements in two waits", async () => {
    const org = randomUUID();
    await store.append(org, "chart", "no_stream", [{ type: "Opened", data: {} }], { metadata: meta() });
    const numbered = (n: Readonly<Record<string, number>>) => [{ type: "Numbered", data: { n: n.VT } }];
    const options = () => ({ metadata: meta(), guards: { chart: 1, calendar: 0 }, counters: { VT: 1 } });
    // A number computed from the counter, not printed: the transaction.
    const doubled = (n: Readonly<Record<string, number>>) => [
      { type: "Numbered", data: { n: (n.VT ?? 0) * 2 } },
    ];
    // Once first: statements prepared, connections open.
    await store.append(org, "entry-0", "no_stream", numbered, options());
    await store.append(org, "entry-00", "no_stream", doubled, options());
    await settle();
    counter.reset();
    const result = await store.append(org, "entry-1", "no_stream", numbered, options());
    // The number printed in the event (an entry's sequence and number): one statement, the server
    // writing the number in.
    expect(counter.roundTrips()).toBe(1);
    expect((await store.readStream(org, "entry-1")).map((e) => e.data)).toEqual([{ n: 3 }]);
    await settle();
    counter.reset();
    await store.append(org, "entry-01", "no_stream", doubled, options());
    // Otherwise the transaction, pipelined: the organisation's lock is held across one wait only.
    expect(counter.roundTrips()).toBe(4);
    expect(counter.waits()).toBe(2);
    expect((await store.readStream(org, "entry-01")).map((e) => e.data)).toEqual([{ n: 8 }]);
    // A retry of the same command answers its first result from that one statement.
    const again = options();
    await store.append(org, "entry-2", "no_stream", numbered, again);
    await settle();
    counter.reset();
    const retried = await store.append(org, "entry-2", "no_stream", numbered, again);
    expect(counter.roundTrips()).toBe(1);
    expect(retried).toMatchObject({ duplicate: true, streamId: "entry-2" });
    expect(result.duplicate).toBe(false);
    // Several streams in one commit, the numbers printed in the events: one statement, the server
    // writing the numbers in (padded as printed). Events that use the numbers otherwise (how many there
    // are): the transaction, in two waits. Each once first, as above, on each connection.
    const printed = (n: Readonly<Record<string, number>>) => [
      { type: "Numbered", data: { n: n.VT, label: `FA-${String(n.VT).padStart(5, "0")}` } },
    ];
    const counted = (n: Readonly<Record<string, number>>) => numbered(n).slice(0, (n.VT ?? 0) % 2 ? 1 : 0);
    for (const events of [printed, printed, counted, counted])
      await store.appendMany(
        org,
        (numbers) => [{ streamId: `entry-w${randomUUID()}`, expected: "no_stream", events: events(numbers) }],
        options(),
      );
    await settle();
    counter.reset();
    const many = await store.appendMany(
      org,
      (n) => [
        { streamId: "entry-4", expected: "no_stream", events: printed(n) },
        { streamId: "entry-5", expected: "no_stream", events: [{ type: "Opened", data: {} }] },
      ],
      options(),
    );
    expect(counter.roundTrips()).toBe(1);
    expect(counter.waits()).toBe(1);
    expect(many.parts.map((p) => p.streamId)).toEqual(["entry-4", "entry-5"]);
    expect((await store.readStream(org, "entry-4")).map((e) => e.data)).toEqual([
      { n: 10, label: "FA-00010" },
    ]);
    await settle();
    counter.reset();
    await store.appendMany(
      org,
      (n) => [{ streamId: "entry-3", expected: "no_stream", events: counted(n) }],
      options(),
    );
    expect(counter.roundTrips()).toBe(4);
    expect(counter.waits()).toBe(2);
    // Events that do not use the numbers (a draft adds to a bounded counter): one statement.
    const drafted = () => ({ ...options(), counters: { volume: 10 }, limits: { volume: 1000 } });
    await store.append(org, "entry-6", "no_stream", [{ type: "Drafted", data: {} }], drafted());
    await settle();
    counter.reset();
    const draft = await store.append(org, "entry-7", "no_stream", [{ type: "Drafted", data: {} }], drafted());
    expect(counter.roundTrips()).toBe(1);
    expect(draft).toMatchObject({ duplicate: false, toVersion: 1 });
  });

  it("with templates off (a FEC's batch of hundreds of entries), builds the parts once, after the numbers, in the transaction", async () => {
    const org = randomUUID();
    await store.append(org, "chart", "no_stream", [{ type: "Opened", data: {} }], { metadata: meta() });
    let builds = 0;
    const printed = (streamId: string) => (n: Readonly<Record<string, number>>) => {
      builds += 1;
      return [
        { streamId, expected: "no_stream" as const, events: [{ type: "Numbered", data: { n: n.VT } }] },
      ];
    };
    const options = () => ({ metadata: meta(), guards: { chart: 1 }, counters: { VT: 1 }, templates: false });
    await store.appendMany(org, printed("entry-1"), options());
    await settle();
    counter.reset();
    builds = 0;
    await store.appendMany(org, printed("entry-2"), options());
    expect(builds).toBe(1);
    expect(counter.roundTrips()).toBe(4);
    expect(counter.waits()).toBe(2);
    expect((await store.readStream(org, "entry-2")).map((e) => e.data)).toEqual([{ n: 2 }]);
    // The same with templates: built three times (at probe values, at 1, at others), one statement.
    builds = 0;
    await store.appendMany(org, printed("entry-3"), { ...options(), templates: true });
    expect(builds).toBe(3);
  });

  it("looks a command up and reads a command's streams in one statement, as the organisation", async () => {
    const org = randomUUID();
    const first = meta();
    await store.append(org, "chart", "no_stream", [{ type: "Opened", data: {} }], { metadata: first });
    await store.append(org, "journals", "no_stream", [{ type: "Opened", data: {} }], { metadata: meta() });
    await settle();
    counter.reset();
    expect(await store.commandResult(org, first.commandId)).toMatchObject({
      streamId: "chart",
      toVersion: 1,
    });
    expect(await store.commandResult(org, randomUUID())).toBeNull();
    // Another organisation's command is not found (row-level security).
    expect(await store.commandResult(randomUUID(), first.commandId)).toBeNull();
    expect(counter.roundTrips()).toBe(3);
    counter.reset();
    const [chart, journals, absent] = await Promise.all([
      store.readStream(org, "chart"),
      store.readStream(org, "journals"),
      store.readStream(org, "calendar"),
    ]);
    expect(counter.roundTrips()).toBe(1);
    expect([chart?.length, journals?.length, absent?.length]).toEqual([1, 1, 0]);
    // A command's look-up and its reads asked in the same tick: one statement.
    counter.reset();
    const [found, missing, again] = await Promise.all([
      store.commandResult(org, first.commandId),
      store.commandResult(org, randomUUID()),
      store.readStream(org, "chart"),
      store.readStream(org, "journals"),
    ]);
    expect(counter.roundTrips()).toBe(1);
    expect(found).toMatchObject({ streamId: "chart", toVersion: 1, duplicate: true });
    expect([missing, again.length]).toEqual([null, 1]);
    expect(await Promise.all([store.readStream(randomUUID(), "chart")])).toEqual([[]]);
  });
});
