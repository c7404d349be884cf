import { z } from "@hono/zod-openapi";

/** The signed-in user's own phones, e-mails, addresses and legal identities (/api/account/{kind}). */
export const AccountItem = z.object({ id: z.uuid() }).catchall(z.string()).openapi("AccountItem");
export const AccountItemInput = z.record(z.string(), z.string().max(300)).openapi("AccountItemInput");
export const AccountItemList = z.object({ items: z.array(AccountItem) });
