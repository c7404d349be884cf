import { z } from "@hono/zod-openapi";
import { pathParams, Uuid } from "./ids.ts";

/** A document's transmission through the approved platform (`GET /docs/{id}/transmission`). */
const Submission = z.object({
  flowId: z.string(),
  trackingId: z.string().openapi({ description: "The document's number" }),
  sha256: z.string(),
  syntax: z.string().openapi({ example: "Factur-X" }),
  profile: z.string().openapi({ example: "CIUS" }),
  processingRule: z.string().openapi({ example: "B2B" }),
  fileName: z.string(),
  at: z.string().openapi({ description: "When the platform took it" }),
});
const Acknowledgement = z.object({
  flowId: z.string(),
  status: z.enum(["Ok", "Error"]),
  details: z.array(
    z.object({
      level: z.enum(["Error", "Warning"]),
      item: z.string(),
      reasonCode: z.string(),
      reasonMessage: z.string(),
    }),
  ),
  at: z.string(),
});
const LifecycleStatus = z.object({
  flowId: z.string(),
  code: z.number().int().openapi({ description: "200 Déposée … 213 Rejetée" }),
  date: z.string(),
  reasonCode: z.string().nullable(),
  reason: z.string().nullable(),
});

export const DocumentTransmission = z
  .object({
    state: z
      .enum([
        "notTransmissible",
        "notConnected",
        "waiting",
        "notSent",
        "refused",
        "submitted",
        "acknowledged",
        "rejected",
      ])
      .openapi({
        description:
          "notTransmissible: not a validated sales invoice or credit note; notConnected: the organisation has no platform connection; waiting: to be sent (the reactor is on it, or retries while the platform is down); notSent: out of the reform's scope (e-reporting); refused: the platform refused the file; submitted: sent, not acknowledged yet; acknowledged: Ok; rejected: acknowledgement Error",
      }),
    connected: z.boolean(),
    submission: Submission.nullable(),
    acknowledgement: Acknowledgement.nullable(),
    statuses: z.array(LifecycleStatus).openapi({ description: "In the order received" }),
    notSent: z
      .object({ reason: z.enum(["b2c", "international", "notInDirectory"]), at: z.string() })
      .nullable(),
    refusal: z.object({ errorCode: z.string(), errorMessage: z.string(), at: z.string() }).nullable(),
  })
  .openapi("DocumentTransmission");

export const WebhookParams = pathParams({ orgId: Uuid });
export const WebhookAccepted = z
  .object({
    synced: z.boolean().openapi({ description: "False when a sync of the organisation was already running" }),
  })
  .openapi("EInvoicingWebhookAccepted");
