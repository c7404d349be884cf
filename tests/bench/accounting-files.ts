import { createHash, type Hash } from "node:crypto";
import { createReadStream, createWriteStream, mkdtempSync, rmSync, type WriteStream } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { exportFec } from "../../api/src/accounting/fec.ts";
import type { AccountingConfig } from "./accounting.ts";
import type { Books } from "./accounting-generator.ts";
import {
  collectGarbage,
  copyOut,
  ledgerTables,
  mb,
  n,
  newlines,
  type Open,
  TARGETS,
  watchMemory,
} from "./accounting-measure.ts";
import type { AccountingLine } from "./accounting-report.ts";

/**
 * The accounting benchmark's files: the FEC export beside COPY, and the ledger's rebuild beside
 * COPY FROM of the same rows.
 */

/** The columns `exportFec` reads, in its order (api/src/accounting/fec.ts, `page`). */
const FEC_COLUMNS = `line, journal, number, position, date, piece_ref, piece_date, account, auxiliary, label,
  debit, credit, validated_on, letter_code, letter_date`;

export const benchFec = async (open: Open, books: Books, config: AccountingConfig, size: string) => {
  const { ctx } = open;
  /** `check`: hash the bytes, and every 20 chunks force a GC to see what stays (the untimed warm-up). */
  let retained = 0;
  const exportOnce = async (check?: Hash) => {
    const watch = watchMemory();
    const base = process.memoryUsage().heapUsed;
    const started = performance.now();
    const fec = await exportFec(ctx, books.orgId, "2025");
    let bytes = 0;
    let lines = 0;
    let chunks = 0;
    for await (const chunk of fec.chunks) {
      bytes += chunk.length;
      lines += newlines(chunk);
      watch.sample();
      if (check) {
        check.update(chunk);
        if (++chunks % 20 === 0) {
          collectGarbage();
          retained = Math.max(retained, process.memoryUsage().heapUsed - base);
        }
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const memory = watch.stop();
    if (lines !== books.lines + 1 || fec.lineCount !== books.lines)
      throw new Error(`the FEC holds ${lines - 1} lines (says ${fec.lineCount}) for ${books.lines}`);
    return { seconds, bytes, memory };
  };
  const copyOnce = async () => {
    let bytes = 0;
    let rows = 0;
    let seconds = 0;
    await copyOut(
      open.url,
      `copy (select ${FEC_COLUMNS} from ledger_lines where org_id = '${books.orgId}'
        and fiscal_year_id = '${books.yearId}' order by position, line) to stdout`,
      async (readable) => {
        const started = performance.now();
        await pipeline(
          readable,
          new Writable({
            write(chunk: Buffer, _encoding, done) {
              bytes += chunk.length;
              rows += newlines(chunk);
              done();
            },
          }),
        );
        seconds = (performance.now() - started) / 1000;
      },
    );
    if (rows !== books.lines) throw new Error(`COPY gave ${rows} rows for ${books.lines}`);
    return { seconds, bytes };
  };
  // Warm-up round (its digest is compared with the other writer's below).
  const exported = createHash("sha256");
  await exportOnce(exported);
  await copyOnce();
  const exports: Awaited<ReturnType<typeof exportOnce>>[] = [];
  const copies: Awaited<ReturnType<typeof copyOnce>>[] = [];
  for (let round = 0; round < config.fecRounds; round++) {
    exports.push(await exportOnce());
    copies.push(await copyOnce());
  }
  const median = <T extends { seconds: number }>(list: T[]): T => {
    const m = [...list].sort((a, b) => a.seconds - b.seconds)[Math.floor((list.length - 1) / 2)];
    if (!m) throw new Error("no round");
    return m;
  };
  const e = median(exports);
  const c = median(copies);
  const rss = Math.max(...exports.map((x) => x.memory.rss));
  const heap = Math.max(...exports.map((x) => x.memory.heap));
  const ratio = e.seconds / c.seconds;
  const lines: AccountingLine[] = [
    {
      size,
      figure: `FEC export, ${n(books.lines)} lines streamed (${mb(e.bytes)})`,
      value: `${e.seconds.toFixed(2)} s (${n(books.lines / e.seconds)} lines/s)`,
      anchor: `${c.seconds.toFixed(2)} s COPY (select …) TO STDOUT (${mb(c.bytes)})`,
      ratio: `${ratio.toFixed(2)}x`,
      target: `<= ${TARGETS.fecRatio}x`,
      verdict: ratio <= TARGETS.fecRatio ? "PASS" : "FAIL",
    },
    {
      size,
      figure: "FEC export, memory growth (largest RSS / heap over a GC'd baseline; heap kept after a GC)",
      value: `${mb(rss)} RSS / ${mb(heap)} heap; ${mb(retained)} kept`,
      anchor: "n/a",
      ratio: "n/a",
      target: `<= ${TARGETS.fecMemoryMb} MB`,
      verdict: rss <= TARGETS.fecMemoryMb * 2 ** 20 ? "PASS" : "FAIL",
    },
  ];
  // The other writer (PGlite's, and the reference the SQL one must equal): once, untimed against anything.
  const pagesStarted = performance.now();
  const pages = await exportFec(ctx, books.orgId, "2025", { writer: "pages" });
  const paged = createHash("sha256");
  for await (const chunk of pages.chunks) paged.update(chunk);
  const pagesSeconds = (performance.now() - pagesStarted) / 1000;
  if (paged.digest("hex") !== exported.digest("hex"))
    throw new Error("the two FEC writers differ: the COPY one and the pages one give other bytes");
  const diagnosis =
    `${size}, FEC export with \`writer: "pages"\` (lines built in TypeScript from keyset pages of 5,000, the ` +
    `path PGlite takes): ${pagesSeconds.toFixed(2)} s, ${(pagesSeconds / c.seconds).toFixed(1)}x the COPY (one run), ` +
    `the same bytes as the default writer's (SHA-256 compared).`;
  return { lines, diagnosis };
};

const ROWS_PER_COPY = 100_000;

/** Exports a table by COPY TO into files of ROWS_PER_COPY rows each (split on row ends). */
const exportToFiles = async (url: string, table: string, folder: string): Promise<string[]> => {
  const files: string[] = [];
  let out: WriteStream | undefined;
  let rowsInFile = 0;
  const open = () => {
    const file = join(folder, `${table}.${files.length}.copy`);
    files.push(file);
    rowsInFile = 0;
    return createWriteStream(file);
  };
  const close = (stream: WriteStream | undefined) =>
    new Promise<void>((resolve, reject) => {
      if (!stream) return resolve();
      stream.end((error?: Error | null) => (error ? reject(error) : resolve()));
    });
  const write = (stream: WriteStream, data: Buffer) =>
    new Promise<void>((resolve, reject) =>
      stream.write(data, (error) => (error ? reject(error) : resolve())),
    );
  await copyOut(url, `copy ${table} to stdout`, async (readable) => {
    for await (const raw of readable) {
      let chunk = raw as Buffer;
      while (chunk.length > 0) {
        out ??= open();
        let at = -1;
        let taken = 0;
        for (let k = chunk.indexOf(10); k >= 0; k = chunk.indexOf(10, k + 1)) {
          taken++;
          if (rowsInFile + taken === ROWS_PER_COPY) {
            at = k;
            break;
          }
        }
        if (at < 0) {
          await write(out, chunk);
          rowsInFile += taken;
          break;
        }
        await write(out, chunk.subarray(0, at + 1));
        await close(out);
        out = undefined;
        chunk = chunk.subarray(at + 1);
      }
    }
  });
  await close(out);
  return files;
};

export const benchRebuild = async (
  open: Open,
  rebuilt: { events: number; seconds: number },
  size: string,
): Promise<AccountingLine> => {
  const { sql } = open;
  // The store's client: TCP_NODELAY like the rebuild's connections, so the anchor's COPYs do not wait on
  // delayed ACKs either (store/src/database.ts).
  const copier = open.ctx.database.postgres ?? sql;
  const folder = mkdtempSync(join(tmpdir(), "registre-bench-"));
  try {
    const tables = await ledgerTables(sql);
    const plan: { target: string; files: string[] }[] = [];
    for (const t of tables) {
      const target = `bench_copy_${t.name}`;
      await sql.unsafe(`drop table if exists ${target}`);
      await sql.unsafe(`create table ${target} (${t.columns})`);
      for (const index of t.indexes ?? []) await sql.unsafe(index.replaceAll("{table}", target));
      // The optional ones too (the entries search's trigram index): the rebuild builds them as well.
      for (const group of t.optionalIndexes ?? [])
        await sql
          .begin(async (trx) => {
            for (const statement of group) await trx.unsafe(statement.replaceAll("{table}", target));
          })
          .catch(() => undefined);
      plan.push({ target, files: await exportToFiles(open.url, t.physical, folder) });
    }
    await sql`checkpoint`;
    const started = performance.now();
    for (const { target, files } of plan)
      for (const file of files)
        await pipeline(createReadStream(file), await copier.unsafe(`copy ${target} from stdin`).writable());
    const seconds = (performance.now() - started) / 1000;
    for (const { target } of plan) await sql.unsafe(`drop table ${target}`);
    const rate = rebuilt.events / rebuilt.seconds;
    const anchor = rebuilt.events / seconds;
    return {
      size,
      figure: `rebuild ledger + balances, ${n(rebuilt.events)} events`,
      value: `${n(rate)} events/s (${rebuilt.seconds.toFixed(1)} s)`,
      anchor: `${n(anchor)} events/s (${seconds.toFixed(1)} s) COPY FROM STDIN of the same rows`,
      ratio: `${Math.floor((rate / anchor) * 100)} % of COPY`,
      target: ">= 70 % of COPY",
      verdict: rate >= 0.7 * anchor ? "PASS" : "FAIL",
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
};
