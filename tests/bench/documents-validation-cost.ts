/**
 * Where an invoice validation's time goes: the CPU it costs, in the Node process and in PostgreSQL's
 * backends, against a raw single-row INSERT's. Not part of `npm run bench` (a diagnostic of issue 11's
 * validation figures): `npx tsx tests/bench/documents-validation-cost.ts`, BENCH_COST_VALIDATIONS
 * (480) per phase, BENCH_DB_PREFIX. On a shared machine, CPU time is steadier than rates.
 *
 * Phases, 8 writers on 8 organisations (the drafts made before, as in `documents-validation.ts`):
 * raw INSERTs (20 × as many); the same writes as a validation done by hand (`validation-hand.ts`, one
 * transaction each, what a validation captured in the run wrote); validations committed, the read models caught up at the end
 * (`commitValidation`); validations each waiting for its read models (`validateDocument`); the command
 * alone (the projection runner stopped); then the projection of those, caught up in large batches.
 * PostgreSQL's CPU is the user and system time of the backends of the two databases (`/proc/<pid>/stat`);
 * Node's, `process.cpuUsage`.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { openDatabase } from "@registre/store";
import { sql } from "kysely";
import { openContext } from "../../api/src/bootstrap.ts";
import type { AppContext } from "../../api/src/context.ts";
import {
  commitValidation,
  validateDocument,
  validationReadModels,
} from "../../api/src/documents/validation.ts";
import { adminUrl, urlFor, withAdmin } from "../support/postgres-admin.ts";
import { benchConfig, concurrently, dropOnInterrupt } from "./common.ts";
import {
  type Books,
  captureOne,
  DAY,
  fill,
  metadataOf,
  openBooks,
  settled,
  WRITERS,
} from "./documents-validation.ts";
import { openRaw } from "./raw.ts";
import { openHandAnchor } from "./validation-hand.ts";

const N = Math.max(WRITERS, Number(process.env.BENCH_COST_VALIDATIONS ?? 480));
const TICKS_MS = 10; // /proc/<pid>/stat counts in clock ticks of 10 ms

type Cost = { phase: string; perSecond: number; nodeMs: number; postgresMs: number; totalMs: number };

const ticks = (pid: number): number => {
  try {
    const fields = (readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1] ?? "").split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0; // a backend gone meanwhile
  }
};

export const runValidationCost = async (log = console.log): Promise<Cost[]> => {
  const name = `${process.env.BENCH_DB_PREFIX ?? "registre"}_bench_doccost_${randomBytes(4).toString("hex")}`;
  const names = [name, `${name}_raw`, `${name}_hand`];
  const drop = () =>
    withAdmin(async (admin) => {
      for (const d of names) await admin.unsafe(`drop database if exists "${d}" with (force)`);
    });
  const restore = dropOnInterrupt(drop);
  await withAdmin(async (admin) => {
    for (const d of names) await admin.unsafe(`create database "${d}"`);
  });
  try {
    const database = await openDatabase({ url: urlFor(adminUrl(), name), maxConnections: WRITERS + 2 });
    const ctx: AppContext = {
      ...(await openContext({}, database)),
      clock: () => new Date(`${DAY}T10:00:00Z`),
    };
    const raw = await openRaw(urlFor(adminUrl(), `${name}_raw`), benchConfig());
    let closeHand = async () => {};
    await ctx.runner.start();
    try {
      const books: Books[] = [];
      for (let n = 0; n < WRITERS; n++) books.push(await openBooks(ctx, n));
      await fill(ctx, books, Math.ceil((4 * N + 10 * WRITERS) / WRITERS));
      const captured = await captureOne(ctx, urlFor(adminUrl(), name));
      const hand = await openHandAnchor(urlFor(adminUrl(), `${name}_hand`), captured, WRITERS);
      for (let w = 0; w < WRITERS; w++) await hand.prepare(w, Math.ceil((2 * N + 10 * WRITERS) / WRITERS));
      closeHand = hand.close;
      await settled(ctx);
      const backends = async () =>
        (
          await sql<{
            pid: number;
          }>`select pid from pg_stat_activity where datname in (${name}, ${`${name}_raw`}, ${`${name}_hand`})`.execute(
            database.db,
          )
        ).rows.map((r) => r.pid);
      const measure = async (phase: string, count: number, work: () => Promise<unknown>): Promise<Cost> => {
        const before = new Map((await backends()).map((pid) => [pid, ticks(pid)]));
        const cpu = process.cpuUsage();
        const started = performance.now();
        await work();
        const seconds = (performance.now() - started) / 1000;
        const node = process.cpuUsage(cpu);
        let used = 0;
        for (const pid of await backends()) used += ticks(pid) - (before.get(pid) ?? 0);
        const nodeMs = (node.user + node.system) / 1000 / count;
        const postgresMs = (used * TICKS_MS) / count;
        const cost = { phase, perSecond: count / seconds, nodeMs, postgresMs, totalMs: nodeMs + postgresMs };
        log(
          `  ${phase}: ${Math.round(cost.perSecond)}/s, CPU ms each: Node ${nodeMs.toFixed(2)}, PostgreSQL ${postgresMs.toFixed(2)}, total ${cost.totalMs.toFixed(2)}`,
        );
        return cost;
      };
      const validate = (waiting: boolean) => (count: number) =>
        concurrently(WRITERS, count, async (w) => {
          const b = books[w] as Books;
          const id = b.drafts.shift() ?? "";
          if (waiting) await validateDocument(ctx, b.orgId, id, metadataOf(ctx), DAY);
          else await commitValidation(ctx, b.orgId, id, metadataOf(ctx), DAY);
        });
      const caughtUp = async () => {
        if (!(await ctx.runner.waitFor(await ctx.store.head(), validationReadModels, null, 60_000)))
          throw new Error("the read models did not catch up within 60 s");
      };
      // Warm-up: prepared statements, caches, the sequence's stream.
      await validate(false)(10 * WRITERS);
      await caughtUp();
      await raw.singleRows(WRITERS, 2000);
      await hand.validations(WRITERS, 10 * WRITERS);
      const costs = [
        await measure("raw single-row INSERT, 8 connections", 20 * N, () => raw.singleRows(WRITERS, 20 * N)),
        await measure("the same writes by hand, one transaction each, 8 connections", 2 * N, () =>
          hand.validations(WRITERS, 2 * N),
        ),
        await measure("validation committed, read models caught up at the end", N, async () => {
          await validate(false)(N);
          await caughtUp();
        }),
        await measure("validation waiting for its read models", N, () => validate(true)(N)),
      ];
      await ctx.runner.stop();
      costs.push(await measure("the command alone (runner stopped)", N, () => validate(false)(N)));
      await ctx.runner.start();
      costs.push(await measure("the projection of those, caught up in large batches", N, caughtUp));
      return costs;
    } finally {
      await closeHand();
      await ctx.runner.stop();
      await raw.close();
      await ctx.database.close();
    }
  } finally {
    restore();
    await drop();
  }
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  runValidationCost().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
