import {
  type DocumentEvent,
  type DocumentState,
  documentStreamId,
  evolveDocument,
  type ItemEvent,
  isLive,
  isPriced,
  type LiveDocument,
  lineNet,
} from "@registre/core";
import type { StoredEvent } from "@registre/store";
import { type RawBuilder, type Selectable, sql } from "kysely";
import {
  chunk,
  type Int8,
  json,
  liveSink,
  type ProjectionExecutor,
  type Projector,
  type TableNames,
} from "./projector.ts";

/**
 * `sales_stats`: the figures of the validated invoices and credit notes, sales and purchases, one row per
 * priced line (a credit note's amounts negated), by organisation and month (`month`, "2026-03", of the
 * issue date): the dashboards sum them by month, customer or supplier, item and VAT rate. `cost` is the
 * line's quantity at the item's buy price as the log stood when the document was validated (the item's
 * own events, folded here); null on a free line, a purchase, or an item without a buy price, so that
 * margins are computed over the lines whose cost is known.
 */
export type SalesStatsTable = {
  org_id: string;
  doc_id: string;
  rank: number;
  month: string;
  issue_date: string;
  direction: "sales" | "purchases";
  kind: "invoice" | "creditNote";
  contact_id: string | null;
  contact_name: string | null;
  item_id: string | null;
  label: string;
  vat_rate: string;
  quantity: string;
  net: Int8;
  cost: Int8 | null;
};
export type SalesStatsRow = Selectable<SalesStatsTable>;

/** Drafts of invoices and credit notes, folded until their validation (their content is then fixed). */
export type SalesStatsPendingTable = { org_id: string; doc_id: string; state: LiveDocument };
/** Each item's buy price as the log stands (for the cost of the lines validated next). */
export type SalesStatsItemCostsTable = { org_id: string; item_id: string; buy_price: string | null };

/**
 * The summaries kept beside the rows, by organisation, month and side (what the dashboard sums over
 * twelve months against the year before, a few rows a month instead of every line): by customer or
 * supplier (`contact_key` its id, '' for none; the greatest name, as `max` over the rows), by item
 * (`item_key` its id, '' for the free lines; `costed` the net of the lines whose cost is known) and by
 * VAT rate. Their document counts add up over months and contacts: a document has one month and one contact,
 * and its rows are written at once (its validation). The management reports read them over whole months. Each is the GROUP BY of `sales_stats` it is named after: upserted by the batch that writes
 * the rows (the sums added), filled from the rows in one statement each after a rebuild's bulk pass.
 */
export type SalesStatsMonthsTable = {
  org_id: string;
  month: string;
  direction: "sales" | "purchases";
  contact_key: string;
  contact_id: string | null;
  contact_name: string | null;
  net: Int8;
  lines: number;
  /** The invoices and credit notes (each document counted once: it has one month and one contact). */
  invoices: number;
  credit_notes: number;
  /** The net of the invoices' lines (the credit notes' is `net` less it). */
  invoiced: Int8;
};
export type SalesStatsMonthItemsTable = {
  org_id: string;
  month: string;
  direction: "sales" | "purchases";
  item_key: string;
  item_id: string | null;
  label: string;
  quantity: string;
  net: Int8;
  costed: Int8;
  cost: Int8;
  lines: number;
  /** The documents selling it (each once), the quantity and the lines whose cost is known. */
  documents: number;
  costed_quantity: string;
  costed_lines: number;
};
export type SalesStatsMonthRatesTable = {
  org_id: string;
  month: string;
  direction: "sales" | "purchases";
  vat_rate: string;
  net: Int8;
  lines: number;
};

const summaryTables = ["sales_stats_months", "sales_stats_month_items", "sales_stats_month_rates"] as const;

