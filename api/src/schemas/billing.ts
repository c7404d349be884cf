import { z } from "@hono/zod-openapi";
import { PLAN_MAX_MONTHS, PLAN_MAX_PRICE_CENTS } from "@registre/core";
import { Day } from "./common.ts";

/** Plans (/api/registre/plans) and an organisation's subscription (/api/account/subscription). */
const planFields = {
  name: z.string().min(1).max(120).openapi({ example: "Annuel" }),
  months: z.number().int().min(1).max(PLAN_MAX_MONTHS).openapi({ example: 12 }),
  priceHtCents: z
    .number()
    .int()
    .min(0)
    .max(PLAN_MAX_PRICE_CENTS)
    .openapi({ description: "A period's price before tax, integer cents", example: 12000 }),
  vatRate: z
    .string()
    .regex(/^\d{1,3}(\.\d{1,2})?$/)
    .openapi({ description: "Percent", example: "20" }),
  includes: z
    .array(z.string().max(200))
    .max(30)
    .default([])
    .openapi({ example: ["Toutes les fonctions"] }),
};

export const BillingPlan = z
  .object({
    id: z.uuid(),
    name: z.string(),
    months: z.number().int(),
    priceHtCents: z.number().int(),
    vatRate: z.string(),
    includes: z.array(z.string()),
    archived: z.boolean(),
  })
  .openapi("BillingPlan");
export const BillingPlanList = z.object({ items: z.array(BillingPlan) }).openapi("BillingPlanList");
export const BillingPlanInput = z.object(planFields).openapi("BillingPlanInput");
export const BillingPlanChange = z
  .object({
    name: planFields.name.optional(),
    months: planFields.months.optional(),
    priceHtCents: planFields.priceHtCents.optional(),
    vatRate: planFields.vatRate.optional(),
    includes: z.array(z.string().max(200)).max(30).optional(),
  })
  .openapi("BillingPlanChange");

const PlanSnapshot = z
  .object({
    id: z.string(),
    name: z.string(),
    months: z.number().int(),
    priceHtCents: z.number().int(),
    vatRate: z.string(),
  })
  .openapi("BillingPlanSnapshot");

export const Subscription = z
  .object({
    enabled: z
      .boolean()
      .openapi({ description: "False when no payment provider is configured: no limit, nothing asked" }),
    status: z.enum(["none", "trial", "active", "pastDue", "readOnly"]),
    readOnly: z.boolean(),
    trialEndsOn: z.string().nullable(),
    trialDaysLeft: z.number().int().nullable(),
    plan: PlanSnapshot.nullable(),
    nextPlan: PlanSnapshot.nullable(),
    periodFrom: z.string().nullable(),
    periodTo: z.string().nullable(),
    dueOn: z.string().nullable(),
    graceEndsOn: z.string().nullable(),
    failures: z.number().int(),
    nextCharge: z
      .object({ planId: z.string(), ht: z.string(), vat: z.string(), total: z.string() })
      .nullable()
      .openapi({ description: "The next charge, decimal strings in euros" }),
    card: z
      .object({ brand: z.string(), last4: z.string(), expMonth: z.number().int(), expYear: z.number().int() })
      .nullable(),
  })
  .openapi("Subscription");

export const ChoosePlanInput = z.object({ planId: z.uuid() }).openapi("ChoosePlanInput");
export const GrantPlanInput = z
  .object({ planId: z.uuid(), from: Day.openapi({ description: "The first day of the granted period" }) })
  .openapi("GrantPlanInput");

/** Stripe's event, read as sent: only its signature makes it trusted. */
export const StripeWebhookBody = z.object({}).passthrough().openapi("StripeWebhookEvent");
export const StripeWebhookAnswer = z
  .object({
    applied: z
      .boolean()
      .openapi({ description: "False when it changed nothing: replayed, or for no known organisation" }),
    type: z.enum(["paymentSucceeded", "paymentFailed", "cardUpdated", "ignored"]),
  })
  .openapi("StripeWebhookAnswer");
