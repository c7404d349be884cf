import { type CommandMetadata, canonicalJson, findUnstorableText } from "@registre/core";
import { CompiledQuery, type Kysely, sql } from "kysely";
import { Observable } from "rxjs";
import { type Database, type OrgTransaction, withOrg } from "./database.ts";
import { ConcurrencyError, concurrencyDetail, UnstorableEventError } from "./errors.ts";
import { currentSchemaVersion, type UpcasterRegistry, upcast } from "./upcast.ts";

export type NewEvent = { readonly type: string; readonly data: unknown };

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

export type ExpectedVersion = number | "no_stream" | "any";

export type AppendResult = {
  readonly streamId: string;
  readonly fromVersion: number;
  /** The stream's version after the append: the next expected version. */
  readonly toVersion: number;
  /** Where the last appended event sits in the global log (null when nothing was appended). */
  readonly checkpoint: Checkpoint | null;
  /** True when this command id had already been appended: the first result is returned. */
  readonly duplicate: boolean;
};

export type AppendOptions = {
  readonly metadata: CommandMetadata;
  /**
   * Gapless counters to take from the organisation head inside the append transaction, by name and
   * count; `events` is then called with the first value handed out for each name.
   */
  readonly counters?: Readonly<Record<string, number>>;
  /**
   * Other streams of the organisation the decision read, at the versions it read them (0 = absent):
   * checked under the organisation's lock, so a decision taken on several streams is appended only
   * if none of them moved meanwhile (ConcurrencyError otherwise, and the caller decides again).
   */
  readonly guards?: Readonly<Record<string, number>>;
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

type AppendRow = {
  stream_id: string;
  from_version: number;
  to_version: number;
  first_position: number | null;
  last_position: number | null;
  tx_id: string | null;
  duplicate: boolean;
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

const toExpected = (expected: ExpectedVersion): number | null =>
  expected === "any" ? null : expected === "no_stream" ? 0 : expected;

export type EventStore = ReturnType<typeof createEventStore>;

const APPEND_SQL = `select * from registre_append($1::uuid, $2, $3::bigint, $4::uuid,
  $5::text[], $6::integer[], $7::text[], $8::text[])`;

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

  const encode = (events: readonly NewEvent[], metadata: CommandMetadata) => {
    // The last wall: text PostgreSQL cannot keep (jsonb refuses NUL and lone surrogates) would be
    // appended, then stop every read model that casts it. Refused here, whatever the caller checked.
    for (const event of events) {
      const at = findUnstorableText(event.data);
      if (at !== undefined) throw new UnstorableEventError(event.type, `data.${at}`);
    }
    const inMetadata = findUnstorableText(metadata);
    if (inMetadata !== undefined)
      throw new UnstorableEventError(events[0]?.type ?? "", `metadata.${inMetadata}`);
    const meta = canonicalJson(metadata);
    return {
      types: events.map((e) => e.type),
      schemas: events.map((e) => currentSchemaVersion(upcasters, e.type)),
      data: events.map((e) => canonicalJson(e.data)),
      metadata: events.map(() => meta),
    };
  };

  const toResult = (row: AppendRow | undefined): AppendResult => {
    if (!row) throw new Error("registre_append returned no row");
    return {
      streamId: row.stream_id,
      fromVersion: row.from_version,
      toVersion: row.to_version,
      checkpoint:
        row.tx_id !== null && row.last_position !== null
          ? { txId: row.tx_id, position: row.last_position }
          : null,
      duplicate: row.duplicate,
    };
  };

  /** Parameters of `APPEND_SQL`, in order. */
  const appendParams = (
    orgId: string,
    streamId: string,
    expected: ExpectedVersion,
    events: readonly NewEvent[],
    metadata: CommandMetadata,
  ) => {
    const e = encode(events, metadata);
    return [
      orgId,
      streamId,
      toExpected(expected),
      metadata.commandId,
      e.types,
      e.schemas,
      e.data,
      e.metadata,
    ];
  };

  const callAppend = async (
    trx: OrgTransaction,
    ...args: Parameters<typeof appendParams>
  ): Promise<AppendResult> => {
    const { rows } = await trx.executeQuery<AppendRow>(CompiledQuery.raw(APPEND_SQL, appendParams(...args)));
    return toResult(rows[0]);
  };

  /** One prepared statement in autocommit, as `registre_app`: the function sets the organisation itself. */
  const appendInOneStatement = async (
    app: NonNullable<Database["appPostgres"]>,
    ...args: Parameters<typeof appendParams>
  ): Promise<AppendResult> => {
    const rows = await app.unsafe<AppendRow[]>(APPEND_SQL, appendParams(...args) as never[], {
      prepare: true,
    });
    return toResult(rows[0]);
  };

  // Runners in other processes are told after commit, at most every few milliseconds: a NOTIFY in
  // the append would serialise every commit of the cluster on the notification queue's lock.
  let notifyTimer: ReturnType<typeof setTimeout> | undefined;
  const notifySoon = () => {
    if (notifyTimer) return;
    notifyTimer = setTimeout(() => {
      notifyTimer = undefined;
      database.notify("registre_events").catch(() => {});
    }, 5);
  };

  const mapConflict = (error: unknown, streamId: string, expected: ExpectedVersion): never => {
    const detail = concurrencyDetail(error);
    if (detail) throw new ConcurrencyError(streamId, expected, detail.actual);
    throw error;
  };

  /**
   * Appends a command's events to one stream, all or nothing: on Postgres in one statement, on
   * PGlite in one transaction. With `counters`, `events` is a function of the numbers handed out,
   * which are gapless and in commit order per organisation (its lock is held until commit).
   */
  const append = async (
    orgId: string,
    streamId: string,
    expected: ExpectedVersion,
    events: readonly NewEvent[] | ((first: Readonly<Record<string, number>>) => readonly NewEvent[]),
    opts: AppendOptions,
  ): Promise<AppendResult> => {
    try {
      const result =
        typeof events !== "function" && !opts.guards && database.appPostgres
          ? await appendInOneStatement(database.appPostgres, orgId, streamId, expected, events, opts.metadata)
          : await appendInTransaction(orgId, streamId, expected, events, opts);
      if (result.checkpoint && !result.duplicate) notifySoon();
      return result;
    } catch (error) {
      return mapConflict(error, streamId, expected);
    }
  };

  const appendInTransaction = (
    orgId: string,
    streamId: string,
    expected: ExpectedVersion,
    events: readonly NewEvent[] | ((first: Readonly<Record<string, number>>) => readonly NewEvent[]),
    opts: AppendOptions,
  ): Promise<AppendResult> =>
    withOrg(database, orgId, async (trx) => {
      if (typeof events !== "function" && !opts.guards)
        return callAppend(trx, orgId, streamId, expected, events, opts.metadata);
      const names = Object.keys(opts.counters ?? {});
      const counts = names.map((n) => opts.counters?.[n] ?? 0);
      // Under the organisation's lock, a retried (or concurrent twin) command answers its first
      // result before taking numbers, so numbers are never taken twice.
      await sql`select registre_lock_org(${orgId}::uuid)`.execute(trx);
      const previous = await findCommand(trx, orgId, opts.metadata.commandId);
      if (previous) return previous;
      await checkGuards(trx, orgId, opts.guards ?? {});
      if (typeof events !== "function")
        return callAppend(trx, orgId, streamId, expected, events, opts.metadata);
      const { rows } = await sql<{ name: string; first_value: number }>`
        select * from registre_take_counters(${orgId}::uuid, ${names}::text[], ${counts}::bigint[])`.execute(
        trx,
      );
      const list = events(Object.fromEntries(rows.map((r) => [r.name, r.first_value])));
      return callAppend(trx, orgId, streamId, expected, list, opts.metadata);
    });

  const checkGuards = async (
    trx: OrgTransaction,
    orgId: string,
    guards: Readonly<Record<string, number>>,
  ) => {
    const ids = Object.keys(guards);
    if (ids.length === 0) return;
    const rows = await trx
      .selectFrom("streams")
      .select(["stream_id", "version"])
      .where("org_id", "=", orgId)
      .where("stream_id", "in", ids)
      .execute();
    const actual = new Map(rows.map((r) => [r.stream_id, r.version]));
    for (const id of ids)
      if ((actual.get(id) ?? 0) !== guards[id])
        throw new ConcurrencyError(id, guards[id] ?? 0, actual.get(id) ?? 0);
  };

  const findCommand = async (
    trx: OrgTransaction,
    orgId: string,
    commandId: string,
  ): Promise<AppendResult | null> => {
    const row = await trx
      .selectFrom("commands")
      .select([
        "stream_id",
        "from_version",
        "to_version",
        "last_position",
        sql<string>`tx_id::text`.as("tx_id"),
      ])
      .where("org_id", "=", orgId)
      .where("command_id", "=", commandId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      streamId: row.stream_id,
      fromVersion: row.from_version,
      toVersion: row.to_version,
      checkpoint: row.last_position === null ? null : { txId: row.tx_id, position: row.last_position },
      duplicate: true,
    };
  };

  const eventColumns = sql`e.position, e.org_id, e.org_seq, e.stream_id, e.stream_version, e.type,
    e.schema_version, e.data, e.metadata, e.recorded_at, e.tx_id::text as tx_id`;

  /** One stream's events in version order, as the organisation sees them (row-level security applies). */
  const readStream = (
    orgId: string,
    streamId: string,
    range: { fromVersion?: number; toVersion?: number; until?: Date } = {},
  ): Promise<StoredEvent[]> =>
    withOrg(database, orgId, async (trx) => {
      const { rows } = await sql<EventRowOut>`
        select ${eventColumns} from events e
        where e.org_id = ${orgId}::uuid and e.stream_id = ${streamId}
          and e.stream_version >= ${range.fromVersion ?? 1}
          and e.stream_version <= ${range.toVersion ?? Number.MAX_SAFE_INTEGER}
          ${range.until ? sql`and e.recorded_at <= ${range.until}` : sql``}
        order by e.stream_version`.execute(trx);
      return rows.map(decode);
    });

  /**
   * One organisation's events in the order they were recorded (its hash-chain order), optionally
   * only up to a moment and for one stream: the accountant's replay.
   */
  const readOrganisation = (
    orgId: string,
    options: { until?: Date; streamId?: string; afterSeq?: number; limit?: number } = {},
  ): Promise<StoredEvent[]> =>
    withOrg(database, orgId, async (trx) => {
      const { rows } = await sql<EventRowOut>`
        select ${eventColumns} from events e
        where e.org_id = ${orgId}::uuid and e.org_seq > ${options.afterSeq ?? 0}
          ${options.until ? sql`and e.recorded_at <= ${options.until}` : sql``}
          ${options.streamId ? sql`and e.stream_id = ${options.streamId}` : sql``}
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
        void unlisten?.();
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

  /** The result a command id was first appended with, if it was (row-level security applies). */
  const commandResult = (orgId: string, commandId: string): Promise<AppendResult | null> =>
    withOrg(database, orgId, (trx) => findCommand(trx, orgId, commandId));

  return {
    append,
    commandResult,
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
