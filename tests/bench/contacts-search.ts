/**
 * Issue 10's contacts search benchmark: BENCH_CONTACTS contacts (100,000 by default) in one
 * organisation on PostgreSQL, created as the contact decider decides them (companies and people with
 * an address, a phone, an e-mail, a SIREN for the companies, an auxiliary account for the customers),
 * appended in multi-stream batches with the read models stopped, then rebuilt at bulk speed (`loadStreams`); then the list's search as you type (`listContacts`,
 * GET /contacts?q=…, one page of 50 and its count) timed over what people type — the start of a name,
 * part of a SIREN typed with spaces, a city, a fragment of an e-mail, phone digits —, p50 and p95, beside
 * the raw anchor of the same run: the same search texts in a bare table with the same trigram index, one
 * LIKE per word, the page and its count in one statement. Run by `npm run bench`, or alone:
 * `npx tsx tests/bench/contacts-search.ts`; writes its section of docs/performance.md.
 */
import { pathToFileURL } from "node:url";
import {
  type ContactEvent,
  contactDecider,
  contactStreamId,
  frenchVatKey,
  initialContactState,
} from "@registre/core";
import postgres from "postgres";
import { listContacts, searchTerms } from "../../api/src/contacts/queries.ts";
import { derivedId } from "../../api/src/ids.ts";
import { loadStreams, percentile, withBenchOrganisation, writeSection } from "./common.ts";

const START = "<!-- bench:contacts-search -->";
const END = "<!-- /bench:contacts-search -->";

const count = Number((process.env.BENCH_CONTACTS ?? "100000").replace(/_/g, ""));
const QUERIES = 400;
const PAGE = 50;
const TARGET_MS = 50;

