import {
  type LedgerAsOf,
  type LedgerChange,
  type LedgerHistoryEvent,
  type LedgerRange,
  ledgerAsOf,
  ledgerChangesSince,
  ledgerHistoryTypes,
} from "@registre/core";
import type { StoredEvent } from "@registre/store";
import type { AppContext } from "../context.ts";

export type LedgerHistory = LedgerAsOf & {
  readonly at: string;
  /** The place in the log of the last ledger or chart event at or before `at` (0 before any). */
  readonly position: number;
  readonly changedSince: readonly LedgerChange[];
};

const PAGE = 10_000;

/** The organisation's ledger and chart events, in its order, from the log itself (never the read models). */
const ledgerEvents = async (ctx: AppContext, orgId: string): Promise<StoredEvent[]> => {
  const events: StoredEvent[] = [];
  let afterSeq = 0;
  for (;;) {
    const page = await ctx.store.readOrganisation(orgId, {
      afterSeq,
      limit: PAGE,
      types: ledgerHistoryTypes,
    });
    events.push(...page);
    const last = page.at(-1);
    if (!last || page.length < PAGE) return events;
    afterSeq = last.orgSeq;
  }
};

const asHistoryEvent = (e: StoredEvent): LedgerHistoryEvent =>
  ({
    type: e.type,
    data: e.data,
    streamId: e.streamId,
    position: e.position,
    metadata: e.metadata,
  }) as LedgerHistoryEvent;

/**
 * The ledger as it stood at `at` (what was recorded by then), folded by core from the events, and
 * every change recorded after it.
 */
export const ledgerHistory = async (
  ctx: AppContext,
  orgId: string,
  at: Date,
  range?: LedgerRange,
): Promise<LedgerHistory> => {
  const events = await ledgerEvents(ctx, orgId);
  const before: LedgerHistoryEvent[] = [];
  const after: LedgerHistoryEvent[] = [];
  for (const e of events) (e.recordedAt.getTime() <= at.getTime() ? before : after).push(asHistoryEvent(e));
  return {
    at: at.toISOString(),
    position: before.at(-1)?.position ?? 0,
    ...ledgerAsOf(before, range),
    changedSince: ledgerChangesSince(before, after),
  };
};
