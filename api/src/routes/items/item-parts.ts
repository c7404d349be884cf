import {
  DomainError,
  type ItemState,
  normaliseQuantity,
  type PriceTier,
  Rights,
  type TierSide,
} from "@registre/core";
import type { ItemRow } from "@registre/projections";
import { alreadyAppended } from "../../commands.ts";
import type { AppContext } from "../../context.ts";
import { accessRoute, right } from "../../http/access.ts";
import { answerDeleted } from "../../http/deleted.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../../http/openapi.ts";
import { findItemRow, itemPrices, itemsWith, runItem, splitSubId } from "../../items/items.ts";
import { answer, body, errors, UuidParam } from "../../schemas/common.ts";
import {
  ItemMeta,
  ItemMetaChange,
  ItemMetaInput,
  ItemMetaList,
  ItemMetaParam,
  ItemPrices,
  ItemPriceTier,
  ItemPriceTierChange,
  ItemPriceTierInput,
  ItemPriceTierList,
  ItemSubQuery,
  ItemTierParam,
  SetItemPricesInput,
} from "../../schemas/items.ts";

const metasOf = (row: ItemRow) =>
  Object.entries(row.metas)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => ({ id: `${row.id}:${key}`, itemId: row.id, key, value }));

const tiersOf = (row: ItemRow) =>
  (["sale", "purchase"] as const).flatMap((side) =>
    (side === "sale" ? row.sale_tiers : row.purchase_tiers).map((tier) => ({
      id: `${row.id}:${side}:${tier.fromQuantity}`,
      itemId: row.id,
      side,
      ...tier,
    })),
  );

const sideTiers = (state: ItemState, side: TierSide): readonly PriceTier[] =>
  "reference" in state ? (side === "sale" ? state.saleTiers : state.purchaseTiers) : [];

/**
 * A tier's id: the item, the side and the quantity it starts from, written as the core keeps it. The
 * schema takes only that form; a quantity written otherwise (`5.0`, `5 `) names no tier here either,
 * rather than being normalised into another tier's id.
 */
const tierKey = (id: string) => {
  const { itemId, rest } = splitSubId(id);
  const [side, quantity = ""] = rest.split(":");
  let fromQuantity: string | undefined;
  try {
    fromQuantity = normaliseQuantity(quantity, "fromQuantity");
  } catch {
    fromQuantity = undefined;
  }
  if ((side !== "sale" && side !== "purchase") || fromQuantity !== quantity)
    throw new DomainError("item.tierNotFound", { id }, 404);
  return { itemId, side: side as TierSide, fromQuantity };
};

