/**
 * Issue 9's FEC import benchmark: a generated FEC of BENCH_FEC_LINES lines (100,000 by default)
 * imported into a fresh organisation on PostgreSQL through the real import (checked, batches of
 * entries per transaction, lettering, the ledger caught up), beside the raw anchor of the same run:
 * COPY of as many events of the same size into a bare table; then (issue 23, point 2; unless
 * BENCH_FEC_PATHS=0) the same file through the HTTP API as the screen sends it and through the CLI
 * (`fec-import-paths.ts`). Run by `npm run bench`, alone by `BENCH_ONLY=fec npm run bench` or
 * `npx tsx tests/bench/fec-import.ts`; writes its section of docs/performance.md.
 */
import { loadavg } from "node:os";
import { pathToFileURL } from "node:url";
import { writeFec } from "@registre/core";
import postgres from "postgres";
import { importFec } from "../../api/src/accounting/fec-import.ts";
import { withBenchOrganisation, writeSection } from "./common.ts";
import { generate } from "./fec-import-gen.ts";
import { type FecPathFigures, measureFecPaths } from "./fec-import-paths.ts";

const START = "<!-- bench:fec-import -->";
const END = "<!-- /bench:fec-import -->";

const lines = Number((process.env.BENCH_FEC_LINES ?? "100000").replace(/_/g, ""));
const TARGET_S = 20;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export const runFecImportBench = async (report: string): Promise<void> => {
  const records = generate(lines);
  const bytes = Buffer.from(writeFec(records, "|"));
  await withBenchOrganisation("fec", "Reprise SAS", async (bench) => {
    const { ctx, orgId, meta } = bench;
    const started = performance.now();
    const result = await importFec(ctx, orgId, bytes, "552100554FEC20251231.txt", meta());
    const importSeconds = (performance.now() - started) / 1000;
    if (result.errors.length > 0)
      throw new Error(`import refused: ${JSON.stringify(result.errors.slice(0, 3))}`);
    const appended = (
      await ctx.database.db
        .selectFrom("events")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("org_id", "=", orgId)
        .where("type", "in", ["EntryDrafted", "EntryValidated"])
        .executeTakeFirstOrThrow()
    ).n;
    const sample = await ctx.database.db
      .selectFrom("events")
      .select(["type", "data", "metadata"])
      .where("org_id", "=", orgId)
      .where("type", "in", ["EntryDrafted", "EntryValidated"])
      .limit(200)
      .execute();
    await bench.close();

    // The anchor: COPY of as many events, of the same types and sizes, into a bare table.
    const sql = postgres(bench.rawUrl, { max: 1, onnotice: () => {} });
    await sql`create table raw_events (id bigint generated always as identity primary key, stream text, version int, type text, data jsonb, metadata jsonb)`;
    const copies: number[] = [];
    for (let round = 0; round < 3; round++) {
      await sql`truncate raw_events`;
      const t = performance.now();
      const writable =
        await sql`copy raw_events (stream, version, type, data, metadata) from stdin`.writable();
      const copyText = (text: string) =>
        text.replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n");
      let chunk = "";
      for (let i = 0; i < Number(appended); i++) {
        const e = sample[i % sample.length];
        chunk += `entry-${i >> 1}\t${(i % 2) + 1}\t${e?.type}\t${copyText(JSON.stringify(e?.data))}\t${copyText(JSON.stringify(e?.metadata))}\n`;
        if (chunk.length > 1 << 20) {
          if (!writable.write(chunk)) await new Promise((r) => writable.once("drain", r));
          chunk = "";
        }
      }
      await new Promise<void>((resolve, reject) =>
        writable.end(chunk, () => resolve()).once("error", reject),
      );
      copies.push((performance.now() - t) / 1000);
    }
    await sql.end();
    const copySeconds = median(copies);
    const paths: FecPathFigures | null =
      process.env.BENCH_FEC_PATHS === "0" ? null : await measureFecPaths(lines);
    const load = loadavg()[0] ?? 0;
    const verdict = (seconds: number) => `≤ ${TARGET_S} s: ${seconds <= TARGET_S ? "PASS" : "FAIL"}`;
    const pathRows = paths
      ? `
| the same file through the HTTP API, as the screen sends it: the dry run | ${paths.dryRunSeconds.toFixed(1)} s | | | |
| … then the import, answered once the ledger shows it | ${paths.apiSeconds.toFixed(1)} s | | | ${verdict(paths.apiSeconds)} |
| the same file through the CLI, server stopped (\`registre fec import\`, the whole process) | ${paths.cliSeconds.toFixed(1)} s | the same command for a 5-line file: ${paths.cliFixedSeconds.toFixed(1)} s | | ${verdict(paths.cliSeconds)} |`
      : "";
    const section = `${START}
## FEC import (issues 9 and 23)

Measured by \`npm run bench\` (\`tests/bench/fec-import.ts\`, \`BENCH_ONLY=fec\` alone) on ${new Date().toISOString().slice(0, 10)}, PostgreSQL, load average ${load.toFixed(1)} at the end.

| figure | value | raw anchor | ratio | target |
|---|---|---|---|---|
| import of a ${lines.toLocaleString("en")}-line FEC (${result.entries.toLocaleString("en")} entries, ${result.lettered.toLocaleString("en")} lettering sets), ledger caught up, in process | ${importSeconds.toFixed(1)} s | COPY of the same ${Number(appended).toLocaleString("en")} entry events: ${copySeconds.toFixed(2)} s | ${(importSeconds / copySeconds).toFixed(1)}x | ${verdict(importSeconds)} |${pathRows}

The file is generated (sales with VAT on 200 customers, purchases from 50 suppliers, bank receipts; 2 or 3
lines an entry) and imported whole into a fresh organisation: checked on simulated books, then the
chart, journals and fiscal year, then the entries drafted and validated in batches of about 1,000 lines
per transaction (\`appendMany\`: one commit over the batch's streams, numbers taken once per journal, the
batch decided once after them), and the answer once the ledger shows them. The anchor COPYs as many events of the same types, data and
metadata into a table without indexes, hash chain or projections (median of 3 rounds).
${END}
`;
    writeSection(report, START, END, section);
    console.info(
      `FEC import: ${lines} lines, ${result.entries} entries in ${importSeconds.toFixed(1)} s; COPY ${copySeconds.toFixed(2)} s`,
    );
  });
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href)
  await runFecImportBench(new URL("../../docs/performance.md", import.meta.url).pathname);
