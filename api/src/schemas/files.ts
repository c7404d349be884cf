import { z } from "@hono/zod-openapi";

/** A file attached to a document, a contact or an item. */
export const Attachment = z
  .object({
    fileId: z.uuid(),
    name: z.string(),
    size: z.number().int(),
    contentType: z.string(),
    sha256: z.string(),
    attachedAt: z.string(),
    attachedBy: z.string().nullable(),
  })
  .openapi("Attachment");

export const AttachmentList = z.object({ files: z.array(Attachment) }).openapi("AttachmentList");

export const AttachmentUpload = z.object({
  file: z
    .custom<File>((v) => v instanceof File)
    .openapi({
      type: "string",
      format: "binary",
      description:
        "PDF, PNG, JPEG, GIF, WebP, xlsx, xls, ods, CSV or text (told by its bytes), 20 MB at most (FILE_MAX_BYTES)",
    }),
});

export const AttachmentParams = z.object({
  id: z.uuid().openapi({ param: { name: "id", in: "path" } }),
  fileId: z.uuid().openapi({ param: { name: "fileId", in: "path" } }),
});

export const ShareInput = z
  .object({
    expiresAt: z.iso
      .datetime({ offset: true })
      .nullable()
      .optional()
      .openapi({ description: "When the link stops opening the document; none by default" }),
  })
  .openapi("ShareInput");

export const Share = z
  .object({
    shareId: z.uuid(),
    createdAt: z.string(),
    createdBy: z.string().nullable(),
    expiresAt: z.string().nullable(),
    expired: z.boolean(),
  })
  .openapi("Share");

export const CreatedShare = Share.extend({
  token: z.string(),
  url: z.string().openapi({ description: "The public page's address: /share/docs?token=…" }),
}).openapi("CreatedShare");

export const ShareList = z.object({ shares: z.array(Share) }).openapi("ShareList");

export const ShareParams = z.object({
  id: z.uuid().openapi({ param: { name: "id", in: "path" } }),
  shareId: z.uuid().openapi({ param: { name: "shareId", in: "path" } }),
});

export const ShareTokenQuery = z.object({
  token: z.string().max(200).optional().openapi({ description: "The link's token (sh_…)" }),
  lang: z.enum(["fr", "en"]).optional(),
});

const Address = z.object({
  lines: z.array(z.string()),
  postcode: z.string(),
  city: z.string(),
  country: z.string().nullable().optional(),
});

/** A shared document as its customer sees it: what its PDF prints, and nothing else of the organisation. */
export const SharedDocument = z
  .object({
    kind: z.enum(["quote", "order", "delivery", "invoice", "creditNote", "depositInvoice"]),
    language: z.enum(["fr", "en"]),
    number: z.string().nullable(),
    dates: z.object({
      issue: z.string(),
      delivery: z.string().nullable().optional(),
      due: z.string().nullable().optional(),
      expiry: z.string().nullable().optional(),
    }),
    customerReference: z.string().nullable(),
    label: z.string().nullable(),
    creditedInvoice: z.object({ number: z.string(), date: z.string() }).nullable(),
    seller: z.object({
      name: z.string(),
      address: Address,
      siren: z.string(),
      vatNumber: z.string().nullable(),
      email: z.string().nullable(),
      logo: z.object({ png: z.string(), webp: z.string(), width: z.number(), height: z.number() }).nullable(),
      bank: z.object({ iban: z.string(), bic: z.string().nullable() }).nullable(),
    }),
    order: z.object({ number: z.string(), date: z.string() }).nullable(),
    customer: z.object({
      name: z.string(),
      code: z.string().nullable(),
      siren: z.string().nullable(),
      vatNumber: z.string().nullable(),
      billingAddress: Address,
      deliveryAddress: Address.nullable(),
    }),
    lines: z.array(
      z.union([
        z.object({ type: z.enum(["title", "comment"]), text: z.string() }),
        z.object({
          type: z.literal("item"),
          reference: z.string().nullable(),
          description: z.string(),
          quantity: z.string(),
          unit: z.string().nullable(),
          unitPrice: z.string(),
          discountPercent: z.string().nullable(),
          vatRate: z.string(),
          vatExemption: z.string().nullable(),
          netCents: z.number().int(),
        }),
      ]),
    ),
    totals: z.object({
      vat: z.array(z.object({ rate: z.string(), baseCents: z.number().int(), vatCents: z.number().int() })),
      excludingTaxCents: z.number().int(),
      vatCents: z.number().int(),
      includingTaxCents: z.number().int(),
      deposits: z.array(
        z.object({ number: z.string(), date: z.string(), includingTaxCents: z.number().int() }),
      ),
      dueCents: z
        .number()
        .int()
        .openapi({ description: "What the document says is due, as its PDF prints it" }),
    }),
    settlement: z
      .object({
        paidCents: z
          .number()
          .int()
          .openapi({ description: "Money paid (an invoice) or refunded (a credit note)" }),
        creditedCents: z
          .number()
          .int()
          .openapi({ description: "Credit notes deducted from the invoice (invoices from the credit note)" }),
        dueCents: z.number().int().openapi({ description: "What is left to pay (or to refund) today" }),
        status: z.enum(["unpaid", "partial", "paid"]),
      })
      .nullable()
      .openapi({ description: "A validated invoice or credit note: where it stands today; null otherwise" }),
    mentions: z.object({
      exemptions: z.array(z.string()),
      paymentTerms: z.string().nullable(),
      notes: z.array(z.string()),
      legalMentions: z.array(z.string()),
      paragraphs: z.array(z.string()).openapi({
        description: "Every mention the PDF prints under its totals, in order and in the document's language",
      }),
    }),
  })
  .openapi("SharedDocument");
