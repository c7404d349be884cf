/**
 * Issue 11's validation benchmark: sales invoices validated through `commitValidation` (the document
 * numbered and its VT entry drafted and validated, one multi-stream commit; each round ends when the
 * documents and ledger read models show all of them, so their projection is inside the time), interleaved
 * round by round with `compare`:
 *
 * - 8 writers on 8 organisations (each writer its own organisation) against its real limit, **the same
 *   writes done by hand** (issue 24, point 4: `validation-hand.ts`, one plain SQL transaction per
 *   validation writing the events and read-model rows a captured validation wrote, 8 connections, 8
 *   organisations): target 50 %; beside the raw single-row INSERTs of `raw.ts` (8 connections), kept for
 *   reference. Measured BENCH_REPEAT times (default 1), each run written with the median.
 * - The same with each validation waiting for its read models before the writer's next
 *   (`validateDocument`, what the PUT route answers after): the per-request figure, against raw.
 * - 8 writers on one organisation (the FA and VT counters serialise them) against 1 raw writer: target
 *   25 %; then the organisation's FA numbers and VT entries are checked gapless, each invoice with its
 *   entry.
 *
 * The drafts (one line each, a customer with its account, every mandatory mention) are created before
 * the clock starts, through `createDocument`. Sizes: BENCH_DOCS_VALIDATIONS validations per round
 * (default 240), BENCH_ROUNDS rounds (3), 10 % warm-up. `handOnly`: the first figure alone
 * (BENCH_ONLY=validation).
 */
import { randomBytes } from "node:crypto";
import type { CommandMetadata } from "@registre/core";
import { readModels } from "@registre/projections";
import { openDatabase } from "@registre/store";
import postgres from "postgres";
import { openContext } from "../../api/src/bootstrap.ts";
import { createContact } from "../../api/src/contacts/create.ts";
import type { AppContext } from "../../api/src/context.ts";
import { createDocument } from "../../api/src/documents/commands.ts";
import {
  commitValidation,
  validateDocument,
  validationReadModels,
} from "../../api/src/documents/validation.ts";
import { ProblemError } from "../../api/src/http/problem.ts";
import { createOrganisation } from "../../api/src/organisations.ts";
import { CreateContactInput } from "../../api/src/schemas/contacts.ts";
import { customerBody } from "../../api/src/testing/documents-setup.ts";
import { adminUrl, urlFor, withAdmin } from "../support/postgres-admin.ts";
import {
  benchConfig,
  benchRepeat,
  compare,
  concurrently,
  dropOnInterrupt,
  formatRate,
  type Rate,
} from "./common.ts";
import { openRaw } from "./raw.ts";
import { type Capture, captureValidation, describeCapture } from "./validation-capture.ts";
import { openHandAnchor } from "./validation-hand.ts";
import { startWireCounter } from "./wire-count.ts";

export const DAY = "2025-02-03";
export const WRITERS = 8;

/** One run of the 8-organisation figure: Registre, the same writes by hand, raw single-row INSERTs. */
export type HandRun = { registre: Rate; hand: Rate; raw: Rate; retries: number };

export type HandFigures = {
  readonly runs: readonly HandRun[];
  /** What the captured validation wrote, table by table; its tables without `org_id`, not replayed. */
  readonly capture: { tables: string; global: readonly string[]; bytes: number; ownIds: number };
  /** Tables the anchor's one statement writes. */
  readonly writes: number;
  /** Events the anchor wrote, their chains checked link by link. */
  readonly checkedEvents: number;
};

export type ValidationFigures = {
  readonly perRound: number;
  readonly rounds: number;
  readonly hand: HandFigures;
  /** 8 organisations, each validation waiting for its read models before the next (the PUT route's answer). */
  readonly manyOrgsWaiting?: { registre: Rate; raw: Rate; retries: number };
  readonly oneOrg?: { registre: Rate; raw: Rate; retries: number };
  readonly check?: { invoices: number; faGaps: number; vtGaps: number; withoutEntry: number };
  readonly setupSeconds: number;
  /** Round trips to PostgreSQL per validation, its projection work included (sequential, one organisation). */
  readonly roundTrips?: number;
};

export type Books = { orgId: string; customerId: string; drafts: string[] };

export const metadataOf = (ctx: AppContext): CommandMetadata => ({
  commandId: ctx.newId(),
  at: ctx.clock().toISOString(),
  userId: "bench",
});