/** The summaries' upserts of the `sales_stats` rows `where` selects (rows no summary counts yet). */
const summaryUpserts = (table: TableNames, where: RawBuilder<boolean>): RawBuilder<unknown>[] => {
  const stats = sql.table(table("sales_stats"));
  const [months, items, rates] = summaryTables.map((t) => sql.table(table(t)));
  return [
    sql`insert into ${months} (org_id, month, direction, contact_key, contact_id, contact_name, net, lines,
        invoices, credit_notes, invoiced)
      select org_id, month, direction, coalesce(contact_id::text, ''), contact_id, max(contact_name), sum(net), count(*),
        count(distinct doc_id) filter (where kind = 'invoice'), count(distinct doc_id) filter (where kind = 'creditNote'),
        coalesce(sum(net) filter (where kind = 'invoice'), 0)
      from ${stats} where ${where} group by org_id, month, direction, contact_id
      on conflict (org_id, month, direction, contact_key) do update set net = ${months}.net + excluded.net,
        lines = ${months}.lines + excluded.lines,
        contact_name = greatest(${months}.contact_name, excluded.contact_name),
        invoices = ${months}.invoices + excluded.invoices,
        credit_notes = ${months}.credit_notes + excluded.credit_notes,
        invoiced = ${months}.invoiced + excluded.invoiced`,
    sql`insert into ${items} (org_id, month, direction, item_key, item_id, label, quantity, net, costed, cost, lines,
        documents, costed_quantity, costed_lines)
      select org_id, month, direction, coalesce(item_id, ''), item_id, max(label), sum(quantity::numeric), sum(net),
        coalesce(sum(net) filter (where cost is not null), 0), coalesce(sum(cost), 0), count(*),
        count(distinct doc_id), coalesce(sum(quantity::numeric) filter (where cost is not null), 0),
        count(*) filter (where cost is not null)
      from ${stats} where ${where} group by org_id, month, direction, item_id
      on conflict (org_id, month, direction, item_key) do update set label = greatest(${items}.label, excluded.label),
        quantity = ${items}.quantity + excluded.quantity, net = ${items}.net + excluded.net,
        costed = ${items}.costed + excluded.costed, cost = ${items}.cost + excluded.cost,
        lines = ${items}.lines + excluded.lines, documents = ${items}.documents + excluded.documents,
        costed_quantity = ${items}.costed_quantity + excluded.costed_quantity,
        costed_lines = ${items}.costed_lines + excluded.costed_lines`,
    sql`insert into ${rates} (org_id, month, direction, vat_rate, net, lines)
      select org_id, month, direction, vat_rate, sum(net), count(*)
      from ${stats} where ${where} group by org_id, month, direction, vat_rate
      on conflict (org_id, month, direction, vat_rate) do update set net = ${rates}.net + excluded.net,
        lines = ${rates}.lines + excluded.lines`,
  ];
};

/**
 * The summaries made again from every `sales_stats` row (a rebuild's last step; a benchmark's after it
 * changed the rows by hand).
 */
export const refillSalesStatsSummaries = async (db: ProjectionExecutor, table: TableNames) => {
  for (const t of summaryTables) await sql`delete from ${sql.table(table(t))}`.execute(db);
  for (const upsert of summaryUpserts(table, sql<boolean>`true`)) await upsert.execute(db);
};

const docIdOf = (streamId: string) => streamId.slice(documentStreamId("").length);
const itemIdOf = (streamId: string) => streamId.slice("item-".length);
const key = (orgId: string, id: string) => `${orgId}|${id}`;
const counted = (doc: LiveDocument) => doc.kind === "invoice" || doc.kind === "creditNote";

const negate = (units: string): string => (units.startsWith("-") ? units.slice(1) : `-${units}`);

/** The rows a validated document contributes: its priced lines, signed (a credit note negative). */
export const salesStatsRowsOf = (
  orgId: string,
  doc: LiveDocument,
  buyPrice: (itemId: string) => string | null | undefined,
): SalesStatsRow[] => {
  const sign = doc.kind === "creditNote" ? -1 : 1;
  return doc.lines.flatMap((line, rank) => {
    if (!isPriced(line)) return [];
    const price = doc.direction === "sales" && line.itemId ? buyPrice(line.itemId) : null;
    const cost = price ? lineNet({ quantity: line.quantity, unitPrice: price, discount: "0" }) : null;
    return [
      {
        org_id: orgId,
        doc_id: doc.id,
        rank,
        month: doc.header.issueDate.slice(0, 7),
        issue_date: doc.header.issueDate,
        direction: doc.direction,
        kind: doc.kind as "invoice" | "creditNote",
        contact_id: doc.contact?.id ?? null,
        contact_name: doc.contact?.name ?? null,
        item_id: line.itemId,
        label: line.label,
        vat_rate: line.vatRate,
        quantity: sign < 0 ? negate(line.quantity) : line.quantity,
        net: sign * lineNet(line),
        cost: cost === null ? null : sign * cost,
      },
    ];
  });
};

const itemEvents = ["ItemCreated", "ItemPricesChanged", "ItemDeleted"] as const;

