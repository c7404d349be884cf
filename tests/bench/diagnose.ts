import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { canonicalJson } from "@registre/core";
import postgres from "postgres";
import {
  type BenchConfig,
  type Contender,
  compare,
  concurrently,
  organisationCreated,
  type Rate,
} from "./common.ts";
import type { RawBench } from "./raw.ts";
import type { RegistreBench } from "./registre.ts";
import { formatTable, percent } from "./report.ts";

/**
 * Where a single-event command's time goes, measured on Registre's own database (never its code):
 * the same organisation-creating append sent four ways, beside the raw single-row INSERT of the anchor.
 */
export type Variant = {
  readonly label: string;
  readonly rate: Rate | undefined;
  /** Node CPU per operation (user + system), in microseconds. */
  readonly nodeMicros: number | undefined;
  /** CPU of every local `postgres` process per operation, in microseconds (undefined if not visible). */
  readonly postgresMicros: number | undefined;
};

export type Diagnosis = { readonly writers: number; readonly variants: readonly Variant[] };

const QUIET = "bench_append_quiet";
const TICK_MICROS = 10_000; // Linux USER_HZ is 100

/**
 * CPU time used so far by the local server's processes (utime + stime from /proc/<pid>/stat, in
 * microseconds); undefined where they cannot be seen (another machine, no /proc).
 */
const postgresCpu = (local: boolean): number | undefined => {
  if (!local) return undefined;
  let total = 0;
  let found = false;
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((p) => /^\d+$/.test(p));
  } catch {
    return undefined;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      if (stat.slice(stat.indexOf("(") + 1, close) !== "postgres") continue;
      const fields = stat.slice(close + 2).split(" ");
      total += (Number(fields[11]) + Number(fields[12])) * TICK_MICROS;
      found = true;
    } catch {
      // the process ended meanwhile
    }
  }
  return found ? total : undefined;
};

