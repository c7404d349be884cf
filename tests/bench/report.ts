import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { type BenchConfig, formatRate, type Rate } from "./common.ts";
import type { EmmettResults } from "./emmett.ts";
import type { RawResults } from "./raw.ts";
import type { RegistreResults } from "./registre.ts";

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

const percent = (r: number | undefined): string => (r === undefined ? "n/a" : `${(r * 100).toFixed(0)} %`);

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

export const buildLines = (
  config: BenchConfig,
  raw: RawResults,
  registre: RegistreResults,
  emmett: EmmettResults | undefined,
): Line[] => {
  const w = config.writers;
  const lines: Line[] = [
    {
      figure: "(a) single-event commands, 1 writer",
      value: registre.commandsOne,
      anchorName: "single-row INSERT, 1 conn",
      anchor: raw.singleOne,
      anchorTarget: 0.4,
      emmett: emmett?.commandsOne,
    },
    {
      figure: `(a) single-event commands, ${w} writers`,
      value: registre.commandsMany,
      anchorName: `single-row INSERT, ${w} conns`,
      anchor: raw.singleMany,
      anchorTarget: 0.4,
      emmett: emmett?.commandsMany,
    },
    {
      figure: `(b) ${config.batchSize}-event appends, 1 writer`,
      value: registre.batches,
      anchorName: `${config.batchSize}-row INSERT`,
      anchor: raw.multiRow,
      anchorTarget: 0.5,
      emmett: emmett?.batches,
    },
    {
      figure: `(c) catch-up read, decoded (${registre.read.count.toLocaleString("en-US")} events)`,
      value: registre.read,
      anchorName: `keyset read (${raw.read.count.toLocaleString("en-US")} rows)`,
      anchor: raw.read,
      anchorTarget: 0.5,
      emmett: emmett?.read,
    },
  ];
  for (const r of registre.rebuilds) {
    lines.push({
      figure: `(d) rebuild ${r.name} (${r.rate.count.toLocaleString("en-US")} events)`,
      value: r.rate,
      anchorName: "COPY FROM STDIN",
      anchor: raw.copy,
      anchorTarget: undefined,
      emmett: undefined,
    });
  }
  lines.push({
    figure: "(d) rebuild both, log events / total time",
    value: registre.rebuildAll,
    anchorName: "COPY FROM STDIN",
    anchor: raw.copy,
    anchorTarget: undefined,
    emmett: undefined,
  });
  return lines;
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
export const markdownTable = (lines: readonly Line[]): string => {
  const rows = [HEADER, ...tableRows(lines)];
  const widths = HEADER.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? "").length)));
  const format = (r: readonly string[]) =>
    `| ${r.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join(" | ")} |`;
  const rule = `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`;
  return [format(HEADER), rule, ...rows.slice(1).map(format)].join("\n");
};

export type ReportInput = {
  readonly env: Environment;
  readonly config: BenchConfig;
  readonly lines: readonly Line[];
  readonly notes: readonly string[];
  readonly seconds: number;
};

export const performanceDoc = ({ env, config, lines, notes, seconds }: ReportInput): string => {
  const missed = lines.filter((l) => verdict(l).missed);
  const summary =
    missed.length === 0
      ? "Every target was met in this run."
      : `Targets missed in this run: ${missed.map((l) => `${l.figure} (${verdict(l).text})`).join("; ")}.`;
  return `# Performance

Measured by \`npm run bench\` (\`tests/bench/\`) on ${env.date}; the whole run took ${seconds.toFixed(0)} s.

- Node: ${env.node}
- PostgreSQL: ${env.postgres}
- CPUs (\`nproc\`): ${env.cpus}
- Memory: ${env.memory}
- Sizes: ${config.singleOps} commands with 1 writer, ${config.concurrentOps} with ${config.writers} writers, ${config.batchOps} appends of ${config.batchSize} events, ${config.copyRows} COPY rows, reads in pages of ${config.readPage} (\`BENCH_SCALE\` and \`BENCH_*\` change them).

${markdownTable(lines)}

## Method

Each system gets a fresh database of its own on the same server (\`registre_bench_<random>\`, then \`_raw\` and \`_emmett\`
beside it), dropped at the end. Every write figure runs a warm-up of ${(config.warmupShare * 100).toFixed(0)} % of its count
first, discarded, then a fixed number of operations; every read runs once over the whole log as warm-up, then again
timed. All payloads are the same OrganisationCreated data (about 170 bytes of JSON).

- **Raw anchors**: plain postgres.js on \`raw_events (id bigint identity primary key, stream, version, type, data jsonb,
  tx xid8 default pg_current_xact_id())\` with an index on \`(tx, id)\`. Single-row anchors are autocommit INSERTs (one
  round trip and one commit each), each writer on its own reserved connection; the multi-row anchor is one
  100-row \`INSERT … VALUES\` per statement; COPY is \`copy … from stdin\` fed through \`.writable()\`; the read is the
  xid-safe keyset loop \`where (tx, id) > ($1, $2) and tx < pg_snapshot_xmin(pg_current_snapshot()) order by tx, id
  limit 1000\`, jsonb decoded by postgres.js.
- **Registre**: the real \`@registre/store\` and \`@registre/projections\` code. A command is \`store.append\` of one event:
  each writer alternately creates an organisation (\`OrganisationCreated\` on a new \`org-<uuid>\` stream, \`no_stream\`) and
  renames the one it just created (\`OrganisationRenamed\`, expected version 1): half new streams, half existing, every
  writer on its own organisations. The catch-up read is \`readAll\` from \`START\` over that log; the rebuilds are
  \`runner.rebuild("stream_history")\` and \`runner.rebuild("organisations")\` over it (each rebuilt once as warm-up).
  The 100-event appends come last (one organisation, a new stream each) so the read and rebuilds see only the
  organisation log.
- **Emmett** (\`@event-driven-io/emmett-postgresql\` 0.42.0): \`getPostgreSQLEventStore\` and \`appendToStream\` with the same
  command mix (\`STREAM_DOES_NOT_EXIST\`, then expected version 1n) and the same metadata; the catch-up read is its
  \`readMessagesBatch\` loop (what its consumers poll with) in pages of ${config.readPage}. Emmett has no projection rebuild
  over a Registre-shaped projector, so (d) is n/a.

Targets (from the issue): single-event commands >= 40 % of the raw single-row rate at the same writer count, batched
appends >= 50 % of the raw multi-row rate, catch-up read >= 50 % of the raw read, and every Registre figure >= Emmett's
in the same run. ${summary}

## Notes from this run

${notes.map((n) => `- ${n}`).join("\n")}
`;
};

export const writeReport = (path: string, input: ReportInput): void => {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, performanceDoc(input));
};
