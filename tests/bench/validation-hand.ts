/**
 * The invoice validation's real limit (issue 24, point 4): **the same writes done by hand**. A captured
 * validation (`validation-capture.ts`: the rows one real validation inserted, changed and deleted) is
 * replayed with fresh ids into a database of its own with Registre's schema (migrated, every read model's
 * tables made by the projection runner's set-up, indexes and all), in ONE plain SQL transaction per
 * validation — one statement in autocommit, as the store's own append, on the organisation's connection
 * (postgres.js, prepared, one reserved connection per organisation), its writes as common table expressions:
 *
 * - the log: the organisation's head row read `for update`, the events inserted with their `org_seq` and
 *   their hash chained from the head's by `registre_event_hash` (the store's own function: the same bytes
 *   hashed as `registre_append_many`), the head row written once (sequence, hash, counters), the streams
 *   moved to their versions, each part's command recorded with its last position;
 * - the read models, one write per table: the rows the projectors left (`insert … select from unnest` of
 *   one text array per column, cast to the column's type; `on conflict` on the primary key updates a row
 *   that was there — the draft's document, the organisation's balances and totals), the deleted keys deleted.
 *
 * Same types, same data (so the same sizes), same streams and versions; what a real validation reads
 * (its command's streams, the chart, the settings; the projection's log reads) and decides is not there:
 * that is the point. The rows a validation changes rather than inserts (the draft's document and stream,
 * the organisation's head, balances and totals) are written before the clock starts, once per validation
 * or once per organisation. The capture's tables without `org_id` (the runner's checkpoints, one per
 * batch of many validations) are not replayed.
 */
import { randomUUID } from "node:crypto";
import { allProjectors, createProjectionRunner } from "@registre/projections";
import { createEventStore, eventHash, migrateToLatest, openDatabase } from "@registre/store";
import postgres from "postgres";
import { concurrently } from "./common.ts";
import { type Capture, describeTables, type TableChange } from "./validation-capture.ts";

type Row = (string | null)[];
type Table = TableChange & { readonly target: string };
type Ids = { readonly org: number; readonly map: ReadonlyMap<string, string> };

const LOG_TABLES = new Set(["events", "streams", "commands", "org_heads"]);
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
/** Prepared once per connection (postgres.js prepares `unsafe` text only when asked), as Kysely's are. */
const PREPARED = { prepare: true } as const;
const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

const column = (t: TableChange, name: string): number => {
  const i = t.columns.findIndex((c) => c.name === name);
  if (i < 0) throw new Error(`${t.table} has no column ${name}`);
  return i;
};

/** A captured value cut at its ids: the text between them, and the ids (or the value as it is). */
type Cut = string | null | { readonly parts: readonly string[]; readonly ids: readonly string[] };
const cuts = new WeakMap<readonly Row[], Cut[][]>();

const cut = (value: string | null): Cut => {
  if (value === null) return null;
  const ids = value.match(UUID);
  return ids ? { parts: value.split(UUID), ids } : value;
};

/** The rows with their ids replaced (the capture's organisation and own ids by this validation's). */
const mapRows = (rows: readonly Row[], map: ReadonlyMap<string, string>): Row[] => {
  let compiled = cuts.get(rows);
  if (!compiled) {
    compiled = rows.map((r) => r.map(cut));
    cuts.set(rows, compiled);
  }
  return compiled.map((r) =>
    r.map((c) => {
      if (c === null || typeof c === "string") return c;
      let text = c.parts[0] ?? "";
      for (let k = 0; k < c.ids.length; k++) {
        const id = c.ids[k] ?? "";
        text += (map.get(id) ?? id) + (c.parts[k + 1] ?? "");
      }
      return text;
    }),
  );
};

/** Rows of one table, the last kept for each key (a batch writes a row once, as it leaves it). */
const lastByKey = (t: TableChange, rows: readonly Row[]): Row[] => {
  if (t.key.length === 0) return [...rows];
  const at = t.key.map((k) => column(t, k));
  const byKey = new Map<string, Row>();
  for (const r of rows) {
    const k = JSON.stringify(at.map((i) => r[i]));
    byKey.delete(k);
    byKey.set(k, r);
  }
  return [...byKey.values()];
};

/** Columns as text arrays, one per column: `unnest`'s parameters. */
const columnsOf = (width: number, rows: readonly Row[]): Row[] =>
  Array.from({ length: width }, (_, c) => rows.map((r) => r[c] ?? null));

