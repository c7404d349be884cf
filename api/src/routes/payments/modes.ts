import { bankingView, Rights } from "@registre/core";
import type { AppContext } from "../../context.ts";
import { accessRoute, right } from "../../http/access.ts";
import { answerDeleted } from "../../http/deleted.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../../http/openapi.ts";
import { derivedId } from "../../ids.ts";
import { loadBanking, modeOf, runBanking } from "../../payments/banking.ts";
import { toMode } from "../../payments/queries.ts";
import { answer, body, errors } from "../../schemas/common.ts";
import { PaymentMode, PaymentModeInput, PaymentModeList, PaymentModeParam } from "../../schemas/payments.ts";

/** The payment modes, mounted at /payments/modes (before the payments' /{id}). */
export const paymentModeRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  const answerMode = async (orgId: string, id: string) => toMode((await loadBanking(ctx, orgId)).state, id);

  app.openapi(
    accessRoute(ctx, right("paymentmodes", Rights.read), {
      method: "get",
      path: "/",
      operationId: "listPaymentModes",
      tags: ["Payments"],
      responses: { 200: answer(PaymentModeList, "The payment modes"), ...errors },
    }),
    async (c) => {
      const { state } = await loadBanking(ctx, sessionOrg(c));
      return c.json({ items: Object.keys(bankingView(state).modes).map((id) => toMode(state, id)) }, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("paymentmodes", Rights.create), {
      method: "post",
      path: "/",
      operationId: "createPaymentMode",
      tags: ["Payments"],
      request: body(PaymentModeInput),
      responses: { 201: answer(PaymentMode, "Created"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const metadata = commandMetadata(c, ctx);
      const id = derivedId(metadata.commandId, "mode");
      await runBanking(
        ctx,
        orgId,
        { type: "CreatePaymentMode", data: { ...c.req.valid("json"), id } },
        metadata,
      );
      return c.json(await answerMode(orgId, id), 201);
    },
  );

  app.openapi(
    accessRoute(ctx, right("paymentmodes", Rights.read), {
      method: "get",
      path: "/{id}",
      operationId: "getPaymentMode",
      tags: ["Payments"],
      request: { params: PaymentModeParam },
      responses: { 200: answer(PaymentMode, "The payment mode"), ...errors },
    }),
    async (c) => c.json(await answerMode(sessionOrg(c), c.req.valid("param").id), 200),
  );

  app.openapi(
    accessRoute(ctx, right("paymentmodes", Rights.update), {
      method: "put",
      path: "/{id}",
      operationId: "updatePaymentMode",
      tags: ["Payments"],
      request: { params: PaymentModeParam, ...body(PaymentModeInput) },
      responses: { 200: answer(PaymentMode, "Changed"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { id } = c.req.valid("param");
      modeOf((await loadBanking(ctx, orgId)).state, id);
      await runBanking(
        ctx,
        orgId,
        { type: "UpdatePaymentMode", data: { ...c.req.valid("json"), id } },
        commandMetadata(c, ctx),
      );
      return c.json(await answerMode(orgId, id), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("paymentmodes", Rights.delete), {
      method: "delete",
      path: "/{id}",
      operationId: "deletePaymentMode",
      tags: ["Payments"],
      request: { params: PaymentModeParam },
      responses: { 204: { description: "Deleted" }, ...errors },
    }),
    (c) =>
      answerDeleted(c, ctx, async (orgId, metadata) => {
        await runBanking(
          ctx,
          orgId,
          { type: "DeletePaymentMode", data: { id: c.req.valid("param").id } },
          metadata,
        );
      }),
  );
  return app;
};
