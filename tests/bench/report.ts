import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { type BenchConfig, formatRate, type Rate } from "./common.ts";

export type Environment = {
  readonly date: string;
  readonly node: string;
  readonly postgres: string;
  readonly cpus: string;
  readonly memory: string;
};

export type Line = {
  readonly figure: string;
  readonly value: Rate;
  readonly anchorName: string;
  readonly anchor: Rate;
  /** Registre's value must reach this share of the anchor (none: no target against the anchor). */
  readonly anchorTarget: number | undefined;
  readonly emmett: Rate | undefined;
};

export type Verdict = { readonly text: string; readonly missed: boolean };

const ratio = (a: Rate, b: Rate | undefined): number | undefined =>
  b === undefined || b.perSecond === 0 ? undefined : a.perSecond / b.perSecond;

/** Rounded down, so a ratio shown as 40 % has reached a 40 % target. */
export const percent = (r: number | undefined): string =>
  r === undefined ? "n/a" : `${Math.floor(r * 100)} %`;

export const verdict = (line: Line): Verdict => {
  const parts: string[] = [];
  let missed = false;
  if (line.anchorTarget !== undefined) {
    const ok = (ratio(line.value, line.anchor) ?? 0) >= line.anchorTarget;
    missed ||= !ok;
    parts.push(`>= ${(line.anchorTarget * 100).toFixed(0)} % of raw: ${ok ? "PASS" : "MISS"}`);
  }
  if (line.emmett === undefined) parts.push(">= Emmett: n/a");
  else {
    const ok = line.value.perSecond >= line.emmett.perSecond;
    missed ||= !ok;
    parts.push(`>= Emmett: ${ok ? "PASS" : "MISS"}`);
  }
  return { text: parts.join("; "), missed };
};

/** One figure measured on each system (undefined: not measured, or failed). */
export type Figure = {
  readonly raw: Rate | undefined;
  readonly registre: Rate | undefined;
  readonly emmett: Rate | undefined;
};

export type Results = {
  readonly commandsOne: Figure;
  readonly commandsMany: Figure;
  readonly batches: Figure;
  readonly read: Figure;
  /** Each run of the 8-writer commands (BENCH_REPEAT); `commandsMany` is the median one. */
  readonly commandsRuns: readonly Figure[];
};

const n = (count: number) => count.toLocaleString("en-US");

export const buildLines = (config: BenchConfig, results: Results): Line[] => {
  const w = config.writers;
  const line = (
    figure: string,
    f: Figure,
    anchorName: string,
    anchorTarget: number | undefined,
    anchor: Rate | undefined = f.raw,
  ): Line[] =>
    f.registre && anchor
      ? [{ figure, value: f.registre, anchorName, anchor, anchorTarget, emmett: f.emmett }]
      : [];
  const { read } = results;
  return [
    ...line("(a) single-event commands, 1 writer", results.commandsOne, "single-row INSERT, 1 conn", 0.4),
    ...line(
      `(a) single-event commands, ${w} writers`,
      results.commandsMany,
      `single-row INSERT, ${w} conns`,
      0.4,
    ),
    ...line(
      `(b) ${config.batchSize}-event appends, 1 writer`,
      results.batches,
      `${config.batchSize}-row INSERT`,
      0.5,
    ),
    ...line(
      `(c) catch-up read, decoded (${n(read.registre?.count ?? 0)} events)`,
      read,
      `keyset read (${n(read.raw?.count ?? 0)} rows)`,
      0.5,
    ),
  ];
};

const HEADER = [
  "figure",
  "value",
  "raw anchor",
  "ratio to anchor",
  "Emmett value",
  "ratio to Emmett",
  "targets",
];

export const tableRows = (lines: readonly Line[]): string[][] =>
  lines.map((l) => [
    l.figure,
    formatRate(l.value),
    `${formatRate(l.anchor)} ${l.anchorName}`,
    percent(ratio(l.value, l.anchor)),
    formatRate(l.emmett),
    percent(ratio(l.value, l.emmett)),
    verdict(l).text,
  ]);

/** A Markdown table, padded so it also reads well in a terminal. */
export const formatTable = (header: readonly string[], body: readonly (readonly string[])[]): string => {
  const rows = [header, ...body];
  const widths = header.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? "").length)));
  const format = (r: readonly string[]) =>
    `| ${r.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join(" | ")} |`;
  const rule = `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`;
  return [format(header), rule, ...body.map(format)].join("\n");
};

export const markdownTable = (lines: readonly Line[]): string => formatTable(HEADER, tableRows(lines));

const runsText = (runs: readonly Figure[]): string => (runs.length === 1 ? "one run" : `${runs.length} runs`);

export type ReportInput = {
  readonly env: Environment;
  readonly config: BenchConfig;
  readonly lines: readonly Line[];
  readonly notes: readonly string[];
  readonly seconds: number;
  /** The 8-writer commands' runs (BENCH_REPEAT): the table shows the median one. */
  readonly commandsRuns: readonly Figure[];
};