/** `insert … select from unnest(…)`, the key's conflict updating the other columns (or doing nothing). */
const upsertText = (t: Table, from = 1): string => {
  const names = t.columns.map((c) => quote(c.name));
  const arrays = t.columns.map((c, i) => `$${i + from}::text[]::${c.type}[]`);
  const rest = t.columns.filter((c) => !t.key.includes(c.name));
  const conflict =
    t.key.length === 0
      ? ""
      : ` on conflict (${t.key.map(quote).join(", ")}) do ${
          rest.length === 0
            ? "nothing"
            : `update set ${rest.map((c) => `${quote(c.name)} = excluded.${quote(c.name)}`).join(", ")}`
        }`;
  return `insert into ${quote(t.target)} (${names.join(", ")}) select * from unnest(${arrays.join(", ")})${conflict}`;
};

const deleteText = (t: Table, from = 1): string => {
  const keys = t.key.length > 0 ? t.key : t.columns.map((c) => c.name);
  const types = keys.map((k) => t.columns[column(t, k)]?.type ?? "text");
  return `delete from ${quote(t.target)} where (${keys.map(quote).join(", ")}) in (select * from unnest(${keys
    .map((_, i) => `$${i + from}::text[]::${types[i]}[]`)
    .join(", ")}))`;
};

/** The log's writes of a batch (see the module's comment): common table expressions, 14 parameters. */
const LOG_WRITES = `
with recursive
input as (
  select * from unnest($2::text[], $3::bigint[], $4::text[], $5::int[], $6::text[], $7::text[])
    with ordinality as u(st, v, t, s, d, m, n)
),
head as (select h.seq, h.hash from org_heads h where h.org_id = $1 for update),
chain as (
  select 0::bigint as n, (select head.hash from head) as h
  union all
  select c.n + 1, registre_event_hash(c.h, $1, (select head.seq from head) + c.n + 1, ($2::text[])[c.n + 1],
    ($3::bigint[])[c.n + 1], ($4::text[])[c.n + 1], ($5::int[])[c.n + 1], ($6::text[])[c.n + 1], ($7::text[])[c.n + 1])
  from chain c where c.n < cardinality($2::text[])
),
ev as (
  insert into events (org_id, org_seq, stream_id, stream_version, type, schema_version, data, metadata, hash)
  select $1, (select head.seq from head) + i.n, i.st, i.v, i.t, i.s, i.d, i.m, c.h
  from input i join chain c on c.n = i.n
  order by i.n
  returning position, stream_id
),
hd as (
  update org_heads h set seq = h.seq + (select count(*) from input),
    hash = (select c.h from chain c order by c.n desc limit 1), counters = $8::jsonb, updated_at = now()
  where h.org_id = $1
),
st as (
  insert into streams as s (org_id, stream_id, version)
  select $1, x.st, x.v from unnest($9::text[], $10::bigint[]) as x(st, v)
  on conflict (org_id, stream_id) do update set version = excluded.version
),
cm as (
  insert into commands (org_id, command_id, stream_id, from_version, to_version, last_position)
  select $1, c.id, c.st, c.f, c.t, l.last
  from unnest($11::uuid[], $12::text[], $13::bigint[], $14::bigint[]) as c(id, st, f, t)
  left join (select ev.stream_id, max(ev.position) as last from ev group by ev.stream_id) l on l.stream_id = c.st
)`;

export type HandAnchor = {
  /** Fresh ids for `count` more validations of organisation `org`, their earlier rows written (untimed). */
  readonly prepare: (org: number, count: number) => Promise<void>;
  /** `ops` validations by `writers` writers, writer w validating organisation w's next: one transaction each. */
  readonly validations: (writers: number, ops: number) => Promise<number>;
  /** `count` validations of organisation `org`, `batch` to a transaction, one after the other. */
  readonly bulk: (org: number, count: number, batch: number) => Promise<number>;
  /** Writes (tables, each one `insert`, `update` or `delete`) in one validation's statement. */
  readonly writes: number;
  /**
   * What the anchor wrote, checked: each organisation's chain recomputed by the store's audit function
   * (`eventHash`) from its head before the first replay, its head row at the last link; answers the events.
   */
  readonly check: () => Promise<number>;
  readonly close: () => Promise<void>;
};

/**
 * Opens the anchor on `url`, an empty database: Registre's schema migrated, the read models' tables made
 * by the projection runner's set-up (not started), `orgs` organisations with the rows the capture's
 * organisation had before its validation (head, balances, totals, versions).
 */
