import { createHash } from "node:crypto";
import {
  type ItemReferenceEvent,
  itemReferenceChanges,
  itemReferenceDecider,
  itemReferenceKey,
} from "@registre/core";
import { loadAggregate, type StreamDecision, streamDecision } from "../commands.ts";
import type { AppContext } from "../context.ts";

/** The reservation stream of a reference: `item-reference-<hex sha256 of its key>` (`itemReferenceKey`). */
export const itemReferenceStreamId = (reference: string): string =>
  `item-reference-${createHash("sha256").update(itemReferenceKey(reference)).digest("hex")}`;

/**
 * The reservation streams an item's change of reference writes, from `before` to `after` (null for
 * none: a creation, a deletion), each loaded now and appended at the version read: the old one
 * released, the new one claimed (refused `item.duplicateReference` when another item holds it).
 */
export const referenceReservations = async (
  ctx: AppContext,
  orgId: string,
  item: string,
  before: string | null,
  after: string | null,
): Promise<StreamDecision[]> =>
  Promise.all(
    itemReferenceChanges(item, before, after).map(async ({ command }) => {
      const streamId = itemReferenceStreamId(
        command.type === "ClaimItemReference" ? command.data.reference : (before ?? ""),
      );
      const loaded = await loadAggregate(ctx, orgId, streamId, itemReferenceDecider);
      return streamDecision(streamId, itemReferenceDecider, loaded, () => [command]);
    }),
  );

/**
 * The item holding each reservation stream (by stream id), null when free, and its version: read in
 * one statement (the store batches a tick's reads), past the aggregate cache (an import's thousands
 * of streams would push out the ones commands reuse).
 */
export const referenceHolders = async (
  ctx: AppContext,
  orgId: string,
  streamIds: readonly string[],
): Promise<Map<string, { readonly holder: string | null; readonly version: number }>> => {
  const loaded = await Promise.all(
    streamIds.map(async (streamId) => {
      const events = (await ctx.store.readStream(orgId, streamId)) as unknown as (ItemReferenceEvent & {
        readonly version: number;
      })[];
      const state = events.reduce(itemReferenceDecider.evolve, itemReferenceDecider.initialState());
      return [streamId, { holder: state.holder, version: events.at(-1)?.version ?? 0 }] as const;
    }),
  );
  return new Map(loaded);
};
