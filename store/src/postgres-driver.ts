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
  acquireTimeoutMs = ACQUIRE_TIMEOUT_MS,
): Dialect => ({
  createAdapter: () => new PostgresAdapter(),
  createDriver: () => new ExclusiveDriver(open, size, acquireTimeoutMs),
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's own signature
  createIntrospector: (db: Kysely<any>) => new PostgresIntrospector(db),
  createQueryCompiler: () => new PostgresQueryCompiler(),
});

/**
 * How long a caller waits for one of the pool's connections when all are in use: then it is refused
 * with `CONNECTION_ACQUIRE_TIMEOUT`, a transient error (a request answers 503 with Retry-After, the
 * projection runner retries), rather than wait for as long as the others hold theirs.
 */
export const ACQUIRE_TIMEOUT_MS = 5000;

/** The pool had no connection free for `ms`. */
export const acquireTimeoutError = (ms: number): Error =>
  Object.assign(new Error(`no database connection was free within ${ms} ms`), {
    code: "CONNECTION_ACQUIRE_TIMEOUT",
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
  /**
   * A session closed since the last statement that succeeded: the next statement opens a new one,
   * and a probe goes first (see `probed`).
   */
  reopened: boolean;
  /** Told when a session of the slot closes (the connection using it drops its transaction's queue). */
  onSessionEnd?: () => void;
};

/** postgres.js sets `state` when it hands a query to a connection (null while it waits in the queue). */
type Pending = { readonly state?: unknown; readonly cancel: () => unknown };

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

/**
 * Once a session of the slot closed, a probe goes before the next statement, again until one answers.
 * postgres.js keeps the error a dying session sent (57P01 "terminating connection", received while a
 * query ran) and hands it to the first query of the next session that opens, even many failed
 * connection attempts later: the probe takes it. Were that first query a pipelined BEGIN, it would
 * be refused while the transaction's statements queued behind it ran on the new session in
 * autocommit (seen under a restart: a read model's checkpoint moved without its rows). A probe that
 * fails twice (nothing answers) fails the statement with its error, a transient one.
 */
const probed = async (slot: Slot): Promise<void> => {
  for (let attempt = 1; slot.reopened; attempt++) {
    try {
      await slot.sql.unsafe("select 1");
      slot.reopened = false;
    } catch (error) {
      if (attempt >= 2) throw error;
    }
  }
};

/**
 * A parameter postgres.js would fail to write only after the server described the statement: an
 * invalid Date. By then a statement sent behind (pipeline.ts) has let the next ones go, the commit
 * with them, and the server, which never saw the failed one, commits without it. Refused here, before
 * anything is sent, the caller's savepoint or rollback still applies.
 */
const unwritable = (compiled: CompiledQuery): void => {
  for (const value of compiled.parameters)
    if (value instanceof Date && Number.isNaN(value.getTime()))
      throw new RangeError(`Invalid time value in a parameter of: ${compiled.sql.slice(0, 80)}`);
};

const send = (sql: postgres.Sql, compiled: CompiledQuery) => {
  unwritable(compiled);
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
  /** Statements of its transactions not answered yet, kept after a transaction ends (see `abandon`). */
  readonly pending = new Set<Pending>();
  constructor(readonly slot: Slot) {
    slot.onSessionEnd = () => this.abandon();
  }

  /** Keeps a statement of the open transaction among its unanswered ones until it settles. */
  track<Q extends Promise<unknown> & Pending>(query: Q): Q {
    if (this.transaction === null) return query;
    const pending: Pending = query;
    this.pending.add(pending);
    const done = () => this.pending.delete(pending);
    query.then(done, done);
    return query;
  }

  /**
   * The session closed: the statements of this connection's transactions still waiting in
   * postgres.js's queue, not handed to a connection yet, are withdrawn. postgres.js would otherwise
   * send the next of them as the first statement of a new session, where it would run in autocommit,
   * outside the transaction the server rolled back. It does so when a pipelined BEGIN meets a dying
   * session (its connection attempt refused, or the server's "terminating connection" taken as
   * BEGIN's answer): Kysely has rolled the transaction back by then, its statements still queued.
   * Those already sent on the closed connection fail with it. (When postgres.js calls this, no query
   * is the first of a connection attempt: cancelling one of those would leave its connection hanging.)
   */
  abandon(): void {
    for (const query of this.pending) if (!query.state) void query.cancel();
    this.pending.clear();
  }

  /** A statement's failure, or `CONNECTION_CLOSED` when the transaction's session closed meanwhile. */
  failure(error: unknown): unknown {
    return this.transaction !== null && this.transaction !== this.slot.session
      ? connectionClosedError()
      : error;
  }

  /** Waits for the statements sent ahead: the first failure among them is thrown. */
  async settle(): Promise<void> {
    const ahead = this.behind;
    if (ahead.length === 0) return;
    this.behind = [];
    await Promise.all(ahead);
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (this.transaction !== null && this.transaction !== this.slot.session) throw connectionClosedError();
    await probed(this.slot);
    if (isCopyQuery(compiled)) {
      await this.settle();
      await copyIn(this.slot.sql, compiled.sql, compiled.copyFrom);
      return { rows: [] };
    }
    const mark = this.transaction === null ? undefined : pipelineMark(compiled);
    const query = this.track(send(this.slot.sql, compiled));
    if (mark === "behind") {
      this.behind.push(query);
      return { rows: [] };
    }
    const commit =
      mark === "committing" ? this.track(send(this.slot.sql, CompiledQuery.raw("commit"))) : undefined;
    if (commit) this.committed = true;
    let result: postgres.RowList<postgres.Row[]>;
    try {
      await this.settle();
      result = await query;
      if (commit) await commit;
    } catch (error) {
      // The transaction failed: a commit sent behind the statement rolls it back.
      await commit?.catch(() => undefined);
      throw this.failure(error);
    }
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
    private readonly acquireTimeoutMs: number,
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
        reopened: false,
      };
      (slot as { sql: postgres.Sql }).sql = this.open(() => {
        slot.session++;
        slot.onSessionEnd?.();
        slot.reopened = true;
      });
      this.#slots.push(slot);
      return new ExclusiveConnection(slot);
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        resolve: (connection: ExclusiveConnection) => {
          clearTimeout(timer);
          resolve(connection);
        },
        reject: (error: Error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      const timer = setTimeout(() => {
        const at = this.#waiting.indexOf(waiter);
        if (at < 0) return;
        this.#waiting.splice(at, 1);
        reject(acquireTimeoutError(this.acquireTimeoutMs));
      }, this.acquireTimeoutMs);
      this.#waiting.push(waiter);
    });
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const c = connection as ExclusiveConnection;
    c.transaction = null;
    let statement = "begin";
    if (settings.isolationLevel || settings.accessMode)
      statement = [
        "start transaction",
        settings.isolationLevel && `isolation level ${settings.isolationLevel}`,
        settings.accessMode,
      ]
        .filter(Boolean)
        .join(" ");
    // BEGIN goes out only on a session known to answer (see `probed`), with the transaction's first
    // statement (see pipeline.ts). A session that closes later is counted after this line, so every
    // statement of the transaction is checked; those still queued then are withdrawn (`abandon`).
    await probed(c.slot);
    const session = c.slot.session;
    c.committed = false;
    c.transaction = session;
    c.behind = [c.track(send(c.slot.sql, CompiledQuery.raw(statement)))];
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as ExclusiveConnection;
    try {
      if (c.committed) return;
      if (c.transaction !== c.slot.session) throw connectionClosedError();
      const commit = c.track(send(c.slot.sql, CompiledQuery.raw("commit")));
      try {
        await c.settle();
      } catch (error) {
        // A statement sent behind failed: the commit rolls the transaction back.
        await commit.catch(() => undefined);
        throw c.failure(error);
      }
      await commit.catch((error: unknown) => {
        throw c.failure(error);
      });
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
