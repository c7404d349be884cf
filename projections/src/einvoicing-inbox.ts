import type { ReceivedFlowEvent, SentBuyerStatus } from "@registre/core";
import type { StoredEvent } from "@registre/store";
import { type Selectable, sql } from "kysely";
import { type Int8, json, liveSink, type Projector, type Timestamp } from "./projector.ts";

/**
 * `einvoicing_inbox`: the invoices the organisation's e-invoicing platform delivered (In SupplierInvoice
 * flows), one row per flow, folded from the `einvoicing-received-<id>` streams (`core/src/einvoicing/
 * received.ts`): imported as a draft purchase invoice (its document, supplier, number, date, total) or
 * refused (its code), and the buyer's statuses sent about it since, the last one apart for the filters.
 */
export type EInvoicingInboxTable = {
  org_id: string;
  received_id: string;
  flow_id: string;
  tracking_id: string | null;
  received_at: Timestamp;
  syntax: string | null;
  state: "imported" | "refused";
  refusal_code: string | null;
  refusal_field: string | null;
  doc_id: string | null;
  contact_id: string | null;
  contact_created: boolean;
  supplier_name: string | null;
  supplier_siren: string | null;
  buyer_siren: string | null;
  invoice_number: string | null;
  issue_date: string | null;
  type_code: string | null;
  total_cents: Int8 | null;
  currency: string | null;
  statuses: SentBuyerStatus[];
  last_status: number | null;
  last_status_at: Timestamp | null;
};
export type EInvoicingInboxRow = Selectable<EInvoicingInboxTable>;

const base = (
  e: StoredEvent & ReceivedFlowEvent & { type: "ReceivedFlowImported" | "ReceivedFlowRefused" },
) => ({
  org_id: e.orgId,
  received_id: e.data.receivedId,
  flow_id: e.data.flowId,
  tracking_id: e.data.trackingId,
  received_at: e.data.receivedAt,
  syntax: e.data.syntax,
});

const empty = {
  refusal_code: null,
  refusal_field: null,
  doc_id: null,
  contact_id: null,
  contact_created: false,
  supplier_name: null,
  supplier_siren: null,
  buyer_siren: null,
  invoice_number: null,
  issue_date: null,
  type_code: null,
  total_cents: null,
  currency: null,
  statuses: [],
  last_status: null,
  last_status_at: null,
};

export const einvoicingInboxProjector: Projector = {
  name: "einvoicing-inbox",
  version: 1,
  handles: ["ReceivedFlowImported", "ReceivedFlowRefused", "BuyerStatusSent"],
  tables: [
    {
      name: "einvoicing_inbox",
      columns: `org_id uuid not null, received_id uuid not null, flow_id text not null, tracking_id text,
        received_at timestamptz not null, syntax text, state text not null, refusal_code text, refusal_field text,
        doc_id uuid, contact_id uuid, contact_created boolean not null, supplier_name text, supplier_siren text,
        buyer_siren text, invoice_number text, issue_date text, type_code text, total_cents bigint, currency text,
        statuses jsonb not null, last_status integer, last_status_at timestamptz,
        primary key (org_id, received_id)`,
      indexes: [
        "create index on {table} (org_id, received_at, received_id)",
        "create index on {table} (org_id, doc_id)",
      ],
    },
  ],
  apply: async (db, events, table, sink = liveSink(db)) => {
    const rows = table("einvoicing_inbox");
    // Rows new in this batch are written once at its end; statuses of a row written before are appended.
    const fresh = new Map<string, Record<string, unknown> & { statuses: SentBuyerStatus[] }>();
    for (const event of events) {
      const e = event as StoredEvent & ReceivedFlowEvent;
      const streamKey = `${e.orgId}|${e.streamId}`;
      if (e.type === "ReceivedFlowImported") {
        const i = e.data.invoice;
        fresh.set(streamKey, {
          ...base(e),
          ...empty,
          state: "imported",
          doc_id: e.data.docId,
          contact_id: e.data.contactId,
          contact_created: e.data.contactCreated,
          supplier_name: i.sellerName,
          supplier_siren: i.sellerSiren,
          buyer_siren: i.buyerSiren,
          invoice_number: i.number,
          issue_date: i.issueDate,
          type_code: i.typeCode,
          total_cents: i.totalCents,
          currency: i.currency,
          statuses: [],
        });
      } else if (e.type === "ReceivedFlowRefused") {
        fresh.set(streamKey, {
          ...base(e),
          ...empty,
          state: "refused",
          refusal_code: e.data.code,
          refusal_field: e.data.field,
          statuses: [],
        });
      } else {
        const row = fresh.get(streamKey);
        if (row) {
          row.statuses = [...row.statuses, e.data];
          row.last_status = e.data.code;
          row.last_status_at = e.data.at;
          continue;
        }
        const receivedId = e.streamId.slice("einvoicing-received-".length);
        await db
          .updateTable(rows)
          .set({
            statuses: sql<never>`statuses || ${json([e.data])}`,
            last_status: e.data.code,
            last_status_at: e.data.at,
          })
          .where("org_id", "=", e.orgId)
          .where("received_id", "=", receivedId)
          .execute();
      }
    }
    if (fresh.size > 0) await sink.insert(rows, [...fresh.values()]);
  },
};
