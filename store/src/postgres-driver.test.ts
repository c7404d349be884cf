import { createServer, type Socket, connect as tcpConnect } from "node:net";
import { Kysely, sql } from "kysely";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { isTransientDatabaseError } from "./errors.ts";
import { writeBehind } from "./pipeline.ts";
import { exclusivePostgresDialect } from "./postgres-driver.ts";

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

  /**
   * A TCP relay to the test's server that can cut its connections and reset the next ones it is
   * asked to (the client sees ECONNRESET while connecting, as from a server going down).
   */
  const relay = async () => {
    const target = new URL(database.url ?? "");
    const sockets = new Set<Socket>();
    let resets = 0;
    const server = createServer((client) => {
      client.on("error", () => undefined);
      if (resets > 0) {
        resets--;
        client.resetAndDestroy();
        return;
      }
      const up = tcpConnect(Number(target.port || 5432), target.hostname);
      for (const s of [client, up]) {
        sockets.add(s);
        s.on("close", () => sockets.delete(s));
        s.on("error", () => undefined);
      }
      client.pipe(up).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = new URL(target);
    url.host = `127.0.0.1:${(server.address() as { port: number }).port}`;
    return {
      url: url.toString(),
      cut: () => {
        for (const s of sockets) s.destroy();
      },
      resetNext: (n: number) => {
        resets = n;
      },
      close: () => {
        for (const s of sockets) s.destroy();
        server.close();
      },
    };
  };

  it("never runs a transaction's queued statements outside it when its BEGIN finds the server gone", async () => {
    // The pipelined BEGIN goes out first; the transaction's next statements wait in postgres.js's
    // queue while it connects. Its connection refused, postgres.js hands the next queued statement
    // to a new connection attempt: the server back by then, that statement would run in autocommit
    // on a new session (in the projection runner: a checkpoint moved without its rows).
    const proxy = await relay();
    const db = new Kysely<{ driver_probe: { n: number } }>({
      dialect: exclusivePostgresDialect(
        (onclose) => postgres(proxy.url, { max: 1, onnotice: () => {}, onclose }),
        1,
      ),
    });
    try {
      await sql`select 1`.execute(db);
      proxy.cut();
      await sleep(200);
      // The next connection attempts (the probe of a reopened session, then BEGIN's) are reset; the
      // one after gets through.
      proxy.resetNext(2);
      const outcome = db.transaction().execute(async (trx) => {
        await writeBehind(trx, trx.insertInto("driver_probe").values({ n: 40 }));
        return (await sql<{ n: number }>`select count(*)::int as n from driver_probe`.execute(trx)).rows;
      });
      await expect(outcome).rejects.toSatisfy(isTransientDatabaseError);
      await sleep(300);
      expect((await sql`select n from driver_probe where n = 40`.execute(database.db)).rows).toEqual([]);
      // And the pool goes on on a new session.
      proxy.resetNext(0);
      expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }]);
      expect(uncaught).toEqual([]);
    } finally {
      proxy.close();
      await db.destroy();
    }
  });
});
