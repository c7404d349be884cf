import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { isTransientDatabaseError } from "./errors.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// A server whose backends can be terminated: PostgreSQL only.
describe("the PostgreSQL driver when a session dies under a transaction", () => {
  let database: TestDatabase;
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);
  beforeAll(async () => {
    database = await openTestDatabase("postgres");
    await sql`create table driver_probe (n integer not null)`.execute(database.db);
    process.on("uncaughtException", onUncaught);
  });
  afterAll(async () => {
    process.off("uncaughtException", onUncaught);
    await database?.close();
  });

  const terminate = async (pid: number) => {
    await sql`select pg_terminate_backend(${pid})`.execute(database.db);
    // Let the client see the socket close before the transaction goes on.
    await sleep(200);
  };

  it("refuses the rest of the transaction instead of writing to a closed socket or running it outside", async () => {
    const outcome = database.db.transaction().execute(async (trx) => {
      await sql`insert into driver_probe values (1)`.execute(trx);
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      await terminate(rows[0]?.pid ?? 0);
      // kysely-postgres-js sent this to the closed connection: an uncatchable TypeError killed the
      // process, or, once reconnected, the statement ran in autocommit on a new session.
      await sql`insert into driver_probe values (2)`.execute(trx);
    });
    const error = await outcome.then(
      () => null,
      (e: unknown) => e,
    );
    expect(isTransientDatabaseError(error)).toBe(true);
    await sleep(50);
    expect(uncaught).toEqual([]);
    // Nothing of it was committed, and the pool serves the next caller on a new session.
    expect((await sql`select n from driver_probe`.execute(database.db)).rows).toEqual([]);
    expect((await sql<{ one: number }>`select 1 as one`.execute(database.db)).rows).toEqual([{ one: 1 }]);
  });

  it("rejects a statement running when its session is terminated, and recovers", async () => {
    const outcome = database.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      const running = sql`select pg_sleep(5)`.execute(trx).then(
        () => null,
        (e: unknown) => e,
      );
      await sleep(100);
      await sql`select pg_terminate_backend(${rows[0]?.pid ?? 0})`.execute(database.db);
      const failed = await running;
      if (failed) throw failed;
    });
    const error = await outcome.then(
      () => null,
      (e: unknown) => e,
    );
    expect(isTransientDatabaseError(error)).toBe(true);
    await sleep(50);
    expect(uncaught).toEqual([]);
    const again = await database.db.transaction().execute(async (trx) => {
      await sql`insert into driver_probe values (3)`.execute(trx);
      return (await sql<{ n: number }>`select n from driver_probe`.execute(trx)).rows;
    });
    expect(again).toEqual([{ n: 3 }]);
  });
});
