/**
 * Bulk validation (issue 24, point 4): BENCH_BULK invoices (default 10,000) of one organisation validated
 * by the command the API offers for it, `validateDocuments` (`PUT /docs/validate`), in requests of the
 * most the route takes (500 ids, `BulkValidationInput`), one after the other, timed until the documents and
 * ledger read models show the last; beside its anchor, the same writes by hand in batches
 * (`validation-hand.ts`: what one captured validation wrote, replayed with fresh ids, one plain SQL
 * transaction per batch of 500 validations, each row written once as the batch leaves it), run once before
 * and once after Registre's. Then the organisation's FA numbers and VT entries are checked gapless.
 * `BENCH_ONLY=bulk-validation` runs it alone; writes the `<!-- bench:bulk-validation -->` section.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import { fileURLToPath, pathToFileURL } from "node:url";
import { openDatabase } from "@registre/store";
import { openContext } from "../../api/src/bootstrap.ts";
import type { AppContext } from "../../api/src/context.ts";
import { validateDocuments } from "../../api/src/documents/validation.ts";
import { BulkValidationInput } from "../../api/src/schemas/docs.ts";
import { adminUrl, urlFor, withAdmin } from "../support/postgres-admin.ts";
import { dropOnInterrupt, errorMessage, writeSection } from "./common.ts";
import {
  type Books,
  captureOne,
  caughtUp,
  checkOrganisation,
  DAY,
  fill,
  metadataOf,
  openBooks,
  settled,
} from "./documents-validation.ts";
import { describeCapture } from "./validation-capture.ts";
import { openHandAnchor } from "./validation-hand.ts";

const START = "<!-- bench:bulk-validation -->";
const END = "<!-- /bench:bulk-validation -->";
/** The most ids one request of the route takes: checked against its schema below. */
const REQUEST = 500;

const n = (value: number) => Math.round(value).toLocaleString("en-US");

const requestCap = (): number => {
  const ids = (k: number) => ({ ids: Array.from({ length: k }, () => randomUUID()) });
  if (
    !BulkValidationInput.safeParse(ids(REQUEST)).success ||
    BulkValidationInput.safeParse(ids(REQUEST + 1)).success
  )
    throw new Error(`the bulk validation route no longer takes ${REQUEST} ids at most: change REQUEST`);
  return REQUEST;
};

export type BulkFigures = {
  readonly count: number;
  readonly request: number;
  readonly registreSeconds: number;
  readonly handSeconds: readonly [number, number];
  readonly validated: number;
  readonly refused: number;
  readonly check: { invoices: number; faGaps: number; vtGaps: number; withoutEntry: number };
  readonly setupSeconds: number;
  readonly capture: string;
  readonly checkedEvents: number;
};

