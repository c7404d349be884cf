import { DomainError } from "../decider.ts";
import { itemDecider } from "./decide.ts";
import { type ItemEvent, type ItemState, itemStreamId } from "./item.ts";
import { normalisePercentage } from "./prices.ts";

/**
 * A bulk price update of a selection of items by one percentage, as one command: the events of every
 * item's stream for one commit (the store's multi-stream append, each stream at the version read).
 * Each price and tier is rounded to the cent once, from its exact value (`changeByPercentage`).
 */
export type BulkPriceUpdate = { readonly percentage: string; readonly prices: "sell" | "buy" | "both" };
export type ItemUpdatePart = { readonly streamId: string; readonly events: readonly ItemEvent[] };

export const planBulkPriceUpdate = (
  items: readonly { readonly id: string; readonly state: ItemState }[],
  update: BulkPriceUpdate,
): ItemUpdatePart[] => {
  if (items.length === 0) throw new DomainError("item.emptySelection", { field: "items" });
  const ids = new Set(items.map((item) => item.id));
  if (ids.size !== items.length) throw new DomainError("item.duplicateSelection", { field: "items" });
  const percentage = normalisePercentage(update.percentage);
  return items.flatMap(({ id, state }) => {
    const events = itemDecider.decide(
      { type: "UpdateItemPricesByPercentage", data: { percentage, prices: update.prices } },
      state,
    );
    return events.length > 0 ? [{ streamId: itemStreamId(id), events }] : [];
  });
};
