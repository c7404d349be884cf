import { writeSection } from "./common.ts";
import { formatTable } from "./report.ts";

/** One figure of the load benchmark: one kind of request under the same bounded load. */
export type LoadFigure = {
  readonly label: string;
  readonly kind: "read" | "command" | "anchor";
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly max: number;
  readonly rate: number;
  readonly requests: number;
  readonly errors: number;
  readonly timeouts: number;
  readonly non2xx: number;
  /** The route's own status (201 for a draft, 200 otherwise). */
  readonly expected: number;
  /** The machine's load average (1 min) as the figure was taken: 2 means both cores busy. */
  readonly load: number;
  /** Share of the measure during which another database's open transaction held the projection horizon. */
  readonly heldShare: number;
  /** Bytes per answer (headers and body). */
  readonly bytes: number;
  /** Answers other than the route's own (201 for a draft, 200 otherwise): a 202 "not yet visible" counts. */
  readonly unexpected: number;
  readonly statuses: Readonly<Record<string, number>>;
  /**
   * CPU time per request (ms) of the server process and of the database's PostgreSQL backends during
   * the measure (Linux only; logged, not in the table): what a request costs, less moved by other work.
   */
  readonly cpu?: { readonly server: number; readonly database: number } | undefined;
  /**
   * Database statements per request and the waits they cost (statements pipelined together are one
   * wait), from the profile pass (undefined for the anchor).
   */
  readonly roundTrips?: { readonly statements: number; readonly waits: number } | undefined;
};

export type LoadRun = {
  readonly date: string;
  readonly seconds: number;
  readonly connections: number;
  readonly duration: number;
  readonly seed: string;
  readonly figures: readonly LoadFigure[];
  readonly notes: readonly string[];
};

export const LOAD_TARGETS = { read: 50, command: 100 } as const;

const START = "<!-- load benchmark: written by tests/bench/load.ts -->";
const END = "<!-- end of load benchmark -->";

const ms = (v: number) => (v < 10 ? v.toFixed(2) : v.toFixed(1));

export const verdict = (f: LoadFigure): "PASS" | "FAIL" | "" => {
  if (f.kind === "anchor") return "";
  const ok = f.p99 <= LOAD_TARGETS[f.kind] && f.errors === 0 && f.timeouts === 0 && f.unexpected === 0;
  return ok ? "PASS" : "FAIL";
};

export const loadTable = (figures: readonly LoadFigure[]): string =>
  formatTable(
    [
      "figure",
      "p50 ms",
      "p95 ms",
      "p99 ms",
      "max ms",
      "req/s",
      "requests",
      "KB / answer",
      "errors",
      "statuses",
      "db statements / waits per req",
      "load avg",
      "target",
      "verdict",
    ],
    figures.map((f) => [
      f.label,
      ms(f.p50),
      ms(f.p95),
      ms(f.p99),
      ms(f.max),
      f.rate.toFixed(0),
      String(f.requests),
      (f.bytes / 1024).toFixed(1),
      String(f.errors + f.timeouts),
      Object.entries(f.statuses)
        .map(([status, n]) => `${n} x ${status}`)
        .join(", "),
      f.roundTrips === undefined
        ? ""
        : `${f.roundTrips.statements.toFixed(1)} / ${f.roundTrips.waits.toFixed(1)}`,
      f.load.toFixed(1),
      f.kind === "anchor" ? "anchor" : `p99 <= ${LOAD_TARGETS[f.kind]} ms, 0 errors`,
      verdict(f),
    ]),
  );

