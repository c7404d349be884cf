import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from "kysely";
import type postgres from "postgres";
import { isCopyQuery } from "./copy.ts";
import { pipelineMark } from "./pipeline.ts";

/**
 * A Kysely dialect over postgres.js that survives a database restart.
 *
 * Why not `kysely-postgres-js`: it takes each connection with `sql.reserve()`, and postgres.js
 * keeps sending a reserved handle's queries to its connection after that connection closed. The
 * socket is null by then, and the write, deferred to a `setImmediate`, throws a TypeError no caller
 * can catch: the process dies (`Cannot read properties of null (reading 'write')`,
 * porsager/postgres#1066, #1154, #1208). Had the connection been reopened meanwhile, the rest of a
 * transaction would even run outside it, in autocommit.
 *
 * Here every Kysely connection is a postgres.js client of its own with one connection, used by one
 * caller at a time. Its queries go through postgres.js's ordinary path, which reopens a closed
 * connection instead of writing to it. A transaction remembers which session it began on: once that
 * session has closed, its statements are refused with `CONNECTION_CLOSED` (the server rolled it back)
 * instead of running on a new session.
 */
export const exclusivePostgresDialect = (
  open: (onClose: () => void) => postgres.Sql,
  size: number,
): Dialect => ({
  createAdapter: () => new PostgresAdapter(),
  createDriver: () => new ExclusiveDriver(open, size),
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's own signature
  createIntrospector: (db: Kysely<any>) => new PostgresIntrospector(db),
  createQueryCompiler: () => new PostgresQueryCompiler(),
});

/** The error postgres.js gives a query whose connection closed, for a statement refused here. */
export const connectionClosedError = (): Error =>
  Object.assign(new Error("the database session of this transaction closed; it was rolled back"), {
    code: "CONNECTION_CLOSED",
  });

type Slot = {
  readonly sql: postgres.Sql;
  /** Bumped each time the slot's connection closes: a session is one value of it. */
  session: number;
  /** A query succeeded on the current session. */
  established: boolean;
  /** An established session closed since the last query: the next one opens a new session. */
  reopened: boolean;
};

/**
 * Streams `text` to a `COPY … FROM STDIN` on `sql`'s connection (so inside the caller's transaction).
 * postgres.js 3.4 never settles the stream when the server refuses a row after the last data was
 * sent (porsager/postgres#1173): the error only reaches the query's `reject`, which is listened to
 * here, so the statement fails with the server's own error instead of hanging. PostgreSQL ignores the
 * copy messages that may still follow an error.
 */
const copyIn = async (sql: postgres.Sql, statement: string, text: readonly string[]): Promise<void> => {
  const query = sql.unsafe(statement) as unknown as postgres.PendingQuery<postgres.Row[]> & {
    reject: (error: unknown) => void;
  };
  const refused = new Promise<never>((_, reject) => {
    const original = query.reject;
    query.reject = (error) => {
      reject(error);
      original(error);
    };
  });
  refused.catch(() => undefined);
  const writable = await query.writable();
  const written = pipeline(Readable.from(text), writable);
  written.catch(() => undefined);
  await Promise.race([written, refused]);
};

const send = (sql: postgres.Sql, compiled: CompiledQuery) => {
  const query = sql
    .unsafe(compiled.sql, [...compiled.parameters] as never[], {
      // Parsed and planned once per connection; not the bulk statements of many parameters.
      prepare: compiled.parameters.length > 0 && compiled.parameters.length <= 64,
    })
    .execute();
  query.catch(() => undefined);
  return query;
};

class ExclusiveConnection implements DatabaseConnection {
  /** The session the open transaction began on, or null outside a transaction. */
  transaction: number | null = null;
  /** Statements of the open transaction sent without waiting (see pipeline.ts), not yet answered. */
  behind: Promise<unknown>[] = [];
  /** The open transaction's commit went out with its last statement (`committing`). */
  committed = false;
  constructor(readonly slot: Slot) {}

