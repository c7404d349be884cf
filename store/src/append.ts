import { randomUUID } from "node:crypto";
import { type CommandMetadata, canonicalJson, findUnstorableText } from "@registre/core";
import { CompiledQuery, type Kysely } from "kysely";
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
import { findParts, partCommandId } from "./command-parts.ts";
import { type Database, type OrgTransaction, withOrg } from "./database.ts";
import {
  ConcurrencyError,
  CounterLimitError,
  concurrencyDetail,
  counterLimitOf,
  UnstorableEventError,
} from "./errors.ts";
import type { Checkpoint } from "./event-store.ts";
import { pacer } from "./pace.ts";
import { marked } from "./pipeline.ts";
import { templateParts } from "./templates.ts";
import { currentSchemaVersion, type UpcasterRegistry } from "./upcast.ts";

export * from "./append-types.ts";
export { partCommandId } from "./command-parts.ts";

const APPEND_SQL = `select * from registre_append($1::uuid, $2, $3::bigint, $4::uuid,
  $5::text[], $6::integer[], $7::text[], $8::text[])`;

const APPEND_COUNTED_SQL = `select * from registre_append_counted($1::uuid, $2, $3::bigint, $4::uuid,
  $5::text[], $6::bigint[], $7::text[], $8::bigint[], $9::bigint[], $10::text[], $11::integer[], $12::text[], $13::text[])`;

const PREPARE_SQL = `select * from registre_prepare_append($1::uuid, $2::uuid, $3::text[], $4::bigint[],
  $5::text[], $6::bigint[])`;

const APPEND_MANY_SQL = `select * from registre_append_many($1::uuid, $2::text[], $3::bigint[], $4::uuid[],
  $5::integer[], $6::text[], $7::integer[], $8::text[], $9::text[])`;

const APPEND_MANY_COUNTED_SQL = `select * from registre_append_many_counted($1::uuid, $2::uuid, $3::text[],
  $4::bigint[], $5::text[], $6::bigint[], $7::bigint[], $8::text[], $9::text[], $10::integer[], $11::text[],
  $12::bigint[], $13::uuid[], $14::integer[], $15::text[], $16::integer[], $17::text[], $18::text[])`;

