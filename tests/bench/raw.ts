import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import postgres from "postgres";
import {
  type BenchConfig,
  concurrently,
  type OrganisationCreatedData,
  organisationCreated,
} from "./common.ts";

type Row = { stream: string; version: number; type: string; data: OrganisationCreatedData };

const TYPE = "OrganisationCreated";

const rowFor = (n: number): Row => {
  const orgId = randomUUID();
  return {
    stream: `org-${orgId}`,
    version: 1,
    type: TYPE,
    data: organisationCreated(orgId, n),
  };
};

/** COPY text format: backslash, tab and line breaks escaped. */
const copyField = (text: string): string =>
  text.replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n").replace(/\r/g, "\\r");

const createTable = async (sql: postgres.Sql): Promise<void> => {
  await sql`
    create table raw_events (
      id bigint generated always as identity primary key,
      stream text not null,
      version integer not null,
      type text not null,
      data jsonb not null,
      tx xid8 not null default pg_current_xact_id()
    )`;
  await sql`create index raw_events_global_order on raw_events (tx, id)`;
};

/** One autocommit single-row INSERT per operation, each writer on its own connection. */
const singleRows = async (sql: postgres.Sql, writers: number, ops: number): Promise<number> => {
  const connections = await Promise.all(Array.from({ length: writers }, () => sql.reserve()));
  try {
    let n = 0;
    await concurrently(writers, ops, async (w) => {
      const c = connections[w];
      if (!c) throw new Error(`no connection for writer ${w}`);
      const r = rowFor(n++);
      await c`insert into raw_events (stream, version, type, data)
        values (${r.stream}, ${r.version}, ${r.type}, ${sql.json(r.data)})`;
    });
    return ops;
  } finally {
    for (const c of connections) c.release();
  }
};

/** One 100-row INSERT ... VALUES statement per operation, one writer. */
const multiRows = async (sql: postgres.Sql, statements: number, size: number): Promise<number> => {
  for (let s = 0; s < statements; s++) {
    const rows = Array.from({ length: size }, (_, i) => rowFor(s * size + i));
    const values = rows.map((r) => sql`(${r.stream}, ${r.version}, ${r.type}, ${sql.json(r.data)})`);
    const list = values.reduce((all, v) => sql`${all}, ${v}`);
    await sql`insert into raw_events (stream, version, type, data) values ${list}`;
  }
  return statements * size;
};

/** COPY FROM STDIN, fed in chunks of 1000 lines. */
const copyRows = async (sql: postgres.Sql, rows: number): Promise<number> => {
  const writable = await sql`copy raw_events (stream, version, type, data) from stdin`.writable();
  function* chunks(): Generator<string> {
    for (let start = 0; start < rows; start += 1000) {
      let text = "";
      for (let i = start; i < Math.min(rows, start + 1000); i++) {
        const r = rowFor(i);
        text += `${copyField(r.stream)}\t${r.version}\t${r.type}\t${copyField(JSON.stringify(r.data))}\n`;
      }
      yield text;
    }
  }
  await pipeline(Readable.from(chunks()), writable);
  return rows;
};

type ReadRow = { id: string; stream: string; version: number; type: string; data: unknown; tx_text: string };

/**
 * The xid-safe keyset read over the whole table: only transactions older than every running one,
 * in (tx, id) order, one page at a time; answers the rows read, each one's jsonb decoded.
 */
const keysetRead = async (sql: postgres.Sql, page: number): Promise<number> => {
  let tx = "0";
  let id = "0";
  let total = 0;
  for (;;) {
    const rows = await sql<ReadRow[]>`
      select id, stream, version, type, data, tx::text as tx_text from raw_events
      where (tx, id) > (${tx}::xid8, ${id}::bigint) and tx < pg_snapshot_xmin(pg_current_snapshot())
      order by tx, id limit ${page}`;
    for (const r of rows)
      if (typeof r.data !== "object" || r.data === null) throw new Error("jsonb not decoded");
    total += rows.length;
    const last = rows.at(-1);
    if (!last || rows.length < page) return total;
    tx = last.tx_text;
    id = last.id;
  }
};

/** Plain postgres.js on a plain event-shaped table: the anchors every figure is compared to. */
export type RawBench = {
  /** Autocommit single-row INSERTs over `writers` reserved connections. */
  readonly singleRows: (writers: number, ops: number) => Promise<number>;
  /** `statements` 100-row INSERT ... VALUES statements, one writer. */
  readonly multiRows: (statements: number) => Promise<number>;
  readonly copy: (rows: number) => Promise<number>;
  /** The keyset read over the whole table. */
  readonly read: () => Promise<number>;
  readonly rows: () => Promise<number>;
  readonly vacuum: () => Promise<void>;
  readonly close: () => Promise<void>;
};

export const openRaw = async (url: string, config: BenchConfig): Promise<RawBench> => {
  const sql = postgres(url, { max: config.writers + 1, onnotice: () => {} });
  await createTable(sql);
  return {
    singleRows: (writers, ops) => singleRows(sql, writers, ops),
    multiRows: (statements) => multiRows(sql, statements, config.batchSize),
    copy: (rows) => copyRows(sql, rows),
    read: () => keysetRead(sql, config.readPage),
    rows: async () => {
      const [row] = await sql<{ n: string }[]>`select count(*)::text as n from raw_events`;
      return Number(row?.n ?? 0);
    },
    vacuum: async () => {
      await sql`vacuum analyze raw_events`;
    },
    close: () => sql.end(),
  };
};
