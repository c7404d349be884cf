/**
 * Issue 8's load benchmark: the real Registre server under a bounded number of concurrent clients
 * (autocannon), reads and commands measured as separate figures, beside a bare Hono endpoint on the
 * same node server measured with the same settings in the same run. Run by `npm run bench` after the
 * accounting benchmark, or alone: `npx tsx tests/bench/load.ts`. Settings: see `loadConfig`.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { openDatabase } from "@registre/store";
import autocannon from "autocannon";
import postgres from "postgres";
import { openContext } from "../../api/src/bootstrap.ts";
import type { AppContext } from "../../api/src/context.ts";
import { registerUser } from "../../api/src/identity/users.ts";
import { adminUrl, urlFor, withAdmin } from "../support/postgres-admin.ts";
import { generateBooks } from "./accounting-generator.ts";
import { dropOnInterrupt, errorMessage, percentile } from "./common.ts";
import { type LoadFigure, type LoadRun, loadTable, writeLoadSection } from "./load-report.ts";
import { watchCpu, watchHorizon } from "./load-watch.ts";
import { startWireCounter, type WireCounter } from "./wire-count.ts";

export type LoadConfig = {
  /** Seconds each figure is measured (after one untimed second). */
  readonly seconds: number;
  readonly connections: number;
  /** Ledger lines of the organisation's books (0 skips the load benchmark). */
  readonly lines: number;
  /** Sequential requests of each kind in the round-trip profile (0 skips it). */
  readonly profile: number;
};

