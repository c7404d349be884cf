import { z } from "@hono/zod-openapi";
import { itemKinds, itemUses, tierSides, vatRates } from "@registre/core";
import { Offset } from "./common.ts";
import { ItemMetaId, ItemTierId, pathParams } from "./ids.ts";

/** The items (/api/items), their metas (/items/metas) and price tiers (/items/prices). */

/** A unit price excluding tax as a decimal string, up to 4 decimals ("12.5", "0.0450"); checked by the core. */
const Price = z.string().max(24).openapi({ example: "12.50" });
const Quantity = z.string().max(24).openapi({ example: "10" });

export const PriceTier = z.object({ fromQuantity: Quantity, unitPrice: Price }).openapi("PriceTier");
const Tiers = z.array(PriceTier).max(50);

export const Item = z
  .object({
    id: z.uuid(),
    reference: z.string(),
    label: z.string(),
    description: z.string().nullable(),
    use: z.enum(itemUses),
    kind: z.enum(itemKinds),
    unit: z.string(),
    vatRate: z.enum(vatRates),
    vatExemption: z.string().nullable(),
    sellAccount: z.string().nullable(),
    buyAccount: z.string().nullable(),
    buyPrice: z.string().nullable(),
    sellPrice: z.string().nullable(),
    sellPriceIncludingTax: z.string().nullable(),
    saleTiers: z.array(PriceTier),
    purchaseTiers: z.array(PriceTier),
    metas: z.record(z.string(), z.string()),
    status: z.enum(["active", "archived"]),
    updatedAt: z.string(),
  })
  .openapi("Item");

export const ItemList = z.object({ items: z.array(Item), total: z.number().int() }).openapi("ItemList");
export const ItemSearchResult = z.object({ items: z.array(Item) }).openapi("ItemSearchResult");

export const ItemListQuery = z.object({
  q: z.string().max(200).optional(),
  use: z.enum(["sale", "purchase"]).optional(),
  status: z.enum(["active", "archived", "all"]).default("active"),
  sort: z.enum(["reference", "label", "updated"]).default("reference"),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: Offset,
});
export const ItemSearchQuery = z.object({
  q: z.string().max(200).default(""),
  use: z.enum(["sale", "purchase"]).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

const definition = {
  use: z.enum(itemUses),
  kind: z.enum(itemKinds),
  reference: z.string().max(60),
  label: z.string().max(200),
  description: z.string().max(5000).nullish(),
  unit: z.string().max(3).nullish(),
  vatRate: z.enum(vatRates),
  vatExemption: z.string().max(200).nullish(),
  sellAccount: z.string().max(20).nullish(),
  buyAccount: z.string().max(20).nullish(),
};
export const CreateItemInput = z
  .object({
    ...definition,
    buyPrice: Price.nullish(),
    sellPrice: Price.nullish(),
    saleTiers: Tiers.optional(),
    purchaseTiers: Tiers.optional(),
  })
  .openapi("CreateItemInput");
export const UpdateItemInput = z
  .object({
    use: definition.use.optional(),
    kind: definition.kind.optional(),
    reference: definition.reference.optional(),
    label: definition.label.optional(),
    description: definition.description,
    unit: definition.unit,
    vatRate: definition.vatRate.optional(),
    vatExemption: definition.vatExemption,
    sellAccount: definition.sellAccount,
    buyAccount: definition.buyAccount,
    status: z.enum(["active", "archived"]).optional(),
  })
  .openapi("UpdateItemInput");

/** Both prices and both sides' tiers, as the price screen sets them ("update the price"). */
export const SetItemPricesInput = z
  .object({
    buyPrice: Price.nullish(),
    sellPrice: Price.nullish(),
    saleTiers: Tiers.optional(),
    purchaseTiers: Tiers.optional(),
  })
  .openapi("SetItemPricesInput");

export const MarginRow = z
  .object({
    fromQuantity: z.string().nullable(),
    sellPrice: z.string().nullable(),
    buyPrice: z.string().nullable(),
    margin: z.string().nullable(),
    rate: z.string().nullable(),
  })
  .openapi("MarginRow");
export const ItemPrices = z
  .object({
    itemId: z.uuid(),
    buyPrice: z.string().nullable(),
    sellPrice: z.string().nullable(),
    sellPriceIncludingTax: z.string().nullable(),
    saleTiers: z.array(PriceTier),
    purchaseTiers: z.array(PriceTier),
    margins: z.array(MarginRow),
  })
  .openapi("ItemPrices");

export const BulkPriceInput = z
  .object({
    ids: z.array(z.uuid()).min(1).max(1000),
    percentage: z.string().max(24).openapi({ example: "5" }),
    prices: z.enum(["sell", "buy", "both"]).default("sell"),
  })
  .openapi("BulkPriceInput");
export const BulkPriceResult = z
  .object({ changed: z.number().int(), ids: z.array(z.uuid()) })
  .openapi("BulkPriceResult");

/** A meta's id: `<itemId>:<key>`. */
export const ItemMeta = z
  .object({ id: z.string(), itemId: z.uuid(), key: z.string(), value: z.string() })
  .openapi("ItemMeta");
export const ItemMetaList = z.object({ items: z.array(ItemMeta) });
export const ItemMetaInput = z.object({
  itemId: z.uuid(),
  key: z.string().max(64),
  value: z.string().max(1000),
});
export const ItemMetaChange = z.object({ value: z.string().max(1000) });

/** A tier's id: `<itemId>:<side>:<fromQuantity>`. */
export const ItemPriceTier = z
  .object({
    id: z.string(),
    itemId: z.uuid(),
    side: z.enum(tierSides),
    fromQuantity: z.string(),
    unitPrice: z.string(),
  })
  .openapi("ItemPriceTier");
export const ItemPriceTierList = z.object({ items: z.array(ItemPriceTier) });
export const ItemPriceTierInput = z.object({
  itemId: z.uuid(),
  side: z.enum(tierSides),
  fromQuantity: Quantity,
  unitPrice: Price,
});
export const ItemPriceTierChange = z.object({ fromQuantity: Quantity.optional(), unitPrice: Price });

export const ItemSubQuery = z.object({ itemId: z.uuid().optional() });
/** `{id}` of a meta: the item's uuid, a colon, and the meta's key. */
export const ItemMetaParam = pathParams({ id: ItemMetaId });
/** `{id}` of a tier: the item's uuid, its side and its quantity as the item keeps it (`…:sale:5`). */
export const ItemTierParam = pathParams({ id: ItemTierId });
