import { Rights } from "@registre/core";
import { addAdjustment, changeAdjustment, listAdjustments } from "../../accounting/closing.ts";
import type { AppContext } from "../../context.ts";
import { accessRoute, right } from "../../http/access.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../../http/openapi.ts";
import {
  AddAdjustmentInput,
  Adjustment,
  AdjustmentList,
  ChangeAdjustmentInput,
} from "../../schemas/closing.ts";
import { answer, body, errors, UuidParam } from "../../schemas/common.ts";

/**
 * The year-end adjustments (écritures d'inventaire, `/lines`): draft entries of the miscellaneous
 * journal dated the year's end. Mounted at /accounting/balance-sheet.
 */
export const adjustmentRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  app.openapi(
    accessRoute(ctx, right("balancesheet", Rights.read), {
      method: "get",
      path: "/{id}/lines",
      operationId: "listYearEndAdjustments",
      tags: ["Accounting"],
      request: { params: UuidParam },
      responses: {
        200: answer(AdjustmentList, "The year-end adjustments of the year, drafts and validated"),
        ...errors,
      },
    }),
    async (c) => {
      const items = await listAdjustments(ctx, sessionOrg(c), c.req.valid("param").id);
      return c.json({ items, total: items.reduce((s, a) => s + a.amount, 0) }, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("balancesheet", Rights.create), {
      method: "post",
      path: "/lines",
      operationId: "addYearEndAdjustment",
      tags: ["Accounting"],
      request: body(AddAdjustmentInput),
      responses: {
        201: answer(Adjustment, "The adjustment, a draft entry of the year's last day"),
        ...errors,
      },
    }),
    async (c) => {
      const { yearId, ...input } = c.req.valid("json");
      return c.json(await addAdjustment(ctx, sessionOrg(c), yearId, input, commandMetadata(c, ctx)), 201);
    },
  );

  app.openapi(
    accessRoute(ctx, right("balancesheet", Rights.update), {
      method: "put",
      path: "/lines",
      operationId: "changeYearEndAdjustment",
      tags: ["Accounting"],
      request: body(ChangeAdjustmentInput),
      responses: { 200: answer(Adjustment, "The adjustment as it now stands"), ...errors },
    }),
    async (c) => {
      const { id, ...input } = c.req.valid("json");
      return c.json(await changeAdjustment(ctx, sessionOrg(c), id, input, commandMetadata(c, ctx)), 200);
    },
  );

  return app;
};
