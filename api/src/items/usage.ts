import type { AppContext } from "../context.ts";
import { itemUsedInDocuments } from "../documents/usage.ts";

/**
 * Where an item may be used, asked before it is deleted ("Item used, can't be deleted"): a line of a
 * document names it (the documents read model caught up to the head). An object, so a test can stand in for it.
 */
export const itemUsage = {
  usedInDocuments: (ctx: AppContext, orgId: string, itemId: string): Promise<boolean> =>
    itemUsedInDocuments(ctx, orgId, itemId),
};
