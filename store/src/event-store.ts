import type { CommandMetadata } from "@registre/core";
import { CompiledQuery, type Kysely, sql } from "kysely";
import { Observable } from "rxjs";
import { type AppendResult, createAppender } from "./append.ts";
import { type Database, withOrg } from "./database.ts";
import { type UpcasterRegistry, upcast } from "./upcast.ts";

export type StoredEvent = {
  readonly position: number;
  readonly orgId: string;
  readonly orgSeq: number;
  readonly streamId: string;
  readonly version: number;
  readonly type: string;
  readonly schemaVersion: number;
  readonly data: unknown;
  readonly metadata: CommandMetadata;
  readonly recordedAt: Date;
  readonly txId: string;
};

/** A place in the global log: everything at or before `(txId, position)` has been read. */
export type Checkpoint = { readonly txId: string; readonly position: number };
export const START: Checkpoint = { txId: "0", position: 0 };

export const compareCheckpoints = (a: Checkpoint, b: Checkpoint): number => {
  const ta = BigInt(a.txId);
  const tb = BigInt(b.txId);
  if (ta !== tb) return ta < tb ? -1 : 1;
  return a.position - b.position;
};

export type ReadBatch = {
  readonly events: readonly StoredEvent[];
  /** Where the next read starts: past these events, or up to the safe horizon when the log is drained. */
  readonly checkpoint: Checkpoint;
  readonly full: boolean;
};

export type ReadAllOptions = {
  readonly limit?: number;
  readonly types?: readonly string[];
  /** Read inside this transaction instead of on the pool (needed on PGlite's single connection). */
  // biome-ignore lint/suspicious/noExplicitAny: any Kysely executor will do
  readonly executor?: Kysely<any>;
};

/** A row of `registre_read_command`: an event of a stream read, or a command found. */
type ReadCommandRow = EventRowOut & {
  kind: "event" | "command";
  command_id: string;
  from_version: number;
  to_version: number;
  last_position: number | null;
};

type EventRowOut = {
  position: number;
  org_id: string;
  org_seq: number;
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: number;
  data: string;
  metadata: string;
  recorded_at: Date | string;
  tx_id: string;
};

export type EventStore = ReturnType<typeof createEventStore>;

