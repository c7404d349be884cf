import { randomUUID } from "node:crypto";
import type { CommandMetadata } from "@registre/core";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { createEventStore, type EventStore } from "./event-store.ts";

const meta = (commandId: string = randomUUID()): CommandMetadata => ({
  commandId,
  at: "2026-11-27T12:00:00.000Z",
  userId: "user-1",
});
const LOG = 4000;
const ev = (n: number) => ({
  type: "Thing",
  data: { n, label: `ligne ${n} d'un journal assez long pour remplir des pages` },
});

type PlanNode = { "Shared Hit Blocks": number; "Shared Read Blocks": number };

// A command's reads (`registre_read_command`, migration 2026-11-27T1200) by key, whatever the size of its
// organisation's log: with the plan PostgreSQL caches for a plpgsql statement once it keeps a generic one
// (forced here), the stream reads and the command look-up touch a few index and heap pages, not every
// event and command of the organisation (the plan before: a scan of the organisation's `org_id` prefix,
// 151 pages for 1,310 events). The function's pages count in its Function Scan node (EXPLAIN BUFFERS).
describe.each(databaseKinds)("a command's reads by key on %s", (kind) => {
  let database: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    store = createEventStore(database);
  });
  afterAll(() => database?.close());

  it("reads the streams and the command asked for, not the organisation's whole log", async () => {
    const org = randomUUID();
    const commandId = randomUUID();
    for (let from = 0; from < LOG; from += 500)
      await store.append(
        org,
        "noise",
        from === 0 ? "no_stream" : from,
        Array.from({ length: 500 }, (_, i) => ev(from + i)),
        { metadata: meta() },
      );
    await store.append(org, "small", "no_stream", [ev(1), ev(2)], { metadata: meta(commandId) });
    await sql`analyze events`.execute(database.db);
    await sql`analyze commands`.execute(database.db);
    const pages = await database.db.transaction().execute(async (trx) => {
      await sql`set local plan_cache_mode = force_generic_plan`.execute(trx);
      const call = sql`select * from registre_read_command(${org}::uuid, ${sql.raw(`array['${commandId}']::uuid[]`)},
        array['small', 'noise'], array[1, ${LOG}]::bigint[])`;
      // Past the cached plan's first calls, as a long-lived connection runs it.
      for (let i = 0; i < 6; i++) {
        const { rows } = await call.execute(trx);
        expect(rows.map((r) => (r as { kind: string }).kind)).toEqual(["event", "event", "event", "command"]);
      }
      const { rows } = await sql<{
        "QUERY PLAN": unknown;
      }>`explain (analyze, buffers, format json) ${call}`.execute(trx);
      const plan = (JSON.parse(JSON.stringify(rows[0]?.["QUERY PLAN"])) as [{ Plan: PlanNode }])[0].Plan;
      return plan["Shared Hit Blocks"] + plan["Shared Read Blocks"];
    });
    // Three index descents and their heap pages; the organisation's 4,000 events fill some 60 pages.
    expect(pages).toBeLessThan(30);
  });
});
