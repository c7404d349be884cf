import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWireCounter, type WireCounter } from "../../tests/bench/wire-count.ts";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { type Database, openDatabase } from "./database.ts";
import { marked, writeBehind } from "./pipeline.ts";

// biome-ignore lint/suspicious/noExplicitAny: a scratch table outside the store's schema
const scratch = (db: Database["db"]) => db as unknown as import("kysely").Kysely<any>;

describe.each(databaseKinds)("statements sent behind in a transaction on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await sql`create table pipeline_probe (id integer primary key, note text not null)`.execute(database.db);
  });
  afterAll(() => database?.close());

  const rows = async () =>
    (await sql<{ id: number }>`select id from pipeline_probe order by id`.execute(database.db)).rows.map(
      (r) => r.id,
    );

  it("commits the writes sent behind with the transaction, in order, readable by its later statements", async () => {
    const seen = await database.db.transaction().execute(async (trx) => {
      await writeBehind(trx, scratch(trx).insertInto("pipeline_probe").values({ id: 1, note: "a" }));
      await writeBehind(
        trx,
        scratch(trx).updateTable("pipeline_probe").set({ note: "b" }).where("id", "=", 1),
      );
      return (await sql<{ note: string }>`select note from pipeline_probe where id = 1`.execute(trx)).rows;
    });
    expect(seen).toEqual([{ note: "b" }]);
    expect(await rows()).toEqual([1]);
  });

  it("fails the next waiting statement with the write's own error, and nothing of the transaction stays", async () => {
    const attempt = database.db.transaction().execute(async (trx) => {
      await writeBehind(trx, scratch(trx).insertInto("pipeline_probe").values({ id: 2, note: "c" }));
      // A duplicate key: refused by the server, but this call does not wait to know it.
      await writeBehind(trx, scratch(trx).insertInto("pipeline_probe").values({ id: 1, note: "dup" }));
      await sql`select 1`.execute(trx);
    });
    await expect(attempt).rejects.toMatchObject({ message: expect.stringMatching(/duplicate key/) });
    expect(await rows()).toEqual([1]);
  });

  it("fails the commit when the last write sent behind is refused, and rolls the transaction back", async () => {
    const attempt = database.db.transaction().execute(async (trx) => {
      await writeBehind(trx, scratch(trx).insertInto("pipeline_probe").values({ id: 3, note: "d" }));
      await writeBehind(trx, scratch(trx).insertInto("pipeline_probe").values({ id: 3, note: "again" }));
    });
    await expect(attempt).rejects.toMatchObject({ message: expect.stringMatching(/duplicate key/) });
    expect(await rows()).toEqual([1]);
  });

  it("refuses a write of an invalid Date where it is sent: the savepoint before it applies, the rest commits", async () => {
    await sql`create table pipeline_times (id integer primary key, at timestamptz not null)`.execute(
      database.db,
    );
    const refused = await database.db.transaction().execute(async (trx) => {
      await writeBehind(
        trx,
        scratch(trx)
          .insertInto("pipeline_times")
          .values({ id: 1, at: new Date(0) }),
      );
      await sql`savepoint before_invalid`.execute(trx);
      // postgres.js would fail it only once the server has described the statement: by then the next
      // statements, the commit among them, would have gone, and the server commit without it.
      const error = await writeBehind(
        trx,
        scratch(trx)
          .insertInto("pipeline_times")
          .values({ id: 2, at: new Date(Number.NaN) }),
      ).then(
        () => null,
        (e: unknown) => e,
      );
      await sql`rollback to savepoint before_invalid`.execute(trx);
      await writeBehind(
        trx,
        scratch(trx)
          .insertInto("pipeline_times")
          .values({ id: 3, at: new Date(1000) }),
      );
      return error;
    });
    expect(refused).toBeInstanceOf(Error);
    const { rows: kept } = await sql<{ id: number }>`select id from pipeline_times order by id`.execute(
      database.db,
    );
    expect(kept.map((r) => r.id)).toEqual([1, 3]);
  });

  it("commits with a statement marked committing, or rolls back when that statement is refused", async () => {
    const inserted = await database.db.transaction().execute(async (trx) => {
      await writeBehind(trx, scratch(trx).insertInto("pipeline_probe").values({ id: 4, note: "e" }));
      const { rows } = await trx.executeQuery<{ id: number }>(
        marked(sql`insert into pipeline_probe values (5, 'f') returning id`.compile(trx), "committing"),
      );
      return rows;
    });
    expect(inserted).toEqual([{ id: 5 }]);
    const refused = database.db.transaction().execute(async (trx) => {
      await writeBehind(trx, scratch(trx).insertInto("pipeline_probe").values({ id: 6, note: "g" }));
      await trx.executeQuery(
        marked(sql`insert into pipeline_probe values (5, 'h')`.compile(trx), "committing"),
      );
    });
    await expect(refused).rejects.toMatchObject({ message: expect.stringMatching(/duplicate key/) });
    expect(await rows()).toEqual([1, 4, 5]);
  });

  it("runs a write marked behind outside a transaction as any statement", async () => {
    await writeBehind(
      database.db,
      scratch(database.db).insertInto("pipeline_probe").values({ id: 7, note: "i" }),
    );
    expect(await rows()).toEqual([1, 4, 5, 7]);
  });
});

// Waits are the server's: counted on the wire, so on PostgreSQL only.
describe("a transaction's statements on the wire (postgres)", () => {
  let base: TestDatabase;
  let counter: WireCounter;
  let database: Database;
  beforeAll(async () => {
    base = await openTestDatabase("postgres");
    await sql`create table pipeline_probe (id integer primary key, note text not null)`.execute(base.db);
    const url = new URL(base.url ?? "");
    counter = await startWireCounter({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${counter.port}`;
    database = await openDatabase({ url: url.toString(), maxConnections: 1 });
  });
  afterAll(async () => {
    await database?.close();
    await counter?.close();
    await base?.close();
  });

  it("sends BEGIN with the first statement and the writes behind with the commit: two waits for six statements", async () => {
    const run = (from: number) =>
      database.db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        for (let id = from; id < from + 4; id++)
          await writeBehind(trx, scratch(trx).insertInto("pipeline_probe").values({ id, note: "x" }));
      });
    await run(100); // statements prepared on the connection
    counter.reset();
    await run(200);
    expect(counter.roundTrips()).toBe(7);
    expect(counter.waits()).toBe(2);
  });
});