export const salesStatsProjector: Projector = {
  name: "sales-stats",
  // 2: the monthly summaries by contact, item and VAT rate beside the rows.
  // 3: their document counts, invoiced net and costed quantity and lines (the management reports).
  version: 3,
  handles: [
    "DocumentCreated",
    "DocumentContactSet",
    "DocumentHeaderChanged",
    "DocumentLineAdded",
    "DocumentLineChanged",
    "DocumentLineRemoved",
    "DocumentLinesReordered",
    "DocumentDepositDeducted",
    "DocumentDepositDeductionRemoved",
    "DocumentValidated",
    "DocumentDeleted",
    ...itemEvents,
  ],
  tables: [
    {
      name: "sales_stats",
      columns: `org_id uuid not null, doc_id uuid not null, rank integer not null, month text not null,
        issue_date text not null, direction text not null, kind text not null, contact_id uuid, contact_name text,
        item_id text, label text not null, vat_rate text not null, quantity text not null, net bigint not null,
        cost bigint, primary key (org_id, doc_id, rank)`,
      indexes: ["create index on {table} (org_id, month, direction)"],
    },
    {
      name: "sales_stats_months",
      columns: `org_id uuid not null, month text not null, direction text not null, contact_key text not null,
        contact_id uuid, contact_name text, net bigint not null, lines integer not null,
        invoices integer not null, credit_notes integer not null, invoiced bigint not null,
        primary key (org_id, month, direction, contact_key)`,
    },
    {
      name: "sales_stats_month_items",
      columns: `org_id uuid not null, month text not null, direction text not null, item_key text not null,
        item_id text, label text not null, quantity numeric not null, net bigint not null, costed bigint not null,
        cost bigint not null, lines integer not null, documents integer not null, costed_quantity numeric not null,
        costed_lines integer not null, primary key (org_id, month, direction, item_key)`,
    },
    {
      name: "sales_stats_month_rates",
      columns: `org_id uuid not null, month text not null, direction text not null, vat_rate text not null,
        net bigint not null, lines integer not null, primary key (org_id, month, direction, vat_rate)`,
    },
    {
      name: "sales_stats_pending",
      columns:
        "org_id uuid not null, doc_id uuid not null, state jsonb not null, primary key (org_id, doc_id)",
    },
    {
      name: "sales_stats_item_costs",
      columns: "org_id uuid not null, item_id text not null, buy_price text, primary key (org_id, item_id)",
    },
  ],
  apply: async (db, events, table, sink = liveSink(db)) => {
    const stats = table("sales_stats");
    const pendingTable = table("sales_stats_pending");
    const costsTable = table("sales_stats_item_costs");
    const docIds = new Map<string, { orgId: string; id: string }>();
    const itemIds = new Map<string, { orgId: string; id: string }>();
    const wantItem = (orgId: string, id: string | null) => {
      if (id) itemIds.set(key(orgId, id), { orgId, id });
    };
    for (const e of events) {
      if (e.streamId.startsWith("item-")) wantItem(e.orgId, itemIdOf(e.streamId));
      else {
        docIds.set(key(e.orgId, docIdOf(e.streamId)), { orgId: e.orgId, id: docIdOf(e.streamId) });
        const d = e as StoredEvent & DocumentEvent;
        if (d.type === "DocumentCreated")
          for (const l of d.data.lines) if (isPriced(l)) wantItem(e.orgId, l.itemId);
        if (d.type === "DocumentLineAdded" || d.type === "DocumentLineChanged")
          if (isPriced(d.data.line)) wantItem(e.orgId, d.data.line.itemId);
      }
    }
    const pending = new Map<string, DocumentState>();
    for (const part of chunk([...docIds.values()], 500)) {
      const rows = await db
        .selectFrom(pendingTable)
        .select(["org_id", "doc_id", "state"])
        .where(
          sql<boolean>`(org_id, doc_id) in (select * from unnest(${part.map((p) => p.orgId)}::uuid[], ${part.map((p) => p.id)}::uuid[]))`,
        )
        .execute();
      for (const r of rows as { org_id: string; doc_id: string; state: unknown }[]) {
        const state = (typeof r.state === "string" ? JSON.parse(r.state) : r.state) as LiveDocument;
        pending.set(key(r.org_id, r.doc_id), state);
        for (const l of state.lines) if (isPriced(l)) wantItem(r.org_id, l.itemId);
      }
    }
    const costs = new Map<string, string | null>();
    for (const part of chunk([...itemIds.values()], 500)) {
      const rows = await db
        .selectFrom(costsTable)
        .select(["org_id", "item_id", "buy_price"])
        .where(
          sql<boolean>`(org_id, item_id) in (select * from unnest(${part.map((p) => p.orgId)}::uuid[], ${part.map((p) => p.id)}::text[]))`,
        )
        .execute();
      for (const r of rows as { org_id: string; item_id: string; buy_price: string | null }[])
        costs.set(key(r.org_id, r.item_id), r.buy_price);
    }
    const touchedDocs = new Set<string>();
    const touchedItems = new Set<string>();
    const written: SalesStatsRow[] = [];
    for (const event of events) {
      if (event.streamId.startsWith("item-")) {
        const e = event as StoredEvent & ItemEvent;
        const k = key(e.orgId, itemIdOf(e.streamId));
        if (e.type === "ItemCreated" || e.type === "ItemPricesChanged") costs.set(k, e.data.buyPrice);
        else if (e.type === "ItemDeleted") costs.delete(k);
        touchedItems.add(k);
        continue;
      }
      const e = event as StoredEvent & DocumentEvent;
      const k = key(e.orgId, docIdOf(e.streamId));
      const current = pending.get(k);
      if (!current && e.type !== "DocumentCreated") continue;
      const next = evolveDocument(current ?? { status: "none" }, e);
      touchedDocs.add(k);
      if (!isLive(next) || !counted(next)) {
        pending.delete(k);
        continue;
      }
      if (e.type === "DocumentValidated") {
        written.push(...salesStatsRowsOf(e.orgId, next, (id) => costs.get(key(e.orgId, id))));
        pending.delete(k);
      } else pending.set(k, next);
    }
    if (written.length > 0) {
      await sink.insert(stats, written);
      // The summaries: added to by the documents validated in this batch (a rebuild fills them at its end).
      const validated = [...new Map(written.map((r) => [key(r.org_id, r.doc_id), r])).values()];
      if (!sink.bulk)
        for (const part of chunk(validated, 500)) {
          const where = sql<boolean>`(org_id, doc_id) in (select * from unnest(${part.map((r) => r.org_id)}::uuid[], ${part.map((r) => r.doc_id)}::uuid[]))`;
          for (const upsert of summaryUpserts(table, where)) await upsert.execute(db);
        }
    }
    const split = (k: string) => k.split("|") as [string, string];
    const gone = [...touchedDocs].filter((k) => !pending.has(k)).map(split);
    for (const part of chunk(gone, 500))
      await db
        .deleteFrom(pendingTable)
        .where(
          sql<boolean>`(org_id, doc_id) in (select * from unnest(${part.map((p) => p[0])}::uuid[], ${part.map((p) => p[1])}::uuid[]))`,
        )
        .execute();
    const kept = [...touchedDocs].filter((k) => pending.has(k));
    for (const part of chunk(kept, 200))
      await db
        .insertInto(pendingTable)
        .values(
          part.map((k) => {
            const [orgId, id] = split(k);
            return { org_id: orgId, doc_id: id, state: json(pending.get(k)) as never };
          }),
        )
        .onConflict((oc) =>
          oc.columns(["org_id", "doc_id"]).doUpdateSet({ state: sql.ref("excluded.state") }),
        )
        .execute();
    const items = [...touchedItems].map(split);
    const removed = items.filter(([o, i]) => !costs.has(key(o, i)));
    for (const part of chunk(removed, 500))
      await db
        .deleteFrom(costsTable)
        .where(
          sql<boolean>`(org_id, item_id) in (select * from unnest(${part.map((p) => p[0])}::uuid[], ${part.map((p) => p[1])}::text[]))`,
        )
        .execute();
    const priced = items.filter(([o, i]) => costs.has(key(o, i)));
    for (const part of chunk(priced, 500))
      await db
        .insertInto(costsTable)
        .values(part.map(([o, i]) => ({ org_id: o, item_id: i, buy_price: costs.get(key(o, i)) ?? null })))
        .onConflict((oc) =>
          oc.columns(["org_id", "item_id"]).doUpdateSet({ buy_price: sql.ref("excluded.buy_price") }),
        )
        .execute();
  },
  finishRebuild: [{ fills: [...summaryTables], run: refillSalesStatsSummaries }],
};