export const performanceDoc = ({ env, config, lines, notes, seconds, commandsRuns }: ReportInput): string => {
  const missed = lines.filter((l) => verdict(l).missed);
  const met = lines.filter((l) => !verdict(l).missed && l.anchorTarget !== undefined);
  const summary =
    missed.length === 0
      ? "Every target was met in this run."
      : `Met: ${met.map((l) => l.figure).join("; ") || "none"}. **Missed**: ${missed
          .map((l) => `${l.figure} (${verdict(l).text})`)
          .join("; ")}.`;
  return `# Performance

Measured by \`npm run bench\` (\`tests/bench/\`) on ${env.date}; the whole run took ${seconds.toFixed(0)} s.

- Node: ${env.node}
- PostgreSQL: ${env.postgres}
- CPUs (\`nproc\`): ${env.cpus}
- Memory: ${env.memory}
- Sizes per round: ${config.singleOps} commands with 1 writer, ${config.concurrentOps} with ${config.writers} writers, ${config.batchOps} appends of ${config.batchSize} events; logs of ${config.logEvents} events read in pages of ${config.readPage}; ${config.rounds} rounds (\`BENCH_SCALE\` and \`BENCH_*\` change them, see \`tests/bench/common.ts\`).

${markdownTable(lines)}

Targets (from the issue): single-event commands >= 40 % of the raw single-row rate at the same writer count, batched
appends >= 50 % of the raw multi-row rate, catch-up read >= 50 % of the raw read, every Registre figure >= Emmett's in
the same run. The 8-writer line is the median of ${runsText(commandsRuns)} ("Single-event commands, 8 writers"
below); the rebuilds have their own section ("Rebuilds"). ${summary}

## Method

Each system has a fresh database of its own on the same server (\`registre_bench_<random>\`, with \`_raw\` and
\`_emmett\` beside it; \`BENCH_DB_PREFIX\` replaces \`registre\`), dropped at the end; \`BENCH_ONLY=event-store\` runs this part
alone. A figure first runs each system once on ${(config.warmupShare * 100).toFixed(0)} % of
its count (reads: the whole log), discarded as warm-up, then ${config.rounds} rounds in which raw, Registre and Emmett run
one after the other on the same fixed count; the table shows each one's median round. Interleaving matters: the
machine is shared and its fsync time drifts by a factor of two or more between minutes, so only figures measured
side by side are compared. Every payload is the same OrganisationCreated data (about 170 bytes of JSON).

- **Raw anchors**: plain postgres.js on \`raw_events (id bigint identity primary key, stream, version, type, data jsonb,
  tx xid8 default pg_current_xact_id())\`, indexed on \`(tx, id)\`. Single-row anchors are autocommit INSERTs (one round
  trip, one commit each), each writer on its own reserved connection; the multi-row anchor is one 100-row \`INSERT …
  VALUES\` per statement; COPY is \`copy … from stdin\` through \`.writable()\`; the read is the xid-safe keyset loop
  \`where (tx, id) > ($1, $2) and tx < pg_snapshot_xmin(pg_current_snapshot()) order by tx, id limit 1000\`, jsonb
  decoded by postgres.js.
- **Registre**: the real \`@registre/store\` and \`@registre/projections\`. A command is one \`store.append\` of one event;
  each writer alternately creates an organisation (\`OrganisationCreated\` on a new \`org-<uuid>\` stream, \`no_stream\`)
  and renames the one it just created (\`OrganisationRenamed\`, expected version 1): half new streams, half existing,
  each writer on its own organisations. The log is then topped up with the same 8-writer commands to
  ${config.logEvents} events (raw: COPY; Emmett: its own commands; unmeasured), vacuumed, and read with \`readAll\` from
  \`START\`; \`runner.rebuild("stream_history")\` and \`runner.rebuild("organisations")\` rebuild over it. The 100-event
  appends (one organisation, a new stream each) come after, so reads and rebuilds see only the organisation log.
- **Emmett** (\`@event-driven-io/emmett-postgresql\` 0.42.0): \`getPostgreSQLEventStore\` and \`appendToStream\` with the
  same commands (\`STREAM_DOES_NOT_EXIST\`, then expected version 1n) and metadata. Per append it sends BEGIN, one
  call of its \`emt_append_to_stream\` function and COMMIT through node-postgres, and never notifies. The catch-up read is its
  \`readMessagesBatch\` loop (what its consumers poll with), pages of ${config.readPage}. Emmett has projections of its own
  (\`rebuildPostgreSQLProjections\`), but running Registre's projectors through them would measure an adapter rather
  than either system, so the rebuilds ("Rebuilds" below) have no Emmett figure.

## What the figures rest on

A single-event command on PostgreSQL is one prepared statement in autocommit, \`select * from registre_append(…)\`,
sent on a pool whose session role is \`registre_app\` (the function sets \`app.org_id\` itself, so row-level
security applies). An earlier design (BEGIN, \`set_config\`, the call, COMMIT through Kysely, with \`pg_notify\` inside the
function) measured 15–19 % of the raw single-row rate and 55 % of Emmett's: a transaction that notifies holds a
cluster-wide lock from pre-commit until its WAL flush, so concurrent appends could not share a flush. The store now
sends a debounced \`pg_notify\` after commit instead.

## Notes from this run

${notes.length > 0 ? notes.map((n) => `- ${n}`).join("\n") : "- None."}
`;
};

/**
 * Writes the document's head (the event store's figures), keeping the sections the other parts of the
 * benchmark wrote after it (each between its own `<!-- … -->` markers): a run of this part alone, or one
 * stopped before the others, leaves their last figures in place.
 */
export const writeReport = (path: string, input: ReportInput): void => {
  mkdirSync(dirname(path), { recursive: true });
  const previous = existsSync(path) ? readFileSync(path, "utf8") : "";
  const firstSection = previous.search(/^<!-- /m);
  const kept = firstSection >= 0 ? previous.slice(firstSection) : "";
  const head = performanceDoc(input).trimEnd();
  writeFileSync(path, kept ? `${head}\n\n${kept}` : `${head}\n`);
};
