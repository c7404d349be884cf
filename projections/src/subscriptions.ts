import {
  dueOn,
  evolveSubscription,
  initialSubscriptionState,
  type SubscriptionEvent,
  type SubscriptionState,
  type SubscriptionStatus,
  subscriptionEventTypes,
  subscriptionStreamId,
} from "@registre/core";
import type { StoredEvent } from "@registre/store";
import type { Insertable, Selectable } from "kysely";
import { chunk, liveSink, type Projector, type Timestamp } from "./projector.ts";

/**
 * The subscription's state as the read model keeps it, folded by the core's own `evolveSubscription`: the
 * aggregate's, without the ids it has seen (payments, attempts, notices: only its decisions read them, and
 * no column depends on them), so a row stays small however long the subscription lives.
 */
export type KeptSubscriptionState = Omit<SubscriptionState, "seen">;

/**
 * `subscriptions`: one row per organisation with a subscription, what the platform administrator's list
 * shows (status, plan, period's end, due day, grace's end, trial's end), and the state the next event is
 * folded onto.
 */
export type SubscriptionsTable = {
  org_id: string;
  status: SubscriptionStatus;
  /** The name of the plan of the period paid or granted. */
  plan: string | null;
  period_to: string | null;
  /** `dueOn` of the state: the trial's or the period's end; null when read-only. */
  due_on: string | null;
  grace_ends_on: string | null;
  trial_ends_on: string | null;
  state: KeptSubscriptionState;
  /** The log's position of the last event folded. */
  position: number;
  updated_at: Timestamp;
};
export type SubscriptionRow = Selectable<SubscriptionsTable>;

const kept = (state: SubscriptionState): KeptSubscriptionState => {
  const { seen: _seen, ...rest } = state;
  return rest;
};

const rowOf = (
  orgId: string,
  state: SubscriptionState,
  position: number,
  at: string,
): Insertable<SubscriptionsTable> => ({
  org_id: orgId,
  status: state.status,
  plan: state.plan?.name ?? null,
  period_to: state.periodTo,
  due_on: dueOn(state),
  grace_ends_on: state.graceEndsOn,
  trial_ends_on: state.trialEndsOn,
  state: kept(state),
  position,
  updated_at: at,
});

/** Every organisation's subscription, for the platform administration: read in one query, not N streams. */
export const subscriptionsProjector: Projector = {
  name: "subscriptions",
  version: 1,
  handles: subscriptionEventTypes,
  tables: [
    {
      name: "subscriptions",
      columns: `org_id uuid not null, status text not null, plan text, period_to text, due_on text,
        grace_ends_on text, trial_ends_on text, state jsonb not null, position bigint not null,
        updated_at timestamptz not null, primary key (org_id)`,
    },
  ],
  apply: async (db, events, table, sink = liveSink(db)) => {
    const t = table("subscriptions");
    const mine = (events as readonly (StoredEvent & SubscriptionEvent)[]).filter(
      (e) => e.streamId === subscriptionStreamId,
    );
    if (mine.length === 0) return;
    const orgIds = [...new Set(mine.map((e) => e.orgId))];
    const states = new Map<string, { state: SubscriptionState; stored: boolean }>();
    for (const part of chunk(orgIds, 500)) {
      const rows = await db.selectFrom(t).select(["org_id", "state"]).where("org_id", "in", part).execute();
      for (const r of rows as Pick<SubscriptionRow, "org_id" | "state">[]) {
        const state: KeptSubscriptionState = typeof r.state === "string" ? JSON.parse(r.state) : r.state;
        states.set(r.org_id, { state: { ...initialSubscriptionState(), ...state, seen: {} }, stored: true });
      }
    }
    const rows = new Map<string, Insertable<SubscriptionsTable>>();
    for (const e of mine) {
      const current = states.get(e.orgId) ?? { state: initialSubscriptionState(), stored: false };
      // Only `seen` is left behind: the next fold must not carry every id since the beginning.
      const state = { ...evolveSubscription(current.state, e), seen: {} };
      states.set(e.orgId, { state, stored: current.stored });
      rows.set(e.orgId, rowOf(e.orgId, state, e.position, e.metadata.at));
    }
    const stored = [...rows.keys()].filter((orgId) => states.get(orgId)?.stored);
    for (const part of chunk(stored, 500)) await db.deleteFrom(t).where("org_id", "in", part).execute();
    await sink.insert(t, [...rows.values()]);
  },
};
