/**
 * The `vat_lines` read model's rebuild from the log beside its anchor (issue 22 §5: ≥ 70 % of a COPY FROM
 * STDIN of the rows it writes), and where its time goes: each round, interleaved, the anchor, the rebuild
 * (its bulk pass over the log and its last part — indexes, statistics, swap — apart), the log's read alone
 * as the rebuild reads it, and a COPY TO STDOUT of the same events; each with the CPU time of this process
 * and of the database's PostgreSQL processes (`server-cpu.ts`).
 */

import { StringDecoder } from "node:string_decoder";
import { vatLinesProjector } from "@registre/projections";
import { START } from "@registre/store";
import type postgres from "postgres";
import type { AppContext } from "../../api/src/context.ts";
import { copyOut } from "./accounting-measure.ts";
import { processCpu, serverCpu } from "./server-cpu.ts";

/** Wall time, and CPU time of this process and of PostgreSQL's (null: not measurable here). */
export type Timed = { seconds: number; node: number; server: number | null };

export type RebuildRun = {
  rows: number;
  events: number;
  /** Bytes of the events' text the rebuild reads (data and metadata). */
  logBytes: number;
  rebuild: Timed[];
  /** The rebuild's pass over the log (up to its last batch), and what follows: indexes, statistics, swap. */
  pass: number[];
  /** COPY FROM STDIN of its rows into a fresh table with its keys and indexes: the anchor. */
  copy: Timed[];
  /** The log read as the rebuild reads it: `store.readAll` pages of its types, decoded. */
  read: Timed[];
  /** COPY TO STDOUT of the same events' data, in log order, each parsed (`JSON.parse`). */
  copyOut: Timed[];
  sqlSeconds: number | null;
};

const seconds = (from: number) => (performance.now() - from) / 1000;

const unescaped: Record<string, string> = { b: "\b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v" };

/**
 * COPY's text of one text column, each line's value read back (backslash escapes undone) and parsed by
 * `JSON.parse`, as a rebuild must at least do with each event's data; answers how many.
 */
const parseEach = async (readable: AsyncIterable<unknown>): Promise<number> => {
  let count = 0;
  let rest = "";
  // A chunk may end inside a character: the decoder keeps its first bytes for the next.
  const decoder = new StringDecoder("utf8");
  for await (const chunk of readable) {
    const text = rest + decoder.write(chunk as Buffer);
    let start = 0;
    for (let end = text.indexOf("\n"); end >= 0; end = text.indexOf("\n", start)) {
      const line = text.slice(start, end);
      JSON.parse(line.includes("\\") ? line.replace(/\\(.)/g, (_, c: string) => unescaped[c] ?? c) : line);
      count++;
      start = end + 1;
    }
    rest = text.slice(start);
  }
  return count;
};

/** The rows `rebuild` writes, as COPY text (read once, untimed): what the anchor writes. */
const exportRows = async (url: string, table: string): Promise<Buffer[]> => {
  const chunks: Buffer[] = [];
  await copyOut(url, `copy ${table} to stdout`, async (readable) => {
    for await (const chunk of readable) chunks.push(chunk as Buffer);
  });
  return chunks;
};

/**
 * The rows `rebuildFromLog` would write, by one INSERT … SELECT over the log (a diagnostic: the projector
 * has no such path; its rebuild goes through its TypeScript `apply` in batches). `vatLineFact` in SQL, each
 * event's text cast to jsonb once.
 */
const sqlRebuild = (target: string) => `
  insert into ${target}
  select e.org_id, (d->>'mvt')::uuid, l.n::int, d->>'date', d->>'journal', d->>'number', d->>'pieceRef',
    coalesce(l.v->>'label', d->>'label'), d->'origin'->>'kind',
    case d->'origin'->>'kind' when 'document' then d->'origin'->>'doc' when 'payment' then d->'origin'->>'payment'
      when 'deposit' then d->'origin'->>'deposit' when 'vatReturn' then d->'origin'->>'period' end,
    l.v->>'account', f.direction, l.v->'vat'->>'rate', l.v->'vat'->>'kind', l.v->'vat'->>'regime',
    f.sign * coalesce((l.v->'vat'->>'base')::bigint, case when f.tax then 0 else f.amount end),
    f.sign * case when f.tax then f.amount else 0 end, null, e.position
  from events e
  cross join lateral (select e.data::jsonb as d offset 0) j
  cross join lateral jsonb_array_elements(d->'lines') with ordinality as l(v, n)
  cross join lateral (
    select dir as direction, (l.v->>'account') like '445%' as tax,
      (l.v->>'debit')::bigint + (l.v->>'credit')::bigint as amount,
      case when (case when dir = 'collected' then (l.v->>'credit')::bigint > 0 else (l.v->>'debit')::bigint > 0 end)
        then 1 else -1 end as sign
    from (select case when l.v->>'account' like '4457%' or l.v->>'account' like '4452%' or l.v->>'account' like '7%'
      then 'collected' else 'deductible' end as dir) x
  ) f
  where e.type = 'EntryValidated' and l.v ? 'vat' and jsonb_typeof(l.v->'vat') = 'object'
    and (l.v->>'account' ~ '^(445|6|7|2)')`;

