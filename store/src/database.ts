import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import net from "node:net";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { Kysely, sql, type Transaction } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import postgres from "postgres";
import { UnsafeIntegerError } from "./errors.ts";
import { exclusivePostgresDialect } from "./postgres-driver.ts";
import type { StoreSchema } from "./schema.ts";

export type DatabaseKind = "pglite" | "postgres";

/**
 * One handle over either database. `db` runs as the connecting user (the schema owner): system work
 * such as migrations, projections and audits that spans organisations. Anything done on behalf of one
 * organisation goes through `withOrg`, which switches to the `registre_app` role so row-level
 * security applies.
 */
export type Database = {
  readonly kind: DatabaseKind;
  // biome-ignore lint/suspicious/noExplicitAny: read-model tables are typed by their own modules
  readonly db: Kysely<StoreSchema & Record<string, any>>;
  /** postgres.js client as the connecting user, for LISTEN and system hot paths (Postgres only). */
  readonly postgres: postgres.Sql | undefined;
  /**
   * postgres.js client whose session role is `registre_app` (Postgres only): org-scoped statements
   * that set `app.org_id` themselves run on it in one round trip, row-level security applying.
   */
  readonly appPostgres: postgres.Sql | undefined;
  /**
   * A new client of one connection as the connecting user (Postgres only), for a COPY stream that
   * must have its socket to itself (postgres.js can leave a shared connection paused after a COPY,
   * porsager/postgres#499). Whoever opens it ends it.
   */
  readonly dedicated: (() => postgres.Sql) | undefined;
  /** PGlite instance (embedded only). */
  readonly pglite: PGlite | undefined;
  /** Listens on a channel; `onNotify` is given each notification's payload. */
  readonly listen: (channel: string, onNotify: (payload: string) => void) => Promise<() => Promise<void>>;
  /** Sends a notification outside any transaction (payload "" by default); a no-op once the database is closing. */
  readonly notify: (channel: string, payload?: string) => Promise<void>;
  readonly close: () => Promise<void>;
};

export type OpenOptions = {
  /** postgres://… — a real server. Without it, the embedded PGlite database in `dataDir`. */
  readonly url?: string | undefined;
  /** Folder of the embedded database; `memory://` keeps it in memory. */
  readonly dataDir?: string | undefined;
  readonly maxConnections?: number | undefined;
};

const INT8_OID = 20;

/** int8 as a number, refused when it would lose precision: money and counters never silently round. */
export const parseInt8 = (text: string): number => {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new UnsafeIntegerError(text);
  return value;
};

export const openDatabase = async (options: OpenOptions): Promise<Database> =>
  options.url
    ? openPostgres(options.url, options.maxConnections ?? 10)
    : openPglite(options.dataDir ?? "./data/db");

/**
 * Seconds a connection attempt may take. While the server is down or failing over, a request waits
 * this long at most before it is answered 503, instead of postgres.js's default 30 s.
 */
export const CONNECT_TIMEOUT_SECONDS = 2;

/**
 * Seconds before a connection attempt that follows a closed connection: postgres.js waits up to 20 s
 * by default (3^n / 100 s after the n-th failure in a row), and a statement waiting for that attempt
 * waits as long, its connect timeout not even started. Attempts are made for the statements waiting
 * only, so a short pause does not hammer a server that is down.
 */
export const RECONNECT_DELAY_MAX_SECONDS = 0.25;

/**
 * Seconds a connection may be silent before TCP keepalive probes it (one a second, ten of them, as
 * Node sets them): a server that vanished without closing the connection (a host lost, a network cut)
 * fails the statements waiting on it after some 15 s, rather than never, and they are answered 503.
 * A client-side statement timeout could not tell a dead server from a slow statement (a rebuild, an
 * import); a live server answers the probes whatever it is doing.
 */
export const KEEPALIVE_IDLE_SECONDS = 5;

type ClientOptions = {
  readonly role?: string;
  readonly onclose?: () => void;
  /** Lifetime in seconds, null for none (postgres.js's default closes a connection after 30–60 min). */
  readonly maxLifetime?: number | null;
};

