import {
  type DocumentChild,
  type DocumentDirection,
  type DocumentEvent,
  type DocumentKind,
  type DocumentOrigin,
  type DocumentState,
  type DocumentStatus,
  documentEventTypes,
  documentPaid,
  documentStreamId,
  documentTotalsOf,
  evolveDocument,
  initialDocumentState,
  isLive,
  isPriced,
  type LiveDocument,
  lineNet,
} from "@registre/core";
import type { StoredEvent } from "@registre/store";
import { type GeneratedAlways, type Selectable, sql } from "kysely";
import {
  type Cell,
  cellsOf,
  netChanges,
  refillDocumentSummaries,
  type SummaryRow,
  summaryColumns,
  summaryTableDefinitions,
  summaryTables,
  writeSummaryChanges,
} from "./document-summaries.ts";
import type { Projector, Timestamp } from "./projector.ts";
import { chunk, liveSink } from "./projector.ts";

/** `documents`: one row per sales or purchase document, its list columns and the whole state for the detail. */
export type DocumentsTable = {
  org_id: string;
  id: string;
  direction: DocumentDirection;
  kind: DocumentKind;
  status: DocumentStatus;
  number: string | null;
  series: string | null;
  contact_id: string | null;
  contact_name: string | null;
  issue_date: string;
  due_date: string | null;
  delivery_date: string | null;
  expiry_date: string | null;
  reference: string | null;
  label: string | null;
  total_excl_tax: number;
  total_vat: number;
  total_incl_tax: number;
  deposits: number;
  /** Paid so far (the payments issue moves it); 0 until then. */
  paid: number;
  due: number;
  entry_mvt: string | null;
  validated_on: string | null;
  origin: DocumentOrigin | null;
  children: readonly DocumentChild[];
  line_count: number;
  state: LiveDocument;
  /** Number, contact, reference and label lowercased by PostgreSQL, apart (a generated column). */
  search: GeneratedAlways<string>;
  /** The log position of the document's first event: the list's tie-break, stable. */
  position: number;
  version: number;
  created_at: Timestamp;
  updated_at: Timestamp;
};
export type DocumentRow = Selectable<DocumentsTable>;

/** `document_lines`: one row per priced line (items used, quantities), for the "used" checks and lists. */
export type DocumentLinesTable = {
  org_id: string;
  doc_id: string;
  line_id: string;
  rank: number;
  item_id: string | null;
  label: string;
  quantity: string;
  unit_price: string;
  discount: string;
  vat_rate: string;
  net: number;
  account: string | null;
};
export type DocumentLineRow = Selectable<DocumentLinesTable>;

const docIdOf = (streamId: string) => streamId.slice(documentStreamId("").length);

type Folded = {
  state: DocumentState;
  /** The stored row's cells in the summaries (taken back when the document changes). */
  cells?: Cell[];
  createdAt: Date | string;
  updatedAt: Date | string;
  position: number;
  version: number;
  touched: boolean;
  stored: boolean;
};

type NewDocument = Omit<DocumentsTable, "search" | "created_at" | "updated_at"> & {
  created_at: Date | string;
  updated_at: Date | string;
};

const rowOf = (orgId: string, doc: LiveDocument, f: Folded): NewDocument => {
  const totals = documentTotalsOf(doc, documentPaid(doc));
  return {
    org_id: orgId,
    id: doc.id,
    direction: doc.direction,
    kind: doc.kind,
    status: doc.status,
    number: doc.number,
    series: doc.series,
    contact_id: doc.contact?.id ?? null,
    contact_name: doc.contact?.name ?? null,
    issue_date: doc.header.issueDate,
    due_date: doc.header.dueDate,
    delivery_date: doc.header.deliveryDate,
    expiry_date: doc.header.expiryDate,
    reference: doc.header.reference,
    label: doc.header.label,
    total_excl_tax: totals.totalExclTax,
    total_vat: totals.totalVat,
    total_incl_tax: totals.totalInclTax,
    deposits: totals.deposits,
    paid: totals.paid,
    due: totals.due,
    entry_mvt: doc.validation?.entryMvt ?? null,
    validated_on: doc.validation?.validatedOn ?? null,
    origin: doc.origin,
    children: doc.children,
    line_count: doc.lines.length,
    state: doc,
    position: f.position,
    version: f.version,
    created_at: f.createdAt,
    updated_at: f.updatedAt,
  };
};

const linesOf = (orgId: string, doc: LiveDocument): DocumentLinesTable[] =>
  doc.lines.flatMap((line, rank) =>
    isPriced(line)
      ? [
          {
            org_id: orgId,
            doc_id: doc.id,
            line_id: line.id,
            rank,
            item_id: line.itemId,
            label: line.label,
            quantity: line.quantity,
            unit_price: line.unitPrice,
            discount: line.discount,
            vat_rate: line.vatRate,
            net: lineNet(line),
            account: line.account,
          },
        ]
      : [],
  );

const pairs = (part: readonly { orgId: string; id: string }[]) =>
  sql<boolean>`(org_id, id) in (select * from unnest(${part.map((p) => p.orgId)}::uuid[], ${part.map((p) => p.id)}::uuid[]))`;
