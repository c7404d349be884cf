import { z } from "@hono/zod-openapi";
import { AccountNumber, pathParams } from "./ids.ts";

/** The chart of accounts (/api/accounting/accounts). */
export const Account = z
  .object({
    number: z.string(),
    kind: z.enum(["general", "auxiliary"]),
    label: z.string(),
    labelEn: z.string(),
    class: z.number().int(),
    lettrable: z.boolean(),
    collective: z.boolean(),
    control: z.string().nullable(),
    closed: z.boolean(),
  })
  .openapi("Account");

export const AccountQuery = z.object({
  q: z.string().max(100).optional(),
  class: z.coerce.number().int().min(1).max(8).optional(),
  kind: z.enum(["general", "auxiliary"]).optional(),
});

export const AccountList = z.object({ items: z.array(Account) });

export const CreateAccountInput = z.object({
  number: z.string().min(1).max(20),
  label: z.string().max(200),
  labelEn: z.string().max(200).optional(),
  lettrable: z.boolean().optional(),
  collective: z.boolean().optional(),
  control: z
    .string()
    .max(20)
    .optional()
    .openapi({ description: "For an auxiliary account: its collective account" }),
});

export const UpdateAccountInput = z.object({
  label: z.string().max(200).optional(),
  labelEn: z.string().max(200).optional(),
  lettrable: z.boolean().optional(),
  closed: z.boolean().optional(),
});

/** An account's number in a path, exactly as the chart keeps it. */
export const NumberParam = pathParams({ id: AccountNumber });
