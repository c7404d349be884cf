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

const Collected = z.object({
  payment: z.string(),
  date: z.string().openapi({ description: "The day the money was received" }),
  amounts: z.array(
    z.object({
      ratePercent: z.string().openapi({ example: "20.00" }),
      cents: z.number().int().openapi({ description: "Received incl. tax at that rate" }),
    }),
  ),
  total: z.number().int(),
  flowId: z.string(),
  trackingId: z.string(),
  at: z.string().openapi({ description: "When it was submitted" }),
});

export const DocumentTransmission = z
  .object({
    state: z
      .enum([
        "notTransmissible",
        "internal",
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
          "notTransmissible: not a validated sales invoice or credit note; internal: an internal credit note (it cancels a rejected or refused invoice in the books), never transmitted; notConnected: the organisation has no platform connection; waiting: to be sent (the reactor is on it, or retries while the platform is down); notSent: out of the reform's scope (e-reporting); refused: the platform refused the file; submitted: sent, not acknowledged yet; acknowledged: Ok; rejected: acknowledgement Error",
      }),
    connected: z.boolean(),
    submission: Submission.nullable(),
    acknowledgement: Acknowledgement.nullable(),
    statuses: z.array(LifecycleStatus).openapi({ description: "In the order received" }),
    notSent: z
      .object({ reason: z.enum(["b2c", "international", "notInDirectory"]), at: z.string() })
      .nullable(),
    refusal: z.object({ errorCode: z.string(), errorMessage: z.string(), at: z.string() }).nullable(),
    collected: z
      .array(Collected)
      .openapi({ description: "The 212 « Encaissée » statuses sent, one per payment" }),
    replaced: z
      .object({
        from: z.string().openapi({ description: "The flow first recorded, refused as a duplicate" }),
        to: z.string().openapi({ description: "The original flow, which carries the transmission" }),
        at: z.string().openapi({ description: "When the platform refused the duplicate" }),
      })
      .nullable()
      .openapi({
        description:
          "Sent by two servers at the same moment: the platform kept the first file (AlreadyExistingFlow for the other), whose flow is the submission's",
      }),
    internalCreditNote: z
      .object({
        offered: z.boolean().openapi({
          description:
            "The invoice's last status is 210 (refused) or 213 (rejected) and no credit note of it stands: POST /docs/{id}/internal-credit-note",
        }),
        creditNote: z
          .object({ docId: z.string(), number: z.string().nullable() })
          .nullable()
          .openapi({ description: "The internal credit note made of it" }),
      })
      .openapi({ description: "The internal credit note of a rejected or refused invoice" }),
  })
  .openapi("DocumentTransmission");

export const WebhookParams = pathParams({ orgId: Uuid });
export const WebhookAccepted = z
  .object({
    synced: z.boolean().openapi({ description: "False when a sync of the organisation was already running" }),
  })
  .openapi("EInvoicingWebhookAccepted");
