import type { z } from "@hono/zod-openapi";
import { type EInvoicingInboxRow, readModels } from "@registre/projections";
import { catchUp } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { type Locale, translate } from "../http/messages.ts";
import type { ReceivedInvoice } from "../schemas/einvoicing-inbox.ts";

/** The inbox's queries (`einvoicing_inbox`): the received invoices, newest first, and one of them. */

export type ReceivedInvoiceOut = z.infer<typeof ReceivedInvoice>;

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : value);

export const receivedInvoiceOf = (row: EInvoicingInboxRow, locale: Locale): ReceivedInvoiceOut => ({
  id: row.received_id,
  flowId: row.flow_id,
  trackingId: row.tracking_id,
  receivedAt: iso(row.received_at),
  syntax: row.syntax,
  state: row.state,
  refusal: row.refusal_code
    ? {
        code: row.refusal_code,
        field: row.refusal_field,
        message: translate(row.refusal_code, locale, row.refusal_field ? { field: row.refusal_field } : {}),
      }
    : null,
  docId: row.doc_id,
  contactId: row.contact_id,
  contactCreated: row.contact_created,
  supplierName: row.supplier_name,
  supplierSiren: row.supplier_siren,
  invoiceNumber: row.invoice_number,
  issueDate: row.issue_date,
  typeCode: row.type_code,
  total: row.total_cents,
  currency: row.currency,
  statuses: row.statuses.map((s) => ({ ...s })),
  lastStatus: row.last_status,
});

export type ReceivedFilters = {
  readonly state?: "imported" | "refused" | undefined;
  readonly docId?: string | undefined;
  readonly offset: number;
  readonly limit: number;
};

/** The read model the inbox reads, caught up to the organisation's last write. */
export const INBOX_READ_MODELS = ["einvoicing-inbox"] as const;

export const listReceived = async (
  ctx: AppContext,
  orgId: string,
  filters: ReceivedFilters,
  locale: Locale,
) => {
  await catchUp(ctx, orgId, INBOX_READ_MODELS);
  const db = readModels(ctx.database);
  let query = db.selectFrom("einvoicing_inbox").where("org_id", "=", orgId);
  if (filters.state) query = query.where("state", "=", filters.state);
  if (filters.docId) query = query.where("doc_id", "=", filters.docId);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy("received_at", "desc")
      .orderBy("received_id", "desc")
      .offset(filters.offset)
      .limit(filters.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((r) => receivedInvoiceOf(r, locale)), total: Number(count.n) };
};

export const receivedRow = async (ctx: AppContext, orgId: string, id: string) => {
  await catchUp(ctx, orgId, INBOX_READ_MODELS);
  return (
    (await readModels(ctx.database)
      .selectFrom("einvoicing_inbox")
      .selectAll()
      .where("org_id", "=", orgId)
      .where("received_id", "=", id)
      .executeTakeFirst()) ?? null
  );
};
