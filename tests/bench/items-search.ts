/**
 * Issue 10's items search benchmark: BENCH_ITEMS items (50,000 by default) in one organisation on
 * PostgreSQL, created as the item decider decides them (appended in multi-stream batches, the read
 * models stopped, then rebuilt at bulk speed: `loadStreams`); then the document line editor's as-you-type search (`searchItems`, GET /items/search)
 * timed over prefixes and fragments of references and labels, p50 and p95, beside the raw anchor of
 * the same run: the same LIKE on a bare table with the same trigram index. Run by `npm run bench`, or
 * alone: `npx tsx tests/bench/items-search.ts`; writes its section of docs/performance.md.
 */
import { pathToFileURL } from "node:url";
import { itemDecider, itemStreamId } from "@registre/core";
import postgres from "postgres";
import { derivedId } from "../../api/src/ids.ts";
import { searchItems } from "../../api/src/items/items.ts";
import { loadStreams, percentile, withBenchOrganisation, writeSection } from "./common.ts";

const START = "<!-- bench:items-search -->";
const END = "<!-- /bench:items-search -->";

const count = Number((process.env.BENCH_ITEMS ?? "50000").replace(/_/g, ""));
const QUERIES = 400;
const TARGET_MS = 30;

const words = [
  "chaise",
  "table",
  "vis",
  "planche",
  "étagère",
  "pose",
  "livraison",
  "vernis",
  "colle",
  "panneau",
  "porte",
  "tiroir",
];
const woods = ["chêne", "hêtre", "noyer", "pin", "frêne", "acacia", "bouleau", "merisier"];
/** A believable catalogue line: reference and label from a few words, a number and a size. */
export const itemAt = (i: number) => {
  const word = words[i % words.length] ?? "article";
  const wood = woods[(i >> 3) % woods.length] ?? "bois";
  return {
    reference: `${word.slice(0, 3).toUpperCase()}-${String(i).padStart(6, "0")}`,
    label: `${word} ${wood} ${20 + (i % 180)} cm`,
  };
};
/** What people type: the start of a reference, a word, a fragment of a label. */
export const termAt = (i: number): string => {
  const item = itemAt((i * 7919) % count);
  switch (i % 4) {
    case 0:
      return item.reference.slice(0, 2 + (i % 6)).toLowerCase();
    case 1:
      return item.label.split(" ")[0] ?? "";
    case 2:
      return item.label.slice(2, 7);
    default:
      return `${item.label.split(" ")[1] ?? ""} ${20 + (i % 180)}`;
  }
};

const timeQueries = async (
  run: (term: string) => Promise<unknown>,
): Promise<{ p50: number; p95: number }> => {
  for (let i = 0; i < 20; i++) await run(termAt(i));
  const samples: number[] = [];
  for (let i = 0; i < QUERIES; i++) {
    const t = performance.now();
    await run(termAt(i));
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 0.5), p95: percentile(samples, 0.95) };
};

export const runItemsSearchBench = async (report: string): Promise<void> =>
  withBenchOrganisation("items", "Catalogue SAS", async (bench) => {
    const { ctx, orgId } = bench;
    const load = await loadStreams(bench, count, (i) => {
      const id = derivedId(orgId, "bench-item", i);
      const events = itemDecider.decide(
        {
          type: "CreateItem",
          data: {
            id,
            use: "both",
            kind: "goods",
            vatRate: "20",
            buyPrice: "10",
            sellPrice: `${19 + (i % 50)}.90`,
            ...itemAt(i),
          },
          context: { referenceTaken: false },
        },
        itemDecider.initialState(),
      );
      return { streamId: itemStreamId(id), expected: "no_stream", events };
    });
    const registre = await timeQueries((q) => searchItems(ctx, orgId, { q, limit: 20 }));
    await bench.close();

    // The anchor: the same rows' search text in a bare table with the same trigram index, one LIKE.
    const sql = postgres(bench.rawUrl, { max: 1, onnotice: () => {} });
    await sql`create extension if not exists pg_trgm`;
    await sql`create table raw_items (org_id uuid, reference text, label text, search text)`;
    const rows = Array.from({ length: count }, (_, i) => ({ ...itemAt(i), org_id: orgId }));
    for (let from = 0; from < rows.length; from += 5000)
      await sql`insert into raw_items ${sql(rows.slice(from, from + 5000), "org_id", "reference", "label")}`;
    await sql`update raw_items set search = lower(reference || chr(31) || label)`;
    await sql`create index on raw_items using gin (search gin_trgm_ops)`;
    await sql`analyze raw_items`;
    const anchor = await timeQueries(
      (q) =>
        sql`select * from raw_items where org_id = ${orgId} and search like ${`%${q.toLowerCase()}%`} order by reference limit 20`,
    );
    await sql.end();
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    const section = `${START}
## Items search (issue 10)

Measured by \`npm run bench\` (\`tests/bench/items-search.ts\`) on ${new Date().toISOString().slice(0, 10)}, PostgreSQL, ${count.toLocaleString("en")} items in one organisation (appended in ${load.appendSeconds.toFixed(1)} s with the read models stopped, then projected by a rebuild in ${load.projectSeconds.toFixed(1)} s).

| figure | p50 | p95 | raw anchor p50 / p95 | target |
|---|---|---|---|---|
| \`GET /items/search\` as typed (${QUERIES} queries: reference prefixes, words, label fragments; 20 answers) | ${ms(registre.p50)} | ${ms(registre.p95)} | ${ms(anchor.p50)} / ${ms(anchor.p95)} | p95 ≤ ${TARGET_MS} ms: ${registre.p95 <= TARGET_MS ? "PASS" : "FAIL"} |

The search reads the \`items\` read model: \`search\` (reference and label lowercased by PostgreSQL) matched
with LIKE, in two steps each led by an index: the references starting with the text (the
\`text_pattern_ops\` index, in its order), then the other matches by reference — through the trigram index,
ids and references sorted, then those rows read (the reference index for texts under three characters,
whose matches are dense). The anchor runs one LIKE on a bare table of the same texts with the same trigram
index, without the read model's columns.
${END}
`;
    writeSection(report, START, END, section);
    console.info(
      `items search over ${count} items: p50 ${ms(registre.p50)}, p95 ${ms(registre.p95)}; anchor ${ms(anchor.p50)} / ${ms(anchor.p95)}`,
    );
  });

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href)
  await runItemsSearchBench(new URL("../../docs/performance.md", import.meta.url).pathname);