export const openHandAnchor = async (url: string, capture: Capture, orgs: number): Promise<HandAnchor> => {
  const database = await openDatabase({ url, maxConnections: 2 });
  try {
    await migrateToLatest(database.db as unknown as Parameters<typeof migrateToLatest>[0]);
    await createProjectionRunner(database, createEventStore(database), allProjectors).setup();
  } finally {
    await database.close();
  }
  // Planned once per connection, as a hand-written statement prepared at start-up would be.
  const sql = postgres(url, {
    max: orgs + 1,
    onnotice: () => {},
    connection: { plan_cache_mode: "force_generic_plan" },
  });
  // One connection per organisation, reserved.
  const connections = await Promise.all(Array.from({ length: orgs }, () => sql.reserve()));
  const present = new Set((await describeTables(sql)).map((t) => t.table));
  const targetOf = (name: string): string => {
    if (present.has(name)) return name;
    const base = name.replace(/_g\d+$/, "");
    const found = [...present].find((t) => t.replace(/_g\d+$/, "") === base && /_g\d+$/.test(t));
    if (!found) throw new Error(`the anchor's database has no table for ${name}`);
    return found;
  };
  const tables: Table[] = capture.tables.map((t) => ({ ...t, target: targetOf(t.table) }));
  const byName = (name: string) => tables.find((t) => t.table === name);
  const events = byName("events");
  const streams = byName("streams");
  const commands = byName("commands");
  const heads = byName("org_heads");
  if (!events || !streams || !commands || !heads)
    throw new Error("the capture holds no append (events, streams, commands, org_heads)");
  for (const t of [events, commands])
    if (t.before.length > 0 || t.deleted.length > 0)
      throw new Error(`the capture changed rows of ${t.table}`);
  const readModels = tables.filter((t) => !LOG_TABLES.has(t.table));
  const ownIds = new Set(capture.ownIds);
  const ev = (name: string) => column(events, name);
  for (const r of events.after) {
    const stream = r[ev("stream_id")] ?? "";
    if (![...ownIds].some((id) => stream.includes(id)))
      throw new Error(
        `the capture appended to ${stream}, a stream of the organisation's: the anchor replays only the validation's own streams`,
      );
  }
  // The validation's events in the order the store chained them.
  const eventRows = [...events.after].sort((a, b) => Number(a[ev("org_seq")]) - Number(b[ev("org_seq")]));
  const ownRow = (r: Row) => r.some((v) => v !== null && [...ownIds].some((id) => v.includes(id)));
  const orgIds = Array.from({ length: orgs }, () => randomUUID());
  const queues: Ids[][] = orgIds.map(() => []);
  const orgMap = (org: number) => new Map([[capture.orgId, orgIds[org] ?? ""]]);

  /** Rows written before the clock starts, each table in one statement. */
  const writeBefore = async (rows: Map<Table, Row[]>) => {
    for (const [t, list] of rows) {
      if (list.length === 0) continue;
      const text = upsertText(t).replace(
        / on conflict \(.*$/,
        t.key.length > 0 ? " on conflict do nothing" : "",
      );
      await sql.unsafe(text, columnsOf(t.columns.length, list) as never[]);
    }
  };
  // The organisations as the capture's was before its validation (rows without the validation's ids).
  const perOrg = new Map<Table, Row[]>();
  for (const t of tables)
    perOrg.set(
      t,
      orgIds.flatMap((_, o) =>
        mapRows(
          t.before.filter((r) => !ownRow(r)),
          orgMap(o),
        ),
      ),
    );
  await writeBefore(perOrg);

  const ownBefore = new Map(tables.map((t) => [t, t.before.filter(ownRow)]));
  const prepare = async (org: number, count: number) => {
    for (let from = 0; from < count; from += 1000) {
      const made: Ids[] = [];
      for (let i = from; i < Math.min(count, from + 1000); i++) {
        const map = orgMap(org);
        for (const id of ownIds) map.set(id, randomUUID());
        made.push({ org, map });
      }
      const rows = new Map<Table, Row[]>();
      for (const t of tables)
        rows.set(
          t,
          made.flatMap((ids) => mapRows(ownBefore.get(t) ?? [], ids.map)),
        );
      await writeBefore(rows);
      queues[org]?.push(...made);
    }
  };

  /** One transaction writing what `batch` validations of one organisation write. */
  const commit = async (batch: readonly Ids[]) => {
    const first = batch[0];
    if (!first) return;
    const org = orgIds[first.org];
    const of = (t: TableChange) => batch.flatMap((ids) => mapRows(t.after, ids.map));
    const eventsInOrder = batch.flatMap((ids) => mapRows(eventRows, ids.map));
    const pick = (t: TableChange, rows: Row[], name: string) => rows.map((r) => r[column(t, name)] ?? null);
    const streamRows = lastByKey(streams, of(streams));
    const commandRows = of(commands);
    const head = mapRows(heads.after, first.map)[0];
    const logParams: unknown[] = [
      org,
      pick(events, eventsInOrder, "stream_id"),
      pick(events, eventsInOrder, "stream_version"),
      pick(events, eventsInOrder, "type"),
      pick(events, eventsInOrder, "schema_version"),
      pick(events, eventsInOrder, "data"),
      pick(events, eventsInOrder, "metadata"),
      head?.[column(heads, "counters")] ?? "{}",
      pick(streams, streamRows, "stream_id"),
      pick(streams, streamRows, "version"),
      pick(commands, commandRows, "command_id"),
      pick(commands, commandRows, "stream_id"),
      pick(commands, commandRows, "from_version"),
      pick(commands, commandRows, "to_version"),
    ];
    // One statement in autocommit: the log's writes, then each read-model table's, as common table expressions.
    const tx = connections[first.org];
    if (!tx) throw new Error(`no connection for organisation ${first.org}`);
    const parameters: unknown[] = logParams;
    const writes: string[] = [];
    for (const t of readModels) {
      const rows = lastByKey(t, of(t));
      if (rows.length > 0) {
        writes.push(`w${writes.length} as (${upsertText(t, parameters.length + 1)})`);
        parameters.push(...columnsOf(t.columns.length, rows));
      }
      const gone = batch.flatMap((ids) => mapRows(t.deleted, ids.map));
      if (gone.length > 0) {
        writes.push(`w${writes.length} as (${deleteText(t, parameters.length + 1)})`);
        parameters.push(...columnsOf(gone[0]?.length ?? 0, gone));
      }
    }
    const text = `${LOG_WRITES}${writes.map((w) => `,\n${w}`).join("")}\nselect 1`;
    await tx.unsafe(text, parameters as never[], PREPARED);
  };

  const next = (org: number, count: number): Ids[] => {
    const queue = queues[org];
    if (!queue || queue.length < count)
      throw new Error("no prepared validation left: the set-up made too few");
    return queue.splice(0, count);
  };

  return {
    prepare,
    validations: async (writers, ops) => {
      await concurrently(writers, ops, (w) => commit(next(w, 1)));
      return ops;
    },
    bulk: async (org, count, batch) => {
      for (let done = 0; done < count; done += batch) await commit(next(org, Math.min(batch, count - done)));
      return count;
    },
    writes:
      4 + readModels.reduce((n, t) => n + (t.after.length > 0 ? 1 : 0) + (t.deleted.length > 0 ? 1 : 0), 0),
    check: async () => {
      let total = 0;
      const [start] = mapRows(heads.before, new Map());
      for (const org of orgIds) {
        const rows = await sql<
          {
            org_seq: string;
            stream_id: string;
            stream_version: string;
            type: string;
            schema_version: number;
            data: string;
            metadata: string;
            hash: Buffer;
          }[]
        >`select org_seq, stream_id, stream_version, type, schema_version, data, metadata, hash
          from events where org_id = ${org} order by org_seq`;
        let previous: Buffer | null = start?.[column(heads, "hash")]
          ? Buffer.from((start[column(heads, "hash")] ?? "").slice(2), "hex")
          : null;
        let seq = Number(start?.[column(heads, "seq")] ?? 0);
        for (const r of rows) {
          seq++;
          if (Number(r.org_seq) !== seq) throw new Error(`anchor: ${org}'s sequence skips at ${seq}`);
          previous = eventHash(previous, {
            orgId: org,
            orgSeq: seq,
            streamId: r.stream_id,
            version: Number(r.stream_version),
            type: r.type,
            schemaVersion: r.schema_version,
            data: r.data,
            metadata: r.metadata,
          });
          if (!previous.equals(r.hash)) throw new Error(`anchor: ${org}'s chain breaks at ${seq}`);
        }
        const [head] = await sql<
          { seq: string; hash: Buffer }[]
        >`select seq, hash from org_heads where org_id = ${org}`;
        if (
          rows.length > 0 &&
          (Number(head?.seq) !== seq || !previous?.equals(head?.hash ?? Buffer.alloc(0)))
        )
          throw new Error(`anchor: ${org}'s head is not its last link`);
        total += rows.length;
      }
      return total;
    },
    close: async () => {
      for (const c of connections) c.release();
      await sql.end();
    },
  };
};
