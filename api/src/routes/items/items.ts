import { Rights } from "@registre/core";
import type { AppContext } from "../../context.ts";
import { accessRoute, right } from "../../http/access.ts";
import { answerDeleted } from "../../http/deleted.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../../http/openapi.ts";
import { derivedId } from "../../ids.ts";
import {
  bulkUpdatePrices,
  createItem,
  deleteItem,
  findItem,
  findItemRow,
  listItems,
  searchItems,
  updateItem,
} from "../../items/items.ts";
import { answer, body, errors, UuidParam } from "../../schemas/common.ts";
import {
  BulkPriceInput,
  BulkPriceResult,
  CreateItemInput,
  Item,
  ItemList,
  ItemListQuery,
  ItemSearchQuery,
  ItemSearchResult,
  UpdateItemInput,
} from "../../schemas/items.ts";

/** The items, mounted at /items (after /items/metas and /items/prices). */
export const itemRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  app.openapi(
    accessRoute(ctx, right("items", Rights.read), {
      method: "get",
      path: "/",
      operationId: "listItems",
      tags: ["Items"],
      request: { query: ItemListQuery },
      responses: { 200: answer(ItemList, "A page of items and their count"), ...errors },
    }),
    async (c) => c.json(await listItems(ctx, sessionOrg(c), c.req.valid("query")), 200),
  );

  // Before /{id}, which would take "search" for an id.
  app.openapi(
    accessRoute(ctx, right("items", Rights.read), {
      method: "get",
      path: "/search",
      operationId: "searchItems",
      tags: ["Items"],
      request: { query: ItemSearchQuery },
      responses: { 200: answer(ItemSearchResult, "Active items matching as you type"), ...errors },
    }),
    async (c) => c.json(await searchItems(ctx, sessionOrg(c), c.req.valid("query")), 200),
  );

  app.openapi(
    accessRoute(ctx, right("items.prices", Rights.update), {
      method: "post",
      path: "/bulk/prices",
      operationId: "bulkUpdateItemPrices",
      tags: ["Items"],
      request: body(BulkPriceInput),
      responses: {
        200: answer(BulkPriceResult, "Every item of the selection changed in one commit"),
        ...errors,
      },
    }),
    async (c) => {
      const { ids, percentage, prices } = c.req.valid("json");
      const orgId = sessionOrg(c);
      return c.json(
        await bulkUpdatePrices(ctx, orgId, ids, { percentage, prices }, commandMetadata(c, ctx)),
        200,
      );
    },
  );

  app.openapi(
    accessRoute(ctx, right("items", Rights.create), {
      method: "post",
      path: "/",
      operationId: "createItem",
      tags: ["Items"],
      request: body(CreateItemInput),
      responses: { 201: answer(Item, "Created"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const metadata = commandMetadata(c, ctx);
      const { saleTiers, purchaseTiers, ...input } = c.req.valid("json");
      const id = derivedId(metadata.commandId, "item");
      await createItem(
        ctx,
        orgId,
        id,
        input.reference,
        (context) => [
          { type: "CreateItem", data: { id, ...input }, context },
          ...(saleTiers?.length
            ? [{ type: "SetItemPriceTiers" as const, data: { side: "sale" as const, tiers: saleTiers } }]
            : []),
          ...(purchaseTiers?.length
            ? [
                {
                  type: "SetItemPriceTiers" as const,
                  data: { side: "purchase" as const, tiers: purchaseTiers },
                },
              ]
            : []),
        ],
        metadata,
      );
      return c.json(await findItem(ctx, orgId, id), 201);
    },
  );

  app.openapi(
    accessRoute(ctx, right("items", Rights.read), {
      method: "get",
      path: "/{id}",
      operationId: "getItem",
      tags: ["Items"],
      request: { params: UuidParam },
      responses: { 200: answer(Item, "The item"), ...errors },
    }),
    async (c) => c.json(await findItem(ctx, sessionOrg(c), c.req.valid("param").id), 200),
  );

  app.openapi(
    accessRoute(ctx, right("items", Rights.update), {
      method: "put",
      path: "/{id}",
      operationId: "updateItem",
      tags: ["Items"],
      request: { params: UuidParam, ...body(UpdateItemInput) },
      responses: { 200: answer(Item, "Changed"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { id } = c.req.valid("param");
      await findItemRow(ctx, orgId, id);
      const { status, ...change } = c.req.valid("json");
      await updateItem(
        ctx,
        orgId,
        id,
        change.reference,
        (context) => [
          { type: "UpdateItem", data: change, context },
          ...(status === "archived" ? [{ type: "ArchiveItem" as const, data: {} }] : []),
          ...(status === "active" ? [{ type: "UnarchiveItem" as const, data: {} }] : []),
        ],
        commandMetadata(c, ctx),
      );
      return c.json(await findItem(ctx, orgId, id), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("items", Rights.delete), {
      method: "delete",
      path: "/{id}",
      operationId: "deleteItem",
      tags: ["Items"],
      request: { params: UuidParam },
      responses: { 204: { description: "Deleted" }, ...errors },
    }),
    (c) =>
      answerDeleted(c, ctx, async (orgId, metadata) => {
        const { id } = c.req.valid("param");
        await findItemRow(ctx, orgId, id);
        await deleteItem(ctx, orgId, id, metadata);
      }),
  );

  return app;
};
