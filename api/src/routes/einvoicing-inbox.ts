import type { z } from "@hono/zod-openapi";
import { ALL_CDAR_REASON_CODES, cdarReasonCodes, Rights } from "@registre/core";
import type { AppContext } from "../context.ts";
import { sendBuyerStatus } from "../einvoicing/buyer-status.ts";
import { loadConnection } from "../einvoicing/connection.ts";
import { listReceived, receivedInvoiceOf, receivedRow } from "../einvoicing/inbox.ts";
import { accessRoute, right } from "../http/access.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../http/openapi.ts";
import { localeOf } from "../http/problem.ts";
import { ProblemError } from "../http/problem-error.ts";
import { problemResponses } from "../http/schemas.ts";
import { answer, body, errors, UuidParam } from "../schemas/common.ts";
import {
  BuyerStatusInput,
  BuyerStatusReasons,
  ReceivedInvoice,
  ReceivedInvoiceList,
  ReceivedListQuery,
} from "../schemas/einvoicing-inbox.ts";

/**
 * The inbox of invoices received through the organisation's approved platform, mounted at
 * `/einvoicing/received` (issue 25, point 3): the received flows, each imported as a draft purchase
 * invoice or refused with its reason, and the buyer's statuses sent from one (`POST /{id}/status`).
 * Rights: the purchase invoices' (read to list, update to send a status).
 */
const RIGHT = "purchases.invoices";

export const einvoicingInboxRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  const found = async (orgId: string, id: string, locale: "fr" | "en") => {
    const row = await receivedRow(ctx, orgId, id);
    if (!row) throw new ProblemError(404, "einvoicing.receivedNotFound", { field: "id" });
    return receivedInvoiceOf(row, locale);
  };

  app.openapi(
    accessRoute(ctx, right(RIGHT, Rights.read), {
      method: "get",
      path: "/",
      operationId: "listReceivedInvoices",
      tags: ["E-invoicing"],
      description: "The invoices received through the platform, newest first: imported as drafts or refused.",
      request: { query: ReceivedListQuery },
      responses: { 200: answer(ReceivedInvoiceList, "The received invoices"), ...errors },
    }),
    async (c) => c.json(await listReceived(ctx, sessionOrg(c), c.req.valid("query"), localeOf(c)), 200),
  );

  app.openapi(
    accessRoute(ctx, right(RIGHT, Rights.read), {
      method: "get",
      path: "/reasons",
      operationId: "listBuyerStatusReasons",
      tags: ["E-invoicing"],
      description: "The reform's reason codes a refusal (210) and a dispute (207) accept.",
      responses: { 200: answer(BuyerStatusReasons, "The reasons by status"), ...errors },
    }),
    (c) => c.json({ refusal: [...cdarReasonCodes(210)], dispute: [...ALL_CDAR_REASON_CODES] }, 200),
  );

  app.openapi(
    accessRoute(ctx, right(RIGHT, Rights.read), {
      method: "get",
      path: "/{id}",
      operationId: "getReceivedInvoice",
      tags: ["E-invoicing"],
      request: { params: UuidParam },
      responses: { 200: answer(ReceivedInvoice, "The received invoice"), ...errors },
    }),
    async (c) => c.json(await found(sessionOrg(c), c.req.valid("param").id, localeOf(c)), 200),
  );

  app.openapi(
    accessRoute(ctx, right(RIGHT, Rights.update), {
      method: "post",
      path: "/{id}/status",
      operationId: "sendBuyerStatus",
      tags: ["E-invoicing"],
      description:
        "Sends the buyer's status about a received invoice as a lifecycle message (CDAR) through the platform: " +
        "204 taken in hand, 205 approved, 207 disputed, 210 refused (`reasonCode` required, from the reform's " +
        "refusal reasons), 211 payment sent. Sent once per Idempotency-Key.",
      request: { params: UuidParam, ...body(BuyerStatusInput) },
      responses: {
        200: answer(ReceivedInvoice, "The received invoice with the status recorded"),
        ...errors,
        ...problemResponses(424, 503),
      },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { id } = c.req.valid("param");
      const input = c.req.valid("json") as z.infer<typeof BuyerStatusInput>;
      await sendBuyerStatus(ctx, orgId, id, input, commandMetadata(c, ctx), async () => {
        const connection = await loadConnection(ctx, orgId);
        return connection ? ctx.einvoicing.connect(connection) : null;
      });
      return c.json(await found(orgId, id, localeOf(c)), 200);
    },
  );
  return app;
};
