/**
 * The dashboard benchmark's books (`tests/bench/dashboard.ts`): generated — the accounting benchmark's
 * entries, the documents list's documents, their read models rebuilt, the sales spread over customers and
 * items, the documents due before November settled, the anchors' plain tables copied — or reused from a
 * database an earlier run kept (BENCH_REUSE_DATABASE).
 */
import { documentEventTypes } from "@registre/core";
import { refillDocumentSummaries, refillSalesStatsSummaries } from "@registre/projections";
import type postgres from "postgres";
import type { AppContext } from "../../api/src/context.ts";
import { generateBooks } from "./accounting-generator.ts";
import { n, type Open } from "./accounting-measure.ts";
import { physical, seconds, step } from "./books-setup.ts";
import { generateDocuments } from "./documents-list.ts";

/** The year the documents are dated over, and the dashboard asked at its end. */
export const YEAR = { start: "2025-01-01", end: "2025-12-31" } as const;

/**
 * Customers and items for the best-of lists: the generated documents name one customer and carry free
 * lines, so the `sales_stats` rows are spread over 2,000 contacts and 500 items by plain SQL into the live
 * table (the same hash of each row every time), then its monthly summaries made again from them.
 */
const spreadSales = async (open: Open, sales: string, orgId: string) => {
  const t = performance.now();
  await open.sql.unsafe(
    `update ${sales} set
       contact_id = md5('contact' || (abs(hashtext(doc_id::text)) % 2000))::uuid,
       contact_name = 'Client ' || (abs(hashtext(doc_id::text)) % 2000),
       item_id = case when rank % 3 = 2 then null else 'item-' || (abs(hashtext(doc_id::text || rank)) % 500) end,
       cost = case when rank % 3 = 2 or direction = 'purchases' then null else net * 4 / 10 end
     where org_id = $1`,
    [orgId],
  );
  // Its monthly summaries made again from the rows changed (as a rebuild's last step makes them).
  const g = sales.slice("sales_stats".length);
  await refillSalesStatsSummaries(open.ctx.database.db, (table) => `${table}${g}`);
  return seconds(t);
};

/**
 * The generator records no payment: every validated invoice would stay open, a year of them unpaid. A
 * business is paid: what fell due more than 60 days before the year's end is settled, but for one invoice
 * in 25 left owing (the late ones of every age); plain SQL into the live table, as above (again, a no-op,
 * over books reused).
 */
const settle = async (open: Open, documents: string, orgId: string) => {
  const { sql } = open;
  const t = performance.now();
  await sql.unsafe(
    `update ${documents} set paid = paid + due, due = 0
     where org_id = $1 and validated_on is not null and due > 0
       and coalesce(due_date, issue_date) < $2 and abs(hashtext(id::text)) % 25 <> 0`,
    [orgId, "2025-11-01"],
  );
  // The open documents' summaries made again from the rows changed (as a rebuild's last step makes them).
  const g = documents.slice("documents".length);
  await refillDocumentSummaries(open.ctx.database.db, (table) => `${table}${g}`);
  return seconds(t);
};

export type Books = {
  orgId: string;
  tables: { sales: string; documents: string; ledger: string };
  summaries: string[];
  counts: { sales: number; docs: number; ledger: number } | undefined;
  generation: string;
};

/** The sales summaries' live tables, beside `sales_stats`'s generation. */
const summaryTablesOf = (sales: string) =>
  ["sales_stats_months", "sales_stats_month_items", "sales_stats_month_rates"].map(
    (t) => `${t}${sales.slice("sales_stats".length)}`,
  );

/** The documents' summaries' live tables, beside `documents`' generation. */
export const documentSummariesOf = (documents: string) =>
  ["document_days", "document_open_days", "document_open_contacts"].map(
    (t) => `${t}${documents.slice("documents".length)}`,
  );

const countRows = async (sql: postgres.Sql, orgId: string, ledger: string) => {
  const [counts] = await sql<{ sales: number; docs: number; ledger: number }[]>`
    select (select count(*)::int from raw_sales where org_id = ${orgId}) as sales,
      (select count(*)::int from raw_documents where org_id = ${orgId}) as docs,
      (select count(*)::int from ${sql.unsafe(ledger)} where org_id = ${orgId}) as ledger`;
  return counts;
};

/** The books an earlier run generated and kept (BENCH_REUSE_DATABASE), as that run described them. */
export const reusedBooks = async (open: Open, log: (t: string) => void): Promise<Books> => {
  const { sql } = open;
  await open.ctx.runner.drain(undefined, 3_600_000);
  const [note] = await sql<
    { org_id: string; generation: string }[]
  >`select org_id, generation from bench_books`;
  if (!note)
    throw new Error("this database holds no books a dashboard benchmark generated (no bench_books row)");
  const tables = {
    sales: await physical(sql, "sales-stats", "sales_stats"),
    documents: await physical(sql, "documents", "documents"),
    ledger: await physical(sql, "ledger", "ledger_lines"),
  };
  const counts = await countRows(sql, note.org_id, tables.ledger);
  // A projector changed since rebuilds its tables from the log: the hand-made changes made again.
  await step(log, "spread the sales again", () => spreadSales(open, tables.sales, note.org_id));
  await step(log, "settled again", () => settle(open, tables.documents, note.org_id));
  for (const table of [
    ...Object.values(tables),
    ...summaryTablesOf(tables.sales),
    ...documentSummariesOf(tables.documents),
  ])
    await sql.unsafe(`vacuum analyze ${table}`);
  return {
    orgId: note.org_id,
    tables,
    summaries: summaryTablesOf(tables.sales),
    counts,
    generation: `${note.generation} (Generated by an earlier run and timed again: BENCH_REUSE_DATABASE.)`,
  };
};