const trades = [
  "Boulangerie",
  "Garage",
  "Cabinet",
  "Menuiserie",
  "Atelier",
  "Pharmacie",
  "Imprimerie",
  "Ferme",
];
const families = [
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
const firstNames = ["Camille", "Léa", "Hugo", "Louis", "Chloé", "Jules", "Inès", "Arthur", "Zoé", "Nathan"];
const cities: [string, string][] = [
  ["Lyon", "69003"],
  ["Marseille", "13001"],
  ["Toulouse", "31000"],
  ["Nantes", "44000"],
  ["Bordeaux", "33000"],
  ["Lille", "59000"],
  ["Rennes", "35000"],
  ["Strasbourg", "67000"],
  ["Montpellier", "34000"],
  ["Besançon", "25000"],
];

const luhnDigit = (digits: string): string => {
  for (let d = 0; d <= 9; d++) {
    const sum = [...`${digits}${d}`].reverse().reduce((s, ch, i) => {
      const n = Number(ch) * (i % 2 === 1 ? 2 : 1);
      return s + (n > 9 ? n - 9 : n);
    }, 0);
    if (sum % 10 === 0) return String(d);
  }
  throw new Error("no Luhn digit");
};
/** A SIREN with its key, from a rank. */
const sirenAt = (i: number) => {
  const body = String(30_000_000 + i * 7).padStart(8, "0");
  return `${body}${luhnDigit(body)}`;
};
export const contactAt = (i: number) => {
  const family = families[i % families.length] ?? "Martin";
  const [city, postalCode] = cities[(i >> 2) % cities.length] ?? ["Lyon", "69003"];
  const company = i % 3 !== 0;
  const name = company ? `${trades[(i >> 1) % trades.length]} ${family} ${i}` : `${family}${i}`;
  const phone = `04${String(10_000_000 + ((i * 7919) % 89_999_999)).padStart(8, "0")}`;
  return {
    company,
    name,
    firstName: firstNames[i % firstNames.length] ?? "Camille",
    city,
    postalCode,
    phone,
    email: `contact${i}@${family.toLowerCase()}-${i}.fr`,
    siren: company ? sirenAt(i) : null,
  };
};
/** What people type in the search box. */
export const termAt = (i: number): string => {
  const c = contactAt((i * 7919) % count);
  switch (i % 5) {
    case 0:
      return c.name.slice(0, 3 + (i % 5));
    case 1:
      return c.siren ? `${c.siren.slice(0, 3)} ${c.siren.slice(3, 6)}` : c.city;
    case 2:
      return c.city.slice(0, 4 + (i % 3));
    case 3:
      return c.email.slice(0, 9);
    default:
      return `${c.phone.slice(0, 2)} ${c.phone.slice(2, 4)} ${c.phone.slice(4, 6)}`;
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

export const eventsOf = (id: string, i: number): ContactEvent[] => {
  const c = contactAt(i);
  const events: ContactEvent[] = [
    ...contactDecider.decide(
      {
        type: "CreateContact",
        data: {
          id,
          identity: c.company
            ? { kind: "company", name: c.name }
            : { kind: "person", firstName: c.firstName, lastName: c.name },
          types: ["prospect"],
          addresses: [
            {
              id: `${id}-a`,
              kind: "billing",
              line1: `${i % 200} rue de la Gare`,
              postalCode: c.postalCode,
              city: c.city,
            },
          ],
          phones: [{ id: `${id}-p`, kind: "work", number: c.phone }],
          emails: [{ id: `${id}-e`, address: c.email }],
          ...(c.siren && { legal: { siren: c.siren, vatNumber: `FR${frenchVatKey(c.siren)}${c.siren}` } }),
        },
        context: { duplicates: [], accounting: { codeMode: "counter", takenCodes: [] } },
      },
      initialContactState(),
    ),
  ];
  // Every other company is a customer with its account (the code assigned as the shell would, by counter).
  if (c.company && i % 2 === 0)
    events.push(
      {
        type: "ContactTypesChanged",
        data: { types: ["prospect", "customer"], added: ["customer"], removed: [] },
      },
      {
        type: "ContactAuxiliaryAccountAssigned",
        data: { role: "customer", control: "411000", code: `C${String(i).padStart(6, "0")}` },
      },
    );
  return events;
};

export const runContactsSearchBench = async (report: string): Promise<void> =>
  withBenchOrganisation("contacts", "Annuaire SAS", async (bench) => {
    const { ctx, orgId } = bench;
    const load = await loadStreams(bench, count, (i) => {
      const id = derivedId(orgId, "bench-contact", i);
      return { streamId: contactStreamId(id), expected: "no_stream", events: eventsOf(id, i) };
    });
    const query = { status: "active", sort: "name", offset: 0, limit: PAGE } as const;
    const registre = await timeQueries((q) => listContacts(ctx, orgId, { ...query, q }));
    // The anchor's rows: the read model's own search texts, copied to a bare table.
    const texts = (await ctx.database.db
      .selectFrom("contacts")
      .select(["sort_name", "search"])
      .where("org_id", "=", orgId)
      .execute()) as { sort_name: string; search: string }[];
    await bench.close();

    const sql = postgres(bench.rawUrl, { max: 1, onnotice: () => {} });
    await sql`create extension if not exists pg_trgm`;
    await sql`create table raw_contacts (org_id uuid, sort_name text, search text)`;
    const rows = texts.map((t) => ({ org_id: orgId, sort_name: t.sort_name, search: t.search }));
    for (let from = 0; from < rows.length; from += 5000)
      await sql`insert into raw_contacts ${sql(rows.slice(from, from + 5000), "org_id", "sort_name", "search")}`;
    await sql`create index on raw_contacts using gin (search gin_trgm_ops)`;
    await sql`analyze raw_contacts`;
    const anchor = await timeQueries((q) => {
      const likes = searchTerms(q).map((term) => `%${term.replace(/[%_\\]/g, "\\$&")}%`);
      return sql`select sort_name, count(*) over () as total from raw_contacts
        where org_id = ${orgId} and search like all(${likes}::text[]) order by sort_name limit ${PAGE}`;
    });
    await sql.end();
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    const met = registre.p95 <= TARGET_MS ? "PASS" : "FAIL";
    const verdict =
      count >= 100_000
        ? met
        : `not measured (this run: ${count.toLocaleString("en")} contacts, ${met} at that size)`;
    const section = `${START}
## Contacts search (issue 10)

Measured by \`npm run bench\` (\`tests/bench/contacts-search.ts\`) on ${new Date().toISOString().slice(0, 10)}, PostgreSQL, ${count.toLocaleString("en")} contacts in one organisation (appended in ${load.appendSeconds.toFixed(1)} s with the read models stopped, then projected by a rebuild in ${load.projectSeconds.toFixed(1)} s).

| figure | p50 | p95 | raw anchor p50 / p95 | target |
|---|---|---|---|---|
| \`GET /contacts?q=\` as typed (${QUERIES} queries: name starts, SIREN parts with spaces, cities, e-mail fragments, phone digits; a page of ${PAGE} and its count) | ${ms(registre.p50)} | ${ms(registre.p95)} | ${ms(anchor.p50)} / ${ms(anchor.p95)} | p95 ≤ ${TARGET_MS} ms at 100,000: ${verdict} |

The list reads the \`contacts\` read model: \`search\` (names, SIREN/SIRET, VAT number, e-mails, phones,
cities, postal codes, account codes, lowercased without accents) matched with one LIKE per word. The matches
are counted first (up to 1,000); up to that, they are fetched through the trigram index and sorted; past
it, the first 2,000 contacts in the order of the name index are filtered, and all matches sorted only when
those do not hold the page (matches gathered late in that order: the start of a name typed). The anchor
runs the same LIKEs on a bare table of the same texts with the same index, page and count in one statement.
${END}
`;
    writeSection(report, START, END, section);
    console.info(
      `contacts search over ${count} contacts: p50 ${ms(registre.p50)}, p95 ${ms(registre.p95)}; anchor ${ms(anchor.p50)} / ${ms(anchor.p95)}`,
    );
  });

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href)
  await runContactsSearchBench(new URL("../../docs/performance.md", import.meta.url).pathname);
