/**
 * Issue 10's contacts import benchmark: a French CSV of BENCH_CONTACTS contacts (10,000 by default:
 * companies and people, half of them customers, a quarter suppliers, some both, each with an address,
 * an e-mail and a phone) imported whole into a fresh organisation on PostgreSQL through `importContacts`
 * — read, decided, duplicates looked up, written in multi-stream batches with the customers' and
 * suppliers' auxiliary accounts, answered once the contacts list shows them — beside the raw anchor of
 * the same run: COPY of as many events of the same sizes into a bare table. Run by `npm run bench`,
 * or alone: `npx tsx tests/bench/contacts-import.ts`; writes its section of docs/performance.md.
 * BENCH_DB_PREFIX names its databases (`registre_bench` by default: `withBenchOrganisation`).
 *
 * Issue 21's dry runs (`npx tsx tests/bench/contacts-import.ts dry`, or with the import): files of
 * BENCH_CONTACTS_DRY lines (10,000, 20,000 and 100,000 by default) of customers and suppliers whose
 * names share their first letters — `Societe X <i>`, and `Société Générale Alimentaire <i>`, whose ten
 * letters a code is made of are all the same — checked without writing (`dryRun`), each time and CPU
 * time printed: the cost must grow linearly (the code allocator and the duplicate keys made it quadratic:
 * 20,000 lines took minutes, with the event loop blocked).
 */
import { pathToFileURL } from "node:url";
import { chartDecider, chartStreamId } from "@registre/core";
import postgres from "postgres";
import { csvRows } from "../../api/src/accounting/csv.ts";
import { loadAggregate } from "../../api/src/commands.ts";
import { importContacts } from "../../api/src/imports/contacts-import.ts";
import { withBenchOrganisation, writeSection } from "./common.ts";

const START = "<!-- bench:contacts-import -->";
const END = "<!-- /bench:contacts-import -->";

const count = Number((process.env.BENCH_CONTACTS ?? "10000").replace(/_/g, ""));
const TARGET_S = 10;

const trades = [
  "Boulangerie",
  "Menuiserie",
  "Garage",
  "Pharmacie",
  "Librairie",
  "Plomberie",
  "Atelier",
  "Cabinet",
];
const names = [
  "Martin",
  "Bernard",
  "Dubois",
  "Thomas",
  "Robert",
  "Richard",
  "Petit",
  "Durand",
  "Leroy",
  "Moreau",
];
const firstNames = ["Jeanne", "Louis", "Camille", "Hugo", "Léa", "Paul", "Chloé", "Jules"];
const cities = [
  ["69003", "Lyon"],
  ["75011", "Paris"],
  ["13001", "Marseille"],
  ["33000", "Bordeaux"],
  ["44000", "Nantes"],
] as const;
const types = [
  "client",
  "client",
  "fournisseur",
  "client, fournisseur",
  "prospect",
  "client",
  "partenaire",
  "fournisseur",
];

/** The file people would bring from their former software: `;`, French headers, CR LF. */
const csvFile = (n: number): string => {
  const rows: string[][] = [
    [
      "Nature",
      "Raison sociale",
      "Prénom",
      "Nom",
      "Types",
      "E-mail",
      "Téléphone",
      "Adresse",
      "Code postal",
      "Ville",
    ],
  ];
  for (let i = 0; i < n; i++) {
    const person = i % 5 === 4;
    const name = `${trades[i % trades.length]} ${names[(i >> 3) % names.length]} ${i}`;
    const [postalCode, city] = cities[i % cities.length] ?? ["75011", "Paris"];
    rows.push([
      person ? "Personne" : "Société",
      person ? "" : name,
      person ? (firstNames[i % firstNames.length] ?? "") : "",
      person ? `${names[i % names.length]} ${i}` : "",
      types[i % types.length] ?? "client",
      `contact${i}@exemple-${i % 97}.fr`,
      `01 ${String(40 + (i % 50)).padStart(2, "0")} ${String(Math.floor(i / 100) % 100).padStart(2, "0")} ${String(i % 100).padStart(2, "0")} ${String((i * 7) % 100).padStart(2, "0")}`,
      `${1 + (i % 120)} rue de la République`,
      postalCode,
      city,
    ]);
  }
  return `\ufeff${csvRows(rows)}`;
};

const drySizes = (process.env.BENCH_CONTACTS_DRY ?? "10000,20000,100000")
  .split(",")
  .map((size) => Number(size.replace(/_/g, "")));

/** Names sharing their first letters: the same code base for all, or for all but their number. */
const dryShapes = {
  "Societe X <i>": (i: number) => `Societe X ${i}`,
  "Société Générale Alimentaire <i>": (i: number) => `Société Générale Alimentaire ${i}`,
} as const;

const dryFile = (n: number, name: (i: number) => string): Uint8Array => {
  const rows: string[][] = [["Nature", "Raison sociale", "Types", "E-mail"]];
  for (let i = 0; i < n; i++) rows.push(["Société", name(i), "client, fournisseur", `compta${i}@exemple.fr`]);
  return new TextEncoder().encode(`\ufeff${csvRows(rows)}`);
};