/** The books generated, read models rebuilt, sales spread, documents settled, plain tables copied. */
export const generateDashboardBooks = async (
  open: Open,
  config: { readonly lines: number; readonly documents: number },
  log: (t: string) => void,
): Promise<Books> => {
  const { sql } = open;
  const ctx: AppContext = open.ctx;
  const books = await step(log, "generated the books", () =>
    generateBooks(ctx, open.setDay, sql, config.lines, log),
  );
  const orgId = books.orgId;
  // The books' read models built before the documents' commands run: caught up live instead, millions of
  // events would hold every connection while those commands wait for one.
  await step(log, "rebuilt the books' read models", async () => {
    for (const p of ctx.runner.projectors) await ctx.runner.rebuild(p.name);
    await ctx.runner.start();
    await ctx.runner.drain(undefined, 3_600_000);
  });
  const docs = await step(log, "wrote the documents", () =>
    generateDocuments(ctx, sql, config.documents, log, { orgId, from: YEAR.start, days: 365 }),
  );
  await sql`vacuum analyze events`;
  // The read models of the documents' events rebuilt (the books' are caught up already: the ledger's ten
  // million lines are not projected twice), then every one caught up.
  const projected = await step(log, "rebuilt the documents' read models", async () => {
    const t = performance.now();
    await ctx.runner.stop();
    // The documents' events were COPYed into the log (the runner stopped): those projectors rebuilt.
    const types: readonly string[] = documentEventTypes;
    for (const p of ctx.runner.projectors)
      if (!p.handles || p.handles.some((type) => types.includes(type))) await ctx.runner.rebuild(p.name);
    await ctx.runner.start();
    await ctx.runner.drain(undefined, 3_600_000);
    return seconds(t);
  });
  const tables = {
    sales: await physical(sql, "sales-stats", "sales_stats"),
    documents: await physical(sql, "documents", "documents"),
    ledger: await physical(sql, "ledger", "ledger_lines"),
  };
  const spread = await step(log, "spread the sales over 2,000 contacts and 500 items", () =>
    spreadSales(open, tables.sales, orgId),
  );
  const settled = await step(log, "settled what customers and suppliers paid", () =>
    settle(open, tables.documents, orgId),
  );
  const summaries = summaryTablesOf(tables.sales);
  for (const table of [...Object.values(tables), ...summaries, ...documentSummariesOf(tables.documents)])
    await sql.unsafe(`vacuum analyze ${table}`);
  // The anchors' plain tables: the same rows, the columns the figures read, one plain index each.
  const copied = await step(log, "copied the plain tables", async () => {
    const t = performance.now();
    await sql.unsafe(`create table raw_sales as select org_id, month, direction, contact_id, item_id,
      vat_rate, quantity, net, cost from ${tables.sales}`);
    await sql.unsafe("create index on raw_sales (org_id, month)");
    await sql.unsafe(`create table raw_documents as select org_id, direction, kind, status, issue_date,
      due_date, validated_on, due, total_excl_tax, total_incl_tax from ${tables.documents}`);
    await sql.unsafe("create index on raw_documents (org_id, direction, kind, issue_date)");
    await sql.unsafe(`create table raw_ledger as select org_id, account, date, debit, credit
      from ${tables.ledger}`);
    await sql.unsafe("create index on raw_ledger (org_id, date)");
    for (const t of ["raw_sales", "raw_documents", "raw_ledger"]) await sql.unsafe(`vacuum analyze ${t}`);
    return seconds(t);
  });
  const [size] = await sql<{ size: string }[]>`
    select pg_size_pretty(pg_database_size(current_database())) as size`;
  const counts = await countRows(sql, orgId, tables.ledger);
  const generation =
    `${n(counts?.ledger ?? 0)} ledger lines (${n(books.entries)} entries: ${books.commandEntries} through draftEntry, ` +
    `the rest in bulk in ${books.bulkSeconds.toFixed(1)} s), ${n(counts?.docs ?? 0)} documents ` +
    `(${n(docs.events)} events COPYed in ${docs.seconds.toFixed(1)} s), ${n(counts?.sales ?? 0)} \`sales_stats\` rows; ` +
    `the documents' read models rebuilt in ${projected.toFixed(1)} s; the sales spread over contacts and items in ` +
    `${spread.toFixed(1)} s; the documents due before November paid (but one in 25) in ${settled.toFixed(1)} s; the plain tables copied and indexed in ${copied.toFixed(1)} s; database ${size?.size}.`;
  await sql`create table bench_books (org_id uuid not null, generation text not null)`;
  await sql`insert into bench_books values (${orgId}, ${generation})`;
  return { orgId, tables, summaries, counts, generation };
};