/** The write side of the event store: appends to one stream or to several in one transaction. */
export const createAppender = (database: Database, upcasters: UpcasterRegistry) => {
  /**
   * The events' data checked and in canonical JSON, in paced slices (`pace.ts`): a commit of many events
   * (a 10,000-line bank statement, a FEC's batch, decided three times when templated) held the event
   * loop 100–300 ms in one go.
   */
  const encode = async (events: readonly NewEvent[], metadata: CommandMetadata, pace = pacer()) => {
    // The last wall: text PostgreSQL cannot keep (jsonb refuses NUL and lone surrogates) would be
    // appended, then stop every read model that casts it. Refused here, whatever the caller checked.
    const data: string[] = [];
    for (const event of events) {
      await pace();
      const at = findUnstorableText(event.data);
      if (at !== undefined) throw new UnstorableEventError(event.type, `data.${at}`);
      data.push(canonicalJson(event.data));
    }
    const inMetadata = findUnstorableText(metadata);
    if (inMetadata !== undefined)
      throw new UnstorableEventError(events[0]?.type ?? "", `metadata.${inMetadata}`);
    const meta = canonicalJson(metadata);
    return {
      types: events.map((e) => e.type),
      schemas: events.map((e) => currentSchemaVersion(upcasters, e.type)),
      data,
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
  const appendParams = async (
    orgId: string,
    streamId: string,
    expected: ExpectedVersion,
    events: readonly NewEvent[],
    metadata: CommandMetadata,
    commandId: string | null = metadata.commandId,
  ) => {
    const e = await encode(events, metadata);
    return [orgId, streamId, toExpected(expected), commandId, e.types, e.schemas, e.data, e.metadata];
  };

  const callAppend = async (
    trx: OrgTransaction,
    ...args: Parameters<typeof appendParams>
  ): Promise<AppendResult> => {
    const { rows } = await trx.executeQuery<AppendRow>(
      CompiledQuery.raw(APPEND_SQL, await appendParams(...args)),
    );
    return toResult(rows[0]);
  };

  /** One prepared statement in autocommit, as `registre_app`: the function sets the organisation itself. */
  const appendInOneStatement = async (
    app: NonNullable<Database["appPostgres"]>,
    ...args: Parameters<typeof appendParams>
  ): Promise<AppendResult> => {
    const rows = await app.unsafe<AppendRow[]>(APPEND_SQL, (await appendParams(...args)) as never[], {
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
    const e = await encode(events, opts.metadata);
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
          : ((app && typeof events === "function"
              ? await appendNumberedInOneStatement(app, orgId, streamId, expected, events, opts)
              : null) ?? (await appendInTransaction(orgId, streamId, expected, events, opts)));
      if (result.checkpoint && !result.duplicate) announce(result.checkpoint);
      return result;
    } catch (error) {
      return mapConflict(error, streamId, expected);
    }
  };

  /**
   * Events built from the numbers handed out, on Postgres in one statement when the numbers enter them
   * only as printed (an entry's sequence and number): the one-part case of `appendManyInOneStatement`,
   * recorded under the command's own id as any append. Null when they use the numbers otherwise.
   */
  const appendNumberedInOneStatement = async (
    app: NonNullable<Database["appPostgres"]>,
    orgId: string,
    streamId: string,
    expected: ExpectedVersion,
    events: (first: Numbers) => readonly NewEvent[],
    opts: AppendOptions,
  ): Promise<AppendResult | null> => {
    const result = await appendManyInOneStatement(
      app,
      orgId,
      (numbers) => [{ streamId, expected, events: events(numbers) }],
      opts,
    );
    const part = result?.parts[0];
    return part ? { ...part, duplicate: result.duplicate } : null;
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
          CompiledQuery.raw(APPEND_SQL, await appendParams(orgId, streamId, expected, list, opts.metadata)),
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
   * A multi-stream append with guards or counters in one prepared statement in autocommit
   * (`registre_append_many_counted`), the events sent as templates the server fills with the numbers
   * it takes (`templateParts`); null when the events use the numbers otherwise than printed (the
   * caller then appends in a transaction).
   */
  const appendManyInOneStatement = async (
    app: NonNullable<Database["appPostgres"]>,
    orgId: string,
    parts: readonly StreamAppend[] | ((first: Numbers) => readonly StreamAppend[]),
    opts: AppendOptions,
  ): Promise<MultiAppendResult | null> => {
    const names = Object.keys(opts.counters ?? {});
    const build = async (numbers: Numbers) => {
      const built = [];
      // One pace for every part: a FEC's batch is hundreds of parts of a few events each, and a pacer
      // per part never gave the loop its turn.
      const pace = pacer();
      for (const p of typeof parts === "function" ? parts(numbers) : parts) {
        const e = await encode(p.events, opts.metadata, pace);
        const events = e.types.map((type, i) => ({ type, data: e.data[i] ?? "" }));
        built.push({ streamId: p.streamId, expected: toExpected(p.expected), events });
      }
      return built;
    };
    const templated =
      typeof parts === "function"
        ? await templateParts(names, build)
        : { parts: await build({}), tokens: [], counters: [], widths: [] };
    if (!templated) return null;
    const list = templated.parts;
    if (new Set(list.map((p) => p.streamId)).size !== list.length)
      throw new Error("A multi-stream append names a stream twice");
    let recorded = 0;
    const ids = list.map((p) =>
      p.events.length > 0 ? partCommandId(opts.metadata.commandId, recorded++) : null,
    );
    const events = list.flatMap((p) => p.events);
    const meta = canonicalJson(opts.metadata);
    const guards = opts.guards ?? {};
    const guarded = Object.keys(guards);
    const rows = await app.unsafe<AppendRow[]>(
      APPEND_MANY_COUNTED_SQL,
      [
        orgId,
        opts.metadata.commandId,
        guarded,
        guarded.map((id) => guards[id] ?? 0),
        names,
        names.map((n) => opts.counters?.[n] ?? 0),
        names.map((n) => opts.limits?.[n] ?? null),
        templated.tokens,
        templated.counters,
        templated.widths,
        list.map((p) => p.streamId),
        list.map((p) => p.expected),
        ids,
        list.map((p) => p.events.length),
        events.map((e) => e.type),
        events.map((e) => currentSchemaVersion(upcasters, e.type)),
        events.map((e) => e.data),
        events.map(() => meta),
      ] as never[],
      { prepare: true },
    );
    const results = rows.map((row) => toResult({ ...row, first_position: null }));
    const checkpoint = results.reduce<Checkpoint | null>((last, r) => r.checkpoint ?? last, null);
    return { parts: results, checkpoint, duplicate: rows[0]?.duplicate ?? false };
  };

  /**
   * Appends one command's events to several streams of one organisation in one transaction, all or
   * nothing: each stream at its own expected version, the guards checked and the counters taken
   * once under the organisation's lock, the events hash-chained in the order of the parts. Each part
   * is recorded under its own command id (`partCommandId`), so a retry of the command answers every
   * part's first result and writes nothing. With `counters`, `parts` is a function of the numbers.
   * On Postgres, with guards or counters, one statement when the numbers enter the events only as
   * printed (an invoice's number, its entry's: `appendManyInOneStatement`) unless `templates` is false,
   * else the transaction.
   */
  const appendMany = async (
    orgId: string,
    parts: readonly StreamAppend[] | ((first: Numbers) => readonly StreamAppend[]),
    opts: AppendOptions,
  ): Promise<MultiAppendResult> => {
    try {
      // The parts given the numbers: the statement's parameters, checked (a stream named twice).
      const manyParams = async (numbers: Numbers) => {
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
        const encoded = await encode(
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
      const app = database.appPostgres;
      const one =
        app && (opts.guards || opts.counters) && opts.templates !== false
          ? await appendManyInOneStatement(app, orgId, parts, opts)
          : null;
      if (one) {
        if (one.checkpoint && !one.duplicate) announce(one.checkpoint);
        return one;
      }
      const result = await database.db.transaction().execute(async (db): Promise<MultiAppendResult> => {
        const trx = db as unknown as OrgTransaction;
        const prepared = await prepare(db, orgId, opts);
        // A retry: every part's first result (the first part was found by the prepare call).
        if (prepared.previous)
          return (await findParts(trx, orgId, opts.metadata.commandId)) as MultiAppendResult;
        const { rows } = await trx.executeQuery<AppendRow>(
          marked(CompiledQuery.raw(APPEND_MANY_SQL, await manyParams(prepared.numbers)), "committing"),
        );
        return appended(rows);
      });
      if (result.checkpoint && !result.duplicate) announce(result.checkpoint);
      return result;
    } catch (error) {
      const detail = concurrencyDetail(error);
      if (detail) throw new ConcurrencyError(detail.stream ?? "", detail.expected, detail.actual);
      const counter = counterLimitOf(error);
      if (counter !== undefined) throw new CounterLimitError(counter);
      throw error;
    }
  };

  /** Every part a multi-stream command was first appended with, if it was. */
  const commandParts = (orgId: string, commandId: string): Promise<MultiAppendResult | null> =>
    withOrg(database, orgId, (trx) => findParts(trx, orgId, commandId));

  return { append, appendMany, commandParts, instance, onAppended };
};
