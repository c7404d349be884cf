import { randomUUID } from "node:crypto";
import type { CommandMetadata } from "@registre/core";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { partCommandId, type StreamAppend } from "./append.ts";
import { verifyAudit } from "./audit.ts";
import { ConcurrencyError, UnstorableEventError } from "./errors.ts";
import { createEventStore, type EventStore } from "./event-store.ts";

const meta = (commandId: string = randomUUID()): CommandMetadata => ({
  commandId,
  at: "2026-11-24T10:00:00.000Z",
  userId: "user-1",
});
const ev = (n: number) => ({ type: "Thing", data: { n } });

describe.each(databaseKinds)("multi-stream append on %s", (kind) => {
  let database: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    store = createEventStore(database);
  });
  afterAll(() => database?.close());

  /** Every stream's version and the organisation's sequence: what a refused append must leave as it was. */
  const snapshot = async (org: string, streams: readonly string[]) => ({
    versions: await Promise.all(streams.map((s) => store.streamVersion(org, s))),
    events: (await store.readOrganisation(org)).map((e) => [e.orgSeq, e.streamId, e.version]),
  });

  it("commits events to several streams in one transaction, chained in the order of the parts", async () => {
    const org = randomUUID();
    await store.append(org, "invoice-1", "no_stream", [ev(1)], { metadata: meta() });
    const commandId = randomUUID();
    const result = await store.appendMany(
      org,
      [
        { streamId: "invoice-1", expected: 1, events: [ev(2)] },
        { streamId: "entry-1", expected: "no_stream", events: [ev(3), ev(4)] },
        { streamId: "fiscal", expected: "any", events: [ev(5)] },
      ],
      { metadata: meta(commandId) },
    );
    expect(result.duplicate).toBe(false);
    expect(result.parts.map((p) => [p.streamId, p.fromVersion, p.toVersion])).toEqual([
      ["invoice-1", 1, 2],
      ["entry-1", 0, 2],
      ["fiscal", 0, 1],
    ]);
    const events = await store.readOrganisation(org);
    expect(events.map((e) => [e.orgSeq, e.streamId, e.version, (e.data as { n: number }).n])).toEqual([
      [1, "invoice-1", 1, 1],
      [2, "invoice-1", 2, 2],
      [3, "entry-1", 1, 3],
      [4, "entry-1", 2, 4],
      [5, "fiscal", 1, 5],
    ]);
    // One transaction: every event of the command shares its transaction id; the last one is the checkpoint.
    const mine = events.slice(1);
    expect(new Set(mine.map((e) => e.txId)).size).toBe(1);
    expect(result.checkpoint).toEqual({ txId: mine[3]?.txId, position: mine[3]?.position });
    // Each event keeps the command's metadata; the command is found under its own id (first part).
    expect(mine.every((e) => e.metadata.commandId === commandId)).toBe(true);
    expect(await store.commandResult(org, commandId)).toMatchObject({ streamId: "invoice-1", toVersion: 2 });
    expect((await verifyAudit(database, { orgId: org })).findings).toEqual([]);
  });

  it("answers a retried command with every part's first result and writes nothing", async () => {
    const org = randomUUID();
    const commandId = randomUUID();
    const parts = (n: Readonly<Record<string, number>>): StreamAppend[] => [
      { streamId: "doc", expected: "no_stream", events: [{ type: "Validated", data: { number: n.FA } }] },
      { streamId: "entry", expected: "no_stream", events: [{ type: "Posted", data: { number: n.VT } }] },
    ];
    const first = await store.appendMany(org, parts, {
      metadata: meta(commandId),
      counters: { FA: 1, VT: 1 },
    });
    const again = await store.appendMany(org, parts, {
      metadata: meta(commandId),
      counters: { FA: 1, VT: 1 },
    });
    expect(again).toEqual({
      ...first,
      parts: first.parts.map((p) => ({ ...p, duplicate: true })),
      duplicate: true,
    });
    expect(await store.commandParts(org, commandId)).toEqual(again);
    const next = await store.appendMany(
      org,
      (n) => [
        { streamId: "doc-2", expected: "no_stream", events: [{ type: "Validated", data: { number: n.FA } }] },
      ],
      { metadata: meta(), counters: { FA: 1 } },
    );
    expect(next.parts).toHaveLength(1);
    // The retry took no number: the next command has the next one.
    const numbers = (await store.readOrganisation(org)).map((e) => [e.streamId, e.data]);
    expect(numbers).toEqual([
      ["doc", { number: 1 }],
      ["entry", { number: 1 }],
      ["doc-2", { number: 2 }],
    ]);
  });

  it("writes nothing at all when one part is refused: a stale version, a moved guard, unstorable text", async () => {
    const org = randomUUID();
    await store.append(org, "a", "no_stream", [ev(1)], { metadata: meta() });
    await store.append(org, "chart", "no_stream", [ev(1)], { metadata: meta() });
    const before = await snapshot(org, ["a", "b", "chart"]);
    const stale = store.appendMany(
      org,
      [
        { streamId: "b", expected: "no_stream", events: [ev(2)] },
        { streamId: "a", expected: 0, events: [ev(3)] },
      ],
      { metadata: meta() },
    );
    await expect(stale).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(stale).rejects.toMatchObject({ streamId: "a", actual: 1 });
    await expect(
      store.appendMany(org, [{ streamId: "b", expected: "no_stream", events: [ev(2)] }], {
        metadata: meta(),
        guards: { chart: 0 },
      }),
    ).rejects.toMatchObject({ streamId: "chart", expected: 0, actual: 1 });
    await expect(
      store.appendMany(
        org,
        [
          { streamId: "b", expected: "no_stream", events: [ev(2)] },
          { streamId: "a", expected: 1, events: [{ type: "Bad", data: { label: "nul \u0000" } }] },
        ],
        { metadata: meta() },
      ),
    ).rejects.toBeInstanceOf(UnstorableEventError);
    // A plan that throws once its numbers are known (a bound checked on a counter) takes none of them.
    await expect(
      store.appendMany(
        org,
        () => {
          throw new RangeError("refused");
        },
        { metadata: meta(), counters: { VT: 1 } },
      ),
    ).rejects.toBeInstanceOf(RangeError);
    expect(await snapshot(org, ["a", "b", "chart"])).toEqual(before);
    const ok = await store.appendMany(
      org,
      (n) => [{ streamId: "b", expected: "no_stream", events: [ev(n.VT ?? 0)] }],
      {
        metadata: meta(),
        counters: { VT: 1 },
      },
    );
    expect(ok.parts[0]?.toVersion).toBe(1);
    expect((await store.readStream(org, "b")).map((e) => e.data)).toEqual([{ n: 1 }]);
    expect((await verifyAudit(database, { orgId: org })).findings).toEqual([]);
  });

  it("checks a part without events at its version and records the others under their own ids", async () => {
    const org = randomUUID();
    await store.append(org, "year", "no_stream", [ev(1)], { metadata: meta() });
    const commandId = randomUUID();
    const parts: StreamAppend[] = [
      { streamId: "year", expected: 1, events: [] },
      { streamId: "x", expected: "no_stream", events: [ev(2)] },
      { streamId: "y", expected: "no_stream", events: [ev(3)] },
    ];
    await expect(
      store.appendMany(org, [{ ...parts[0], expected: 2 } as StreamAppend, ...parts.slice(1)], {
        metadata: meta(),
      }),
    ).rejects.toMatchObject({ streamId: "year", actual: 1 });
    const first = await store.appendMany(org, parts, { metadata: meta(commandId) });
    expect(first.parts.map((p) => [p.streamId, p.toVersion])).toEqual([
      ["year", 1],
      ["x", 1],
      ["y", 1],
    ]);
    expect((await store.commandResult(org, commandId))?.streamId).toBe("x");
    expect((await store.commandResult(org, partCommandId(commandId, 1)))?.streamId).toBe("y");
    const again = await store.appendMany(org, parts, { metadata: meta(commandId) });
    expect(again.duplicate).toBe(true);
    expect(again.parts.map((p) => p.streamId)).toEqual(["x", "y"]);
    expect(await store.streamVersion(org, "x")).toBe(1);
  });

  it("refuses a part naming a stream twice", async () => {
    const org = randomUUID();
    await expect(
      store.appendMany(
        org,
        [
          { streamId: "s", expected: "no_stream", events: [ev(1)] },
          { streamId: "s", expected: 1, events: [ev(2)] },
        ],
        { metadata: meta() },
      ),
    ).rejects.toThrow(/twice/);
    expect(await store.streamVersion(org, "s")).toBe(0);
  });

  it("keeps concurrent multi-stream commands on shared streams all-or-nothing, numbers gapless, chain intact", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.subarray(["a", "b", "c", "d"], { minLength: 1 }), { minLength: 2, maxLength: 6 }),
        async (plans) => {
          const org = randomUUID();
          // Each command reads every stream's version, then appends to its streams at those versions:
          // concurrent ones sharing a stream conflict, and a conflicting one writes nothing.
          const outcomes = await Promise.allSettled(
            plans.map(async (streams) => {
              const versions = await Promise.all(streams.map((s) => store.streamVersion(org, s)));
              return store.appendMany(
                org,
                (n) =>
                  streams.map((s, i) => ({
                    streamId: s,
                    expected: versions[i] === 0 ? ("no_stream" as const) : (versions[i] ?? 0),
                    events: [{ type: "Numbered", data: { number: n.N } }],
                  })),
                { metadata: meta(), counters: { N: 1 } },
              );
            }),
          );
          const written = outcomes.filter((o) => o.status === "fulfilled").length;
          for (const o of outcomes)
            if (o.status === "rejected") expect(o.reason).toBeInstanceOf(ConcurrencyError);
          const events = await store.readOrganisation(org);
          const numbers = [...new Set(events.map((e) => (e.data as { number: number }).number))].sort(
            (x, y) => x - y,
          );
          expect(numbers).toEqual(Array.from({ length: written }, (_, i) => i + 1));
          // Each number's events are exactly one command's streams.
          const expectedCount = outcomes.reduce(
            (sum, o, i) => sum + (o.status === "fulfilled" ? (plans[i]?.length ?? 0) : 0),
            0,
          );
          expect(events).toHaveLength(expectedCount);
          expect((await verifyAudit(database, { orgId: org })).findings).toEqual([]);
        },
      ),
      { numRuns: kind === "pglite" ? 15 : 25 },
    );
  });
});
