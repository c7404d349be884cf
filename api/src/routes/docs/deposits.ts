import { z } from "@hono/zod-openapi";
import type { AppContext } from "../../context.ts";
import { deductDeposit, removeDepositDeduction } from "../../documents/deposits.ts";
import { accessRoute, SESSION } from "../../http/access.ts";
import { resourceApp } from "../../http/openapi.ts";
import { answer, body, errors } from "../../schemas/common.ts";
import { DocIdParam, Document } from "../../schemas/docs.ts";
import { pathParams, Uuid } from "../../schemas/ids.ts";
import { changedDocument } from "./change.ts";

const tags = ["Documents"];

const DepositInput = z
  .object({ docId: Uuid.openapi({ description: "The deposit invoice of the invoice's order" }) })
  .strict()
  .openapi("DepositDeductionInput");

const DepositParams = pathParams({ id: Uuid, depositId: Uuid });

/**
 * A draft final invoice's deposits (/docs/{id}/deposits): an order's invoice deducts the order's validated
 * deposit invoices when it is made; these take one off (to deduct it on a later invoice of the order) or
 * put one back. Both answer the invoice.
 */
export const documentDepositRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "post",
      path: "/{id}/deposits",
      operationId: "deductDocumentDeposit",
      tags,
      description:
        "Deducts a validated deposit invoice of the order this draft invoice was made from: its net and VAT per rate " +
        "come off the invoice's amount due (BT-113). Refused when it is not one of the order's deposits (409 " +
        "`doc.depositNotOnOrder`), is deducted already here or on another invoice (409 `doc.depositAlreadyDeducted`), " +
        "or exceeds the invoice's base or VAT at a rate (409 `doc.depositExceedsInvoice`).",
      request: { params: DocIdParam, ...body(DepositInput) },
      responses: { 200: answer(Document, "The invoice, the deposit deducted"), ...errors },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const { docId } = c.req.valid("json");
      const doc = await changedDocument(ctx, c, id, (orgId, metadata) =>
        deductDeposit(ctx, orgId, id, docId, metadata),
      );
      return c.json(doc, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "delete",
      path: "/{id}/deposits/{depositId}",
      operationId: "removeDocumentDeposit",
      tags,
      description:
        "Takes a deposit off a draft invoice: its amount is due on this invoice again, and the deposit may be deducted " +
        "on another invoice of the order. 404 `doc.depositNotFound` when the invoice does not deduct it.",
      request: { params: DepositParams },
      responses: { 200: answer(Document, "The invoice, the deposit no longer deducted"), ...errors },
    }),
    async (c) => {
      const { id, depositId } = c.req.valid("param");
      const doc = await changedDocument(ctx, c, id, (orgId, metadata) =>
        removeDepositDeduction(ctx, orgId, id, depositId, metadata),
      );
      return c.json(doc, 200);
    },
  );

  return app;
};
