import type { AppContext } from "../context.ts";

/**
 * Where an item may be used, asked before it is deleted ("Item used, can't be deleted"). No document
 * exists yet, so no item is used: the documents issue fills `usedInDocuments` with a look at its
 * document lines (caught up to the head, like `accountUsed`). An object, so a test can stand in for it.
 */
export const itemUsage = {
  usedInDocuments: async (_ctx: AppContext, _orgId: string, _itemId: string): Promise<boolean> => false,
};