/** What postgres.js hands its `socket` option: the URL read into hosts, ports and a Unix socket path. */
type SocketTarget = {
  readonly host: readonly string[];
  readonly port: readonly number[];
  readonly path?: string | false;
  readonly ssl?: unknown;
};

/** The ErrorResponse of a server refusing a session at its start, as an error (SQLSTATE in `code`). */
const startupRefusal = (message: Buffer): Error => {
  const fields = new Map<string, string>();
  for (let at = 5; at < message.length && message[at] !== 0; ) {
    const end = message.indexOf(0, at + 1);
    if (end < 0) break;
    fields.set(String.fromCharCode(message[at] ?? 0), message.toString("utf8", at + 1, end));
    at = end + 1;
  }
  return Object.assign(new Error(fields.get("M") ?? "the server refused the session"), {
    name: "PostgresError",
    code: fields.get("C") ?? "08004",
    severity: fields.get("V") ?? fields.get("S"),
  });
};

/**
 * Reads the messages of a session's start (up to its first ReadyForQuery) as they go by: a refusal
 * (an ErrorResponse then) is answered. Used on plain TCP only: under TLS the bytes are encrypted.
 */
const startupWatch = (onRefused: (error: Error) => void) => {
  let pending: Buffer = Buffer.alloc(0);
  let started = false;
  return (chunk: unknown) => {
    if (started || !Buffer.isBuffer(chunk)) return;
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    while (pending.length >= 5) {
      const end = 1 + pending.readUInt32BE(1);
      if (pending.length < end) return;
      const type = pending[0];
      // Z: ReadyForQuery, the session has started; E: ErrorResponse, it is refused.
      if (type === 0x5a) {
        started = true;
        pending = Buffer.alloc(0);
        return;
      }
      if (type === 0x45) {
        started = true;
        onRefused(startupRefusal(pending.subarray(0, end)));
        pending = Buffer.alloc(0);
        return;
      }
      pending = pending.subarray(end);
    }
  };
};

/** The protocol version 3.0 a StartupMessage carries after its length. */
const PROTOCOL_3 = 196608;

/**
 * What a new session's first write should be: its StartupMessage (the last message of `chunk`), without
 * what postgres.js had buffered for the connection before it and not written. postgres.js coalesces
 * its writes into one buffer flushed at the next turn of the event loop, and does not empty it when a
 * connection closes: bytes meant for a session that failed in the meantime (a Sync, a query, an earlier
 * attempt's StartupMessage) went out first on the next one, which the server refused ("invalid
 * frontend message type 0", "invalid length of startup packet").
 */
export const startupOnly = (chunk: Buffer): Buffer => {
  for (let at = 0; at + 8 <= chunk.length; at++)
    if (chunk.readUInt32BE(at) === chunk.length - at && chunk.readUInt32BE(at + 4) === PROTOCOL_3)
      return at === 0 ? chunk : chunk.subarray(at);
  return chunk;
};