export const openBooks = async (ctx: AppContext, n: number): Promise<Books> => {
  const orgId = await createOrganisation(
    ctx,
    {
      name: `Atelier Facturation ${n}`,
      siren: "552120222",
      vatNumber: "FR27552120222",
      address: { line1: "1 rue de la Paix", postalCode: "75002", city: "Paris", country: "FR" },
      fiscalYearStartMonth: 1,
    },
    metadataOf(ctx),
  );
  const customerId = await createContact(
    ctx,
    orgId,
    CreateContactInput.parse(customerBody(`Client ${n} SARL`)),
    metadataOf(ctx),
    "fr",
  );
  return { orgId, customerId, drafts: [] };
};

const draft = (ctx: AppContext, books: Books, i: number) =>
  createDocument(
    ctx,
    books.orgId,
    {
      kind: "invoice",
      direction: "sales",
      issueDate: DAY,
      contactId: books.customerId,
      lines: [
        {
          kind: "free",
          label: `Prestation de conseil ${i}`,
          quantity: "1",
          unitPrice: `${100 + (i % 900)}.50`,
          vatRate: "20",
          account: "706000",
        },
      ],
    },
    metadataOf(ctx),
  );

/** `count` drafts for each of `books`, created by `WRITERS` writers (unmeasured). */
export const fill = async (ctx: AppContext, all: readonly Books[], count: number) => {
  const jobs = all.flatMap((b) => Array.from({ length: count }, (_, i) => ({ b, i })));
  await concurrently(WRITERS, jobs.length, async (w, k) => {
    const job = jobs[k * WRITERS + w];
    if (job) job.b.drafts.push(await draft(ctx, job.b, job.i));
  });
};

/** 503 "readModel.behind" answers retried (as a client would), per figure. */
const retried = { count: 0 };

/**
 * Takes the next draft of `books` and validates it: committed, without waiting for the read models (a
 * round waits for them at its end, `caughtUp`), or `waiting` for them as the PUT route does. Only a
 * sequence numbered before its stream existed waits for the documents read model (its last date, once);
 * past the wait budget that answers 503 `readModel.behind`, which would be retried here (up to 5 times)
 * and counted.
 */
export const validateNext = async (ctx: AppContext, books: Books, waiting = false) => {
  const id = books.drafts.shift();
  if (!id) throw new Error("no draft left: the set-up made too few");
  for (let attempt = 0; ; attempt++) {
    try {
      if (waiting) await validateDocument(ctx, books.orgId, id, metadataOf(ctx), DAY);
      else await commitValidation(ctx, books.orgId, id, metadataOf(ctx), DAY);
      return;
    } catch (error) {
      if (!(error instanceof ProblemError) || error.code !== "readModel.behind" || attempt >= 5) throw error;
      retried.count++;
    }
  }
};

/** The end of a round: the documents and ledger read models show every validation committed in it. */
export const caughtUp = async (ctx: AppContext) => {
  if (!(await ctx.runner.waitFor(await ctx.store.head(), validationReadModels, null, 60_000)))
    throw new Error("the read models did not catch up within 60 s");
};

/**
 * Every projector at the log's head. Waited for rather than drained: on a shared server another session's
 * open transaction holds the runner's safe horizon back, and `drain` refuses then.
 */
export const settled = async (ctx: AppContext) => {
  const all = ctx.runner.projectors.map((p) => p.name);
  if (!(await ctx.runner.waitFor(await ctx.store.head(), all, null, 120_000)))
    throw new Error("the read models did not catch up within 120 s");
};

/** Numbers 1..n once each, from texts ending in the sequence: the gaps (missing or repeated). */
const gaps = (texts: readonly (string | null)[]): number => {
  const seen = texts.map((t) => Number((t ?? "").match(/(\d+)$/)?.[1] ?? 0)).sort((a, b) => a - b);
  return seen.filter((s, i) => s !== i + 1).length;
};

