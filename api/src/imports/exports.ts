import {
  contactCsvCells,
  contactCsvHeader,
  contactsToVCards,
  contactToVCard,
  DomainError,
  type ItemContent,
  itemCsvCells,
  itemCsvHeader,
  type LiveContact,
  parisDate,
} from "@registre/core";
import { sql } from "kysely";
import { CSV_BOM, csvDate, csvRows, csvText } from "../accounting/csv.ts";
import { searchTerms } from "../contacts/queries.ts";
import type { AppContext } from "../context.ts";

/**
 * The contacts and items lists as French CSV (BOM, `;`, comma decimals, DD/MM/YYYY, CR LF), with the
 * list's filters, streamed a page at a time; and contacts as vCard 4.0.
 */

const PAGE = 1000;
const escapeLike = (value: string) => value.replace(/[%_\\]/g, (m) => `\\${m}`);
/**
 * The contact with each collection of records in a stable order (kind, then value): the read model's
 * jsonb keeps records by id, in no order a reader would recognise, so an export is the same on every
 * database and every time.
 */
const stateOf = (value: LiveContact | string): LiveContact => {
  const state: LiveContact = typeof value === "string" ? JSON.parse(value) : value;
  const sorted = <T>(records: Readonly<Record<string, T>>, key: (r: T) => string): Record<string, T> =>
    Object.fromEntries(Object.entries(records).sort(([, a], [, b]) => key(a).localeCompare(key(b))));
  return {
    ...state,
    addresses: sorted(state.addresses, (a) => `${a.kind} ${a.postalCode} ${a.line1}`),
    phones: sorted(state.phones, (p) => `${p.kind} ${p.number}`),
    emails: sorted(state.emails, (e) => e.address),
    ibans: sorted(state.ibans, (i) => i.iban),
    notes: sorted(state.notes, (n) => n.text),
  };
};
const day = (value: Date | string) => csvDate(parisDate(new Date(value)));

export type ContactFilter = {
  readonly q?: string | undefined;
  readonly type?: string | undefined;
  readonly kind?: "company" | "person" | undefined;
  readonly criterion?: string | undefined;
  readonly status: "active" | "archived" | "all";
  readonly ids?: readonly string[] | undefined;
};

/** The contacts a list's filter selects (as `listContacts` filters), by name, a page at a time. */
async function* filteredContacts(ctx: AppContext, orgId: string, f: ContactFilter) {
  let query = ctx.database.db.selectFrom("contacts").where("org_id", "=", orgId);
  if (f.status === "all") query = query.where("status", "!=", "merged");
  else query = query.where("status", "=", f.status);
  if (f.type) query = query.where(sql<boolean>`types @> ${[f.type]}::text[]`);
  if (f.kind) query = query.where("kind", "=", f.kind);
  if (f.criterion) query = query.where(sql<boolean>`criteria @> ${[f.criterion]}::text[]`);
  if (f.ids) query = query.where(sql<boolean>`contact_id = any(${f.ids}::uuid[])`);
  for (const term of searchTerms(f.q ?? ""))
    query = query.where(sql<boolean>`search like ${`%${escapeLike(term)}%`}`);
  for (let offset = 0; ; offset += PAGE) {
    const rows = (await query
      .select(["contact_id", "state", "updated_at"])
      .orderBy("sort_name")
      .orderBy("contact_id")
      .offset(offset)
      .limit(PAGE)
      .execute()) as { contact_id: string; state: LiveContact | string; updated_at: Date | string }[];
    yield rows.map((r) => ({ id: r.contact_id, state: stateOf(r.state), updatedAt: r.updated_at }));
    if (rows.length < PAGE) return;
  }
}

