import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { createEventStore, type EventStore, START } from "./event-store.ts";

const meta = (commandId: string = randomUUID()) => ({ commandId, at: "2026-11-22T10:00:00.000Z" });
describe.each(databaseKinds)("probe %s", (kind) => {
  let database: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    store = createEventStore(database);
  });
  afterAll(() => database?.close());
  it("probe", async () => {
    const org = randomUUID();
    const c = randomUUID();
    const a = await store.append(org, "s1", "no_stream", [{ type: "T", data: {} }], { metadata: meta(c) });
    const b = await store.append(org, "s2", "no_stream", [{ type: "T", data: {} }], { metadata: meta(c) });
    console.log(kind, "retry other stream", a, b);
    let dupErrors = 0, outcomes: string[] = [];
    for (let i = 0; i < 30; i++) {
      const cid = randomUUID();
      const r = await Promise.allSettled([
        store.append(org, "s3", "any", [{ type: "T", data: {} }], { metadata: meta(cid) }),
        store.append(org, "s3", "any", [{ type: "T", data: {} }], { metadata: meta(cid) }),
      ]);
      outcomes.push(r.map((x) => x.status === "fulfilled" ? (x.value.duplicate ? "dup" : "ok") : `err:${(x.reason as Error).name}:${(x.reason as Error).message.slice(0,60)}`).join(","));
    }
    console.log(kind, [...new Set(outcomes)], outcomes.length);
    // order check under concurrency, fresh orgs
    let bad = 0;
    for (let i = 0; i < 200; i++) {
      const o = randomUUID();
      await store.append(o, "z", "any", [{ type: "T", data: { i: 0 } }], { metadata: meta() });
      await Promise.allSettled([
        store.append(o, "s", "any", [{ type: "T", data: { i: 1 } }], { metadata: meta() }),
        store.append(o, "s", "any", [{ type: "T", data: { i: 2 } }], { metadata: meta() }),
        store.append(o, "t", "any", [{ type: "T", data: { i: 3 } }], { metadata: meta() }),
      ]);
      let cp = START; const seen: number[] = []; const seqs: number[] = [];
      for (;;) { const batch = await store.readAll(cp, { limit: 1000 }); for (const e of batch.events) if (e.orgId === o) { if (e.streamId === "s") seen.push(e.version); seqs.push(e.orgSeq); } cp = batch.checkpoint; if (!batch.full) break; }
      if (seen.join() !== "1,2" || seqs.join() !== "1,2,3,4") { bad++; console.log(kind, "order", seen, seqs); }
    }
    console.log(kind, "bad orders", bad);
  });
});