export const createEventStore = (database: Database, options: { upcasters?: UpcasterRegistry } = {}) => {
  const upcasters = options.upcasters ?? {};

  const decode = (r: EventRowOut): StoredEvent => {
    const { schemaVersion, data } = upcast(upcasters, r.type, r.schema_version, JSON.parse(r.data));
    return {
      position: r.position,
      orgId: r.org_id,
      orgSeq: r.org_seq,
      streamId: r.stream_id,
      version: r.stream_version,
      type: r.type,
      schemaVersion,
      data,
      metadata: JSON.parse(r.metadata) as CommandMetadata,
      recordedAt: r.recorded_at instanceof Date ? r.recorded_at : new Date(r.recorded_at),
      txId: r.tx_id,
    };
  };

  const writer = createAppender(database, upcasters);

  const eventColumns = sql`e.position, e.org_id, e.org_seq, e.stream_id, e.stream_version, e.type,
    e.schema_version, e.data, e.metadata, e.recorded_at, e.tx_id::text as tx_id`;

  /**
   * Stream reads and command look-ups of one organisation asked in the same tick (a command looks its
   * id up and loads its stream and the chart, the journals and the calendar side by side) go out as
   * one statement, `registre_read_command`, as the organisation (row-level security applies): on
   * Postgres in autocommit as `registre_app`, on PGlite in `withOrg`.
   */
  type StreamWaiter = (e: StoredEvent[] | Error) => void;
  type CommandWaiter = (r: AppendResult | null | Error) => void;
  type OrgBatch = {
    readonly streams: Map<string, { from: number; waiters: StreamWaiter[] }>;
    readonly commands: Map<string, CommandWaiter[]>;
  };
  const pending = new Map<string, OrgBatch>();
  const batchOf = (orgId: string): OrgBatch => {
    const known = pending.get(orgId);
    if (known) return known;
    const created: OrgBatch = { streams: new Map(), commands: new Map() };
    pending.set(orgId, created);
    queueMicrotask(() => {
      pending.delete(orgId);
      void flush(orgId, created);
    });
    return created;
  };

  const readBatched = (orgId: string, streamId: string, from: number): Promise<StoredEvent[]> =>
    new Promise((resolve, reject) => {
      const batch = batchOf(orgId);
      const settle: StreamWaiter = (result) =>
        result instanceof Error ? reject(result) : resolve(result.filter((e) => e.version >= from));
      const entry = batch.streams.get(streamId);
      if (entry) {
        entry.from = Math.min(entry.from, from);
        entry.waiters.push(settle);
      } else batch.streams.set(streamId, { from, waiters: [settle] });
    });

  /**
   * The result a command id was first appended with, if it was (row-level security applies), read in
   * the same statement as the organisation's stream reads of the same tick.
   */
  const commandResult = (orgId: string, commandId: string): Promise<AppendResult | null> =>
    new Promise((resolve, reject) => {
      const batch = batchOf(orgId);
      const settle: CommandWaiter = (result) => (result instanceof Error ? reject(result) : resolve(result));
      const waiters = batch.commands.get(commandId);
      if (waiters) waiters.push(settle);
      else batch.commands.set(commandId, [settle]);
    });

  const READ_COMMAND_SQL =
    "select * from registre_read_command($1::uuid, $2::uuid[], $3::text[], $4::bigint[])";

  const flush = async (orgId: string, { streams, commands }: OrgBatch) => {
    try {
      const ids = [...streams.keys()];
      const froms = ids.map((id) => streams.get(id)?.from ?? 1);
      const commandIds = [...commands.keys()];
      const params = [orgId, commandIds, ids, froms];
      // On Postgres one statement in autocommit as registre_app (the function sets the organisation).
      const rows = database.appPostgres
        ? await database.appPostgres.unsafe<ReadCommandRow[]>(READ_COMMAND_SQL, params, { prepare: true })
        : await withOrg(database, orgId, async (trx) => {
            const { rows } = await trx.executeQuery<ReadCommandRow>(
              CompiledQuery.raw(READ_COMMAND_SQL, params),
            );
            return rows;
          });
      const byStream = new Map<string, StoredEvent[]>();
      const found = new Map<string, AppendResult>();
      for (const row of rows) {
        if (row.kind === "command") {
          found.set(row.command_id, {
            streamId: row.stream_id,
            fromVersion: row.from_version,
            toVersion: row.to_version,
            checkpoint: row.last_position === null ? null : { txId: row.tx_id, position: row.last_position },
            duplicate: true,
          });
          continue;
        }
        const event = decode(row);
        const list = byStream.get(event.streamId) ?? [];
        list.push(event);
        byStream.set(event.streamId, list);
      }
      for (const [id, { waiters }] of streams) for (const w of waiters) w(byStream.get(id) ?? []);
      for (const [id, waiters] of commands) for (const w of waiters) w(found.get(id) ?? null);
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      for (const { waiters } of streams.values()) for (const w of waiters) w(failure);
      for (const waiters of commands.values()) for (const w of waiters) w(failure);
    }
  };

  /**
   * One stream's events in version order, as the organisation sees them (row-level security applies).
   * Reads of the whole stream from a version on are batched per organisation (`readBatched`).
   */
  const readStream = async (
    orgId: string,
    streamId: string,
    range: { fromVersion?: number; toVersion?: number; until?: Date } = {},
  ): Promise<StoredEvent[]> => {
    const from = range.fromVersion ?? 1;
    const to = range.toVersion ?? Number.MAX_SAFE_INTEGER;
    if (!range.until && range.toVersion === undefined) return readBatched(orgId, streamId, from);
    return withOrg(database, orgId, async (trx) => {
      const { rows } = await sql<EventRowOut>`
        select ${eventColumns} from events e
        where e.org_id = ${orgId}::uuid and e.stream_id = ${streamId}
          and e.stream_version >= ${from}
          and e.stream_version <= ${to}
          ${range.until ? sql`and e.recorded_at <= ${range.until}` : sql``}
        order by e.stream_version`.execute(trx);
      return rows.map(decode);
    });
  };

  /**
   * One organisation's events in the order they were recorded (its hash-chain order), optionally
   * only up to a moment and for one stream: the accountant's replay.
   */
  const readOrganisation = (
    orgId: string,
    options: {
      until?: Date;
      streamId?: string;
      afterSeq?: number;
      limit?: number;
      types?: readonly string[];
    } = {},
  ): Promise<StoredEvent[]> =>
    withOrg(database, orgId, async (trx) => {
      const { rows } = await sql<EventRowOut>`
        select ${eventColumns} from events e
        where e.org_id = ${orgId}::uuid and e.org_seq > ${options.afterSeq ?? 0}
          ${options.until ? sql`and e.recorded_at <= ${options.until}` : sql``}
          ${options.streamId ? sql`and e.stream_id = ${options.streamId}` : sql``}
          ${options.types ? sql`and e.type = any(${[...options.types]}::text[])` : sql``}
        order by e.org_seq
        limit ${options.limit ?? 10_000}`.execute(trx);
      return rows.map(decode);
    });

  /** A stream's current version (0 when it does not exist). */
  const streamVersion = (orgId: string, streamId: string): Promise<number> =>
    withOrg(database, orgId, async (trx) => {
      const row = await trx
        .selectFrom("streams")
        .select("version")
        .where("org_id", "=", orgId)
        .where("stream_id", "=", streamId)
        .executeTakeFirst();
      return row?.version ?? 0;
    });

  /**
   * The global log after `after`, gap-safe: only transactions older than every one still running
   * (`tx_id < pg_snapshot_xmin`) are read, ordered by (tx_id, position), so an event whose
   * transaction commits late can never be passed over. Reads across organisations: system use only.
   */
  const readAll = async (after: Checkpoint, options: ReadAllOptions = {}): Promise<ReadBatch> => {
    const limit = options.limit ?? 1000;
    const typeFilter = options.types ? sql`and e.type = any(${[...options.types]}::text[])` : sql``;
    const { rows } = await sql<EventRowOut & { horizon: string }>`
      with h as (select pg_snapshot_xmin(pg_current_snapshot()) as xmin)
      select h.xmin::text as horizon, e.* from h left join lateral (
        select ${eventColumns} from events e
        where (e.tx_id, e.position) > (${after.txId}::xid8, ${after.position}::bigint) and e.tx_id < h.xmin
          ${typeFilter}
        order by e.tx_id, e.position
        limit ${limit}
      ) e on true`.execute(options.executor ?? database.db);
    const horizon = rows[0]?.horizon ?? after.txId;
    const events = rows.filter((r) => r.position !== null).map(decode);
    const last = events.at(-1);
    const full = events.length === limit;
    let checkpoint: Checkpoint = last ? { txId: last.txId, position: last.position } : after;
    if (!full) {
      const safe = { txId: horizon, position: 0 };
      if (compareCheckpoints(safe, checkpoint) > 0) checkpoint = safe;
    }
    return { events, checkpoint, full };
  };

  /**
   * One organisation's events of the given types from its sequence number `fromSeq` on, up to a
   * place in the global log, in log order (an organisation's sequence follows the log's order): what
   * a projector held back for that organisation while it was failed. System use, like `readAll`.
   */
  const readHeld = async (
    orgId: string,
    options: { fromSeq: number; until: Checkpoint; types?: readonly string[]; limit?: number } & Pick<
      ReadAllOptions,
      "executor"
    >,
  ): Promise<StoredEvent[]> => {
    const typeFilter = options.types ? sql`and e.type = any(${[...options.types]}::text[])` : sql``;
    const { rows } = await sql<EventRowOut>`
      select ${eventColumns} from events e
      where e.org_id = ${orgId}::uuid and e.org_seq >= ${options.fromSeq}
        and (e.tx_id, e.position) <= (${options.until.txId}::xid8, ${options.until.position}::bigint)
        ${typeFilter}
      order by e.org_seq
      limit ${options.limit ?? 1000}`.execute(options.executor ?? database.db);
    return rows.map(decode);
  };

  /**
   * The live log after `from` as batches: drains what is there, then waits for a notification
   * (LISTEN registre_events) or the polling interval, whichever comes first.
   */
  const subscribe = (
    from: Checkpoint,
    options: ReadAllOptions & { readonly pollMs?: number } = {},
  ): Observable<ReadBatch> =>
    new Observable<ReadBatch>((subscriber) => {
      let checkpoint = from;
      let stopped = false;
      let wake: (() => void) | undefined;
      let pending = false;
      const poke = () => {
        pending = true;
        wake?.();
      };
      const timer = setInterval(poke, options.pollMs ?? 1000);
      let unlisten: (() => Promise<void>) | undefined;
      const loop = async () => {
        unlisten = await database.listen("registre_events", poke).catch(() => undefined);
        while (!stopped) {
          pending = false;
          const batch = await readAll(checkpoint, options);
          if (stopped) break;
          if (batch.events.length > 0 || compareCheckpoints(batch.checkpoint, checkpoint) > 0) {
            checkpoint = batch.checkpoint;
            subscriber.next(batch);
          }
          if (!batch.full && !pending) await new Promise<void>((resolve) => (wake = resolve));
          wake = undefined;
        }
      };
      loop().catch((error) => subscriber.error(error));
      return () => {
        stopped = true;
        clearInterval(timer);
        wake?.();
        unlisten?.().catch(() => undefined);
      };
    });

  /**
   * The newest event's place in the log, visible or not yet past the safe horizon: what a reader
   * must reach to have seen everything committed before this call.
   */
  const head = async (): Promise<Checkpoint> => {
    const { rows } = await sql<{ tx_id: string; position: number }>`
      select e.tx_id::text as tx_id, e.position from events e order by e.tx_id desc, e.position desc limit 1`.execute(
      database.db,
    );
    const row = rows[0];
    return row ? { txId: row.tx_id, position: row.position } : START;
  };

  /** How many events the log holds past a checkpoint (for lag reports). */
  const countAfter = async (after: Checkpoint): Promise<number> => {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int8 as n from events where (tx_id, position) > (${after.txId}::xid8, ${after.position}::bigint)`.execute(
      database.db,
    );
    return rows[0]?.n ?? 0;
  };

  /**
   * Whether reading changes some of these types' stored data (an upcaster is registered for it; any
   * type when none are given): a reader of the events table's text must then decode through the store.
   */
  const upcasts = (types?: readonly string[]): boolean =>
    types ? types.some((t) => Object.keys(upcasters[t] ?? {}).length > 0) : Object.keys(upcasters).length > 0;

  return {
    ...writer,
    commandResult,
    upcasts,
    readStream,
    readOrganisation,
    streamVersion,
    readAll,
    readHeld,
    subscribe,
    head,
    countAfter,
    decode,
  };
};