export const checkOrganisation = async (ctx: AppContext, orgId: string) => {
  await settled(ctx);
  const docs = await readModels(ctx.database)
    .selectFrom("documents")
    .select(["number", "entry_mvt", "total_incl_tax"])
    .where("org_id", "=", orgId)
    .where("validated_on", "is not", null)
    .execute();
  const entries = await readModels(ctx.database)
    .selectFrom("entries")
    .select(["mvt", "number", "debit", "status"])
    .where("org_id", "=", orgId)
    .where("journal", "=", "VT")
    .execute();
  const byMvt = new Map(entries.map((e) => [e.mvt, e]));
  const withoutEntry = docs.filter((d) => {
    const e = byMvt.get(d.entry_mvt ?? "");
    return e?.status !== "validated" || Number(e.debit) !== Number(d.total_incl_tax);
  }).length;
  return {
    invoices: docs.length,
    faGaps: gaps(docs.map((d) => d.number)) + (docs.length === entries.length ? 0 : 1),
    vtGaps: gaps(entries.map((e) => e.number)),
    withoutEntry,
  };
};

const PROFILED = 20;

/**
 * Round trips per validation: a second context through the wire counter (`wire-count.ts`, as the load
 * benchmark's profile) validates `PROFILED` drafts one after another; the runner's idle polling over the
 * same time is subtracted.
 */
const profile = async (url: string, one: Books, log: (text: string) => void): Promise<number> => {
  const target = new URL(url);
  const counter = await startWireCounter({ host: target.hostname, port: Number(target.port || 5432) });
  const proxied = new URL(url);
  proxied.host = `127.0.0.1:${counter.port}`;
  const database = await openDatabase({ url: proxied.toString(), maxConnections: 4 });
  const ctx: AppContext = { ...(await openContext({}, database)), clock: () => new Date(`${DAY}T10:00:00Z`) };
  await ctx.runner.start();
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  try {
    await validateNext(ctx, one, true);
    await sleep(300);
    counter.reset();
    let started = performance.now();
    await sleep(2000);
    const idlePerMs = counter.roundTrips() / (performance.now() - started);
    counter.reset();
    started = performance.now();
    for (let i = 0; i < PROFILED; i++) await validateNext(ctx, one, true);
    await sleep(300);
    const trips = (counter.roundTrips() - idlePerMs * (performance.now() - started)) / PROFILED;
    log(`  ${trips.toFixed(1)} round trips per validation`);
    return trips;
  } finally {
    await ctx.runner.stop();
    await ctx.database.close();
    await counter.close();
  }
};

/**
 * Captures what one validation writes (`validation-capture.ts`), on an organisation of its own: its first
 * validation made before, as in the measured rounds (its balances, totals and sequence then exist).
 */
export const captureOne = async (ctx: AppContext, url: string): Promise<Capture> => {
  const books = await openBooks(ctx, WRITERS + 1);
  await fill(ctx, [books], 3);
  await validateNext(ctx, books);
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await captureValidation(
      sql,
      books.orgId,
      () => validateNext(ctx, books),
      () => settled(ctx),
    );
  } finally {
    await sql.end();
  }
};

