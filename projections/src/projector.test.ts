import { TextArray } from "@registre/store";
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { insertRows, rowsAsSelect } from "./projector.ts";

describe("a projection's rows written live", () => {
  it("go as one JSON parameter, whatever their number: not a VALUES list of one parameter per value", () => {
    const rows = Array.from({ length: 500 }, (_, n) => ({ org_id: "o", n, label: `row ${n}`, data: { n } }));
    const { columns, select } = rowsAsSelect("t", rows);
    // biome-ignore lint/suspicious/noExplicitAny: a compiler only, no table typed
    const db = new Kysely<any>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (k) => new PostgresIntrospector(k),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
    });
    expect(db.insertInto("t").columns(columns).expression(select).compile().parameters).toHaveLength(1);
  });
});

describe.each(databaseKinds)("rows written live on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.close());

  it("keep every value as its column's type reads it: texts as written, dates, jsonb, text[] and nulls", async () => {
    const table = `written_${kind}`;
    await sql`create table ${sql.table(table)} (id integer primary key, label text, at timestamptz not null,
      amount bigint, data jsonb, tags text[], note text)`.execute(database.db);
    const texts = ["tab\there", 'quote " and back\\slash', "é ü 🚀 \u2028", "line\nbreak", "{not json}", ""];
    const rows = texts.map((label, id) => ({
      id,
      label,
      at: new Date(Date.UTC(2026, 0, 1, 10, 0, 0, id)),
      amount: 9_007_199_254_740_991 - id,
      data: id % 2 ? { label, list: [1, "two", null] } : [label],
      tags: new TextArray([label, "b,c", "{d}"]),
      note: id % 3 ? null : label,
    }));
    await database.db.transaction().execute((trx) => insertRows(trx)(table, rows));
    const found = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by id`.execute(
      database.db,
    );
    expect(found.rows.map((r) => ({ ...r, amount: Number(r.amount) }))).toEqual(
      rows.map((r) => ({ ...r, tags: [...r.tags.values] })),
    );
  });

  it("refuse an invalid date before anything is sent", async () => {
    await expect(
      database.db
        .transaction()
        .execute((trx) => insertRows(trx)(`written_${kind}`, [{ id: 99, at: new Date(Number.NaN) }])),
    ).rejects.toThrow(RangeError);
  });
});
