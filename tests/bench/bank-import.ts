/**
 * Issue 13's statement import benchmark, end to end on PostgreSQL: a generated CAMT.053 of
 * BENCH_BANK_LINES entries (10,000 by default, `camtOf` of ./bank.ts) imported into a bank of a fresh
 * organisation through `importStatementFile` — read, checked, identities compared with the bank's lines,
 * written in one commit (the statement's stream in chunks of lines and the bank's register), answered once
 * the lines read model shows them — then the same file again (nothing added), beside the raw anchor of the
 * same run: COPY of the same events into a bare table. Run by `npm run bench` and `BENCH_ONLY=bank npm run
 * bench`, or alone: `npx tsx tests/bench/bank-import.ts`; writes its section of docs/performance.md.
 * BENCH_DB_PREFIX names its databases.
 */
import { loadavg } from "node:os";
import { pathToFileURL } from "node:url";
import { sql } from "kysely";
import postgres from "postgres";
import { importStatementFile } from "../../api/src/banks/statement-import.ts";
import { createBank } from "../../api/src/payments/banking.ts";
import { camtOf } from "./bank.ts";
import { withBenchOrganisation, writeSection } from "./common.ts";

const START = "<!-- bench:bank-import -->";
const END = "<!-- /bench:bank-import -->";
const LINES = Number((process.env.BENCH_BANK_LINES ?? "10000").replace(/_/g, ""));
const TARGET_S = 5;
const IBAN = "FR7630006000011234567890189";

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export const runBankImportBench = async (report: string): Promise<void> => {
  const load = loadavg()[0] ?? 0;
  const bytes = new TextEncoder().encode(camtOf(LINES).replace("FR7630001007941234567890185", IBAN));
  await withBenchOrganisation("bank_import", "Relevés SAS", async (bench) => {
    const { ctx, orgId, meta } = bench;
    const bankId = await createBank(ctx, orgId, { name: "Banque", iban: IBAN }, meta());
    const started = performance.now();
    const first = await importStatementFile(
      ctx,
      orgId,
      { bankId, fileName: "releve.xml", bytes, locale: "fr" },
      meta(),
    );
    if (!(await ctx.runner.waitFor(await ctx.store.head(), ["bank_statements"], orgId)))
      throw new Error("the lines read model did not catch up");
    const importSeconds = (performance.now() - started) / 1000;
    if (first.added !== LINES) throw new Error(`added ${first.added} lines, expected ${LINES}`);
    const againStarted = performance.now();
    const again = await importStatementFile(
      ctx,
      orgId,
      { bankId, fileName: "releve.xml", bytes, locale: "fr" },
      meta(),
    );
    const againSeconds = (performance.now() - againStarted) / 1000;
    if (again.added !== 0 || again.alreadyImported !== LINES)
      throw new Error("the second import added lines");
    const events = await ctx.database.db
      .selectFrom("events")
      .select(["type", "data", "metadata"])
      .where("org_id", "=", orgId)
      .where((eb) =>
        eb.or([eb("stream_id", "like", "bankstatement-%"), eb("stream_id", "like", "bankstatements-%")]),
      )
      .execute();
    const eventBytes = events.reduce((s, e) => s + String(e.data).length, 0);
    // The line rows as the read model holds them, for the anchor's second part.
    const rows = (
      await sql<{ row: string }>`select concat_ws(E'\t', statement_id, no, bank_id, identity, booking_date,
        coalesce(value_date, ''), amount, label, details::text, coalesce(bank_ref, ''), coalesce(reference, '')) as row
        from bank_statement_lines where org_id = ${orgId}`.execute(ctx.database.db)
    ).rows.map((r) => r.row);
    await bench.close();

    // The anchor: COPY of the same events (types, data, metadata) into a bare table, median of 3.
    const raw = postgres(bench.rawUrl, { max: 1, onnotice: () => {} });
    await raw`create table raw_events (id bigint generated always as identity primary key, stream text, version int, type text, data jsonb, metadata jsonb)`;
    await raw`create table raw_lines (statement_id uuid, no int, bank_id uuid, identity text, booking_date text, value_date text,
      amount bigint, label text, details jsonb, bank_ref text, reference text, primary key (statement_id, no))`;
    const copyText = (text: string) =>
      text.replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n");
    const copies: number[] = [];
    const lineCopies: number[] = [];
    for (let round = 0; round < 3; round++) {
      await raw`truncate raw_events`;
      await raw`truncate raw_lines`;
      const t = performance.now();
      const writable =
        await raw`copy raw_events (stream, version, type, data, metadata) from stdin`.writable();
      let chunk = "";
      for (const [i, e] of events.entries()) {
        chunk += `s\t${i + 1}\t${e.type}\t${copyText(String(e.data))}\t${copyText(String(e.metadata))}\n`;
        if (chunk.length > 1 << 20) {
          if (!writable.write(chunk)) await new Promise((r) => writable.once("drain", r));
          chunk = "";
        }
      }
      await new Promise<void>((resolve, reject) =>
        writable.end(chunk, () => resolve()).once("error", reject),
      );
      copies.push((performance.now() - t) / 1000);
      const tl = performance.now();
      const lines = await raw`copy raw_lines from stdin`.writable();
      const text = `${rows.map((r) => r.replace(/\\/g, "\\\\")).join("\n")}\n`;
      await new Promise<void>((resolve, reject) => lines.end(text, () => resolve()).once("error", reject));
      lineCopies.push((performance.now() - tl) / 1000);
    }
    await raw.end();
    const copySeconds = median(copies);
    const lineCopySeconds = median(lineCopies);
    const anchor = copySeconds + lineCopySeconds;
    const section = `${START}
## Bank statement import, end to end (issue 13)

Measured by \`BENCH_ONLY=bank npm run bench\` (\`tests/bench/bank-import.ts\`) on ${new Date().toISOString().slice(0, 10)},
PostgreSQL, on 2 cores shared with other work (load average ${load.toFixed(1)} at the start): the figures are upper bounds.

| figure | value | raw anchor | ratio | target |
|---|---|---|---|---|
| CAMT.053 of ${LINES.toLocaleString("en")} entries (${(bytes.byteLength / 1024 / 1024).toFixed(1)} MB) imported into a bank, lines read model caught up | ${importSeconds.toFixed(2)} s | COPY of the same ${events.length} events (${(eventBytes / 1024 / 1024).toFixed(1)} MB of data) ${copySeconds.toFixed(2)} s + COPY of the ${rows.length.toLocaleString("en")} line rows ${lineCopySeconds.toFixed(2)} s = ${anchor.toFixed(2)} s | ${(importSeconds / anchor).toFixed(1)}x | ≤ ${TARGET_S} s: ${importSeconds <= TARGET_S ? "PASS" : "FAIL"} |
| the same file again (every line already imported, nothing written) | ${againSeconds.toFixed(2)} s | | | |

\`importStatementFile\`: the file read whole (saxes), the account and balances checked, the bank's line identities
of the file's days read from \`bank_statement_lines\` once it caught up with the log, then one commit
(\`appendMany\`): \`BankStatementImported\` and the lines in chunks of 2,000 per event on the statement's stream, and
\`BankStatementRegistered\` on the bank's register at the version read (imports into one bank serialised). The
answer waits for the projector to write the ${LINES.toLocaleString("en")} line rows. The anchor COPYs the same events into a table
without indexes, hash chain or projections, then the same line rows into a table with only a primary key (medians of 3).
${END}
`;
    writeSection(report, START, END, section);
    console.info(
      `bank import: ${LINES} lines in ${importSeconds.toFixed(2)} s (again ${againSeconds.toFixed(2)} s); COPY ${copySeconds.toFixed(2)} + ${lineCopySeconds.toFixed(2)} s`,
    );
  });
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href)
  await runBankImportBench(new URL("../../docs/performance.md", import.meta.url).pathname);