const count = (name: string, fallback: number): number => {
  const text = process.env[name];
  if (text === undefined || text === "") return fallback;
  const value = Number(text.replace(/_/g, ""));
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number, got ${text}`);
  return value;
};

/** BENCH_LOAD_SECONDS (10), BENCH_LOAD_CONNECTIONS (20), BENCH_LOAD_LINES (20000; 0 skips), BENCH_LOAD_PROFILE (40). */
export const loadConfig = (): LoadConfig => ({
  seconds: Math.max(1, count("BENCH_LOAD_SECONDS", 10)),
  connections: Math.max(1, count("BENCH_LOAD_CONNECTIONS", 20)),
  lines: count("BENCH_LOAD_LINES", 20_000),
  profile: count("BENCH_LOAD_PROFILE", 40),
});

const USER = { email: "charge@registre-bench.fr", password: "bench-load-2026", name: "Charge Bench" };

/** The organisation's books: the accounting generator's (commands, then the bulk log), owned by USER. */
const seedBooks = async (url: string, lines: number, log: (text: string) => void) => {
  const database = await openDatabase({ url, maxConnections: 4 });
  const dataDir = mkdtempSync(join(tmpdir(), "registre-load-seed-"));
  const base = await openContext({ dataDir }, database);
  let now = new Date("2025-01-02T10:00:00Z");
  const ctx: AppContext = { ...base, clock: () => now };
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  try {
    await ctx.runner.start();
    const meta = () => ({ commandId: ctx.newId(), at: ctx.clock().toISOString(), userId: "system" });
    const ownerId = await registerUser(ctx, USER, meta());
    const books = await generateBooks(
      ctx,
      (day) => {
        now = new Date(`${day}T10:00:00Z`);
      },
      sql,
      lines,
      log,
      { ownerId },
    );
    return books;
  } finally {
    await ctx.runner.stop();
    await sql.end();
    await ctx.database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

type Servers = { registre: string; bare: string; pid: number | undefined; stop: () => Promise<void> };

const startServers = async (databaseUrl: string): Promise<Servers> => {
  const dataDir = mkdtempSync(join(tmpdir(), "registre-load-"));
  const script = fileURLToPath(new URL("./load-server.ts", import.meta.url));
  // BENCH_LOAD_SERVER_ARGS: node options for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const extra = (process.env.BENCH_LOAD_SERVER_ARGS ?? "").split(" ").filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...extra, "--import", "tsx", script], {
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const ready = await new Promise<{ registre: string; bare: string }>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += String(chunk);
      const match = /^ready (.*)$/m.exec(output);
      if (match?.[1]) resolve(JSON.parse(match[1]));
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => {
      output += String(chunk);
    });
    child.once("exit", (code) => reject(new Error(`the load server exited (${code}):\n${output}`)));
  });
  return {
    ...ready,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

type Scenario = {
  readonly label: string;
  readonly kind: LoadFigure["kind"];
  readonly base: "registre" | "bare";
  readonly requests: autocannon.Request[];
  /** With a fixed count of requests (each draft validated once) instead of the duration. */
  readonly amount?: () => number;
};

const json = { "content-type": "application/json" };

const api = async (base: string, path: string, token: string | null, init: RequestInit = {}) => {
  const res = await fetch(`${base}/api${path}`, {
    ...init,
    headers: { ...json, ...(token && { authorization: `Bearer ${token}` }), ...init.headers },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
};

const draftBody = (i: number) =>
  JSON.stringify({
    journal: "OD",
    date: "2025-12-15",
    pieceRef: `LOAD-${i}`,
    label: `Charge ${i}`,
    lines: [
      { account: "606100", debit: 1000 + (i % 97), credit: 0 },
      { account: "512000", debit: 0, credit: 1000 + (i % 97) },
    ],
  });

/** The requests of each figure; `drafts` collects the drafts' ids for the validation figure. */
const scenarios = (token: string, mvts: readonly string[], drafts: string[]): Scenario[] => {
  const auth = { authorization: `Bearer ${token}` };
  let n = 0;
  let v = 0;
  const pick = () => mvts[Math.floor(Math.random() * mvts.length)] ?? "";
  return [
    {
      label: "bare Hono GET (anchor)",
      kind: "anchor",
      base: "bare",
      requests: [{ method: "GET", path: "/" }],
    },
    {
      label: "read: entries list, first page of 50",
      kind: "read",
      base: "registre",
      requests: [{ method: "GET", path: "/api/accounting/entries?limit=50", headers: auth }],
    },
    {
      label: "read: one entry",
      kind: "read",
      base: "registre",
      requests: [
        {
          method: "GET",
          headers: auth,
          setupRequest: (req) => ({ ...req, path: `/api/accounting/entries/mvt/${pick()}` }),
        },
      ],
    },
    {
      label: "read: trial balance of the year",
      kind: "read",
      base: "registre",
      requests: [
        {
          method: "POST",
          path: "/api/accounting/reports/balance",
          headers: { ...auth, ...json },
          body: JSON.stringify({ start: "2025-01-01", end: "2025-12-31" }),
        },
      ],
    },
    {
      label: "read: accounts list",
      kind: "read",
      base: "registre",
      requests: [{ method: "GET", path: "/api/accounting/accounts", headers: auth }],
    },
    {
      label: "command: draft an entry",
      kind: "command",
      base: "registre",
      requests: [
        {
          method: "POST",
          path: "/api/accounting/entries",
          setupRequest: (req) => ({
            ...req,
            headers: { ...auth, ...json, "idempotency-key": randomUUID() },
            body: draftBody(++n),
          }),
          onResponse: (status, body) => {
            if (status === 201) drafts.push((JSON.parse(body) as { mvt: string }).mvt);
          },
        },
      ],
    },
    {
      label: "command: validate a draft",
      kind: "command",
      base: "registre",
      amount: () => drafts.length,
      requests: [
        {
          method: "POST",
          setupRequest: (req) => ({
            ...req,
            path: `/api/accounting/entries/${drafts[v++ % Math.max(1, drafts.length)]}/validate`,
            headers: { ...auth, "idempotency-key": randomUUID() },
          }),
        },
      ],
    },
  ];
};

/** One autocannon run; every response's time is kept to compute the percentiles. */
const hammer = async (
  url: string,
  requests: autocannon.Request[],
  connections: number,
  limit: { duration: number } | { amount: number },
) => {
  const times: number[] = [];
  const statuses = new Map<number, number>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url, connections, pipelining: 1, timeout: 10, requests, ...limit },
      (error: unknown, done: autocannon.Result) => (error ? reject(error) : resolve(done)),
    );
    instance.on("response", (_client, status, _bytes, responseTime) => {
      times.push(responseTime);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    });
  });
  times.sort((a, b) => a - b);
  return { result, times, statuses };
};

const measure = async (
  servers: Servers,
  scenario: Scenario,
  config: LoadConfig,
  database: string,
): Promise<LoadFigure> => {
  const url = servers[scenario.base];
  // Warm-up, untimed: a second of the same requests (the validation figure has no draft to spare).
  if (!scenario.amount) await hammer(url, scenario.requests, config.connections, { duration: 1 });
  const limit = scenario.amount ? { amount: scenario.amount() } : { duration: config.seconds };
  if ("amount" in limit && limit.amount === 0) throw new Error(`${scenario.label}: nothing to run`);
  const started = performance.now();
  const horizon = watchHorizon(database);
  const cpu = scenario.base === "registre" ? await watchCpu(servers.pid, database) : undefined;
  const { result, times, statuses } = await hammer(url, scenario.requests, config.connections, limit);
  const heldShare = await horizon();
  const used = await cpu?.();
  const expected = scenario.label.startsWith("command: draft") ? 201 : 200;
  const load = loadavg()[0] ?? 0;
  const seconds = (performance.now() - started) / 1000;
  return {
    label: scenario.label,
    kind: scenario.kind,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    max: times.at(-1) ?? Number.NaN,
    rate: times.length / seconds,
    requests: times.length,
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    bytes: result.requests.total > 0 ? result.throughput.total / result.requests.total : 0,
    unexpected: [...statuses.entries()].filter(([s]) => s !== expected).reduce((n, [, k]) => n + k, 0),
    statuses: Object.fromEntries(statuses),
    heldShare,
    expected,
    load,
    ...(used && { cpu: { server: used.server / times.length, database: used.database / times.length } }),
  };
};

/**
 * Round trips to PostgreSQL per request: the server run through a counting proxy, `n` sequential
 * requests of each kind, minus what the runner does idle over the same time.
 */
const profile = async (
  databaseUrl: string,
  token: string,
  mvts: readonly string[],
  n: number,
  log: (text: string) => void,
): Promise<Map<string, { statements: number; waits: number }>> => {
  const target = new URL(databaseUrl);
  const counter: WireCounter = await startWireCounter({
    host: target.hostname,
    port: Number(target.port || 5432),
  });
  const proxied = new URL(databaseUrl);
  proxied.host = `127.0.0.1:${counter.port}`;
  const servers = await startServers(proxied.toString());
  const out = new Map<string, { statements: number; waits: number }>();
  try {
    const drafts: string[] = [];
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    counter.reset();
    const idleStarted = performance.now();
    await sleep(3000);
    const idleMs = performance.now() - idleStarted;
    const idlePerMs = counter.roundTrips() / idleMs;
    const idleWaitsPerMs = counter.waits() / idleMs;
    for (const s of scenarios(token, mvts, drafts)) {
      if (s.base === "bare") continue;
      const request = s.requests[0];
      if (!request) continue;
      const runs = s.amount ? Math.min(n, s.amount() - 1) : n;
      // One untimed request first: statement caches and prepared statements are the steady state.
      await sendOnce(servers.registre, request);
      await sleep(200);
      counter.reset();
      const started = performance.now();
      for (let i = 0; i < runs; i++) await sendOnce(servers.registre, request);
      await sleep(200); // the projectors' work the last commands caused
      const elapsed = performance.now() - started;
      const trips = counter.roundTrips() - idlePerMs * elapsed;
      const waits = counter.waits() - idleWaitsPerMs * elapsed;
      out.set(s.label, { statements: trips / runs, waits: waits / runs });
      log(
        `  ${s.label}: ${(trips / runs).toFixed(1)} statements in ${(waits / runs).toFixed(1)} waits per request`,
      );
      if (process.env.BENCH_LOAD_TRACE)
        for (const [text, times] of counter.statements().slice(0, 40))
          log(`      ${(times / runs).toFixed(2)}  ${text.replace(/\s+/g, " ").slice(0, 160)}`);
    }
  } finally {
    await servers.stop();
    await counter.close();
  }
  return out;
};

/** Sends one request of a scenario as autocannon would (its setupRequest and onResponse applied). */
const sendOnce = async (base: string, request: autocannon.Request) => {
  const setup = request.setupRequest as
    | ((r: autocannon.Request, c: object) => autocannon.Request)
    | undefined;
  const onResponse = request.onResponse as ((status: number, body: string, c: object) => void) | undefined;
  const req = setup?.({ ...request }, {}) ?? request;
  const res = await fetch(`${base}${req.path}`, {
    method: req.method ?? "GET",
    headers: req.headers as Record<string, string>,
    ...(req.body !== undefined && { body: String(req.body) }),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${req.method} ${req.path}: ${res.status} ${text.slice(0, 300)}`);
  onResponse?.(res.status, text, {});
};