/** A copy of registre_append without its pg_notify, in the benchmark's database only; false if not found. */
const createQuietCopy = async (sql: postgres.Sql): Promise<boolean> => {
  const [row] = await sql<{ def: string }[]>`
    select pg_get_functiondef('registre_append(uuid, text, bigint, uuid, text[], integer[], text[], text[])'::regprocedure) as def`;
  const def = row?.def ?? "";
  const notify = /perform pg_notify\('registre_events', ''\);/;
  const name = /FUNCTION public\.registre_append\(/;
  // Both must be found: otherwise the definition would replace registre_append itself.
  if (!notify.test(def) || !name.test(def)) return false;
  await sql.unsafe(def.replace(notify, "").replace(name, `FUNCTION public.${QUIET}(`));
  return true;
};

type Args = { org: string; stream: string; command: string; data: string; meta: string };

const argsFor = (n: number): Args => {
  const org = randomUUID();
  const command = randomUUID();
  return {
    org,
    stream: `org-${org}`,
    command,
    data: canonicalJson(organisationCreated(org, n)),
    meta: canonicalJson({ commandId: command, at: new Date().toISOString(), userId: "bench" }),
  };
};

export const diagnose = async (
  url: string,
  config: BenchConfig,
  raw: RawBench,
  registre: RegistreBench,
  onError: (label: string, error: unknown) => void,
): Promise<Diagnosis[]> => {
  const sql = postgres(url, { max: config.writers + 1, onnotice: () => {} });
  // Server CPU is read from /proc, so only for a server on this machine.
  const local = ["localhost", "127.0.0.1", "[::1]", ""].includes(new URL(url).hostname);
  try {
    const quiet = await createQuietCopy(sql).catch((error: unknown) => {
      onError("copy of registre_append without NOTIFY", error);
      return false;
    });
    let n = 0;
    const append = (tx: postgres.TransactionSql | postgres.Sql, a: Args, fn: string) =>
      tx`select * from ${tx(fn)}(${a.org}::uuid, ${a.stream}, ${0}::bigint, ${a.command}::uuid,
        ${["OrganisationCreated"]}::text[], ${[1]}::integer[], ${[a.data]}::text[], ${[a.meta]}::text[])`;
    const store = registre.store;
    const variants: { label: string; run: (writers: number) => Contender }[] = [
      {
        label: "store.append (Kysely: BEGIN, set_config, registre_append, COMMIT)",
        run: (writers) => async (ops) => {
          await concurrently(writers, ops, async () => {
            const a = argsFor(n++);
            const data = organisationCreated(a.org, n);
            await store.append(a.org, a.stream, "no_stream", [{ type: "OrganisationCreated", data }], {
              metadata: { commandId: a.command, at: new Date().toISOString(), userId: "bench" },
            });
          });
          return ops;
        },
      },
      {
        label: "same 4 statements, postgres.js prepared",
        run: (writers) => async (ops) => {
          await concurrently(writers, ops, async () => {
            const a = argsFor(n++);
            await sql.begin(async (tx) => {
              await tx`select set_config('role', 'registre_app', true), set_config('app.org_id', ${a.org}, true)`;
              await append(tx, a, "registre_append");
            });
          });
          return ops;
        },
      },
      {
        label: "registre_append alone, 1 round trip (autocommit)",
        run: (writers) => async (ops) => {
          await concurrently(writers, ops, async () => {
            await append(sql, argsFor(n++), "registre_append");
          });
          return ops;
        },
      },
      {
        label: "same, without its pg_notify",
        run: (writers) =>
          quiet
            ? async (ops) => {
                await concurrently(writers, ops, async () => {
                  await append(sql, argsFor(n++), QUIET);
                });
                return ops;
              }
            : undefined,
      },
      {
        label: "raw single-row INSERT (the anchor)",
        run: (writers) => (ops) => raw.singleRows(writers, ops),
      },
    ];
    const out: Diagnosis[] = [];
    for (const writers of [1, config.writers]) {
      const ops = writers === 1 ? Math.max(16, Math.round(config.diagnosticOps / 4)) : config.diagnosticOps;
      const cpu = variants.map(() => ({ node: 0, server: 0 as number | undefined, ops: 0 }));
      const contenders = variants.map((v, i) => {
        const run = v.run(writers);
        if (!run) return undefined;
        return async (count: number) => {
          const before = process.cpuUsage();
          const serverBefore = postgresCpu(local);
          const done = await run(count);
          const used = process.cpuUsage(before);
          const serverAfter = postgresCpu(local);
          const c = cpu[i];
          if (c) {
            c.node += used.user + used.system;
            c.server =
              c.server === undefined || serverBefore === undefined || serverAfter === undefined
                ? undefined
                : c.server + serverAfter - serverBefore;
            c.ops += done;
          }
          return done;
        };
      });
      const rates = await compare(config, ops, contenders, (i, error) =>
        onError(variants[i]?.label ?? String(i), error),
      );
      out.push({
        writers,
        variants: variants.map((v, i) => {
          const c = cpu[i];
          const per = (micros: number | undefined) =>
            c && c.ops > 0 && micros !== undefined ? micros / c.ops : undefined;
          return { label: v.label, rate: rates[i], nodeMicros: per(c?.node), postgresMicros: per(c?.server) };
        }),
      });
    }
    return out;
  } finally {
    await sql.end();
  }
};

const micros = (m: number | undefined) => (m === undefined ? "?" : `${Math.round(m)} µs`);

/** The diagnostics as one table: per variant and writer count, the rate (share of the raw INSERT) and CPU. */
export const diagnosisTable = (diagnoses: readonly Diagnosis[]): string => {
  const first = diagnoses[0];
  if (!first) return "No diagnostics in this run.";
  const header = [
    "organisation-creating append sent as",
    ...diagnoses.flatMap((d) => [
      `${d.writers} writer${d.writers === 1 ? "" : "s"}`,
      "node CPU/op",
      "server CPU/op",
    ]),
  ];
  const body = first.variants.map((v, i) => [
    v.label,
    ...diagnoses.flatMap((d) => {
      const x = d.variants[i];
      const raw = d.variants.at(-1)?.rate?.perSecond;
      const rate = x?.rate?.perSecond;
      const share = rate !== undefined && raw ? ` (${percent(rate / raw)})` : "";
      return [
        rate === undefined ? "n/a" : `${Math.round(rate)}/s${share}`,
        micros(x?.nodeMicros),
        micros(x?.postgresMicros),
      ];
    }),
  ]);
  return formatTable(header, body);
};
