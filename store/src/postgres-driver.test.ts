import { createServer, type Socket, connect as tcpConnect } from "node:net";
import { Kysely, sql } from "kysely";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { openDatabase, startupOnly } from "./database.ts";
import { isTransientDatabaseError } from "./errors.ts";
import { writeBehind } from "./pipeline.ts";
import { exclusivePostgresDialect } from "./postgres-driver.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a new session's first write", () => {
  const startup = (() => {
    const params = Buffer.from("user\0postgres\0database\0registre\0\0", "utf8");
    const head = Buffer.alloc(8);
    head.writeUInt32BE(8 + params.length, 0);
    head.writeUInt32BE(196608, 4);
    return Buffer.concat([head, params]);
  })();
  const sync = Buffer.from([0x53, 0, 0, 0, 4]);

  it("is the StartupMessage alone, without the bytes postgres.js kept for a session that failed", () => {
    expect(startupOnly(startup)).toEqual(startup);
    // A Sync, and an earlier attempt's StartupMessage, left in postgres.js's write buffer.
    expect(startupOnly(Buffer.concat([sync, startup]))).toEqual(startup);
    expect(startupOnly(Buffer.concat([startup, startup]))).toEqual(startup);
    // Anything else goes as it is.
    expect(startupOnly(sync)).toEqual(sync);
  });
});

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

  /** The ErrorResponse PostgreSQL sends a session while it starts: FATAL 57P03. */
  const startingUp = (() => {
    const fields = Buffer.from("SFATAL\0VFATAL\0C57P03\0Mthe database system is starting up\0\0", "utf8");
    const head = Buffer.alloc(5);
    head.write("E", 0);
    head.writeUInt32BE(4 + fields.length, 1);
    return Buffer.concat([head, fields]);
  })();

  /**
   * A TCP relay to the test's server that can cut its connections and reset the next ones it is
   * asked to (the client sees ECONNRESET while connecting, as from a server going down).
   */
  const relay = async () => {
    const target = new URL(database.url ?? "");
    const sockets = new Set<Socket>();
    // The relay's end of each client connection, to reset it (the client reads ECONNRESET).
    const clients = new Set<Socket>();
    let resets = 0;
    let refusals = 0;
    let attempts = 0;
    const server = createServer((client) => {
      // Connections made to the relay, refused or not.
      attempts++;
      client.on("error", () => undefined);
      if (resets > 0) {
        resets--;
        client.resetAndDestroy();
        return;
      }
      if (refusals > 0) {
        // As a server starting up answers a session's start: an ErrorResponse, then the end.
        refusals--;
        client.once("data", () => client.end(startingUp));
        return;
      }
      const up = tcpConnect(Number(target.port || 5432), target.hostname);
      for (const s of [client, up]) {
        sockets.add(s);
        s.on("close", () => sockets.delete(s));
        s.on("error", () => undefined);
      }
      clients.add(client);
      client.on("close", () => clients.delete(client));
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
      reset: () => {
        for (const s of clients) s.resetAndDestroy();
      },
      attempts: () => attempts,
      refuseNext: (n: number) => {
        refusals = n;
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

  /** Whether `promise` settles within `ms`: "hangs" otherwise. */
  const within = <T>(promise: Promise<T>, ms = 3000): Promise<T | "hangs"> =>
    Promise.race([promise, sleep(ms).then(() => "hangs" as const)]);

  it("settles a statement issued between a reset connection's error and its close, and goes on", async () => {
    // A reset (ECONNRESET, a server dying) reaches postgres.js as the socket's "error", and its
    // "close" a turn of the event loop later. A statement issued in between was queued on the dead
    // connection and never settled, and the connection's next session waited forever behind it.
    const proxy = await relay();
    const opened = await openDatabase({ url: proxy.url, maxConnections: 1 });
    const client = opened.postgres;
    if (!client) throw new Error("postgres only");
    try {
      await client`select 1`;
      const inFlight = client`select pg_sleep(5)`;
      // Issued at once when the statement in flight fails: before the socket's "close".
      const next = inFlight.then(
        () => "no reset" as const,
        (error: unknown) => {
          expect(isTransientDatabaseError(error)).toBe(true);
          return client`select 2 as two`.then(
            (rows) => rows[0]?.two as number,
            (e: unknown) => (isTransientDatabaseError(e) ? "refused" : e),
          );
        },
      );
      await sleep(200);
      proxy.reset();
      // Refused as the connection closes (or answered on a new session): never left waiting.
      expect([2, "refused"]).toContain(await within(next));
      // And the client goes on, statement after statement.
      for (const n of [3, 4, 5])
        expect(await within(client`select ${n}::int as n`.then((rows) => rows[0]?.n))).toBe(n);
      expect(uncaught).toEqual([]);
    } finally {
      proxy.close();
      await opened.close();
    }
  });

  it("ends a transaction whose connection is reset (its ROLLBACK is not left waiting), and the pool goes on", async () => {
    // The projection runner's stall of issue 21: a statement of its transaction failed with
    // ECONNRESET; Kysely's ROLLBACK, sent before the socket's "close", never settled, and the
    // transaction, its connection and the catch-up loop awaiting it waited forever.
    const proxy = await relay();
    const opened = await openDatabase({ url: proxy.url, maxConnections: 1 });
    try {
      await sql`select 1`.execute(opened.db);
      const outcome = opened.db.transaction().execute(async (trx) => {
        await sql`insert into driver_probe values (50)`.execute(trx);
        await sql`select pg_sleep(5)`.execute(trx);
      });
      const settled = outcome.then(
        () => null,
        (e: unknown) => e,
      );
      await sleep(200);
      proxy.reset();
      const error = await within(settled);
      expect(isTransientDatabaseError(error)).toBe(true);
      for (const n of [6, 7, 8])
        expect(
          await within(
            opened.db.transaction().execute(async (trx) => {
              const { rows } = await sql<{ n: number }>`select ${n}::int as n`.execute(trx);
              return rows[0]?.n;
            }),
          ),
        ).toBe(n);
      expect((await sql`select n from driver_probe where n = 50`.execute(database.db)).rows).toEqual([]);
      expect(uncaught).toEqual([]);
    } finally {
      proxy.close();
      await opened.close();
    }
  });

  it("refuses a statement at once when the server refuses sessions after a reset, and goes on once it accepts", async () => {
    // After a reset with a statement in flight, postgres.js kept that statement as the current one,
    // and a refusal at the next session's start ("the database system is starting up") was kept
    // for later instead of failing the attempt: it connected again and again while the server
    // refused, the statement waiting all along.
    const proxy = await relay();
    const opened = await openDatabase({ url: proxy.url, maxConnections: 1 });
    const client = opened.postgres;
    if (!client) throw new Error("postgres only");
    try {
      await client`select 1`;
      const inFlight = client`select pg_sleep(5)`.then(
        () => null,
        (e: unknown) => e,
      );
      await sleep(200);
      proxy.refuseNext(1000);
      proxy.reset();
      expect(isTransientDatabaseError(await inFlight)).toBe(true);
      // The reset connection closed (a statement issued before that is refused with it).
      await sleep(100);
      const asked = performance.now();
      const attempted = proxy.attempts();
      const refused = await within(
        client`select 1`.then(
          () => "answered",
          (e: unknown) => e,
        ),
      );
      expect(refused).toMatchObject({ code: "57P03" });
      expect(isTransientDatabaseError(refused)).toBe(true);
      // Refused by the first refusal (it took a thousand attempts, as fast as they could go, before).
      expect(proxy.attempts() - attempted).toBeLessThanOrEqual(2);
      expect(performance.now() - asked).toBeLessThan(1000);
      proxy.refuseNext(0);
      // The refusal kept by postgres.js may still fail the first statement of the next session.
      await client`select 1`.catch(() => undefined);
      expect(await within(client`select 9::int as n`.then((rows) => rows[0]?.n))).toBe(9);
      expect(uncaught).toEqual([]);
    } finally {
      proxy.close();
      await opened.close();
    }
  });

  it("refuses a caller no connection is free for within the deadline, as a transient error", async () => {
    const db = new Kysely<{ driver_probe: { n: number } }>({
      dialect: exclusivePostgresDialect(
        (onclose) => postgres(database.url ?? "", { max: 1, onnotice: () => {}, onclose }),
        1,
        300,
      ),
    });
    try {
      let release = () => {};
      const held = db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        await new Promise<void>((resolve) => (release = resolve));
      });
      await sleep(100);
      const started = performance.now();
      const error = await sql`select 1`.execute(db).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toMatchObject({ code: "CONNECTION_ACQUIRE_TIMEOUT" });
      expect(isTransientDatabaseError(error)).toBe(true);
      expect(performance.now() - started).toBeLessThan(2000);
      release();
      await held;
      // The connection freed, the next caller has it.
      expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }]);
    } finally {
      await db.destroy();
    }
  });
});