/** Rounds of the rebuild and its anchors, interleaved; `live` is the read model's table now. */
export const measureVatRebuild = async (
  ctx: AppContext,
  sql: postgres.Sql,
  url: string,
  live: string,
  rounds: number,
  log: (t: string) => void,
): Promise<RebuildRun> => {
  const [rowCount] = await sql<{ n: number }[]>`select count(*)::int as n from ${sql(live)}`;
  const types = [...(vatLinesProjector.handles ?? [])];
  const [logSize] = await sql<{ bytes: string }[]>`
    select coalesce(sum(octet_length(data) + octet_length(metadata)), 0)::text as bytes
    from events where type = any(${types})`;
  const exported = await exportRows(url, live);
  const table = vatLinesProjector.tables.find((t) => t.name === "vat_lines");
  if (!table) throw new Error("no vat_lines table");
  const copier = ctx.database.postgres ?? sql;
  const cpu = await serverCpu(sql);
  const timed = async (work: () => Promise<void>): Promise<Timed> => {
    const server = cpu?.start();
    const node = process.cpuUsage();
    const started = performance.now();
    await work();
    return { seconds: seconds(started), node: processCpu(node), server: server?.stop() ?? null };
  };
  const run: RebuildRun = {
    rows: rowCount?.n ?? 0,
    events: 0,
    logBytes: Number(logSize?.bytes ?? 0),
    rebuild: [],
    pass: [],
    copy: [],
    read: [],
    copyOut: [],
    sqlSeconds: null,
  };
  const bare = "bench_copy_vat_lines";
  const fresh = async () => {
    await sql.unsafe(`drop table if exists ${bare}`);
    await sql.unsafe(`create table ${bare} (${table.columns})`);
    for (const index of table.indexes ?? []) await sql.unsafe(index.replaceAll("{table}", bare));
  };
  const f2 = (t: Timed) =>
    `${t.seconds.toFixed(2)} s (CPU: node ${t.node.toFixed(2)} s, server ${t.server?.toFixed(2) ?? "n/a"} s)`;
  for (let round = 0; round < rounds; round++) {
    await fresh();
    await sql`checkpoint`;
    run.copy.push(
      await timed(async () => {
        const writable = await copier.unsafe(`copy ${bare} from stdin`).writable();
        await new Promise<void>((resolve, reject) => {
          writable.on("error", reject);
          writable.on("finish", resolve);
          for (const chunk of exported) writable.write(chunk);
          writable.end();
        });
      }),
    );
    await sql`checkpoint`;
    // `onProgress` is called after each batch of the pass over the log, then once more after the swap.
    const calls: number[] = [];
    let started = 0;
    let events = 0;
    const rebuilt = await timed(async () => {
      started = performance.now();
      const r = await ctx.runner.rebuild("vat_lines", () => calls.push(performance.now()));
      events = r.events;
    });
    run.events = events;
    run.rebuild.push(rebuilt);
    run.pass.push(((calls.at(-2) ?? started) - started) / 1000);
    await sql`checkpoint`;
    run.read.push(
      await timed(async () => {
        let checkpoint = START;
        for (;;) {
          const batch = await ctx.store.readAll(checkpoint, { limit: 5000, types });
          checkpoint = batch.checkpoint;
          if (!batch.full) break;
        }
      }),
    );
    let parsed = 0;
    run.copyOut.push(
      await timed(() =>
        copyOut(
          url,
          `copy (select data from events where type in (${types.map((t) => `'${t}'`).join(", ")})
            order by tx_id, position) to stdout`,
          async (readable) => {
            parsed = await parseEach(readable);
          },
        ),
      ),
    );
    if (parsed !== events) throw new Error(`COPY TO parsed ${parsed} events, the rebuild read ${events}`);
    log(
      `    round ${round + 1}: COPY ${f2(run.copy.at(-1) as Timed)}; rebuild ${f2(rebuilt)}, ${events} events, its pass ${run.pass.at(-1)?.toFixed(2)} s; ` +
        `the log read ${f2(run.read.at(-1) as Timed)}; COPY TO of its events' data, parsed, ${f2(run.copyOut.at(-1) as Timed)}`,
    );
  }
  // A diagnostic: the same rows by one statement over the log, into the bare table.
  await fresh();
  await sql`checkpoint`;
  const sqlStarted = performance.now();
  await sql.unsafe(sqlRebuild(bare));
  run.sqlSeconds = seconds(sqlStarted);
  const [sqlRows] = await sql.unsafe<{ n: number }[]>(`select count(*)::int as n from ${bare}`);
  if (sqlRows?.n !== run.rows) {
    log(`    the SQL statement wrote ${sqlRows?.n} rows for ${run.rows}: not reported`);
    run.sqlSeconds = null;
  }
  await sql.unsafe(`drop table if exists ${bare}`);
  log(`    one INSERT … SELECT over the log: ${run.sqlSeconds?.toFixed(2) ?? "n/a"} s`);
  return run;
};

