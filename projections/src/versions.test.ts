import { randomUUID } from "node:crypto";
import { entryStreamId } from "@registre/core";
import { createEventStore, type EventStore } from "@registre/store";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { accountingSetupProjector } from "./accounting-setup.ts";
import { ledgerProjector } from "./ledger.ts";
import { createProjectionRunner, type ProjectionRunner } from "./runner.ts";
import { readModelVersions } from "./versions.ts";

const draft = (mvt: string, label: string) => ({
  type: "EntryDrafted",
  data: {
    mvt,
    journal: "OD",
    date: "2025-03-14",
    pieceRef: "P-1",
    pieceDate: "2025-03-14",
    label,
    lines: [
      { account: "601000", auxiliary: null, label: null, debit: 1_000, credit: 0 },
      { account: "512000", auxiliary: null, label: null, debit: 0, credit: 1_000 },
    ],
    origin: { kind: "manual" },
  },
});

describe.each(databaseKinds)("read-model versions per organisation on %s", (kind) => {
  let database: TestDatabase;
  let store: EventStore;
  let runner: ProjectionRunner;
  const names = [ledgerProjector.name, accountingSetupProjector.name];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    store = createEventStore(database);
    runner = createProjectionRunner(database, store, [accountingSetupProjector, ledgerProjector], {
      batchSize: 2,
    });
    await runner.setup();
  });
  afterAll(async () => {
    await runner?.stop();
    await database?.close();
  });

  const append = async (org: string, mvt: string, label: string, expected: "no_stream" | "any") => {
    const appended = await store.append(org, entryStreamId(mvt), expected, [draft(mvt, label)], {
      metadata: { commandId: randomUUID(), at: "2026-01-01T00:00:00.000Z" },
    });
    await runner.drain(names);
    return appended.checkpoint?.position ?? 0;
  };
  const versions = (org: string) => readModelVersions(database, org, names);
  const rows = async (table: string) =>
    (
      await sql<{ org_id: string; position: number }>`select org_id, position from ${sql.table(table)}
        order by org_id`.execute(database.db)
    ).rows.map((r) => ({ org: r.org_id, position: Number(r.position) }));

  it("moves an organisation's version with each change of its rows, in the same commit, and no other's", async () => {
    const a = randomUUID();
    const b = randomUUID();
    const none = await versions(a);
    expect(none).toBe("ledger:1:0,accounting_setup:1:0");

    const first = await append(a, randomUUID(), "Achat", "no_stream");
    await append(b, randomUUID(), "Achat B", "no_stream");
    const afterFirst = await versions(a);
    expect(afterFirst).toBe(`ledger:1:${first},accounting_setup:1:0`);
    const ofB = await versions(b);

    const second = await append(a, randomUUID(), "Achat 2", "no_stream");
    expect(second).not.toBe(first);
    expect(await versions(a)).toBe(`ledger:1:${second},accounting_setup:1:0`);
    expect(await versions(b), "another organisation's change leaves b's version").toBe(ofB);

    // The version is read where the rows are: never ahead of them.
    const { rows: joined } = await sql<{ n: number }>`
      select count(*)::int as n from entries e where e.org_id = ${a}::uuid`.execute(database.db);
    expect(joined[0]?.n).toBe(2);
  });

  it("is rebuilt with its read model: the same positions, under the new generation", async () => {
    const org = randomUUID();
    for (let i = 0; i < 5; i++) await append(org, randomUUID(), `Ligne ${i}`, "no_stream");
    const live = await rows("ledger_versions");
    const before = await versions(org);
    await runner.rebuild(ledgerProjector.name);
    expect(await rows("ledger_versions")).toEqual(live);
    const after = await versions(org);
    expect(after).not.toBe(before);
    expect(after.replace(/^ledger:\d+:/, "")).toBe(before.replace(/^ledger:\d+:/, ""));
    expect(after.startsWith("ledger:2:")).toBe(true);
  });
});
