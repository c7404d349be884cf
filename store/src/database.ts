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
};

/**
 * TCP with Nagle's algorithm off, as libpq sets it: postgres.js leaves it on, so the last message of
 * a `COPY … FROM STDIN` (CopyDone, 5 bytes, written after the data) waited for the server's delayed
 * ACK, some 40 ms a statement. The socket is handed back still connecting: postgres.js writes the
 * startup message as for its own (Node queues it), and a refused connection or its connect timeout
 * closes it the usual way, so reconnecting is unchanged. Single-host URLs only: postgres.js goes
 * through the hosts of a multi-host URL itself.
 */
const noDelaySocket = (target: SocketTarget): net.Socket => {
  const socket = new net.Socket();
  socket.setNoDelay(true);
  if (target.path) socket.connect(target.path);
  else socket.connect(target.port[0] ?? 5432, target.host[0] ?? "localhost");
  return socket;
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
    ...(singleHost(url) && ({ socket: noDelaySocket } as object)),
    connect_timeout: CONNECT_TIMEOUT_SECONDS,
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
