import {
  type LedgerAsOf,
  type LedgerChange,
  type LedgerHistoryEvent,
  type LedgerRange,
  ledgerChangesSince,
  trialBalanceAsOf,
} from "@registre/core";
import type { StoredEvent } from "@registre/store";
import { catchUp } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { userNames } from "../identity/queries.ts";
import {
  type Bound,
  boundAt,
  boundAtPosition,
  chartEventsUpTo,
  HISTORY_READ_MODEL,
  ledgerEventsAfter,
  standingDrafts,
  streamsUpTo,
  validatedMovements,
} from "./history-reads.ts";

/** A moment: a date and time, or a place in the log (an event's position, as an entry's history shows it). */
export type LedgerMoment = { readonly at: Date } | { readonly position: number };

export type LedgerHistory = LedgerAsOf & {
  /** The moment asked for (ISO-8601), or the time the event at `position` was recorded. */
  readonly at: string | null;
  /** The position of the organisation's last event in the prefix (0 before any). */
  readonly position: number;
  /** A page of the changes recorded after it, in log order, and how many there are in all. */
  readonly changedSince: readonly (LedgerChange & { readonly who: string | null })[];
  readonly changesTotal: number;
  /** The page shown (from 1) and the changes a page lists. */
  readonly changesPage: number;
  readonly changesLimit: number;
};

/** Changes listed on a page unless told (the rest counted: `changesTotal`). */
export const CHANGES_SHOWN = 50;

export type ChangesPage = { readonly page: number; readonly limit: number };

export const asHistoryEvent = (e: StoredEvent): LedgerHistoryEvent =>
  ({
    type: e.type,
    data: e.data,
    streamId: e.streamId,
    position: e.position,
    metadata: e.metadata,
  }) as LedgerHistoryEvent;

/** Names the steps' authors (null for the system's own). */
export const withNames = async <T extends { readonly userId: string | null }>(
  ctx: AppContext,
  items: readonly T[],
): Promise<(T & { who: string | null })[]> => {
  const names = await userNames(
    ctx,
    items.map((i) => i.userId),
  );
  return items.map((i) => ({ ...i, who: i.userId ? (names.get(i.userId) ?? null) : null }));
};

/** Where a moment falls in the organisation's log. */
export const boundOf = (ctx: AppContext, orgId: string, moment: LedgerMoment): Promise<Bound> =>
  "at" in moment ? boundAt(ctx, orgId, moment.at) : boundAtPosition(ctx, orgId, moment.position);

/**
 * The ledger as it stood at a moment — the log's prefix up to it — and the changes recorded after it.
 * The trial balance is the validated facts up to the moment, summed over the time machine's read model
 * (core's `validatedMovements` is the same sum, proved equal to folding the whole prefix); the drafts
 * standing then, the chart's labels then, and the changes after it, each entry named as it then stood
 * (its own events alone).
 */
export const ledgerHistory = async (
  ctx: AppContext,
  orgId: string,
  moment: LedgerMoment,
  range?: LedgerRange,
  changes: ChangesPage = { page: 1, limit: CHANGES_SHOWN },
): Promise<LedgerHistory> => {
  const bound = await boundOf(ctx, orgId, moment);
  await catchUp(ctx, orgId, [HISTORY_READ_MODEL]);
  const [{ movements, validated }, drafts, chart, after] = await Promise.all([
    validatedMovements(ctx, orgId, bound.seq, range),
    standingDrafts(ctx, orgId, bound.seq),
    chartEventsUpTo(ctx, orgId, bound.seq),
    ledgerEventsAfter(ctx, orgId, bound.seq, {
      limit: changes.limit,
      offset: (changes.page - 1) * changes.limit,
    }),
  ]);
  const streams = [...new Set(after.events.filter((e) => e.type.startsWith("Entry")).map((e) => e.streamId))];
  // The page's entries as they stood just before its first change (the moment's state on the first page).
  const before = await streamsUpTo(ctx, orgId, streams, after.before);
  const at = "at" in moment ? moment.at.toISOString() : bound.recordedAt;
  return {
    at,
    position: bound.position,
    trialBalance: trialBalanceAsOf(movements, chart.map(asHistoryEvent)),
    validated,
    drafts,
    changedSince: await withNames(
      ctx,
      ledgerChangesSince(before.map(asHistoryEvent), after.events.map(asHistoryEvent)),
    ),
    changesTotal: after.total,
    changesPage: changes.page,
    changesLimit: changes.limit,
  };
};
