import { readModels } from "@registre/projections";
import { catchUp } from "../commands.ts";
import type { AppContext } from "../context.ts";

/**
 * Where an item may be used, asked before it is deleted ("Item used, can't be deleted"): a line of a
 * document names it (any kind, drafts too), read from the documents read model caught up to the head — a
 * read model's table, not the documents' code, which stands a floor above the items. An object, so a
 * test can stand in for it.
 */
export const itemUsage = {
  usedInDocuments: async (ctx: AppContext, orgId: string, itemId: string): Promise<boolean> => {
    await catchUp(ctx, orgId, ["documents"]);
    const row = await readModels(ctx.database)
      .selectFrom("document_lines")
      .select("doc_id")
      .where("org_id", "=", orgId)
      .where("item_id", "=", itemId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },
};
