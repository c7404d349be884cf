import type { AppContext } from "../../context.ts";
import { resourceApp } from "../../http/openapi.ts";
import { itemFileRoutes } from "../attachment-owners.ts";
import { itemByIdPartRoutes, itemMetaRoutes, itemPriceRoutes } from "./item-parts.ts";
import { itemRoutes } from "./items.ts";
import { itemTransferRoutes } from "./transfer.ts";

/**
 * Items, mounted at /items: /metas and /prices before the items' own /{id}, which would take "metas"
 * and "prices" for an id.
 */
export const itemsRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  app.route("/metas", itemMetaRoutes(ctx));
  app.route("/prices", itemPriceRoutes(ctx));
  app.route("/", itemTransferRoutes(ctx));
  app.route("/", itemRoutes(ctx));
  app.route("/", itemByIdPartRoutes(ctx));
  app.route("/", itemFileRoutes(ctx));
  return app;
};
