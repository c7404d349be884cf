import { z } from "@hono/zod-openapi";
import { vatRates } from "@registre/core";
import { Cents } from "./common.ts";
import { Uuid } from "./ids.ts";

/** Bank rules (/api/banks/rules): label / amount / direction -> account, journal, VAT rate, contact. */
const RuleWhen = z.object({
  labelContains: z.array(z.string().max(100)).max(10).optional(),
  amountMin: Cents.optional(),
  amountMax: Cents.optional(),
  direction: z.enum(["credit", "debit"]).optional(),
});
const RuleBooking = z.object({
  account: z.string().max(20),
  journal: z.string().max(10).optional(),
  vatRate: z.enum(vatRates).optional(),
  contactId: Uuid.optional(),
  label: z.string().max(200).optional(),
});

export const BankRule = z
  .object({
    id: z.string(),
    name: z.string(),
    order: z.number().int(),
    automatic: z.boolean(),
    enabled: z.boolean(),
    when: RuleWhen,
    booking: RuleBooking,
  })
  .openapi("BankRule");
export const BankRuleList = z.object({ items: z.array(BankRule) }).openapi("BankRuleList");
export const BankRuleInput = z
  .object({
    name: z.string().max(100),
    automatic: z.boolean().default(false),
    enabled: z.boolean().default(true),
    when: RuleWhen,
    booking: RuleBooking,
  })
  .openapi("BankRuleInput");
export const BankRuleAutomaticInput = z.object({ automatic: z.boolean() }).openapi("BankRuleAutomaticInput");
export const BankRuleOrderInput = z
  .object({ ids: z.array(z.string().max(40)).max(500) })
  .openapi("BankRuleOrderInput");