/** Why the misses of this run, and what would fix them. */
const explanations = ({ figures, connections }: LoadRun): string => {
  const failed = figures.filter((f) => verdict(f) === "FAIL");
  if (failed.length === 0) return "";
  const parts: string[] = [];
  if (failed.some((f) => f.kind === "read"))
    parts.push(`**Reads.** A read costs one statement for the session and its rights, then the route's own
(one or two); the server is one node process, so under ${connections} connections a request waits for the CPU time of the
requests ahead of it: p99 is about the connections times the CPU time of one answer. The chart and the trial
balance answer every account of the organisation (the KB column): their time goes to building and writing that
JSON (a CPU profile of the server, \`BENCH_LOAD_SERVER_ARGS=--cpu-prof\`, shows socket writes, JSON and garbage
collection on top). What would fix them: smaller answers (a page of the chart, the trial balance's rows without
the labels the client already has), or more processes than one (node's cluster module) on a machine with the
cores for it; on this 2-core machine PostgreSQL and the load generator share them.`);
  if (failed.some((f) => f.kind === "command"))
    parts.push(`**Commands.** A command waits until the read models it answers from show its events (read-your-writes).
It costs the round trips in the table (see "How commands are answered"). The commands of one organisation are
serialised by its lock (a validation holds it across its transaction's round trips, a draft only inside its one
statement), and the projection horizon is cluster-wide: a long transaction anywhere on the PostgreSQL server holds
every command's read models back until it ends. On this 2-core machine the load generator, the server and
PostgreSQL share the cores (the load avg column): a request waits for the CPU time of the requests ahead of it.
What would fix more: a validation's append in one statement (its number is in its events, so the events are
built once the number is taken), the projection's statements folded further (one per read model), and a measure
where the load generator does not share the server's cores.`);
  return `### Why the misses, and what would fix them\n\n${parts.join("\n\n")}\n\n`;
};

