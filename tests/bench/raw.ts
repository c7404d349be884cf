import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import postgres from "postgres";
import { type BenchConfig, concurrently, measure, organisationCreated, type Rate, timed } from "./common.ts";

/** What plain postgres.js does on a plain event-shaped table: the anchors every figure is compared to. */
export type RawResults = {
  readonly singleOne: Rate;
  readonly singleMany: Rate;
  readonly multiRow: Rate;
  readonly copy: Rate;
  /** Keyset read over the whole table, every row's JSON decoded. */
  readonly read: Rate;
};

type Row = { stream: string; version: number; type: string; data: string };

const TYPE = "OrganisationCreated";

const rowFor = (n: number): Row => {
  const orgId = randomUUID();
  return {
    stream: `org-${orgId}`,
    version: 1,
    type: TYPE,
    data: JSON.stringify(organisationCreated(orgId, n)),
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
        values (${r.stream}, ${r.version}, ${r.type}, ${r.data}::jsonb)`;
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
    const values = rows.map((r) => sql`(${r.stream}, ${r.version}, ${r.type}, ${r.data}::jsonb)`);
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
        text += `${copyField(r.stream)}\t${r.version}\t${r.type}\t${copyField(r.data)}\n`;
      }
      yield text;
    }
  }
  await pipeline(Readable.from(chunks()), writable);
  return rows;
};

type ReadRow = { id: string; stream: string; version: number; type: string; data: unknown; tx: string };

/**
 * The xid-safe keyset read over the whole table: only transactions older than every running one,
 * in (tx, id) order, one page at a time; answers the rows read, each one's jsonb decoded.
 */
export const keysetRead = async (sql: postgres.Sql, page: number): Promise<number> => {
  let tx = "0";
  let id = "0";
  let total = 0;
  for (;;) {
    const rows = await sql<ReadRow[]>`
      select id, stream, version, type, data, tx::text as tx from raw_events
      where (tx, id) > (${tx}::xid8, ${id}::bigint) and tx < pg_snapshot_xmin(pg_current_snapshot())
      order by tx, id limit ${page}`;
    for (const r of rows)
      if (typeof r.data !== "object" || r.data === null) throw new Error("jsonb not decoded");
    total += rows.length;
    const last = rows.at(-1);
    if (!last || rows.length < page) return total;
    tx = last.tx;
    id = last.id;
  }
};

export const runRaw = async (
  url: string,
  config: BenchConfig,
  log: (line: string) => void,
): Promise<RawResults> => {
  const sql = postgres(url, { max: config.writers + 1, onnotice: () => {} });
  try {
    await createTable(sql);
    const singleOne = await measure(config, config.singleOps, (ops) => singleRows(sql, 1, ops));
    log(`raw single-row insert, 1 writer: ${singleOne.perSecond.toFixed(0)} rows/s`);
    // The 8-writer anchor runs as many operations as the 8-writer command figures, capped for time.
    const manyOps = Math.min(config.concurrentOps, config.singleOps * config.writers * 2);
    const singleMany = await measure(config, manyOps, (ops) => singleRows(sql, config.writers, ops));
    log(`raw single-row insert, ${config.writers} writers: ${singleMany.perSecond.toFixed(0)} rows/s`);
    const multiRow = await measure(config, config.batchOps, (ops) => multiRows(sql, ops, config.batchSize));
    log(`raw ${config.batchSize}-row insert: ${multiRow.perSecond.toFixed(0)} rows/s`);
    const copy = await measure(config, config.copyRows, (rows) => copyRows(sql, rows));
    log(`raw COPY: ${copy.perSecond.toFixed(0)} rows/s`);
    await sql`vacuum analyze raw_events`;
    await keysetRead(sql, config.readPage); // warm-up: the whole table once, discarded
    const read = await timed(() => keysetRead(sql, config.readPage));
    log(`raw keyset read: ${read.perSecond.toFixed(0)} rows/s over ${read.count} rows`);
    return { singleOne, singleMany, multiRow, copy, read };
  } finally {
    await sql.end();
  }
};
