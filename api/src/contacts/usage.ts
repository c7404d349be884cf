import { readModels } from "@registre/projections";
import { catchUp } from "../commands.ts";
import type { AppContext } from "../context.ts";

/**
 * Whether a document (any kind, drafts too) names the contact: read from the documents read model caught
 * up to the head — a read model's table, not the documents' code, which stands a floor above the contacts.
 */
export const contactUsedInDocuments = async (
  ctx: AppContext,
  orgId: string,
  contactId: string,
): Promise<boolean> => {
  await catchUp(ctx, orgId, ["documents"]);
  const row = await readModels(ctx.database)
    .selectFrom("documents")
    .select("id")
    .where("org_id", "=", orgId)
    .where("contact_id", "=", contactId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
};
