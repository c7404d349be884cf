import { readModels } from "@registre/projections";
import type { AppContext } from "../context.ts";
import { ProblemError } from "../http/problem.ts";

/** The documents read model as of now (every appended event projected), else 503 `readModel.behind`. */
const catchUpDocuments = async (ctx: AppContext, orgId: string): Promise<void> => {
  if (!(await ctx.runner.waitFor(await ctx.store.head(), ["documents"], orgId)))
    throw new ProblemError(503, "readModel.behind");
};

/** Whether a line of a document (any kind, drafts too) names the item. */
export const itemUsedInDocuments = async (
  ctx: AppContext,
  orgId: string,
  itemId: string,
): Promise<boolean> => {
  await catchUpDocuments(ctx, orgId);
  const row = await readModels(ctx.database)
    .selectFrom("document_lines")
    .select("doc_id")
    .where("org_id", "=", orgId)
    .where("item_id", "=", itemId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
};

/** Whether a document (any kind, drafts too) names the contact. */
export const contactUsedInDocuments = async (
  ctx: AppContext,
  orgId: string,
  contactId: string,
): Promise<boolean> => {
  await catchUpDocuments(ctx, orgId);
  const row = await readModels(ctx.database)
    .selectFrom("documents")
    .select("id")
    .where("org_id", "=", orgId)
    .where("contact_id", "=", contactId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
};
