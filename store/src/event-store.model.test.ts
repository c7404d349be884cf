import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import {
  checkStream,
  commandArbs,
  EVENT_TYPE,
  type Model,
  metadata,
  ORGS,
  projectModel,
  projectStored,
  type Real,
  STREAMS,
  sleep,
  streamKey,
} from "./event-store.model.fixtures.ts";
import {
  type Checkpoint,
  compareCheckpoints,
  createEventStore,
  type EventStore,
  START,
  type StoredEvent,
} from "./event-store.ts";

describe.each(databaseKinds)("event store model on %s", (kind) => {
  let database: TestDatabase;
  let store: EventStore;
  /** Where the global log has been read up to, so each run starts from the log's end. */
  let cursor: Checkpoint = START;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    store = createEventStore(database);
  });
  afterAll(() => database?.close());

  /** Reads the log to its safe horizon: the checkpoint a run starts from. */
  const logEnd = async (): Promise<Checkpoint> => {
    for (;;) {
      const batch = await store.readAll(cursor, { limit: 1000 });
      cursor = batch.checkpoint;
      if (!batch.full) return cursor;
    }
  };

  /**
   * The run's organisations' events in the global log after `from`, in small pages. The safe horizon
   * can lag behind while another transaction on the server is open: keep reading until every expected
   * event has come, as a subscriber would.
   */
  const readLog = async (from: Checkpoint, orgIds: ReadonlySet<string>, expected: number) => {
    const seen: StoredEvent[] = [];
    let checkpoint = from;
    const deadline = Date.now() + 30_000;
    for (;;) {
      const batch = await store.readAll(checkpoint, { limit: 5 });
      expect(batch.events.length).toBeLessThanOrEqual(5);
      expect(batch.full).toBe(batch.events.length === 5);
      let previous = checkpoint;
      for (const e of batch.events) {
        expect(compareCheckpoints({ txId: e.txId, position: e.position }, previous)).toBeGreaterThan(0);
        previous = { txId: e.txId, position: e.position };
        if (orgIds.has(e.orgId)) seen.push(e);
      }
      expect(compareCheckpoints(batch.checkpoint, previous)).toBeGreaterThanOrEqual(0);
      checkpoint = batch.checkpoint;
      if (!batch.full) {
        if (seen.length >= expected || Date.now() > deadline) return { seen, checkpoint };
        await sleep(25);
      }
    }
  };

  /** Every stream equals the model, every remembered result points at its last event, the log is whole. */
  const checkAll = async (model: Model, real: Real, start: Checkpoint): Promise<void> => {
    const storedByKey = new Map<string, StoredEvent[]>();
    for (const [key, stream] of Object.entries(model.state.streams))
      storedByKey.set(key, await checkStream(real, stream));
    for (const [org, orgId] of real.orgIds.entries())
      for (const streamId of STREAMS)
        if (!model.state.streams[streamKey(org, streamId)])
          expect(await store.readStream(orgId, streamId)).toEqual([]);

    for (const [key, result] of Object.entries(model.state.recorded)) {
      const [org, commandId] = key.split("/") as [string, string];
      const event = storedByKey.get(streamKey(Number(org), result.streamId))?.[result.toVersion - 1];
      expect(event?.metadata.commandId).toBe(commandId);
      expect(result.checkpoint).toEqual({ txId: event?.txId, position: event?.position });
    }

    const streams = Object.values(model.state.streams);
    const total = streams.reduce((n, s) => n + s.version, 0);
    const orgIds = new Set(real.orgIds);
    const { seen, checkpoint } = await readLog(start, orgIds, total);

    // Every event exactly once, with its data.
    const label = (e: { orgId: string; streamId: string; version: number }) =>
      `${e.orgId}/${e.streamId}/${e.version}`;
    const expectedEvents = streams.flatMap((s) => projectModel(real, s));
    expect(seen.length).toBe(total);
    expect(new Set(seen.map(label)).size).toBe(total);
    expect(
      projectStored(seen).sort((x, y) => (label(x) < label(y) ? -1 : label(x) > label(y) ? 1 : 0)),
    ).toEqual(expectedEvents.sort((x, y) => (label(x) < label(y) ? -1 : label(x) > label(y) ? 1 : 0)));

    // In each stream's version order, and each organisation's chain 1..n without gaps, in log order.
    for (const s of streams) {
      const orgId = real.orgIds[s.org] as string;
      const versions = seen
        .filter((e) => e.orgId === orgId && e.streamId === s.streamId)
        .map((e) => e.version);
      expect(versions, `log order of ${s.org}/${s.streamId}`).toEqual(
        Array.from({ length: s.version }, (_, i) => i + 1),
      );
    }
    for (const [org, orgId] of real.orgIds.entries()) {
      const count = streams.filter((s) => s.org === org).reduce((n, s) => n + s.version, 0);
      const seqs = seen.filter((e) => e.orgId === orgId).map((e) => e.orgSeq);
      expect(
        [...seqs].sort((x, y) => x - y),
        `org ${org} sequence`,
      ).toEqual(Array.from({ length: count }, (_, i) => i + 1));
      expect(seqs, `org ${org} chain order in the log`).toEqual([...seqs].sort((x, y) => x - y));
    }

    // Nothing of the run comes again after the checkpoint.
    const again = await readLog(checkpoint, orgIds, 0);
    expect(again.seen).toEqual([]);
  };

  it("matches an in-memory model over random appends, retries and concurrent pairs", async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commandArbs, { maxCommands: 24, size: "max" }), async (commands) => {
        const orgIds = Array.from({ length: ORGS }, () => randomUUID());
        const real: Real = { store, orgIds };
        const model: Model = { state: { streams: {}, recorded: {}, sent: [], nextN: 0 } };
        const start = await logEnd();
        await fc.asyncModelRun(() => ({ model, real }), commands);
        await checkAll(model, real, start);
      }),
      { numRuns: 30 },
    );
  });

  it("answers a retry sent to another stream with the first result, its stream included", async () => {
    const org = randomUUID();
    const commandId = randomUUID();
    const first = await store.append(org, "s1", "no_stream", [{ type: EVENT_TYPE, data: {} }], {
      metadata: metadata(commandId),
    });
    const retry = await store.append(org, "s2", "no_stream", [{ type: EVENT_TYPE, data: {} }], {
      metadata: metadata(commandId),
    });
    expect(retry).toEqual({ ...first, streamId: "s1", duplicate: true });
    expect(await store.streamVersion(org, "s2")).toBe(0);
  });

  // Both sends look for the command id before either has committed: the second must still find it.
  it("appends a command sent twice at once once, and answers the first result to both", async () => {
    for (let attempt = 0; attempt < 20; attempt++) {
      const org = randomUUID();
      await store.append(org, "head", "no_stream", [{ type: EVENT_TYPE, data: {} }], {
        metadata: metadata(randomUUID()),
      });
      const commandId = randomUUID();
      const results = await Promise.all(
        [0, 1].map(() =>
          store.append(org, "s", "any", [{ type: EVENT_TYPE, data: {} }], { metadata: metadata(commandId) }),
        ),
      );
      const [a, b] = [...results].sort((x, y) => Number(x.duplicate) - Number(y.duplicate));
      expect(a).toMatchObject({ streamId: "s", fromVersion: 0, toVersion: 1, duplicate: false });
      expect(b).toEqual({ ...a, duplicate: true });
      expect(await store.streamVersion(org, "s")).toBe(1);
    }
  });

  // A new organisation has no head row yet: its first appends race to create it, and each must still
  // reach the global log in the order of its versions (the log is ordered by transaction id).
  it("puts concurrent first appends of new organisations in the log in version order", async () => {
    for (let attempt = 0; attempt < 60; attempt++) {
      const org = randomUUID();
      const start = await logEnd();
      await Promise.all(
        [0, 1, 2, 3].map((n) =>
          store.append(org, "s", "any", [{ type: EVENT_TYPE, data: { n } }], {
            metadata: metadata(randomUUID()),
          }),
        ),
      );
      const { seen } = await readLog(start, new Set([org]), 4);
      expect(seen.map((e) => [e.version, e.orgSeq])).toEqual([
        [1, 1],
        [2, 2],
        [3, 3],
        [4, 4],
      ]);
    }
  });
});