const linePairs = (part: readonly { orgId: string; id: string }[]) =>
  sql<boolean>`(org_id, doc_id) in (select * from unnest(${part.map((p) => p.orgId)}::uuid[], ${part.map((p) => p.id)}::uuid[]))`;

/**
 * The documents of each organisation: the lists (per side, kind, status, contact, dates, amounts), the
 * detail (the state as jsonb), and their priced lines (items used). Each batch folds the documents it
 * touches from their stored state with the core's `evolveDocument`; documents created in the batch go
 * through the sink (COPY in a rebuild), the others are upserted and their lines written again.
 */
export const documentsProjector: Projector = {
  name: "documents",
  // 4: a purchase from a business abroad owes its total excl. tax (its VAT self-assessed, issue 22).
  // 5: the side-and-kind index carries the status (the statistics by month and status, index-only).
  // 6: the open documents by the day they fall due (the aged balance and the forecast, index-only).
  // 7: the summaries (`document_days`: the statistics; `document_open_days`, `document_open_contacts`: the
  //    aged balance and the forecast), kept beside the documents; the open documents by issue day.
  version: 7,
  handles: [...documentEventTypes],
  tables: [
    {
      name: "documents",
      columns: `org_id uuid not null, id uuid not null, direction text not null, kind text not null,
        status text not null, number text, series text, contact_id uuid, contact_name text,
        issue_date text not null, due_date text, delivery_date text, expiry_date text, reference text, label text,
        total_excl_tax bigint not null, total_vat bigint not null, total_incl_tax bigint not null,
        deposits bigint not null, paid bigint not null, due bigint not null, entry_mvt uuid, validated_on text,
        origin jsonb, children jsonb not null, line_count integer not null, state jsonb not null,
        search text not null generated always as (lower(coalesce(number, '') || chr(31) || coalesce(contact_name, '')
          || chr(31) || coalesce(reference, '') || chr(31) || coalesce(label, ''))) stored,
        position bigint not null, version integer not null,
        created_at timestamptz not null, updated_at timestamptz not null, primary key (org_id, id)`,
      indexes: [
        // The lists, newest first, each walked in its order and stopped at the page (and the capped count,
        // whose amounts are included: an index-only walk): every document, a date range; one side and kind;
        // a status; a contact (the contact's documents too).
        "create index on {table} (org_id, issue_date, position) include (total_excl_tax, total_incl_tax, due)",
        // (its status too: the statistics of a side and kind, by month and status, walk it alone)
        "create index on {table} (org_id, direction, kind, issue_date, position) include (total_excl_tax, total_incl_tax, due, status)",
        "create index on {table} (org_id, status, issue_date, position) include (total_excl_tax, total_incl_tax, due)",
        "create index on {table} (org_id, contact_id, issue_date, position) include (total_excl_tax, total_incl_tax, due)",
        // Due and late: unpaid validated invoices by due date.
        "create index on {table} (org_id, direction, due_date) where due > 0 and validated_on is not null",
        // The aged balance and the cash forecast: the open validated documents of a side by the day they fall
        // due (a document without a due date on its issue date), carrying what they sum and group by, so that
        // they walk the open documents only, index-only (the late ones in order, stopped at the page).
        "create index on {table} (org_id, direction, (coalesce(due_date, issue_date)), position) include (kind, due, due_date, issue_date, contact_id, contact_name) where due > 0 and validated_on is not null",
        // The open documents issued after a day (the aged balance at a past day takes them back from the
        // summaries: none when it is today).
        "create index on {table} (org_id, direction, issue_date) include (kind, due, due_date, contact_id) where due > 0 and validated_on is not null",
        "create index on {table} (org_id, entry_mvt) where entry_mvt is not null",
      ],
      optionalIndexes: [
        ["create extension if not exists pg_trgm", "create index on {table} using gin (search gin_trgm_ops)"],
      ],
    },
    {
      name: "document_lines",
      columns: `org_id uuid not null, doc_id uuid not null, line_id text not null, rank integer not null,
        item_id text, label text not null, quantity text not null, unit_price text not null, discount text not null,
        vat_rate text not null, net bigint not null, account text, primary key (org_id, doc_id, line_id)`,
      indexes: ["create index on {table} (org_id, item_id) where item_id is not null"],
    },
    ...summaryTableDefinitions,
  ],
  apply: async (db, events, table, sink = liveSink(db)) => {
    const docs = table("documents");
    const lines = table("document_lines");
    const key = (orgId: string, id: string) => `${orgId}|${id}`;
    const wanted = new Map<string, { orgId: string; id: string }>();
    for (const e of events) {
      const id = docIdOf(e.streamId);
      wanted.set(key(e.orgId, id), { orgId: e.orgId, id });
    }
    const folded = new Map<string, Folded>();
    // Live, a small batch: the lines of its documents are deleted in the statement that reads them
    // (every document of the batch is written again, its lines with it), and the documents and their
    // lines written in a second one.
    const live = !sink.bulk && wanted.size <= 200;
    for (const part of chunk([...wanted.values()], 500)) {
      const rows = (await (live
        ? db.with("stale_lines", (qb) => qb.deleteFrom(lines).where(linePairs(part)))
        : db
      )
        .selectFrom(docs)
        .select(["org_id", "id", "state", "created_at", "position", "version", ...summaryColumns])
        .where(pairs(part))
        .execute()) as (Pick<DocumentRow, "org_id" | "id" | "state" | "created_at" | "position" | "version"> &
        SummaryRow)[];
      for (const r of rows)
        folded.set(key(r.org_id, r.id), {
          state: typeof r.state === "string" ? JSON.parse(r.state) : r.state,
          // Taken back when the batch writes the summaries (live; a rebuild fills them at its end).
          ...(!sink.bulk && { cells: cellsOf(r, -1) }),
          createdAt: r.created_at,
          updatedAt: r.created_at,
          position: r.position,
          version: r.version,
          touched: false,
          stored: true,
        });
    }
    for (const e of events as readonly (StoredEvent & DocumentEvent)[]) {
      const k = key(e.orgId, docIdOf(e.streamId));
      const current = folded.get(k) ?? {
        state: initialDocumentState(),
        createdAt: e.metadata.at,
        updatedAt: e.metadata.at,
        position: e.position,
        version: 0,
        touched: false,
        stored: false,
      };
      folded.set(k, {
        ...current,
        state: evolveDocument(current.state, e),
        updatedAt: e.metadata.at,
        version: e.version,
        touched: true,
      });
    }
    const fresh: NewDocument[] = [];
    const upserts: NewDocument[] = [];
    const stale: { orgId: string; id: string }[] = [];
    const freshLines: DocumentLinesTable[] = [];
    const otherLines: DocumentLinesTable[] = [];
    for (const [k, f] of folded) {
      if (!f.touched) continue;
      const [orgId = "", id = ""] = k.split("|");
      if (f.stored) stale.push({ orgId, id });
      if (!isLive(f.state)) continue;
      (f.stored ? upserts : fresh).push(rowOf(orgId, f.state, f));
      (f.stored ? otherLines : freshLines).push(...linesOf(orgId, f.state));
    }
    const kept = new Set(upserts.map((u) => key(u.org_id, u.id)));
    // The summaries, live: each stored document's old cells less, each written one's new cells more (a
    // rebuild fills them from the documents at its end).
    if (!sink.bulk) {
      const taken = [...folded.values()].flatMap((f) => (f.touched && f.cells ? f.cells : []));
      const changes = netChanges([...taken, ...[...fresh, ...upserts].flatMap((r) => cellsOf(r, 1))]);
      if (changes.length > 0) await writeSummaryChanges(db, table, changes);
    }
    const encoded = (r: NewDocument) => ({
      ...r,
      state: sql`(${JSON.stringify(r.state)}::text)::jsonb`,
      origin: r.origin ? sql`(${JSON.stringify(r.origin)}::text)::jsonb` : null,
      children: sql`(${JSON.stringify(r.children)}::text)::jsonb`,
    });
    const columns = Object.keys(upserts[0] ?? fresh[0] ?? {}).filter((c) => c !== "org_id" && c !== "id");
    const upsert = (qb: typeof db, rows: readonly NewDocument[]) =>
      qb
        .insertInto(docs)
        .values(rows.map(encoded))
        .onConflict((oc) =>
          oc
            .columns(["org_id", "id"])
            .doUpdateSet(Object.fromEntries(columns.map((c) => [c, sql.ref(`excluded.${c}`)]))),
        );
    if (live) {
      // The lines are gone already (read above): documents and lines, new or not, in one statement.
      const gone = stale.filter((p) => !kept.has(key(p.orgId, p.id)));
      if (gone.length > 0) await db.deleteFrom(docs).where(pairs(gone)).execute();
      const rows = [...fresh, ...upserts];
      const allLines = [...freshLines, ...otherLines];
      if (rows.length > 0 && allLines.length > 0 && allLines.length <= 1000)
        await db
          .with("written", (qb) => upsert(qb as typeof db, rows))
          .insertInto(lines)
          .values(allLines)
          .execute();
      else {
        if (rows.length > 0) await upsert(db, rows).execute();
        for (const part of chunk(allLines, 1000)) await db.insertInto(lines).values(part).execute();
      }
      return;
    }
    await sink.insert(docs, fresh);
    await sink.insert(lines, freshLines);
    for (const part of chunk(stale, 500)) {
      await db.deleteFrom(lines).where(linePairs(part)).execute();
      const gone = part.filter((p) => !kept.has(key(p.orgId, p.id)));
      if (gone.length > 0) await db.deleteFrom(docs).where(pairs(gone)).execute();
    }
    for (const part of chunk(upserts, 200)) await upsert(db, part).execute();
    for (const part of chunk(otherLines, 1000)) await db.insertInto(lines).values(part).execute();
  },
  finishRebuild: [{ fills: summaryTables, run: refillDocumentSummaries }],
};