export const runValidationBench = async (
  log = console.log,
  { handOnly = false }: { handOnly?: boolean } = {},
): Promise<ValidationFigures> => {
  const config = { ...benchConfig(), writers: WRITERS };
  const repeat = benchRepeat();
  const perRound = Math.max(WRITERS, Number(process.env.BENCH_DOCS_VALIDATIONS ?? 240));
  const name = `${process.env.BENCH_DB_PREFIX ?? "registre"}_bench_docval_${randomBytes(4).toString("hex")}`;
  const names = [name, `${name}_raw`, `${name}_hand`];
  const drop = () =>
    withAdmin(async (sql) => {
      for (const d of names) await sql.unsafe(`drop database if exists "${d}" with (force)`);
    });
  const restore = dropOnInterrupt(drop);
  await withAdmin(async (sql) => {
    for (const d of names) await sql.unsafe(`create database "${d}"`);
  });
  try {
    const raw = await openRaw(urlFor(adminUrl(), `${name}_raw`), config);
    const database = await openDatabase({ url: urlFor(adminUrl(), name), maxConnections: WRITERS + 2 });
    const ctx: AppContext = {
      ...(await openContext({}, database)),
      clock: () => new Date(`${DAY}T10:00:00Z`),
    };
    await ctx.runner.start();
    try {
      const started = performance.now();
      // Every validation of a figure (warm-up and rounds), with a margin.
      const needed = Math.round(perRound * (config.rounds + config.warmupShare)) + WRITERS;
      const many: Books[] = [];
      for (let n = 0; n < WRITERS; n++) many.push(await openBooks(ctx, n));
      const one = handOnly ? undefined : await openBooks(ctx, WRITERS);
      await fill(ctx, many, Math.ceil(((repeat + (handOnly ? 0 : 1)) * needed) / WRITERS));
      if (one) await fill(ctx, [one], needed + PROFILED);
      const captured = await captureOne(ctx, urlFor(adminUrl(), name));
      log(`  captured: ${describeCapture(captured)} (${captured.bytes} bytes of text)`);
      const hand = await openHandAnchor(urlFor(adminUrl(), `${name}_hand`), captured, WRITERS);
      for (let w = 0; w < WRITERS; w++) await hand.prepare(w, repeat * Math.ceil(needed / WRITERS));
      const setupSeconds = (performance.now() - started) / 1000;
      log(
        `  ${WRITERS + (one ? 2 : 1)} organisations, their drafts and the anchor's (${setupSeconds.toFixed(1)} s)`,
      );
      const fatal = (i: number, error: unknown) => {
        throw new Error(`contender ${i} failed`, { cause: error });
      };
      const runs: HandRun[] = [];
      for (let r = 0; r < repeat; r++) {
        retried.count = 0;
        const [registre, byHand, rawRate] = await compare(
          config,
          perRound,
          [
            async (ops) => {
              await concurrently(WRITERS, ops, (w) => validateNext(ctx, many[w] as Books));
              await caughtUp(ctx);
              return ops;
            },
            (ops) => hand.validations(WRITERS, ops),
            (ops) => raw.singleRows(WRITERS, ops),
          ],
          fatal,
        );
        if (!registre || !byHand || !rawRate) throw new Error("a figure is missing");
        runs.push({ registre, hand: byHand, raw: rawRate, retries: retried.count });
        log(
          `  8 organisations${repeat > 1 ? `, run ${r + 1} of ${repeat}` : ""}: ${formatRate(registre)} validations, the same writes by hand ${formatRate(byHand)} (${Math.floor((100 * registre.perSecond) / byHand.perSecond)} %), raw 8 writers ${formatRate(rawRate)} (${retried.count} retried)`,
        );
      }
      const checkedEvents = await hand.check();
      await hand.close();
      const handFigures: HandFigures = {
        runs,
        capture: {
          tables: describeCapture(captured),
          global: captured.global,
          bytes: captured.bytes,
          ownIds: captured.ownIds.length,
        },
        writes: hand.writes,
        checkedEvents,
      };
      if (!one) {
        await raw.close();
        return { perRound, rounds: config.rounds, hand: handFigures, setupSeconds };
      }
      retried.count = 0;
      const [waitingRegistre, waitingRaw] = await compare(
        config,
        perRound,
        [
          async (ops) => {
            await concurrently(WRITERS, ops, (w) => validateNext(ctx, many[w] as Books, true));
            return ops;
          },
          (ops) => raw.singleRows(WRITERS, ops),
        ],
        fatal,
      );
      const waitingRetries = retried.count;
      log(
        `  8 organisations, each waiting: ${formatRate(waitingRegistre)} validations, raw 8 writers ${formatRate(waitingRaw)} (${waitingRetries} retried)`,
      );
      retried.count = 0;
      const [oneRegistre, oneRaw] = await compare(
        config,
        perRound,
        [
          async (ops) => {
            await concurrently(WRITERS, ops, () => validateNext(ctx, one));
            await caughtUp(ctx);
            return ops;
          },
          (ops) => raw.singleRows(1, ops),
        ],
        fatal,
      );
      const oneRetries = retried.count;
      log(
        `  1 organisation: ${formatRate(oneRegistre)} validations, raw 1 writer ${formatRate(oneRaw)} (${oneRetries} retried)`,
      );
      const check = await checkOrganisation(ctx, one.orgId);
      log(`  check: ${JSON.stringify(check)}`);
      await raw.close();
      await ctx.runner.stop();
      const roundTrips = await profile(urlFor(adminUrl(), name), one, log);
      if (!waitingRegistre || !waitingRaw || !oneRegistre || !oneRaw) throw new Error("a figure is missing");
      return {
        perRound,
        rounds: config.rounds,
        hand: handFigures,
        manyOrgsWaiting: { registre: waitingRegistre, raw: waitingRaw, retries: waitingRetries },
        oneOrg: { registre: oneRegistre, raw: oneRaw, retries: oneRetries },
        check,
        setupSeconds,
        roundTrips,
      };
    } finally {
      await ctx.runner.stop();
      await ctx.database.close();
    }
  } finally {
    restore();
    await drop();
  }
};