/** The dry runs: each file checked whole (read, duplicates looked up, every row decided), nothing written. */
export const runContactsDryRunBench = async (): Promise<void> => {
  await withBenchOrganisation("contacts_dry", "Reprise SAS", async ({ ctx, orgId, meta }) => {
    for (const [shape, name] of Object.entries(dryShapes))
      for (const size of drySizes) {
        const bytes = dryFile(size, name);
        const cpu = process.cpuUsage();
        const started = performance.now();
        const result = await importContacts(ctx, orgId, bytes, meta(), {
          format: "csv",
          dryRun: true,
          acknowledgeDuplicates: false,
          locale: "fr",
        });
        const seconds = (performance.now() - started) / 1000;
        const used = process.cpuUsage(cpu);
        if (result.errors.length > 0 || result.created !== size)
          throw new Error(`dry run refused: ${JSON.stringify(result.errors.slice(0, 3))}`);
        console.info(
          `contacts import, dry run: ${size.toLocaleString("en")} lines of "${shape}" (${(bytes.byteLength / 1024 / 1024).toFixed(1)} MB): ${seconds.toFixed(2)} s, CPU ${((used.user + used.system) / 1e6).toFixed(2)} s`,
        );
      }
  });
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export const runContactsImportBench = async (report: string): Promise<void> => {
  const bytes = new TextEncoder().encode(csvFile(count));
  await withBenchOrganisation("contacts_import", "Reprise SAS", async (bench) => {
    const { ctx, orgId, meta } = bench;
    const started = performance.now();
    const result = await importContacts(ctx, orgId, bytes, meta(), {
      format: "csv",
      dryRun: false,
      acknowledgeDuplicates: true,
      locale: "fr",
    });
    const importSeconds = (performance.now() - started) / 1000;
    // The next contact created reads the chart the import grew by thousands of accounts.
    const chartStarted = performance.now();
    await loadAggregate(ctx, orgId, chartStreamId(orgId), chartDecider);
    const chartMs = performance.now() - chartStarted;
    if (!result.written) throw new Error(`import refused: ${JSON.stringify(result.errors.slice(0, 3))}`);
    const events = await ctx.database.db
      .selectFrom("events")
      .select(["type", "data", "metadata"])
      .where("org_id", "=", orgId)
      .where((eb) => eb.or([eb("stream_id", "like", "contact-%"), eb("type", "=", "AccountCreated")]))
      .execute();
    const accounts = events.filter((e) => e.type === "AccountCreated").length;
    await bench.close();

    // The anchor: COPY of as many events, of the same types, data and metadata, into a bare table.
    const sql = postgres(bench.rawUrl, { max: 1, onnotice: () => {} });
    await sql`create table raw_events (id bigint generated always as identity primary key, stream text, version int, type text, data jsonb, metadata jsonb)`;
    const copies: number[] = [];
    const copyText = (text: string) =>
      text.replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n");
    for (let round = 0; round < 3; round++) {
      await sql`truncate raw_events`;
      const t = performance.now();
      const writable =
        await sql`copy raw_events (stream, version, type, data, metadata) from stdin`.writable();
      let chunk = "";
      for (const [i, e] of events.entries()) {
        chunk += `s-${i}\t1\t${e.type}\t${copyText(String(e.data))}\t${copyText(String(e.metadata))}\n`;
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
    const section = `${START}
## Contacts import (issue 10)

Measured by \`npm run bench\` (\`tests/bench/contacts-import.ts\`) on ${new Date().toISOString().slice(0, 10)}, PostgreSQL.

| figure | value | raw anchor | ratio | target |
|---|---|---|---|---|
| CSV import of ${count.toLocaleString("en")} contacts (${(bytes.byteLength / 1024 / 1024).toFixed(1)} MB; ${accounts.toLocaleString("en")} auxiliary accounts), contacts list caught up | ${importSeconds.toFixed(1)} s | COPY of the same ${events.length.toLocaleString("en")} events: ${copySeconds.toFixed(2)} s | ${(importSeconds / copySeconds).toFixed(1)}x | ≤ ${TARGET_S} s: ${importSeconds <= TARGET_S ? "PASS" : "FAIL"} |

The file (companies and people; customers, suppliers, both, prospects; an address, an e-mail and a phone
each) is read, every row decided by the contact decider, duplicates looked up in one query, then written
in batches of 500 contacts, each one commit over their streams and the chart's new auxiliary accounts
(\`appendMany\`), and answered once the contacts list shows them. The anchor COPYs as many events of the
same types, data and metadata into a table without indexes, hash chain or projections (median of 3 rounds).
Reading the chart afterwards (the next contact's creation folds the import's ${accounts.toLocaleString("en")} new accounts):
${chartMs.toFixed(0)} ms.
${END}
`;
    writeSection(report, START, END, section);
    console.info(
      `contacts import: ${count} contacts (${accounts} accounts) in ${importSeconds.toFixed(1)} s; COPY ${copySeconds.toFixed(2)} s`,
    );
  });
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  if (process.argv[2] === "dry") await runContactsDryRunBench();
  else await runContactsImportBench(new URL("../../docs/performance.md", import.meta.url).pathname);
}