/** The round of median wall time. */
export const medianRound = (values: readonly Timed[]): Timed | undefined =>
  [...values].sort((a, b) => a.seconds - b.seconds)[Math.floor((values.length - 1) / 2)];

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? Number.NaN;

const cpuCells = (t: Timed | undefined) =>
  t ? `${t.node.toFixed(2)} s | ${t.server === null ? "n/a" : `${t.server.toFixed(2)} s`}` : "n/a | n/a";

/** The lines of docs/performance.md on where the rebuild's time goes (after the figures' table). */
export const rebuildLines = (r: RebuildRun): string[] => {
  const count = (x: number) => Math.round(x).toLocaleString("en-US");
  const rebuild = medianRound(r.rebuild);
  const pass = median(r.pass);
  const floor =
    (medianRound(r.copyOut)?.seconds ?? Number.NaN) + (medianRound(r.copy)?.seconds ?? Number.NaN);
  const list = (values: readonly Timed[]) => values.map((t) => `${t.seconds.toFixed(2)} s`).join(", ");
  return [
    `Where the rebuild's time goes (${r.rebuild.length} rounds, each: the anchor, the rebuild, the log's read alone, ` +
      "a COPY TO STDOUT of the events' data, parsed; the round of median wall time of each; CPU time of the benchmark's process " +
      "and of the database's PostgreSQL processes, parallel workers included, while it ran):",
    "",
    "| part | wall | CPU, Node | CPU, PostgreSQL |",
    "|---|---|---|---|",
    `| the rebuild (\`runner.rebuild("vat_lines")\`) | ${rebuild?.seconds.toFixed(2)} s | ${cpuCells(rebuild)} |`,
    `| its pass over the log (${count(r.events)} events in batches of 5,000: read, \`apply\`, COPY of the rows), median | ${pass.toFixed(2)} s | | |`,
    `| what follows it (indexes, statistics, the swap, the old tables dropped) | ${rebuild ? (rebuild.seconds - pass).toFixed(2) : "n/a"} s | | |`,
    `| the log's read alone, as the rebuild reads it (\`store.readAll\`, pages of 5,000 of its types, decoded) | ${medianRound(r.read)?.seconds.toFixed(2)} s | ${cpuCells(medianRound(r.read))} |`,
    `| COPY TO STDOUT of the same events' data (of ${(r.logBytes / 2 ** 20).toFixed(0)} MB of data and metadata), in log order, each parsed by \`JSON.parse\` | ${medianRound(r.copyOut)?.seconds.toFixed(2)} s | ${cpuCells(medianRound(r.copyOut))} |`,
    `| the anchor: COPY FROM STDIN of the ${count(r.rows)} rows | ${medianRound(r.copy)?.seconds.toFixed(2)} s | ${cpuCells(medianRound(r.copy))} |`,
    "",
    `The rebuild's times: ${list(r.rebuild)}; the COPY's: ${list(r.copy)}. Against the least a rebuild from this ` +
      `log does — the COPY TO of its events' data, parsed, then the COPY of its rows (medians: ${floor.toFixed(2)} s) — ` +
      `the rebuild is at ${rebuild ? Math.round((floor / rebuild.seconds) * 100) : "n/a"} %.` +
      (r.sqlSeconds === null
        ? ""
        : ` Diagnostic: the same ${count(r.rows)} rows written by one \`INSERT … SELECT\` over the log ` +
          `(\`vatLineFact\` in SQL, each event's text cast to jsonb once): ${r.sqlSeconds.toFixed(2)} s.`),
  ];
};