export const measureBulkValidation = async (count: number, log = console.log): Promise<BulkFigures> => {
  const request = requestCap();
  const name = `${process.env.BENCH_DB_PREFIX ?? "registre"}_bench_bulk_${randomBytes(4).toString("hex")}`;
  const names = [name, `${name}_hand`];
  const drop = () =>
    withAdmin(async (sql) => {
      for (const d of names) await sql.unsafe(`drop database if exists "${d}" with (force)`);
    });
  const restore = dropOnInterrupt(drop);
  await withAdmin(async (sql) => {
    for (const d of names) await sql.unsafe(`create database "${d}"`);
  });
  try {
    const database = await openDatabase({ url: urlFor(adminUrl(), name), maxConnections: 10 });
    const ctx: AppContext = {
      ...(await openContext({}, database)),
      clock: () => new Date(`${DAY}T10:00:00Z`),
    };
    await ctx.runner.start();
    try {
      const started = performance.now();
      const books: Books = await openBooks(ctx, 0);
      await fill(ctx, [books], count);
      const captured = await captureOne(ctx, urlFor(adminUrl(), name));
      const hand = await openHandAnchor(urlFor(adminUrl(), `${name}_hand`), captured, 1);
      await hand.prepare(0, 2 * count);
      await settled(ctx);
      const setupSeconds = (performance.now() - started) / 1000;
      log(`  ${n(count)} drafts and the anchor's (${setupSeconds.toFixed(1)} s)`);
      const timed = async (work: () => Promise<unknown>) => {
        const from = performance.now();
        await work();
        return (performance.now() - from) / 1000;
      };
      const before = await timed(() => hand.bulk(0, count, request));
      log(`  by hand, ${request} to a transaction: ${before.toFixed(1)} s`);
      let validated = 0;
      let refused = 0;
      const registreSeconds = await timed(async () => {
        for (let from = 0; from < count; from += request) {
          const ids = books.drafts.slice(from, from + request);
          const report = await validateDocuments(ctx, books.orgId, ids, metadataOf(ctx));
          validated += report.validated.length;
          refused += report.refused.length;
        }
        await caughtUp(ctx);
      });
      log(
        `  Registre, requests of ${request}: ${registreSeconds.toFixed(1)} s (${validated} validated, ${refused} refused)`,
      );
      const after = await timed(() => hand.bulk(0, count, request));
      log(`  by hand again: ${after.toFixed(1)} s`);
      const checkedEvents = await hand.check();
      await hand.close();
      const check = await checkOrganisation(ctx, books.orgId);
      log(`  check: ${JSON.stringify(check)}`);
      return {
        count,
        request,
        registreSeconds,
        handSeconds: [before, after],
        validated,
        refused,
        check,
        setupSeconds,
        capture: describeCapture(captured),
        checkedEvents,
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

export const bulkSection = (b: BulkFigures, seconds: number, load: number): string => {
  const hand = (b.handSeconds[0] + b.handSeconds[1]) / 2;
  const clean = b.check.faGaps === 0 && b.check.vtGaps === 0 && b.check.withoutEntry === 0;
  return `${START}
## Bulk validation of ${n(b.count)} invoices (issue 24)

Measured by \`npm run bench\` (\`tests/bench/bulk-validation.ts\`; \`BENCH_ONLY=bulk-validation\` runs it alone) on
${new Date().toISOString().slice(0, 10)}, PostgreSQL; this part took ${seconds.toFixed(0)} s, load average ${load.toFixed(1)} when it started (2 cores).

| figure | time | rate | the same writes by hand, ${b.request} to a transaction (before / after) | ratio |
|---|---|---|---|---|
| bulk validation of ${n(b.count)} sales invoices, one organisation, requests of ${b.request} | ${b.registreSeconds.toFixed(1)} s | ${n(b.count / b.registreSeconds)}/s | ${b.handSeconds[0].toFixed(1)} s / ${b.handSeconds[1].toFixed(1)} s (${n(b.count / hand)}/s) | ${Math.floor((100 * hand) / b.registreSeconds)} % |

Registre: \`validateDocuments\`, the command behind \`PUT /docs/validate\`, called with ${b.request} draft ids at a time (the
most the route takes) one request after the other: each invoice numbered and posted in its own commit, in the
order of the documents' dates, the read models waited for once per request; timed until the documents and
ledger read models show the last. ${n(b.validated)} validated, ${n(b.refused)} refused; the organisation's
${n(b.check.invoices)} validated invoices read back after: FA numbers ${b.check.faGaps} gaps, VT entries ${b.check.vtGaps} gaps,
${b.check.withoutEntry} without their validated entry at their total${clean ? "" : " — **not clean**"}. The drafts were made before (${b.setupSeconds.toFixed(0)} s).
The anchor writes what one captured validation wrote (${b.capture}), with fresh ids, ${b.request} validations to a
plain SQL transaction, each row once as the batch leaves it (the organisation's balances and totals once per
batch), the events hash-chained by the store's function as in "Invoice validation against the same writes by
hand" above; ${n(b.checkedEvents)} events checked link by link after. The ratio is the anchor's mean time over Registre's.
${END}
`;
};

export const runBulkValidationBench = async (report: string, log = console.log): Promise<void> => {
  const started = performance.now();
  const load = loadavg()[0] ?? 0;
  const count = Math.max(1, Math.round(Number(process.env.BENCH_BULK ?? 10_000)));
  log(`\nBulk validation of ${n(count)} invoices`);
  const figures = await measureBulkValidation(count, log);
  const seconds = (performance.now() - started) / 1000;
  writeSection(report, START, END, bulkSection(figures, seconds, load));
  log(`Bulk validation section written to ${report} (${seconds.toFixed(0)} s)`);
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runBulkValidationBench(fileURLToPath(new URL("../../docs/performance.md", import.meta.url))).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(errorMessage(error), error);
      process.exit(1);
    },
  );
}
