import { z } from "@hono/zod-openapi";
import type { AppContext } from "../context.ts";
import { loadConnection } from "../einvoicing/connection.ts";
import { syncOrganisationNow } from "../einvoicing/sync.ts";
import { checkWebhook } from "../einvoicing/webhook.ts";
import { accessRoute, PUBLIC } from "../http/access.ts";
import { rawBodyOf } from "../http/input-guard.ts";
import { resourceApp } from "../http/openapi.ts";
import { ProblemError } from "../http/problem.ts";
import { problemResponses } from "../http/schemas.ts";
import { isPlatformError } from "../ports/index.ts";
import { answer } from "../schemas/common.ts";
import { WebhookAccepted, WebhookParams } from "../schemas/einvoicing-transmission.ts";

/** The platform's callback (`WebhookCallbackContent` of the flow service): only its flow's id is read. */
const WebhookBody = z
  .object({
    flowInfo: z
      .object({
        // The platform's own id (the standard's NotOnlyUuid: up to 36 characters, not only a UUID), never
        // with a space.
        flowId: z
          .string()
          .min(1)
          .max(36)
          .regex(/^[\x21-\x7e]+$/),
      })
      .passthrough(),
  })
  .openapi("EInvoicingWebhookContent");

/**
 * The platform's webhook, `POST /einvoicing/webhook/{orgId}` (issue 25): public — the platform has no
 * session — and trusted only once signed with the organisation's webhook secret (`X-Webhook-Signature`,
 * `X-Webhook-Timestamp` within five minutes: `einvoicing/webhook.ts`). Then the flow it names is read
 * through the organisation's own credentials: a flow the platform does not show this organisation is
 * another's (403). What the body says is never taken as data: the organisation's sync runs now, and
 * reads the flows through the API. The signature is checked over the body's bytes as received (spacing,
 * key order and escapes as the platform sent them), never over the JSON as parsed. An organisation
 * without a connection or webhook secret, a bad signature or a stale timestamp: 401, nothing done.
 */
export const einvoicingWebhookRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  app.openapi(
    accessRoute(ctx, PUBLIC, {
      method: "post",
      path: "/{orgId}",
      operationId: "receiveEInvoicingWebhook",
      tags: ["E-invoicing"],
      description:
        "Called by the approved platform when a flow is received or its acknowledgement changes. Signed: " +
        "`X-Webhook-Timestamp` (unix seconds) and `X-Webhook-Signature: sha256=<hex HMAC-SHA256(secret, " +
        "timestamp + '.' + body)>`, the body as sent. Runs the organisation's sync at once.",
      request: {
        params: WebhookParams,
        body: { content: { "application/json": { schema: WebhookBody } }, required: true },
      },
      responses: {
        202: answer(WebhookAccepted, "Verified: the organisation's flows synced"),
        ...problemResponses(400, 401, 403, 422),
      },
    }),
    async (c) => {
      const { orgId } = c.req.valid("param");
      const { flowInfo } = c.req.valid("json");
      // The bytes as received: the guard's re-serialised JSON would differ from what the platform signed.
      const body = await rawBodyOf(c);
      const connection = await loadConnection(ctx, orgId).catch(() => null);
      if (!connection?.webhookSecret) throw new ProblemError(401, "einvoicing.webhookUnverified");
      const check = checkWebhook(
        connection.webhookSecret,
        { timestamp: c.req.header("x-webhook-timestamp"), signature: c.req.header("x-webhook-signature") },
        body,
        ctx.clock(),
      );
      if (check === "stale") throw new ProblemError(401, "einvoicing.webhookStale");
      if (check !== "ok") throw new ProblemError(401, "einvoicing.webhookUnverified");
      const platform = ctx.einvoicing.connect(connection);
      try {
        await platform.getFlow(flowInfo.flowId);
      } catch (error) {
        if (!isPlatformError(error)) throw error;
        if (!error.transient) throw new ProblemError(403, "einvoicing.webhookOtherOrganisation");
        // The platform out of reach now: the schedule's next sync reads the flow.
        return c.json({ synced: false }, 202);
      }
      try {
        const run = await syncOrganisationNow(ctx, orgId);
        return c.json({ synced: run !== null }, 202);
      } catch (error) {
        // The sync failed on the platform's side: the schedule tries again within a minute.
        if (isPlatformError(error) || error instanceof ProblemError) return c.json({ synced: false }, 202);
        throw error;
      }
    },
  );
  return app;
};
