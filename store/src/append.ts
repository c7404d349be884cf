import { createHash, randomUUID } from "node:crypto";
import { type CommandMetadata, canonicalJson, findUnstorableText } from "@registre/core";
import { CompiledQuery, type Kysely, sql } from "kysely";
import {
  type AppendOptions,
  type AppendResult,
  type AppendRow,
  type ExpectedVersion,
  type MultiAppendResult,
  type NewEvent,
  type Numbers,
  type StreamAppend,
  toExpected,
} from "./append-types.ts";
import { type Database, type OrgTransaction, withOrg } from "./database.ts";
import {
  ConcurrencyError,
  CounterLimitError,
  concurrencyDetail,
  counterLimitOf,
  UnstorableEventError,
} from "./errors.ts";
import type { Checkpoint } from "./event-store.ts";
import { marked } from "./pipeline.ts";
import { currentSchemaVersion, type UpcasterRegistry } from "./upcast.ts";

export * from "./append-types.ts";

const APPEND_SQL = `select * from registre_append($1::uuid, $2, $3::bigint, $4::uuid,
  $5::text[], $6::integer[], $7::text[], $8::text[])`;

const APPEND_COUNTED_SQL = `select * from registre_append_counted($1::uuid, $2, $3::bigint, $4::uuid,
  $5::text[], $6::bigint[], $7::text[], $8::bigint[], $9::bigint[], $10::text[], $11::integer[], $12::text[], $13::text[])`;

const PREPARE_SQL = `select * from registre_prepare_append($1::uuid, $2::uuid, $3::text[], $4::bigint[],
  $5::text[], $6::bigint[])`;

const APPEND_MANY_SQL = `select * from registre_append_many($1::uuid, $2::text[], $3::bigint[], $4::uuid[],
  $5::integer[], $6::text[], $7::integer[], $8::text[], $9::text[])`;

/**
 * The command id under which part `index` of a multi-stream command is recorded: the command's own
 * id for the first part (so `commandResult` finds the command), then ids derived from it, the same on
 * every retry.
 */
