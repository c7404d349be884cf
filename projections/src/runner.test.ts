import { randomUUID } from "node:crypto";
import { type CommandMetadata, organisationStreamId } from "@registre/core";
import { createEventStore, type EventStore } from "@registre/store";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { organisationsProjector } from "./organisations.ts";
import type { Projector } from "./projector.ts";
import { createProjectionRunner } from "./runner.ts";
import { streamHistoryProjector } from "./stream-history.ts";

const meta = (): CommandMetadata => ({
  commandId: randomUUID(),
  at: "2026-11-22T10:00:00.000Z",
  userId: "u1",
});

/** Writes one row per "Tick"; throws on a tick marked `boom` while `broken` is set. */
const tickProjector = (flags: { broken: boolean }, name = "ticks"): Projector => ({
  name,
  version: 1,
  handles: ["Tick"],
  tables: [{ name, columns: "org_id uuid not null, n integer not null, primary key (org_id, n)" }],
  apply: async (db, events, table) => {
    for (const e of events) {
      const d = e.data as { n: number; boom?: boolean };
      await db.insertInto(table(name)).values({ org_id: e.orgId, n: d.n }).execute();
      if (d.boom && flags.broken) throw new Error(`tick ${d.n} cannot be projected`);
    }
  },
});

const tick = (n: number, boom = false) => ({ type: "Tick", data: { n, boom } });

describe.each(databaseKinds)("projection runner on %s", (kind) => {
  let database: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    store = createEventStore(database);
  });
  afterAll(() => database?.close());

  it("rebuilds a projection that equals the live one row for row, and swaps it in", async () => {
    const runner = createProjectionRunner(database, store, [organisationsProjector, streamHistoryProjector], {
      batchSize: 3,
    });
    await runner.setup();
    const ids = Array.from({ length: 7 }, () => randomUUID());
    for (const [i, id] of ids.entries()) {
      const stream = organisationStreamId(id);
      await store.append(
        id,
        stream,
        "no_stream",
        [
          {
            type: "OrganisationCreated",
            data: {
              orgId: id,
              name: `Org ${i}`,
              siren: "732829320",
              vatNumber: null,
              address:
                i % 2
                  ? { line1: "1 rue de la Paix", postalCode: "75002", city: "Paris", country: "FR" }
                  : null,
              fiscalYearStartMonth: 1,
              vatRegime: "reel_normal",
              vatOnDebits: false,
            },
          },
        ],
        { metadata: meta() },
      );
      if (i % 3 === 0)
        await store.append(
          id,
          stream,
          1,
          [{ type: "OrganisationRenamed", data: { name: `Renamed ${i}`, previousName: `Org ${i}` } }],
          {
            metadata: meta(),
          },
        );
    }
    await runner.drain();
    const snapshot = async () => ({
      orgs: await database.db
        .selectFrom("organisations")
        .selectAll()
        .where("org_id", "in", ids)
        .orderBy("org_id")
        .execute(),
      history: await database.db
        .selectFrom("stream_history")
        .selectAll()
        .where("org_id", "in", ids)
        .orderBy("org_id")
        .orderBy("stream_id")
        .orderBy("version")
        .execute(),
    });
    const live = await snapshot();
    expect(live.orgs.filter((o) => String(o.name).startsWith("Renamed")).length).toBe(3);
    expect(live.history.length).toBe(10);
    const progress: number[] = [];
    const result = await runner.rebuild("organisations", (done) => progress.push(done));
    await runner.rebuild("stream_history");
    expect(result.events).toBeGreaterThanOrEqual(10);
    expect(progress.length).toBeGreaterThan(0);
    expect(await snapshot()).toEqual(live);
    const status = await runner.status();
    expect(status.map((s) => [s.name, s.generation, s.status])).toEqual([
      ["organisations", 2, "running"],
      ["stream_history", 2, "running"],
    ]);
    // Live projection goes on in the new generation.
    const late = randomUUID();
    await store.append(
      late,
      organisationStreamId(late),
      "no_stream",
      [
        {
          type: "OrganisationCreated",
          data: {
            orgId: late,
            name: "Late",
            siren: "552120222",
            vatNumber: null,
            address: null,
            fiscalYearStartMonth: 7,
            vatRegime: "franchise",
            vatOnDebits: false,
          },
        },
      ],
      { metadata: meta() },
    );
    await runner.start();
    const appended = await store.readStream(late, organisationStreamId(late));
    const last = appended.at(-1);
    expect(last).toBeDefined();
    expect(
      await runner.waitFor(
        { txId: last?.txId ?? "0", position: last?.position ?? 0 },
        ["organisations"],
        late,
      ),
    ).toBe(true);
    await runner.stop();
    const row = await database.db
      .selectFrom("organisations")
      .selectAll()
      .where("org_id", "=", late)
      .executeTakeFirst();
    expect(row).toMatchObject({ name: "Late", fiscal_year_start_month: 7, vat_regime: "franchise" });
  });

  it("rebuilds a projector whose version changed when the runner starts", async () => {
    const flags = { broken: false };
    const org = randomUUID();
    await store.append(org, "v", "no_stream", [tick(1), tick(2)], { metadata: meta() });
    const v1 = tickProjector(flags, "ticks_versioned");
    const first = createProjectionRunner(database, store, [v1]);
    await first.setup();
    await first.drain();
    const v2 = { ...v1, version: 2 };
    const second = createProjectionRunner(database, store, [v2]);
    await second.setup();
    expect((await second.status())[0]).toMatchObject({ version: 2, generation: 2, status: "running" });
    const rows = await database.db
      .selectFrom("ticks_versioned")
      .select("n")
      .where("org_id", "=", org)
      .orderBy("n")
      .execute();
    expect(rows.map((r) => r.n)).toEqual([1, 2]);
  });
  it("creates a read model whose optional indexes are refused, keeping the ones that were not", async () => {
    const name = "optional_ticks";
    const base = tickProjector({ broken: false }, name);
    const p: Projector = {
      ...base,
      tables: [
        {
          ...(base.tables[0] as Projector["tables"][number]),
          optionalIndexes: [
            // Refused (no such access method): the group is skipped whole, the transaction goes on.
            [
              "create index optional_ticks_kept_not on {table} (n)",
              "create index on {table} using no_such_method (n)",
            ],
            ["create index optional_ticks_kept on {table} (n desc)"],
          ],
        },
      ],
    };
    const runner = createProjectionRunner(database, store, [p]);
    await runner.setup();
    const org = randomUUID();
    await store.append(org, `tick-${org}`, "no_stream", [tick(1)], { metadata: meta() });
    await runner.drain([name], 10_000);
    const rows = await database.db.selectFrom(name).select("n").where("org_id", "=", org).execute();
    expect(rows).toEqual([{ n: 1 }]);
    const indexes = await database.db
      .selectFrom("pg_indexes")
      .select("indexname")
      .where("tablename", "=", `${name}_g1`)
      .execute();
    expect(indexes.map((r) => r.indexname).sort()).toEqual([`${name}_g1_pkey`, "optional_ticks_kept"]);
  });
});