/**
 * The socket postgres.js is handed (its `socket` option), for three reasons.
 *
 * TCP with Nagle's algorithm off, as libpq sets it: postgres.js leaves it on, so the last message of
 * a `COPY … FROM STDIN` (CopyDone, 5 bytes, written after the data) waited for the server's delayed
 * ACK, some 40 ms a statement. The socket is handed back still connecting: postgres.js writes the
 * startup message as for its own (Node queues it), and a refused connection or its connect timeout
 * closes it the usual way, so reconnecting is unchanged.
 *
 * A socket that failed closes for postgres.js as a socket closed without an error does. Node emits a
 * failed socket's "error" (a reset, ECONNRESET, as when the server dies) and its "close" later in the
 * same turn of the event loop. postgres.js rejects the statements in flight on "error", but takes the
 * connection out of use only on "close", and on a "close" that says "after an error" it rejects
 * nothing more (postgres.js 3.4.9, connection.js `closed`). A statement issued in between (a
 * transaction's ROLLBACK after its failed statement, a request's next query) was queued on the dead
 * connection and never settled; worse, the next session took it from that queue as if it were in
 * flight, and the connection then waited forever for an answer to a statement it had never sent:
 * every later statement of that client waited behind it. Under restarts, that left requests without
 * an answer and a projection's catch-up loop waiting forever (issue 21). Here the "close" is passed
 * on as one without an error, on which postgres.js rejects everything still queued on the connection
 * (with CONNECTION_CLOSED, a transient error). It stays where Node emits it, after the writes
 * postgres.js deferred to that turn: closing earlier, within the "error", left postgres.js's deferred
 * write cancelled but still marked pending, and every later write of that connection waited for a
 * large one (sessions whose StartupMessage never went out, or went out twice).
 *
 * A session refused at its start (57P03 "the database system is starting up", "… in recovery mode",
 * "… shutting down", 53300 too many clients) fails its connection attempt, as a refused connection
 * does. postgres.js rejects the statement the attempt was for on such an ErrorResponse, but not when
 * an earlier session of the connection failed with a statement in flight (it keeps that statement as
 * the current one, postgres.js 3.4.9 `errored`, porsager/postgres#1130): it then keeps the refusal for
 * later and connects again, and again, each attempt starting its connect timeout anew, for as long as
 * the server refuses (a crash recovery's whole length), the statement waiting meanwhile.
 *
 * A session's first write is its StartupMessage alone (`startupOnly`).
 *
 * Single-host URLs only: postgres.js goes through the hosts of a multi-host URL itself. Nor does
 * this reach a TLS connection (postgres.js wraps this socket in one of its own): there the bounded
 * waits of the driver and the runner's watchdog are what remains.
 */
const ownSocket = (target: SocketTarget): net.Socket => {
  const socket = new net.Socket();
  socket.setNoDelay(true);
  if (target.ssl) {
    connectTo(socket, target);
    return socket;
  }
  const write = socket.write.bind(socket);
  let first = true;
  socket.write = ((data: unknown, ...rest: unknown[]) => {
    const out = first && Buffer.isBuffer(data) ? startupOnly(data) : data;
    first = false;
    return (write as (...args: unknown[]) => boolean)(out, ...rest);
  }) as typeof socket.write;
  const emit = socket.emit.bind(socket);
  const watch = startupWatch((refusal) => {
    // As a failed socket: postgres.js fails the attempt, and the socket's "close" follows.
    emit("error", refusal);
    socket.destroy();
  });
  socket.emit = ((event: string | symbol, ...args: unknown[]): boolean => {
    if (event === "data") {
      // postgres.js reads the chunk first (a refusal it handles itself is answered once more).
      const handled = emit(event, ...args);
      watch(args[0]);
      return handled;
    }
    if (event === "close") return emit(event, false);
    return emit(event, ...args);
  }) as typeof socket.emit;
  connectTo(socket, target);
  return socket;
};

const connectTo = (socket: net.Socket, target: SocketTarget) => {
  if (target.path) socket.connect(target.path);
  else socket.connect(target.port[0] ?? 5432, target.host[0] ?? "localhost");
};

const singleHost = (url: string): boolean =>
  !url
    .slice(url.indexOf("://") + 3)
    .split(/[?/]/)[0]
    ?.includes(",");

const postgresClient = (url: string, max: number, options: ClientOptions = {}) =>
  postgres(url, {
    max,
    // Not in postgres.js's types, documented in its README.
    ...(singleHost(url) && ({ socket: ownSocket } as object)),
    connect_timeout: CONNECT_TIMEOUT_SECONDS,
    // postgres.js counts failures only on a close "after an error", which `ownSocket` never reports.
    backoff: () => RECONNECT_DELAY_MAX_SECONDS,
    keep_alive: KEEPALIVE_IDLE_SECONDS,
    onnotice: () => {},
    ...(options.onclose && { onclose: options.onclose }),
    ...(options.maxLifetime !== undefined && { max_lifetime: options.maxLifetime }),
    types: {
      int8: {
        to: INT8_OID,
        from: [INT8_OID],
        serialize: (v: number | bigint) => String(v),
        parse: parseInt8,
      },
    },
    connection: {
      application_name: options.role ? `registre:${options.role}` : "registre",
      // An idle transaction holds back pg_snapshot_xmin and with it every projection.
      idle_in_transaction_session_timeout: 60_000,
      // A startup parameter; the pool connects lazily, after the migrations have created the role.
      ...(options.role && { role: options.role }),
    },
  });

