import { z } from "@hono/zod-openapi";
import { ALL_CDAR_REASON_CODES, BUYER_STATUS_CODES } from "@registre/core";
import { CentsOut, Offset } from "./common.ts";
import { Uuid } from "./ids.ts";

/** The inbox of invoices received through the approved platform, and the buyer's statuses (`/einvoicing/received`). */

const SentStatus = z.object({
  code: z
    .number()
    .int()
    .openapi({ description: "204 taken in hand, 205 approved, 207 disputed, 210 refused, 211 payment sent" }),
  reasonCode: z.string().nullable(),
  reason: z.string().nullable(),
  flowId: z.string().openapi({ description: "The lifecycle flow that carried it" }),
  trackingId: z.string(),
  at: z.string().openapi({ description: "When it was sent" }),
});

export const ReceivedInvoice = z
  .object({
    id: Uuid,
    flowId: z.string(),
    trackingId: z.string().nullable(),
    receivedAt: z.string(),
    syntax: z.string().nullable().openapi({ example: "CII" }),
    state: z.enum(["imported", "refused"]),
    refusal: z
      .object({ code: z.string(), field: z.string().nullable(), message: z.string() })
      .nullable()
      .openapi({ description: "Why the flow was not imported: not an invoice, hostile XML, too large…" }),
    docId: Uuid.nullable().openapi({ description: "The draft purchase invoice it became" }),
    contactId: Uuid.nullable(),
    contactCreated: z.boolean(),
    supplierName: z.string().nullable(),
    supplierSiren: z.string().nullable(),
    invoiceNumber: z.string().nullable(),
    issueDate: z.string().nullable(),
    typeCode: z.string().nullable(),
    total: CentsOut.nullable(),
    currency: z.string().nullable(),
    statuses: z.array(SentStatus),
    lastStatus: z.number().int().nullable(),
  })
  .openapi("ReceivedInvoice");

export const ReceivedInvoiceList = z
  .object({ items: z.array(ReceivedInvoice), total: z.number().int() })
  .openapi("ReceivedInvoiceList");

export const ReceivedListQuery = z.object({
  state: z.enum(["imported", "refused"]).optional(),
  docId: Uuid.optional().openapi({ description: "The received invoice a draft purchase invoice came from" }),
  offset: Offset,
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const BuyerStatusInput = z
  .object({
    code: z
      .union(BUYER_STATUS_CODES.map((c) => z.literal(c)) as unknown as [z.ZodLiteral<204>, z.ZodLiteral<205>])
      .openapi({
        description:
          "204 taken in hand, 205 approved, 207 disputed, 210 refused (a reason required), 211 payment sent",
      }),
    reasonCode: z
      .enum(ALL_CDAR_REASON_CODES as unknown as [string, ...string[]])
      .nullish()
      .openapi({ description: "The reform's reason (MDT-113): required for 210, from its refusal list" }),
    reason: z.string().max(500).nullish().openapi({ description: "The reason in words" }),
  })
  .openapi("BuyerStatusInput");

export const BuyerStatusReasons = z
  .object({
    refusal: z.array(z.string()),
    dispute: z.array(z.string()),
  })
  .openapi("BuyerStatusReasons");