/** The metas (mounted at /items/metas) of the items. */
export const itemMetaRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  const rowsOf = async (orgId: string, itemId: string | undefined) =>
    itemId ? [await findItemRow(ctx, orgId, itemId)] : await itemsWith(ctx, orgId, "metas");
  const findMeta = async (orgId: string, id: string) => {
    const { itemId, rest } = splitSubId(id);
    const row = await findItemRow(ctx, orgId, itemId);
    const meta = metasOf(row).find((m) => m.key === rest);
    if (!meta) throw new DomainError("item.metaNotFound", { field: "key", value: rest }, 404);
    return meta;
  };

  app.openapi(
    accessRoute(ctx, right("items.meta", Rights.read), {
      method: "get",
      path: "/",
      operationId: "listItemMetas",
      tags: ["Items"],
      request: { query: ItemSubQuery },
      responses: { 200: answer(ItemMetaList, "The metas of an item, or of every item"), ...errors },
    }),
    async (c) =>
      c.json({ items: (await rowsOf(sessionOrg(c), c.req.valid("query").itemId)).flatMap(metasOf) }, 200),
  );

  app.openapi(
    accessRoute(ctx, right("items.meta", Rights.create), {
      method: "post",
      path: "/",
      operationId: "createItemMeta",
      tags: ["Items"],
      request: body(ItemMetaInput),
      responses: { 201: answer(ItemMeta, "Created"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { itemId, key, value } = c.req.valid("json");
      await findItemRow(ctx, orgId, itemId);
      await runItem(
        ctx,
        orgId,
        itemId,
        [{ type: "SetItemMeta", data: { key, value } }],
        commandMetadata(c, ctx),
      );
      return c.json(await findMeta(orgId, `${itemId}:${key}`), 201);
    },
  );

  app.openapi(
    accessRoute(ctx, right("items.meta", Rights.read), {
      method: "get",
      path: "/{id}",
      operationId: "getItemMeta",
      tags: ["Items"],
      request: { params: ItemMetaParam },
      responses: { 200: answer(ItemMeta, "The meta"), ...errors },
    }),
    async (c) => c.json(await findMeta(sessionOrg(c), c.req.valid("param").id), 200),
  );

  app.openapi(
    accessRoute(ctx, right("items.meta", Rights.update), {
      method: "put",
      path: "/{id}",
      operationId: "updateItemMeta",
      tags: ["Items"],
      request: { params: ItemMetaParam, ...body(ItemMetaChange) },
      responses: { 200: answer(ItemMeta, "Changed"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const meta = await findMeta(orgId, c.req.valid("param").id);
      const { value } = c.req.valid("json");
      await runItem(
        ctx,
        orgId,
        meta.itemId,
        [{ type: "SetItemMeta", data: { key: meta.key, value } }],
        commandMetadata(c, ctx),
      );
      return c.json(await findMeta(orgId, meta.id), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("items.meta", Rights.delete), {
      method: "delete",
      path: "/{id}",
      operationId: "deleteItemMeta",
      tags: ["Items"],
      request: { params: ItemMetaParam },
      responses: { 204: { description: "Removed" }, ...errors },
    }),
    (c) =>
      answerDeleted(c, ctx, async (orgId, metadata) => {
        const meta = await findMeta(orgId, c.req.valid("param").id);
        await runItem(
          ctx,
          orgId,
          meta.itemId,
          [{ type: "RemoveItemMeta", data: { key: meta.key } }],
          metadata,
        );
      }),
  );
  return app;
};

/** The price tiers (mounted at /items/prices): one tier of one side of an item each. */
export const itemPriceRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  const findTier = async (orgId: string, id: string) => {
    const key = tierKey(id);
    const row = await findItemRow(ctx, orgId, key.itemId);
    const tier = tiersOf(row).find((t) => t.side === key.side && t.fromQuantity === key.fromQuantity);
    if (!tier) throw new DomainError("item.tierNotFound", { id }, 404);
    return tier;
  };
  /** The side's tiers changed by `change`, decided on the stream's state (a retry decides afresh). */
  const setTiers = (
    orgId: string,
    itemId: string,
    side: TierSide,
    change: (tiers: readonly PriceTier[]) => PriceTier[],
    metadata: ReturnType<typeof commandMetadata>,
  ) =>
    runItem(
      ctx,
      orgId,
      itemId,
      async (state) => ({
        commands: () => [
          { type: "SetItemPriceTiers", data: { side, tiers: change(sideTiers(state, side)) } },
        ],
      }),
      metadata,
    );

  app.openapi(
    accessRoute(ctx, right("items.prices", Rights.read), {
      method: "get",
      path: "/",
      operationId: "listItemPriceTiers",
      tags: ["Items"],
      request: { query: ItemSubQuery },
      responses: {
        200: answer(ItemPriceTierList, "The price tiers of an item, or of every item"),
        ...errors,
      },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { itemId } = c.req.valid("query");
      const rows = itemId ? [await findItemRow(ctx, orgId, itemId)] : await itemsWith(ctx, orgId, "tiers");
      return c.json({ items: rows.flatMap(tiersOf) }, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("items.prices", Rights.create), {
      method: "post",
      path: "/",
      operationId: "createItemPriceTier",
      tags: ["Items"],
      request: body(ItemPriceTierInput),
      responses: { 201: answer(ItemPriceTier, "Created"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { itemId, side, fromQuantity, unitPrice } = c.req.valid("json");
      await findItemRow(ctx, orgId, itemId);
      const quantity = normaliseQuantity(fromQuantity, `${side}Tiers.fromQuantity`);
      await setTiers(
        orgId,
        itemId,
        side,
        (tiers) => [...tiers, { fromQuantity: quantity, unitPrice }],
        commandMetadata(c, ctx),
      );
      return c.json(await findTier(orgId, `${itemId}:${side}:${quantity}`), 201);
    },
  );

  app.openapi(
    accessRoute(ctx, right("items.prices", Rights.read), {
      method: "get",
      path: "/{id}",
      operationId: "getItemPriceTier",
      tags: ["Items"],
      request: { params: ItemTierParam },
      responses: { 200: answer(ItemPriceTier, "The tier"), ...errors },
    }),
    async (c) => c.json(await findTier(sessionOrg(c), c.req.valid("param").id), 200),
  );

  app.openapi(
    accessRoute(ctx, right("items.prices", Rights.update), {
      method: "put",
      path: "/{id}",
      operationId: "updateItemPriceTier",
      tags: ["Items"],
      request: { params: ItemTierParam, ...body(ItemPriceTierChange) },
      responses: { 200: answer(ItemPriceTier, "Changed"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const metadata = commandMetadata(c, ctx);
      const { fromQuantity, unitPrice } = c.req.valid("json");
      if (fromQuantity && (await alreadyAppended(ctx, orgId, metadata))) {
        // A retry: the first attempt may have moved the tier to its new quantity.
        const { itemId, side } = tierKey(c.req.valid("param").id);
        const moved = normaliseQuantity(fromQuantity, `${side}Tiers.fromQuantity`);
        return c.json(await findTier(orgId, `${itemId}:${side}:${moved}`), 200);
      }
      const tier = await findTier(orgId, c.req.valid("param").id);
      const quantity = fromQuantity
        ? normaliseQuantity(fromQuantity, `${tier.side}Tiers.fromQuantity`)
        : tier.fromQuantity;
      await setTiers(
        orgId,
        tier.itemId,
        tier.side,
        (tiers) => [
          ...tiers.filter((t) => t.fromQuantity !== tier.fromQuantity),
          { fromQuantity: quantity, unitPrice },
        ],
        metadata,
      );
      return c.json(await findTier(orgId, `${tier.itemId}:${tier.side}:${quantity}`), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("items.prices", Rights.delete), {
      method: "delete",
      path: "/{id}",
      operationId: "deleteItemPriceTier",
      tags: ["Items"],
      request: { params: ItemTierParam },
      responses: { 204: { description: "Removed" }, ...errors },
    }),
    (c) =>
      answerDeleted(c, ctx, async (orgId, metadata) => {
        const tier = await findTier(orgId, c.req.valid("param").id);
        await setTiers(
          orgId,
          tier.itemId,
          tier.side,
          (tiers) => tiers.filter((t) => t.fromQuantity !== tier.fromQuantity),
          metadata,
        );
      }),
  );
  return app;
};

/** An item's metas and prices by the item (mounted at /items): GET /{id}/metas, GET and PUT /{id}/prices. */
export const itemByIdPartRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  app.openapi(
    accessRoute(ctx, right("items.meta", Rights.read), {
      method: "get",
      path: "/{id}/metas",
      operationId: "listMetasOfItem",
      tags: ["Items"],
      request: { params: UuidParam },
      responses: { 200: answer(ItemMetaList, "The item's metas"), ...errors },
    }),
    async (c) =>
      c.json({ items: metasOf(await findItemRow(ctx, sessionOrg(c), c.req.valid("param").id)) }, 200),
  );

  app.openapi(
    accessRoute(ctx, right("items.prices", Rights.read), {
      method: "get",
      path: "/{id}/prices",
      operationId: "getItemPrices",
      tags: ["Items"],
      request: { params: UuidParam },
      responses: { 200: answer(ItemPrices, "The item's prices, tiers and margins"), ...errors },
    }),
    async (c) => c.json(itemPrices(await findItemRow(ctx, sessionOrg(c), c.req.valid("param").id)), 200),
  );

  app.openapi(
    accessRoute(ctx, right("items.prices", Rights.update), {
      method: "put",
      path: "/{id}/prices",
      operationId: "setItemPrices",
      tags: ["Items"],
      request: { params: UuidParam, ...body(SetItemPricesInput) },
      responses: { 200: answer(ItemPrices, "Changed"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { id } = c.req.valid("param");
      await findItemRow(ctx, orgId, id);
      const { buyPrice, sellPrice, saleTiers, purchaseTiers } = c.req.valid("json");
      await runItem(
        ctx,
        orgId,
        id,
        [
          { type: "ChangeItemPrices", data: { buyPrice, sellPrice } },
          ...(saleTiers
            ? [{ type: "SetItemPriceTiers" as const, data: { side: "sale" as const, tiers: saleTiers } }]
            : []),
          ...(purchaseTiers
            ? [
                {
                  type: "SetItemPriceTiers" as const,
                  data: { side: "purchase" as const, tiers: purchaseTiers },
                },
              ]
            : []),
        ],
        commandMetadata(c, ctx),
      );
      return c.json(itemPrices(await findItemRow(ctx, orgId, id)), 200);
    },
  );
  return app;
};