export async function* contactsCsv(
  ctx: AppContext,
  orgId: string,
  filter: ContactFilter,
): AsyncGenerator<string> {
  yield CSV_BOM + csvRows([[...contactCsvHeader(), "Modifié le"]]);
  for await (const page of filteredContacts(ctx, orgId, filter))
    if (page.length > 0)
      yield csvRows(page.map((c) => [...contactCsvCells(c.state).map(csvText), day(c.updatedAt)]));
}

/** The selection's vCards, one file. */
export const contactsVCards = async (
  ctx: AppContext,
  orgId: string,
  filter: ContactFilter,
): Promise<string> => {
  let text = "";
  for await (const page of filteredContacts(ctx, orgId, filter))
    text += contactsToVCards(page.map((c) => ({ ...c.state, id: c.id })));
  return text;
};

export const contactVCard = async (ctx: AppContext, orgId: string, id: string) => {
  const row = (await ctx.database.db
    .selectFrom("contacts")
    .select(["state", "name"])
    .where("org_id", "=", orgId)
    .where("contact_id", "=", id)
    .where("status", "!=", "merged")
    .executeTakeFirst()) as { state: LiveContact | string; name: string } | undefined;
  if (!row) throw new DomainError("contact.notFound", {}, 404);
  return { name: row.name, text: contactToVCard({ ...stateOf(row.state), id }) };
};

export type ItemFilter = {
  readonly q?: string | undefined;
  readonly use?: "sale" | "purchase" | undefined;
  readonly status: "active" | "archived" | "all";
};

type ItemRow = {
  reference: string;
  label: string;
  description: string | null;
  use: string;
  kind: string;
  unit: string;
  vat_rate: string;
  vat_exemption: string | null;
  sell_account: string | null;
  buy_account: string | null;
  buy_price: string | null;
  sell_price: string | null;
  sale_tiers: ItemContent["saleTiers"] | string;
  purchase_tiers: ItemContent["purchaseTiers"] | string;
  updated_at: Date | string;
};
const json = <T>(value: T | string): T => (typeof value === "string" ? JSON.parse(value) : value);

/** The items a list's filter selects (as `listItems` filters), by reference, as CSV. */
export async function* itemsCsv(ctx: AppContext, orgId: string, f: ItemFilter): AsyncGenerator<string> {
  yield CSV_BOM + csvRows([[...itemCsvHeader(), "Modifié le"]]);
  let query = ctx.database.db.selectFrom("items").where("org_id", "=", orgId);
  if (f.status !== "all") query = query.where("status", "=", f.status);
  if (f.use) query = query.where("use", "in", [f.use, "both"]);
  const q = f.q?.trim().toLowerCase();
  if (q) query = query.where("search", "like", `%${escapeLike(q)}%`);
  for (let offset = 0; ; offset += PAGE) {
    const rows = (await query
      .selectAll()
      .orderBy("reference")
      .orderBy("id")
      .offset(offset)
      .limit(PAGE)
      .execute()) as unknown as ItemRow[];
    if (rows.length > 0)
      yield csvRows(
        rows.map((r) => [
          ...itemCsvCells({
            reference: r.reference,
            label: r.label,
            description: r.description,
            use: r.use as ItemContent["use"],
            kind: r.kind as ItemContent["kind"],
            unit: r.unit,
            vatRate: r.vat_rate as ItemContent["vatRate"],
            vatExemption: r.vat_exemption,
            sellAccount: r.sell_account,
            buyAccount: r.buy_account,
            buyPrice: r.buy_price,
            sellPrice: r.sell_price,
            saleTiers: json(r.sale_tiers),
            purchaseTiers: json(r.purchase_tiers),
            metas: {},
          }).map(csvText),
          day(r.updated_at),
        ]),
      );
    if (rows.length < PAGE) return;
  }
}

/** An async iterable of text as a byte stream pulled by the client (a slow client holds it back). */
export const byteStream = (chunks: AsyncIterable<string>): ReadableStream<Uint8Array> => {
  const encoder = new TextEncoder();
  const iterator = chunks[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await iterator.return?.(undefined);
    },
  });
};