const openPostgres = async (url: string, max: number): Promise<Database> => {
  const client = postgresClient(url, max);
  const app = postgresClient(url, max, { role: "registre_app" });
  // Kysely's connections: one client of one connection each, never closed under a transaction by
  // postgres.js's lifetime timer (see postgres-driver.ts).
  const db = new Kysely<StoreSchema>({
    dialect: exclusivePostgresDialect(
      (onclose) => postgresClient(url, 1, { onclose, maxLifetime: null }),
      max,
    ),
  });
  let closing = false;
  return {
    kind: "postgres",
    db,
    postgres: client,
    appPostgres: app,
    dedicated: () => postgresClient(url, 1),
    pglite: undefined,
    listen: async (channel, onNotify) => {
      const sub = await client.listen(channel, (payload) => onNotify(payload ?? ""));
      return () => sub.unlisten();
    },
    notify: async (channel, payload = "") => {
      if (!closing) await client.notify(channel, payload);
    },
    close: async () => {
      closing = true;
      await app.end({ timeout: 5 });
      await client.end({ timeout: 5 });
      await db.destroy();
    },
  };
};

const processAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * PGlite is one process's database: a second process opening the same folder would corrupt it.
 * A lock file holding the owner's pid refuses that with a clear message (a stale one is taken over).
 */
const lockDataDir = (dataDir: string): (() => void) => {
  const path = join(dataDir, "registre.lock");
  for (;;) {
    try {
      const fd = openSync(path, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(readFileSync(path, "utf8"));
      if (owner !== process.pid && Number.isInteger(owner) && owner > 0 && processAlive(owner))
        throw new Error(
          `The embedded database in ${dataDir} is in use by process ${owner}. Stop it first (PGlite serves one process).`,
        );
      rmSync(path, { force: true });
    }
  }
};

const openPglite = async (dataDir: string): Promise<Database> => {
  const inMemory = dataDir.startsWith("memory://");
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const unlock = inMemory ? () => {} : lockDataDir(dataDir);
  const pglite = await PGlite.create(dataDir, {
    parsers: { [INT8_OID]: parseInt8 },
    // Trigram indexes for the entries list's text search (created with the read model's tables).
    extensions: { pg_trgm },
  }).catch((error) => {
    unlock();
    throw error;
  });
  const db = new Kysely<StoreSchema>({ dialect: new PGliteDialect(pglite) });
  let closing = false;
  return {
    kind: "pglite",
    db,
    postgres: undefined,
    appPostgres: undefined,
    dedicated: undefined,
    pglite,
    listen: async (channel, onNotify) => pglite.listen(channel, (payload) => onNotify(payload ?? "")),
    notify: async (channel, payload = "") => {
      if (!closing) await pglite.query("select pg_notify($1, $2)", [channel, payload]);
    },
    close: async () => {
      closing = true;
      await db.destroy();
      unlock();
    },
  };
};

export type OrgTransaction = Transaction<StoreSchema & Record<string, unknown>>;

/**
 * Runs `work` in one transaction as `registre_app`, with `app.org_id` set: row-level security
 * then hides every other organisation's rows, behind the API's own checks.
 */
export const withOrg = <T>(
  database: Database,
  orgId: string,
  work: (trx: OrgTransaction) => Promise<T>,
): Promise<T> =>
  database.db.transaction().execute(async (trx) => {
    await sql`select set_config('role', 'registre_app', true), set_config('app.org_id', ${orgId}, true)`.execute(
      trx,
    );
    return work(trx as unknown as OrgTransaction);
  });
