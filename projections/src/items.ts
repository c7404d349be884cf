import type { ItemEvent, ItemKind, PriceTier } from "@registre/core";
import type { StoredEvent } from "@registre/store";
import { type GeneratedAlways, type Selectable, sql } from "kysely";
import { json, liveSink, type Projector } from "./projector.ts";

/** A row of `items`: prices are the decimal strings of the events (4 decimals at most), never floats. */
export type ItemsTable = {
  org_id: string;
  id: string;
  reference: string;
  label: string;
  description: string | null;
  use: string;
  kind: ItemKind;
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
  /** Reference and label lowercased by PostgreSQL, apart (chr(31)): what the search matches (a generated column). */
  search: GeneratedAlways<string>;
  created_at: Date;
  updated_at: Date;
};
export type ItemRow = Selectable<ItemsTable>;

const itemId = (streamId: string) => streamId.slice("item-".length);

/**
 * The items of each organisation, as the list, the forms and the document line editor's search read
 * them. `search` is made by PostgreSQL from the row (a generated column), so the index and the query
 * lowercase alike.
 */
export const itemsProjector: Projector = {
  name: "items",
  // 2: \`search\` a generated column, so that rows written by COPY have it too.
  // 3: the index on the reference no longer unique (a duplicate in the log never stops the read model).
  version: 3,
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
        search text not null generated always as (lower(reference || chr(31) || label)) stored, created_at timestamptz not null, updated_at timestamptz not null,
        primary key (org_id, id)`,
      indexes: [
        // The shell's check of a reference (`referenceTaken`). Not unique: the reference is unique by
        // construction (a reservation stream per reference, written in the item's commit), and a
        // duplicate that slipped into the log before reservations existed is shown, both items,
        // rather than stopping the read model for the organisation (nothing accepted is refused after).
        "create index on {table} (org_id, lower(reference))",
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
  apply: async (db, events, table, sink = liveSink(db)) => {
    const items = table("items");
    // Items created in this batch: kept here, changed in memory by their later events, and written
    // at the end through the sink (COPY in a rebuild); the others are changed in the table.
    const fresh = new Map<string, Record<string, unknown>>();
    for (const event of events) {
      const e = event as StoredEvent & ItemEvent;
      const at = e.metadata.at;
      const id = e.type === "ItemCreated" ? e.data.id : itemId(e.streamId);
      const key = `${e.orgId}|${id}`;
      const row = fresh.get(key);
      const set = async (values: Record<string, unknown>) => {
        if (row) Object.assign(row, values, { updated_at: at });
        else
          await db
            .updateTable(items)
            .set({ ...values, updated_at: at })
            .where("org_id", "=", e.orgId)
            .where("id", "=", id)
            .execute();
      };
      switch (e.type) {
        case "ItemCreated": {
          const d = e.data;
          fresh.set(key, {
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
            sale_tiers: [],
            purchase_tiers: [],
            metas: {},
            status: "active",
            created_at: at,
            updated_at: at,
          });
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
          break;
        }
        case "ItemPricesChanged":
          await set({ buy_price: e.data.buyPrice, sell_price: e.data.sellPrice });
          break;
        case "ItemPriceTiersChanged": {
          const column = e.data.side === "sale" ? "sale_tiers" : "purchase_tiers";
          await set({ [column]: row ? e.data.tiers : json(e.data.tiers) });
          break;
        }
        case "ItemMetaAdded":
        case "ItemMetaChanged":
          if (row) row.metas = { ...(row.metas as Record<string, string>), [e.data.key]: e.data.value };
          await set({ ...(!row && { metas: sql`metas || ${json({ [e.data.key]: e.data.value })}` }) });
          break;
        case "ItemMetaRemoved":
          if (row) {
            const { [e.data.key]: _removed, ...rest } = row.metas as Record<string, string>;
            row.metas = rest;
          }
          await set({ ...(!row && { metas: sql`metas - ${e.data.key}::text` }) });
          break;
        case "ItemArchived":
        case "ItemUnarchived":
          await set({ status: e.type === "ItemArchived" ? "archived" : "active" });
          break;
        case "ItemDeleted":
          if (row) fresh.delete(key);
          else await db.deleteFrom(items).where("org_id", "=", e.orgId).where("id", "=", e.data.id).execute();
          break;
        case "FileAttached":
        case "FileDetached":
          break;
        default:
          e satisfies never;
      }
    }
    if (fresh.size > 0) await sink.insert(items, [...fresh.values()]);
  },
};