/** Runs the load benchmark and writes its section into `reportPath`. */
export const runLoadBench = async (reportPath: string, log = console.log): Promise<LoadRun | undefined> => {
  const config = loadConfig();
  if (config.lines === 0) {
    log("Load benchmark skipped (BENCH_LOAD_LINES=0)");
    return undefined;
  }
  const started = performance.now();
  // BENCH_DB_PREFIX replaces "registre" in the database's name (a shared server), as in the other parts.
  const name = `${process.env.BENCH_DB_PREFIX ?? "registre"}_bench_load_${randomBytes(4).toString("hex")}`;
  const url = urlFor(adminUrl(), name);
  const drop = () => withAdmin((sql) => sql.unsafe(`drop database if exists "${name}" with (force)`));
  log(`\nLoad benchmark in ${name}: ${JSON.stringify(config)}`);
  const restoreSignals = dropOnInterrupt(drop);
  const notes: string[] = [];
  try {
    await withAdmin((sql) => sql.unsafe(`create database "${name}"`));
    const seedStarted = performance.now();
    const books = await seedBooks(url, config.lines, log);
    const seed = `one organisation made by the accounting benchmark's generator (\`generateBooks\`: chart, 450 auxiliary accounts, ${books.commandEntries} entries through the command path, the rest of its ${books.entries.toLocaleString("en-US")} validated entries — ${books.lines.toLocaleString("en-US")} ledger lines, ${books.events.toLocaleString("en-US")} events — in bulk), owned by one user who signs in through \`POST /api/login\`; the server catches its read models up before the measure.`;
    log(
      `  books: ${books.entries} entries, ${books.events} events (${((performance.now() - seedStarted) / 1000).toFixed(1)} s)`,
    );

    let servers = await startServers(url);
    const { token } = (await api(servers.registre, "/login", null, {
      method: "POST",
      body: JSON.stringify({ email: USER.email, password: USER.password }),
    })) as { token: string };
    const list = (await api(servers.registre, "/accounting/entries?limit=500", token)) as {
      items: { mvt: string }[];
    };
    const mvts = list.items.map((i) => i.mvt);
    let trips = new Map<string, { statements: number; waits: number }>();
    if (config.profile > 0) {
      await servers.stop();
      log("  profile: round trips per request (server through a counting proxy)");
      trips = await profile(url, token, mvts, config.profile, log);
      servers = await startServers(url);
    }
    const figures: LoadFigure[] = [];
    try {
      const drafts: string[] = [];
      const only = process.env.BENCH_LOAD_ONLY;
      for (const scenario of scenarios(token, mvts, drafts)) {
        if (only && !scenario.label.includes(only)) continue;
        const figure = {
          ...(await measure(servers, scenario, config, name)),
          roundTrips: trips.get(scenario.label),
        };
        if (figure.kind === "command" && figure.heldShare > 0)
          notes.push(
            `While "${figure.label}" was measured, a transaction of another database of the cluster, open for more than 50 ms after writing, held the projection horizon in ${(figure.heldShare * 100).toFixed(0)} % of the samples (every 50 ms): commands wait for their read models until it ends.`,
          );
        figures.push(figure);
        log(
          `  ${figure.label}: p50 ${figure.p50.toFixed(1)} / p95 ${figure.p95.toFixed(1)} / p99 ${figure.p99.toFixed(1)} ms, ${figure.rate.toFixed(0)} req/s, ${figure.errors + figure.timeouts} errors, statuses ${JSON.stringify(figure.statuses)}${figure.cpu ? `; CPU per request: server ${figure.cpu.server.toFixed(2)} ms, PostgreSQL ${figure.cpu.database.toFixed(2)} ms` : ""}`,
        );
      }
    } finally {
      await servers.stop();
    }
    const run: LoadRun = {
      date: new Date().toISOString().slice(0, 10),
      seconds: (performance.now() - started) / 1000,
      connections: config.connections,
      duration: config.seconds,
      seed,
      figures,
      notes,
    };
    log(`\n${loadTable(figures)}\n`);
    writeLoadSection(reportPath, run);
    log(`Load section written to ${reportPath} (${run.seconds.toFixed(0)} s)`);
    return run;
  } finally {
    restoreSignals();
    await drop();
  }
};

const REPORT =
  process.env.BENCH_LOAD_REPORT || fileURLToPath(new URL("../../docs/performance.md", import.meta.url));

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runLoadBench(REPORT).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(errorMessage(error), error);
      process.exit(1);
    },
  );
}