export const loadSection = (run: LoadRun): string => {
  const failed = run.figures.filter((f) => verdict(f) === "FAIL");
  const summary =
    failed.length === 0
      ? "Every target was met in this run."
      : `**Missed in this run**: ${failed.map((f) => `${f.label} (p99 ${ms(f.p99)} ms, ${f.errors + f.timeouts} errors, ${f.unexpected} answers other than ${f.expected})`).join("; ")}.`;
  return `${START}
## Load (issue 8)

Measured by the load part of \`npm run bench\` (\`tests/bench/load.ts\`, which also runs alone) on ${run.date}; this
part took ${run.seconds.toFixed(0)} s. Target (from the issue): under ${run.connections} concurrent clients on PostgreSQL, reads
p99 <= ${LOAD_TARGETS.read} ms and commands p99 <= ${LOAD_TARGETS.command} ms, with no error.

${loadTable(run.figures)}

${summary}

**How reads are answered.** The accounts list, the entries list's pages, the trial balance and the general
ledger's pages are answered from an in-process cache keyed by the route, the organisation, the locale, the query and
the versions of the read models they read (per organisation, committed with the rows: \`api/src/http/answer-cache.ts\`,
\`projections/src/versions.ts\`); each request still opens the session, checks its rights and reads those versions
(two statements). This benchmark repeats the same request, so after the first one its reads are cache hits: the
figures are those of an organisation reading its books between two changes. A read after a change computes its
answer once (that cost, without the cache: the entries list p99 76.8 ms, the trial balance 107.7 ms, the accounts
list 71.5 ms on this machine earlier the same day, beside 16.9 ms for one entry).

**How commands are answered.** Counted by the profile (sequential requests, on the wire): a draft costs about
14 statements in 10 waits (27 round trips before the 2026-11-24 changes, 45 at first), a validation 19 in 11 (32;
51) — statements a client pipelines are one wait (\`tests/bench/wire-count.ts\`). A draft: the
session read and the idempotency key's claim in one statement (once the server has seen the token: a token's
user and organisation never change), the command-id look-up with the entry's stream, the chart, the journals and
the calendar (one statement, \`registre_read_command\`), the append with its guards and its bounded volume counter
(one statement, \`registre_append_counted\`: the organisation's lock is held only inside PostgreSQL), the debounced
notification for other processes, then the projectors — told the command's place in the log with its wake-up (no
read of the log's head, one wake-up per command), they read the log's tail once and apply its events in one
transaction (checkpoints, history, entry, search row, both totals tables in one statement, versions), BEGIN sent
with its first statement and the writes nobody reads sent behind, waited for by the commit (\`store/src/pipeline.ts\`)
—, the answer's read and the key's answer stored. A validation prints the entry's number in its events: they go
as templates the server fills with the number it takes, so its append is one statement too
(\`registre_append_many_counted\`, \`store/src/templates.ts\`), and its read models write the lines and balances
too (the three balance tables in one statement). Answers are gzip-compressed for clients that accept it (this
benchmark sends a browser's Accept-Encoding), compressed once per cached answer.

${explanations(run)}### Method

- **Server**: the real Registre server (\`startServer\`, what \`registre serve\` runs) in a child process of its own
  (\`tests/bench/load-server.ts\`), on a fresh PostgreSQL database (\`registre_bench_load_<random>\`, dropped at the
  end), its projections running; beside it, in the same process, a bare Hono app on the same \`@hono/node-server\`
  answering a small JSON: the anchor, what the machine, node and the HTTP stack cost with no database.
- **Books**: ${run.seed}
- **Load**: autocannon (a bounded load generator) in the benchmark process, ${run.connections} connections, one request in flight
  each, ${run.duration} s per figure after an untimed second of the same requests; one figure at a time, in the order
  of the table. Latencies are every response's time as autocannon saw it (p50, p95, p99 computed from all of
  them); errors are connection errors and timeouts; every status is listed, and any answer other than the
  route's own (201 for a draft, 200 otherwise) is an error for the verdict: a 202 "not yet visible" means
  the command's read models did not show it within the wait budget (1.5 s).
- **Requests**: reads are \`GET /api/accounting/entries?limit=50\` (the first page of the entries list, with its
  total and sums), \`GET /api/accounting/entries/mvt/{mvt}\` (an entry drawn at random among 500), \`POST
  /api/accounting/reports/balance\` (the trial balance of 2025) and \`GET /api/accounting/accounts\` (the chart);
  commands are \`POST /api/accounting/entries\` (a two-line draft, a new \`Idempotency-Key\` each) and \`POST
  /api/accounting/entries/{mvt}/validate\` (the drafts of the previous figure, each once, with its key).
- **Round trips**: a profile pass before the measure runs the same server through a TCP proxy that counts
  the messages that cost a round trip to PostgreSQL (a simple query, an extended-protocol Sync), over
  sequential requests of each kind; the runner's own polling over the same time (measured idle) is
  subtracted. A command's count includes the projection work its events cause.
- **Settings**: \`BENCH_LOAD_SECONDS\` (10 s per figure), \`BENCH_LOAD_CONNECTIONS\` (20), \`BENCH_LOAD_LINES\` (20,000
  ledger lines; 0 skips this part), \`BENCH_LOAD_PROFILE\` (40 sequential requests of each kind; 0 skips the
  profile), \`BENCH_LOAD_ONLY\` (only the figures whose label contains it), \`BENCH_LOAD_TRACE=1\` (the profile lists
  each statement's count per request), \`BENCH_LOAD_SERVER_ARGS\` (node options for the server, e.g. \`--cpu-prof\`).
- **Machine**: 2 cores shared by the server, PostgreSQL and the load generator, and by whatever else runs (the
  "load avg" column: the 1-minute load average as each figure ended; above 2, other work took CPU time too):
  the absolute figures move with it; compare each with the anchor of the same run.

### Notes from this run

${run.notes.length > 0 ? run.notes.map((n) => `- ${n}`).join("\n") : "- None."}
${END}
`;
};

/** Writes the section in place of the previous one, or at the end of the document. */
export const writeLoadSection = (path: string, run: LoadRun): void =>
  writeSection(path, START, END, loadSection(run));
