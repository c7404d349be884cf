import type { ItemEvent, PriceTier } from "@registre/core";
import type { StoredEvent } from "@registre/store";
import { type Selectable, sql } from "kysely";
import type { Projector } from "./projector.ts";

/** A row of `items`: prices are the decimal strings of the events (4 decimals at most), never floats. */
export type ItemsTable = {
  org_id: string;
  id: string;
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
  sale_tiers: PriceTier[];
  purchase_tiers: PriceTier[];
  metas: Record<string, string>;
  status: "active" | "archived";
  /** Reference and label lowercased by PostgreSQL, apart (chr(31)): what the search matches. */
  search: string;
  created_at: Date;
  updated_at: Date;
};
export type ItemRow = Selectable<ItemsTable>;

const json = (value: unknown) => sql`(${JSON.stringify(value)}::text)::jsonb`;
const itemId = (streamId: string) => streamId.slice("item-".length);

/**
 * The items of each organisation, as the list, the forms and the document line editor's search read
 * them. `search` is made by SQL from the row, so the index and the query lowercase alike.
 */
export const itemsProjector: Projector = {
  name: "items",
  version: 1,
  handles: [
    "ItemCreated",
    "ItemUpdated",
    "ItemPricesChanged",
    "ItemPriceTiersChanged",
    "ItemMetaAdded",
    "ItemMetaChanged",
    "ItemMetaRemoved",
    "ItemArchived",
    "ItemUnarchived",
    "ItemDeleted",
  ],
  tables: [
    {
      name: "items",
      columns: `org_id uuid not null, id uuid not null, reference text not null, label text not null,
        description text, use text not null, kind text not null, unit text not null, vat_rate text not null,
        vat_exemption text, sell_account text, buy_account text, buy_price text, sell_price text,
        sale_tiers jsonb not null, purchase_tiers jsonb not null, metas jsonb not null, status text not null,
        search text not null, created_at timestamptz not null, updated_at timestamptz not null,
        primary key (org_id, id)`,
      indexes: [
        // The reference is unique per organisation (the shell checks it here before deciding).
        "create unique index on {table} (org_id, lower(reference))",
        "create index on {table} (org_id, status, reference)",
        // A prefix typed in the line editor: `search like 'abc%'`.
        "create index on {table} (org_id, search text_pattern_ops)",
      ],
      // Any part of the reference or label: `search like '%abc%'` through a trigram index where it can be had.
      optionalIndexes: [
        ["create extension if not exists pg_trgm", "create index on {table} using gin (search gin_trgm_ops)"],
      ],
    },
  ],
  apply: async (db, events, table) => {
    const items = table("items");
    for (const event of events) {
      const e = event as StoredEvent & ItemEvent;
      const at = e.metadata.at;
      const set = (values: Record<string, unknown>) =>
        db
          .updateTable(items)
          .set({ ...values, updated_at: at })
          .where("org_id", "=", e.orgId)
          .where("id", "=", itemId(e.streamId))
          .execute();
      switch (e.type) {
        case "ItemCreated": {
          const d = e.data;
          await db
            .insertInto(items)
            .values({
              org_id: e.orgId,
              id: d.id,
              reference: d.reference,
              label: d.label,
              description: d.description,
              use: d.use,
              kind: d.kind,
              unit: d.unit,
              vat_rate: d.vatRate,
              vat_exemption: d.vatExemption,
              sell_account: d.sellAccount,
              buy_account: d.buyAccount,
              buy_price: d.buyPrice,
              sell_price: d.sellPrice,
              sale_tiers: json([]),
              purchase_tiers: json([]),
              metas: json({}),
              status: "active",
              search: sql`lower(${d.reference} || chr(31) || ${d.label})`,
              created_at: at,
              updated_at: at,
            })
            .execute();
          break;
        }
        case "ItemUpdated": {
          const c = e.data.changes;
          await set({
            ...(c.reference !== undefined && { reference: c.reference }),
            ...(c.label !== undefined && { label: c.label }),
            ...(c.description !== undefined && { description: c.description }),
            ...(c.use !== undefined && { use: c.use }),
            ...(c.kind !== undefined && { kind: c.kind }),
            ...(c.unit !== undefined && { unit: c.unit }),
            ...(c.vatRate !== undefined && { vat_rate: c.vatRate }),
            ...(c.vatExemption !== undefined && { vat_exemption: c.vatExemption }),
            ...(c.sellAccount !== undefined && { sell_account: c.sellAccount }),
            ...(c.buyAccount !== undefined && { buy_account: c.buyAccount }),
          });
          if (c.reference !== undefined || c.label !== undefined)
            await set({ search: sql`lower(reference || chr(31) || label)` });
          break;
        }
        case "ItemPricesChanged":
          await set({ buy_price: e.data.buyPrice, sell_price: e.data.sellPrice });
          break;
        case "ItemPriceTiersChanged":
          await set({ [e.data.side === "sale" ? "sale_tiers" : "purchase_tiers"]: json(e.data.tiers) });
          break;
        case "ItemMetaAdded":
        case "ItemMetaChanged":
          await set({ metas: sql`metas || ${json({ [e.data.key]: e.data.value })}` });
          break;
        case "ItemMetaRemoved":
          await set({ metas: sql`metas - ${e.data.key}::text` });
          break;
        case "ItemArchived":
        case "ItemUnarchived":
          await set({ status: e.type === "ItemArchived" ? "archived" : "active" });
          break;
        case "ItemDeleted":
          await db.deleteFrom(items).where("org_id", "=", e.orgId).where("id", "=", e.data.id).execute();
          break;
        default:
          e satisfies never;
      }
    }
  },
};
