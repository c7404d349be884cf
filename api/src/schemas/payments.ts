import { z } from "@hono/zod-openapi";
import { paymentModeKinds } from "@registre/core";
import { Amount, Cents, CentsOut, Day, Offset } from "./common.ts";
import { PaymentModeId, pathParams, Uuid } from "./ids.ts";

/** Banks (/api/banks), payment modes (/api/payments/modes), payments (/api/payments…), deposits (/api/accounting/deposits). */
export const Bank = z
  .object({
    id: z.string(),
    name: z.string(),
    iban: z.string().nullable(),
    bic: z.string().nullable(),
    currency: z.literal("EUR"),
    account: z.string(),
    journal: z.string(),
    openingBalance: Amount,
    openingDate: z.string().nullable(),
    closed: z.boolean(),
  })
  .openapi("Bank");
export const BankList = z.object({ items: z.array(Bank) }).openapi("BankList");
export const BankInput = z
  .object({
    name: z.string().max(200),
    iban: z.string().max(60).nullish(),
    bic: z.string().max(20).nullish(),
    openingBalance: z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER).optional(),
    openingDate: Day.nullish(),
  })
  .openapi("BankInput");
export const BankClosedInput = z.object({ closed: z.boolean() }).openapi("BankClosedInput");

export const PaymentModeKind = z.enum(paymentModeKinds).openapi("PaymentModeKind");
export const PaymentMode = z
  .object({
    id: z.string(),
    kind: PaymentModeKind,
    label: z.string(),
    bankId: z.string().nullable(),
    deposit: z.boolean(),
    journal: z.string(),
    /** Money received: 511200 / 530000 until a deposit for a mode through one, else the bank's 512. */
    account: z
      .string()
      .openapi({ description: "The account money received goes to (5112 / 530 until a deposit)." }),
    paidOutAccount: z.string().openapi({
      description:
        "The account money paid out leaves: the bank's 512, or the till (530) for cash through a deposit; never deposited.",
    }),
  })
  .openapi("PaymentMode");
export const PaymentModeList = z.object({ items: z.array(PaymentMode) }).openapi("PaymentModeList");
export const PaymentModeInput = z
  .object({
    kind: z.string().max(20),
    label: z.string().max(200),
    bankId: Uuid.nullish(),
    deposit: z.boolean().optional(),
  })
  .openapi("PaymentModeInput");

export const PaymentAllocation = z
  .object({
    docId: z.string(),
    number: z.string(),
    kind: z.enum(["invoice", "creditNote"]),
    amount: CentsOut,
  })
  .openapi("PaymentAllocation");

export const Payment = z
  .object({
    id: z.string(),
    direction: z.enum(["sales", "purchases"]),
    status: z.enum(["validated", "cancelled"]),
    date: z.string(),
    amount: CentsOut,
    /** A refund: money to the customer (sales) or from the supplier (purchases), settling credit notes. */
    refund: z.boolean(),
    allocated: Amount,
    /** Not allocated: an advance on the contact (an overpayment shows here). */
    unallocated: Amount,
    modeId: z.string(),
    modeKind: PaymentModeKind,
    modeLabel: z.string(),
    journal: z.string(),
    account: z.string(),
    bankAccount: z.string(),
    bankId: z.string().nullable(),
    reference: z.string().nullable(),
    drawer: z.string().nullable(),
    drawerBank: z.string().nullable(),
    contactId: z.string(),
    contactName: z.string(),
    allocations: z.array(PaymentAllocation),
    entryMvt: z.string(),
    reversalMvt: z.string().nullable(),
    cancelledOn: z.string().nullable(),
    depositId: z.string().nullable(),
    depositNumber: z.string().nullable(),
  })
  .openapi("Payment");

export const PaymentList = z
  .object({ items: z.array(Payment), total: z.number().int(), amount: CentsOut })
  .openapi("PaymentList");

export const PaymentListQuery = z.object({
  contactId: z.uuid().optional(),
  docId: z.uuid().optional(),
  from: Day.optional(),
  to: Day.optional(),
  status: z.enum(["validated", "cancelled"]).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: Offset,
});

export const PaymentInput = z
  .object({
    date: Day,
    amount: Cents,
    modeId: PaymentModeId.nullish(),
    contactId: z.uuid().nullish(),
    reference: z.string().max(200).nullish(),
    drawer: z.string().max(200).nullish(),
    drawerBank: z.string().max(200).nullish(),
    allocations: z
      .array(z.object({ docId: z.uuid(), amount: Cents }))
      .max(200)
      .optional(),
    refund: z.boolean().optional().openapi({
      description:
        "A refund of credit notes: money paid to the customer (sales) or received from the supplier (purchases). Its allocations go to credit notes (less invoices netted against them) and add up to its amount exactly.",
    }),
  })
  .openapi("PaymentInput");
export const PaymentWithDirectionInput = PaymentInput.extend({
  direction: z.enum(["sales", "purchases"]),
}).openapi("PaymentWithDirectionInput");
export const PaymentRemainderInput = z
  .object({
    /** The transfer's date: today when left out; never before the payment's. */
    date: Day.nullish(),
    allocations: z
      .array(z.object({ docId: z.uuid(), amount: Cents }))
      .min(1)
      .max(200),
  })
  .openapi("PaymentRemainderInput");
export const AdvancesQuery = z.object({ contactId: z.uuid() });
export const ContactAdvances = z
  .object({
    contactId: z.string(),
    /** Σ of the payments' unallocated amounts: the advance (or credit) available to allocate. */
    total: Amount,
    /** The validated payments with something left, oldest first. */
    items: z.array(Payment),
  })
  .openapi("ContactAdvances");
export const CancelPaymentInput = z.object({ date: Day }).openapi("CancelPaymentInput");

export const PaymentHistory = z
  .object({
    items: z.array(
      z.object({
        version: z.number().int(),
        type: z.string(),
        at: z.string(),
        userId: z.string().nullable(),
      }),
    ),
  })
  .openapi("PaymentHistory");

export const DepositPayment = z
  .object({
    paymentId: z.string(),
    date: z.string(),
    amount: CentsOut,
    reference: z.string().nullable(),
    drawer: z.string().nullable(),
    drawerBank: z.string().nullable(),
    contactName: z.string(),
  })
  .openapi("DepositPayment");
export const Deposit = z
  .object({
    id: z.string(),
    number: z.string(),
    date: z.string(),
    bankId: z.string().nullable(),
    bankAccount: z.string(),
    journal: z.string(),
    source: z.string(),
    count: z.number().int(),
    total: CentsOut,
    payments: z.array(DepositPayment),
    entryMvt: z.string(),
  })
  .openapi("Deposit");
export const DepositList = z.object({ items: z.array(Deposit) }).openapi("DepositList");
export const DepositInit = z
  .object({ items: z.array(Payment), count: z.number().int(), total: CentsOut })
  .openapi("DepositInit");
export const DepositInitQuery = z.object({
  bankId: Uuid.optional(),
  source: z.enum(["cheques", "cash"]).optional(),
});
export const DepositInput = z
  .object({
    date: Day,
    paymentIds: z.array(z.uuid()).min(1).max(500),
    bankId: Uuid.nullable().optional().openapi({
      description:
        "The bank the payments are deposited in, as the user chose it: each payment must be waiting for it (null: the default 512000, no bank); left out, the payments' own bank",
    }),
  })
  .openapi("DepositInput");
export const PdfQuery = z.object({ lang: z.enum(["fr", "en"]).optional() });

/** A payment mode in a path: a built-in one's name or the organisation's uuid. */
export const PaymentModeParam = pathParams({ id: PaymentModeId });
