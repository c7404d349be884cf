import { z } from "@hono/zod-openapi";
import { PLATFORM_INVOICE_MAX_LINES } from "@registre/core";
import { CentsOut } from "./common.ts";
import { pathParams, Uuid } from "./ids.ts";

/** The platform's invoices (/api/account/invoices, /api/registre/orgs/invoices) and the payments they bill. */
const Address = z
  .object({ lines: z.array(z.string()), postalCode: z.string(), city: z.string(), country: z.string() })
  .openapi("InvoiceAddress");

const InvoiceLine = z
  .object({
    label: z.string(),
    quantity: z.string().openapi({ description: "Decimal string", example: "1" }),
    unitHtCents: CentsOut,
    vatRate: z.string().openapi({ description: "Percent", example: "20" }),
    from: z.string().nullable().openapi({ description: "The period billed, when the line is one" }),
    to: z.string().nullable(),
    htCents: CentsOut,
  })
  .openapi("PlatformInvoiceLine");

export const PlatformInvoice = z
  .object({
    id: z.uuid(),
    number: z.string().openapi({ example: "RG-2026-000001" }),
    kind: z.enum(["invoice", "creditNote"]),
    orgId: z.uuid(),
    issueDate: z.string(),
    dueDate: z.string(),
    paidOn: z
      .string()
      .nullable()
      .openapi({ description: "Paid by card that day (a subscription's payment)" }),
    paymentId: z.string().nullable(),
    corrects: z
      .object({ id: z.uuid(), number: z.string(), issueDate: z.string() })
      .nullable()
      .openapi({ description: "The invoice a credit note corrects" }),
    seller: z.object({
      name: z.string(),
      legalForm: z.string().nullable(),
      capital: z.string().nullable(),
      siren: z.string(),
      siret: z.string().nullable(),
      vatNumber: z.string(),
      rcs: z.string().nullable(),
      address: Address,
      email: z.string().nullable(),
    }),
    buyer: z.object({
      orgId: z.uuid(),
      name: z.string(),
      siren: z.string().nullable(),
      vatNumber: z.string().nullable(),
      address: Address.nullable(),
      email: z.string().nullable(),
    }),
    lines: z.array(InvoiceLine),
    vat: z.array(z.object({ rate: z.string(), baseCents: CentsOut, vatCents: CentsOut })),
    htCents: CentsOut,
    vatCents: CentsOut,
    totalCents: CentsOut,
    creditedCents: CentsOut.openapi({ description: "For an invoice: the total of its credit notes" }),
    emailedTo: z.string().nullable(),
    emailedAt: z.string().nullable(),
  })
  .openapi("PlatformInvoice");

export const PlatformInvoiceList = z
  .object({ items: z.array(PlatformInvoice), total: z.number().int() })
  .openapi("PlatformInvoiceList");

export const ListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
});

export const PlatformInvoiceQuery = ListQuery.extend({
  org: Uuid.optional().openapi({ description: "One organisation's invoices" }),
});

export const InvoicePdfQuery = z.object({
  lang: z
    .enum(["fr", "en"])
    .optional()
    .openapi({ description: "The PDF's language; the request's by default" }),
});

/** A payment's id as the provider gives it (`pi_…`). */
export const PaymentIdParam = pathParams({
  id: z
    .string()
    .regex(/^pi_[A-Za-z0-9_]{1,100}$/)
    .openapi({ example: "pi_3Nq0" }),
});

export const AccountPayment = z
  .object({
    id: z.string().openapi({ description: "The payment provider's payment id" }),
    paidOn: z.string(),
    plan: z.object({ id: z.string(), name: z.string(), months: z.number().int(), vatRate: z.string() }),
    from: z.string(),
    to: z.string(),
    htCents: CentsOut,
    vatCents: CentsOut,
    totalCents: CentsOut,
    invoice: z
      .object({ id: z.uuid(), number: z.string() })
      .nullable()
      .openapi({ description: "Its invoice, once issued" }),
  })
  .openapi("AccountPayment");
export const AccountPaymentList = z
  .object({ items: z.array(AccountPayment), total: z.number().int() })
  .openapi("AccountPaymentList");
export const AccountPaymentLines = z
  .object({
    items: z.array(
      InvoiceLine.extend({ vatCents: CentsOut, totalCents: CentsOut }).openapi("AccountPaymentLine"),
    ),
  })
  .openapi("AccountPaymentLines");

export const PlatformSubscriptionRow = z
  .object({
    orgId: z.uuid(),
    orgName: z.string(),
    status: z.enum(["none", "trial", "active", "pastDue", "readOnly"]),
    plan: z.string().nullable().openapi({ description: "The plan paid (or granted)" }),
    periodTo: z.string().nullable(),
    dueOn: z.string().nullable(),
    graceEndsOn: z.string().nullable(),
  })
  .openapi("PlatformSubscriptionRow");

export const PlatformInvoicesOverview = PlatformInvoiceList.extend({
  subscriptions: z.array(PlatformSubscriptionRow),
}).openapi("PlatformInvoicesOverview");

export const ManualInvoiceInput = z
  .object({
    orgId: z.uuid(),
    kind: z.enum(["invoice", "creditNote"]),
    corrects: z.uuid().optional().openapi({ description: "A credit note: the invoice it corrects" }),
    lines: z
      .array(
        z.object({
          label: z.string().max(200),
          quantity: z
            .string()
            .regex(/^\d{1,9}(\.\d{1,3})?$/)
            .openapi({ example: "1" }),
          unitHtCents: z.number().int().min(0).max(100_000_000).openapi({ example: 12000 }),
          vatRate: z
            .string()
            .regex(/^\d{1,3}(\.\d{1,2})?$/)
            .openapi({ example: "20" }),
        }),
      )
      .min(1)
      .max(PLATFORM_INVOICE_MAX_LINES),
  })
  .openapi("ManualInvoiceInput");