export const partCommandId = (commandId: string, index: number): string => {
  if (index === 0) return commandId;
  const hex = createHash("sha256").update(`${commandId}\u0000part\u0000${index}`).digest("hex");
  const variant = ((Number.parseInt(hex[16] ?? "0", 16) & 3) | 8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/** The write side of the event store: appends to one stream or to several in one transaction. */
export const createAppender = (database: Database, upcasters: UpcasterRegistry) => {
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

  /** Parameters of `APPEND_SQL`, in order; `commandId` is what the command is recorded under. */
  const appendParams = (
    orgId: string,
    streamId: string,
    expected: ExpectedVersion,
    events: readonly NewEvent[],
    metadata: CommandMetadata,
    commandId: string | null = metadata.commandId,
  ) => {
    const e = encode(events, metadata);
    return [orgId, streamId, toExpected(expected), commandId, e.types, e.schemas, e.data, e.metadata];
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

  /**
   * A guarded or counted append whose events are known before the numbers (they do not use them) in
   * one prepared statement in autocommit (`registre_append_counted`): lock, look-up, guards, counters
   * within their bounds, append. The organisation's lock is held only inside the server.
   */
  const appendCountedInOneStatement = async (
    app: NonNullable<Database["appPostgres"]>,
    orgId: string,
    streamId: string,
    expected: ExpectedVersion,
    events: readonly NewEvent[],
    opts: AppendOptions,
  ): Promise<AppendResult> => {
    const guards = opts.guards ?? {};
    const ids = Object.keys(guards);
    const names = Object.keys(opts.counters ?? {});
    const e = encode(events, opts.metadata);
    const rows = await app.unsafe<AppendRow[]>(
      APPEND_COUNTED_SQL,
      [
        orgId,
        streamId,
        toExpected(expected),
        opts.metadata.commandId,
        ids,
        ids.map((id) => guards[id] ?? 0),
        names,
        names.map((n) => opts.counters?.[n] ?? 0),
        names.map((n) => opts.limits?.[n] ?? null),
        e.types,
        e.schemas,
        e.data,
        e.metadata,
      ] as never[],
      { prepare: true },
    );
    return toResult(rows[0]);
  };

  // This store's appends are announced in process, with their place in the log, to whoever listens
  // here (the projection runner: one wake-up per command, no read of the log's head); the notification
  // carries this store's id, so that a runner on this store passes over its own.
  const instance = randomUUID();
  const listeners = new Set<(checkpoint: Checkpoint) => void>();
  const onAppended = (listener: (checkpoint: Checkpoint) => void): (() => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };

  // Runners in other processes are told after commit, at most every few milliseconds: a NOTIFY in
  // the append would serialise every commit of the cluster on the notification queue's lock.
  let notifyTimer: ReturnType<typeof setTimeout> | undefined;
  const announce = (checkpoint: Checkpoint) => {
    for (const listener of listeners) {
      try {
        listener(checkpoint);
      } catch (error) {
        console.error("store: a listener of appends failed", error);
      }
    }
    if (notifyTimer) return;
    notifyTimer = setTimeout(() => {
      notifyTimer = undefined;
      database.notify("registre_events", instance).catch(() => {});
    }, 5);
  };

  const mapConflict = (error: unknown, streamId: string, expected: ExpectedVersion): never => {
    const detail = concurrencyDetail(error);
    // A guarded stream that moved is named by the refusal; the appended stream is not.
    if (detail?.stream !== undefined)
      throw new ConcurrencyError(detail.stream, detail.expected, detail.actual);
    if (detail) throw new ConcurrencyError(streamId, expected, detail.actual);
    const counter = counterLimitOf(error);
    if (counter !== undefined) throw new CounterLimitError(counter);
    throw error;
  };

  /** Refuses numbers taken past their bounds (`AppendOptions.limits`), before anything is appended. */
  const checkLimits = (numbers: Numbers, opts: AppendOptions) => {
    for (const [name, limit] of Object.entries(opts.limits ?? {})) {
      const first = numbers[name];
      const count = opts.counters?.[name];
      if (first !== undefined && count !== undefined && first + count - 1 > limit)
        throw new CounterLimitError(name);
    }
  };

  /**
   * Appends a command's events to one stream, all or nothing: on Postgres in one statement (guards
   * and counters included) when the events are given, on PGlite in one transaction. With `counters`,
   * `events` may be a function of the numbers handed out, which are gapless and in commit order per
   * organisation (its lock is held until commit): on Postgres then a transaction of four round trips.
   */
  const append = async (
    orgId: string,
    streamId: string,
    expected: ExpectedVersion,
    events: readonly NewEvent[] | ((first: Numbers) => readonly NewEvent[]),
    opts: AppendOptions,
  ): Promise<AppendResult> => {
    try {
      const app = database.appPostgres;
      const result =
        typeof events !== "function" && app
          ? opts.guards || opts.counters
            ? await appendCountedInOneStatement(app, orgId, streamId, expected, events, opts)
            : await appendInOneStatement(app, orgId, streamId, expected, events, opts.metadata)
          : await appendInTransaction(orgId, streamId, expected, events, opts);
      if (result.checkpoint && !result.duplicate) announce(result.checkpoint);
      return result;
    } catch (error) {
      return mapConflict(error, streamId, expected);
    }
  };

  const appendInTransaction = (
    orgId: string,
    streamId: string,
    expected: ExpectedVersion,
    events: readonly NewEvent[] | ((first: Numbers) => readonly NewEvent[]),
    opts: AppendOptions,
  ): Promise<AppendResult> => {
    if (typeof events !== "function" && !opts.guards && !opts.counters)
      return withOrg(database, orgId, (trx) =>
        callAppend(trx, orgId, streamId, expected, events, opts.metadata),
      );
    return database.db.transaction().execute(async (trx) => {
      // Under the organisation's lock, a retried (or concurrent twin) command answers its first
      // result before taking numbers, so numbers are never taken twice.
      const prepared = await prepare(trx, orgId, opts);
      if (prepared.previous) return prepared.previous;
      checkLimits(prepared.numbers, opts);
      const list = typeof events === "function" ? events(prepared.numbers) : events;
      // On PostgreSQL `begin` went out with the prepare call, and `commit` goes out with the append:
      // two waits, the organisation's lock held across one (see pipeline.ts).
      const { rows } = await trx.executeQuery<AppendRow>(
        marked(
          CompiledQuery.raw(APPEND_SQL, appendParams(orgId, streamId, expected, list, opts.metadata)),
          "committing",
        ),
      );
      return toResult(rows[0]);
    });
  };

  type Prepared = { readonly previous: AppendResult | null; readonly numbers: Numbers };

  type PreparedRow = {
    stream_id: string | null;
    from_version: number | null;
    to_version: number | null;
    last_position: number | null;
    tx_id: string | null;
    name: string | null;
    first_value: number | null;
  };

  /**
   * The first statement of a transaction that appends once its numbers are known, in one call
   * (`registre_prepare_append`): sets the role and the organisation as `withOrg` does, takes the
   * organisation's lock, answers the command's first result if it was appended already, checks the
   * guards (a moved one is a `ConcurrencyError` naming it), then takes the counters.
   */
  const prepareParams = (orgId: string, opts: AppendOptions) => {
    const guards = opts.guards ?? {};
    const ids = Object.keys(guards);
    const names = Object.keys(opts.counters ?? {});
    return [
      orgId,
      opts.metadata.commandId,
      ids,
      ids.map((id) => guards[id] ?? 0),
      names,
      names.map((n) => opts.counters?.[n] ?? 0),
    ];
  };

  const prepareRefused = (error: unknown): unknown => {
    const detail = concurrencyDetail(error);
    return detail?.stream !== undefined
      ? new ConcurrencyError(detail.stream, detail.expected, detail.actual)
      : error;
  };

  const toPrepared = (rows: readonly PreparedRow[]): Prepared => {
    const first = rows.find((r) => r.stream_id !== null);
    if (first)
      return {
        previous: {
          streamId: first.stream_id ?? "",
          fromVersion: first.from_version ?? 0,
          toVersion: first.to_version ?? 0,
          checkpoint:
            first.last_position === null || first.tx_id === null
              ? null
              : { txId: first.tx_id, position: first.last_position },
          duplicate: true,
        },
        numbers: {},
      };
    return {
      previous: null,
      numbers: Object.fromEntries(rows.map((r) => [r.name ?? "", r.first_value ?? 0])),
    };
  };

  const prepare = async (
    // biome-ignore lint/suspicious/noExplicitAny: any transaction of the database
    trx: Kysely<any>,
    orgId: string,
    opts: AppendOptions,
  ): Promise<Prepared> => {
    try {
      const { rows } = await trx.executeQuery<PreparedRow>(
        CompiledQuery.raw(PREPARE_SQL, prepareParams(orgId, opts)),
      );
      return toPrepared(rows);
    } catch (error) {
      throw prepareRefused(error);
    }
  };

  /**
   * Appends one command's events to several streams of one organisation in one transaction, all or
   * nothing: each stream at its own expected version, the guards checked and the counters taken
   * once under the organisation's lock, the events hash-chained in the order of the parts. Each part
   * is recorded under its own command id (`partCommandId`), so a retry of the command answers every
   * part's first result and writes nothing. With `counters`, `parts` is a function of the numbers.
   */
  const appendMany = async (
    orgId: string,
    parts: readonly StreamAppend[] | ((first: Numbers) => readonly StreamAppend[]),
    opts: AppendOptions,
  ): Promise<MultiAppendResult> => {
    try {
      // The parts given the numbers: the statement's parameters, checked (a stream named twice).
      const manyParams = (numbers: Numbers) => {
        checkLimits(numbers, opts);
        const list = typeof parts === "function" ? parts(numbers) : parts;
        const streams = new Set(list.map((p) => p.streamId));
        if (streams.size !== list.length) throw new Error("A multi-stream append names a stream twice");
        // Parts are recorded in order under ids derived from the command's; a part without events
        // is only checked at its expected version (nothing is recorded for it).
        let recorded = 0;
        const ids = list.map((p) =>
          p.events.length > 0 ? partCommandId(opts.metadata.commandId, recorded++) : null,
        );
        const encoded = encode(
          list.flatMap((p) => p.events),
          opts.metadata,
        );
        return [
          orgId,
          list.map((p) => p.streamId),
          list.map((p) => toExpected(p.expected)),
          ids,
          list.map((p) => p.events.length),
          encoded.types,
          encoded.schemas,
          encoded.data,
          encoded.metadata,
        ];
      };
      const appended = (rows: readonly AppendRow[]): MultiAppendResult => {
        const results = rows.map((row) => toResult({ ...row, first_position: null, duplicate: false }));
        const checkpoint = results.reduce<Checkpoint | null>((last, r) => r.checkpoint ?? last, null);
        return { parts: results, checkpoint, duplicate: false };
      };
      const result = await database.db.transaction().execute(async (db): Promise<MultiAppendResult> => {
        const trx = db as unknown as OrgTransaction;
        const prepared = await prepare(db, orgId, opts);
        // A retry: every part's first result (the first part was found by the prepare call).
        if (prepared.previous)
          return (await findParts(trx, orgId, opts.metadata.commandId)) as MultiAppendResult;
        const { rows } = await trx.executeQuery<AppendRow>(
          marked(CompiledQuery.raw(APPEND_MANY_SQL, manyParams(prepared.numbers)), "committing"),
        );
        return appended(rows);
      });
      if (result.checkpoint && !result.duplicate) announce(result.checkpoint);
      return result;
    } catch (error) {
      const detail = concurrencyDetail(error);
      if (detail) throw new ConcurrencyError(detail.stream ?? "", detail.expected, detail.actual);
      throw error;
    }
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

  /** The parts a multi-stream command was first appended with, in order; null when it never was. */
  const findParts = async (
    trx: OrgTransaction,
    orgId: string,
    commandId: string,
  ): Promise<MultiAppendResult | null> => {
    const parts: AppendResult[] = [];
    for (let index = 0; ; index++) {
      const part = await findCommand(trx, orgId, partCommandId(commandId, index));
      if (!part) break;
      parts.push(part);
    }
    if (parts.length === 0) return null;
    const checkpoint = parts.reduce<Checkpoint | null>((last, r) => r.checkpoint ?? last, null);
    return { parts, checkpoint, duplicate: true };
  };

  /** Every part a multi-stream command was first appended with, if it was. */
  const commandParts = (orgId: string, commandId: string): Promise<MultiAppendResult | null> =>
    withOrg(database, orgId, (trx) => findParts(trx, orgId, commandId));

  return { append, appendMany, commandParts, instance, onAppended };
};