  /** Waits for the statements sent ahead: the first failure among them is thrown. */
  async settle(): Promise<void> {
    const ahead = this.behind;
    if (ahead.length === 0) return;
    this.behind = [];
    await Promise.all(ahead);
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (this.transaction !== null && this.transaction !== this.slot.session) throw connectionClosedError();
    if (this.slot.reopened) {
      // postgres.js keeps the error a dying session sent (57P01 "terminating connection") and hands
      // it to the first query of the next session: a probe takes it, so that query is not refused.
      this.slot.reopened = false;
      await this.slot.sql.unsafe("select 1").catch(() => {});
    }
    if (isCopyQuery(compiled)) {
      await this.settle();
      await copyIn(this.slot.sql, compiled.sql, compiled.copyFrom);
      this.slot.established = true;
      return { rows: [] };
    }
    const mark = this.transaction === null ? undefined : pipelineMark(compiled);
    const query = send(this.slot.sql, compiled);
    if (mark === "behind") {
      this.behind.push(query);
      return { rows: [] };
    }
    const commit = mark === "committing" ? this.slot.sql.unsafe("commit").execute() : undefined;
    commit?.catch(() => undefined);
    if (commit) this.committed = true;
    let result: postgres.RowList<postgres.Row[]>;
    try {
      await this.settle();
      result = await query;
    } catch (error) {
      // The transaction failed: a commit sent behind the statement rolls it back.
      await commit?.catch(() => undefined);
      throw error;
    }
    if (commit) await commit;
    this.slot.established = true;
    const { command, count } = result;
    return {
      numAffectedRows:
        command === "INSERT" || command === "UPDATE" || command === "DELETE" || command === "MERGE"
          ? BigInt(count)
          : undefined,
      rows: Array.from(result.values()) as R[],
    };
  }

  // biome-ignore lint/correctness/useYield: streaming is not offered by this dialect
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("streaming queries are not supported by this dialect");
  }
}

class ExclusiveDriver implements Driver {
  readonly #slots: Slot[] = [];
  readonly #free: ExclusiveConnection[] = [];
  readonly #waiting: {
    resolve: (connection: ExclusiveConnection) => void;
    reject: (error: Error) => void;
  }[] = [];
  #destroyed = false;

  constructor(
    private readonly open: (onClose: () => void) => postgres.Sql,
    private readonly size: number,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.#destroyed) throw new Error("driver has already been destroyed");
    const free = this.#free.pop();
    if (free) return free;
    if (this.#slots.length < this.size) {
      const slot: Slot = {
        sql: undefined as unknown as postgres.Sql,
        session: 0,
        established: false,
        reopened: false,
      };
      (slot as { sql: postgres.Sql }).sql = this.open(() => {
        slot.session++;
        // A connection attempt that failed carries no stale error: no probe (and no second wait).
        slot.reopened = slot.reopened || slot.established;
        slot.established = false;
      });
      this.#slots.push(slot);
      return new ExclusiveConnection(slot);
    }
    return new Promise((resolve, reject) => this.#waiting.push({ resolve, reject }));
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const c = connection as ExclusiveConnection;
    c.transaction = null;
    const session = c.slot.session;
    let statement = "begin";
    if (settings.isolationLevel || settings.accessMode)
      statement = [
        "start transaction",
        settings.isolationLevel && `isolation level ${settings.isolationLevel}`,
        settings.accessMode,
      ]
        .filter(Boolean)
        .join(" ");
    if (c.slot.reopened) {
      c.slot.reopened = false;
      await c.slot.sql.unsafe("select 1").catch(() => {});
    }
    // BEGIN goes out with the transaction's first statement (see pipeline.ts). A session that closed
    // before it was counted already, and BEGIN opens the next one; one that closes later is counted
    // after this line, so every statement of the transaction is checked.
    c.behind = [send(c.slot.sql, CompiledQuery.raw(statement))];
    c.committed = false;
    c.transaction = session;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as ExclusiveConnection;
    try {
      if (c.committed) return;
      if (c.transaction !== c.slot.session) throw connectionClosedError();
      const commit = send(c.slot.sql, CompiledQuery.raw("commit"));
      try {
        await c.settle();
      } catch (error) {
        // A statement sent behind failed: the commit rolls the transaction back.
        await commit.catch(() => undefined);
        throw error;
      }
      await commit;
      c.slot.established = true;
    } finally {
      c.behind = [];
      c.committed = false;
      c.transaction = null;
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as ExclusiveConnection;
    const alive = c.transaction === c.slot.session && !c.committed;
    const ahead = c.behind;
    c.behind = [];
    c.committed = false;
    c.transaction = null;
    await Promise.allSettled(ahead);
    // A closed session's transaction is already rolled back by the server: nothing to send.
    if (alive) await c.slot.sql.unsafe("rollback").catch(() => undefined);
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quote(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quote(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quote(name)}`));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const c = connection as ExclusiveConnection;
    c.transaction = null;
    c.behind = [];
    c.committed = false;
    const next = this.#waiting.shift();
    if (next) next.resolve(c);
    else this.#free.push(c);
  }

  async destroy(): Promise<void> {
    this.#destroyed = true;
    for (const waiting of this.#waiting.splice(0))
      waiting.reject(new Error("driver has already been destroyed"));
    await Promise.all(this.#slots.map((s) => s.sql.end({ timeout: 5 })));
  }
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
