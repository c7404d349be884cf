import { randomUUID } from "node:crypto";
import {
  DomainError,
  dueOn,
  type PlanSnapshot,
  type SubscriptionCommand,
  type SubscriptionState,
  subscriptionDecider,
  subscriptionStreamId,
} from "@registre/core";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { subscriptionsProjector } from "./subscriptions.ts";
import { type GivenEvent, projectorSpecification } from "./testing/index.ts";

const monthly: PlanSnapshot = {
  id: "monthly",
  name: "Mensuel",
  months: 1,
  priceHtCents: 1500,
  vatRate: "20",
};
const yearly: PlanSnapshot = { id: "yearly", name: "Annuel", months: 12, priceHtCents: 15000, vatRate: "20" };
const card = {
  customerId: "cus_1",
  paymentMethodId: "pm_1",
  brand: "visa",
  last4: "4242",
  expMonth: 12,
  expYear: 2030,
};

/**
 * The events the core's decider gives for these commands, from where `state` stands (a command it refuses,
 * as a renewal without a plan, gives none), and the state they lead to: what the aggregate would load.
 */
const decided = (orgId: string, state: SubscriptionState, commands: readonly SubscriptionCommand[]) => {
  const events: GivenEvent[] = [];
  let current = state;
  for (const command of commands) {
    let produced: ReturnType<typeof subscriptionDecider.decide>;
    try {
      produced = subscriptionDecider.decide(command, current);
    } catch (error) {
      if (error instanceof DomainError) continue;
      throw error;
    }
    for (const e of produced) {
      current = subscriptionDecider.evolve(current, e);
      events.push({ orgId, streamId: subscriptionStreamId, type: e.type, data: e.data, at: command.at });
    }
  }
  return { events, state: current };
};

/** The row the read model must hold for the aggregate's state: its columns, and the state but its seen ids. */
const rowFor = (orgId: string, state: SubscriptionState) => {
  const { seen: _seen, ...kept } = state;
  return {
    org_id: orgId,
    status: state.status,
    plan: state.plan?.name ?? null,
    period_to: state.periodTo,
    due_on: dueOn(state),
    grace_ends_on: state.graceEndsOn,
    trial_ends_on: state.trialEndsOn,
    state: kept,
    position: expect.anything(),
    updated_at: expect.anything(),
  };
};

describe.each(databaseKinds)("subscriptions read model on %s", (kind) => {
  let database: TestDatabase;
  let spec: ReturnType<typeof projectorSpecification>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    spec = projectorSpecification(database, subscriptionsProjector);
  });
  afterAll(async () => {
    await spec?.close();
    await database?.close();
  });

  it("given a subscription's life (trial, plan, renewal, failures, grace's end, reactivation, grant), then its row at each step", async () => {
    const orgId = randomUUID();
    const other = randomUUID();
    let state = subscriptionDecider.initialState();
    const step = async (commands: SubscriptionCommand[], expected: Record<string, unknown>) => {
      const next = decided(orgId, state, commands);
      state = next.state;
      await spec.given(...next.events).then({ subscriptions: [{ ...rowFor(orgId, state), ...expected }] });
    };

    await step([{ type: "StartTrial", at: "2026-01-01T09:00:00.000Z", trialDays: 14 }], {
      status: "trial",
      plan: null,
      period_to: null,
      due_on: "2026-01-15",
      trial_ends_on: "2026-01-15",
    });
    // Another organisation's trial: a row of its own.
    await spec
      .given(
        ...decided(other, subscriptionDecider.initialState(), [
          { type: "StartTrial", at: "2026-01-02T09:00:00.000Z", trialDays: 30 },
        ]).events,
      )
      .then({
        subscriptions: [expect.objectContaining({ org_id: other, status: "trial", due_on: "2026-02-01" })],
      });
    await step(
      [
        { type: "ChoosePlan", plan: monthly, at: "2026-01-03T09:00:00.000Z" },
        { type: "SaveCard", card, at: "2026-01-03T09:01:00.000Z" },
        { type: "RenewPeriod", paymentId: "pi_1", at: "2026-01-15T03:00:00.000Z" },
      ],
      {
        status: "active",
        plan: "Mensuel",
        period_to: "2026-02-15",
        due_on: "2026-02-15",
        grace_ends_on: null,
      },
    );
    const failure = (n: number, day: string): SubscriptionCommand => ({
      type: "RecordPaymentFailure",
      attemptId: `renew:${orgId}:2026-02-15:${n}`,
      reason: "card_declined",
      graceDays: 14,
      at: `${day}T03:00:00.000Z`,
    });
    await step(
      [
        failure(1, "2026-02-15"),
        { type: "RecordOwnersNotified", about: "failed:1", at: "2026-02-15T03:00:01.000Z" },
        failure(2, "2026-02-17"),
      ],
      { status: "pastDue", plan: "Mensuel", due_on: "2026-02-15", grace_ends_on: "2026-03-01" },
    );
    expect(state.failures).toBe(2);
    await step([{ type: "EndGrace", at: "2026-03-01T03:00:00.000Z" }], {
      status: "readOnly",
      due_on: null,
      grace_ends_on: "2026-03-01",
    });
    // Paid again: reactivated, a new period from the day it pays.
    await step([{ type: "RenewPeriod", paymentId: "pi_2", at: "2026-03-05T10:00:00.000Z" }], {
      status: "active",
      period_to: "2026-04-05",
      due_on: "2026-04-05",
      grace_ends_on: null,
    });
    await step(
      [
        {
          type: "GrantPlan",
          plan: yearly,
          from: "2026-04-05",
          by: randomUUID(),
          at: "2026-04-01T10:00:00.000Z",
        },
      ],
      { status: "active", plan: "Annuel", period_to: "2027-04-05", due_on: "2027-04-05" },
    );
    // The state kept folds on as the aggregate does: the plan chosen stays the next charge's.
    expect(state.nextPlan).toEqual(monthly);
  });

  it("holds, for any run of the subscription's commands, the aggregate's own state (live and rebuilt)", async () => {
    const aCommand = fc.record({
      kind: fc.constantFrom("trial", "choose", "card", "renew", "fail", "endGrace", "notify", "grant"),
      days: fc.integer({ min: 0, max: 40 }),
      yearlyPlan: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(aCommand, { minLength: 1, maxLength: 10 }), async (steps) => {
        const orgId = randomUUID();
        let day = Date.UTC(2026, 0, 1);
        const commands = steps.map((s, i): SubscriptionCommand => {
          day += s.days * 86_400_000;
          const at = new Date(day + i * 1000).toISOString();
          const plan = s.yearlyPlan ? yearly : monthly;
          switch (s.kind) {
            case "trial":
              return { type: "StartTrial", at, trialDays: 14 };
            case "choose":
              return { type: "ChoosePlan", plan, at };
            case "card":
              return { type: "SaveCard", card, at };
            case "renew":
              return { type: "RenewPeriod", paymentId: `pi_${i}`, at };
            case "fail":
              return {
                type: "RecordPaymentFailure",
                attemptId: `a${i}`,
                reason: "declined",
                graceDays: 7,
                at,
              };
            case "endGrace":
              return { type: "EndGrace", at };
            case "notify":
              return { type: "RecordOwnersNotified", about: `n${i}`, at };
            default:
              return { type: "GrantPlan", plan, from: at.slice(0, 10), by: "admin", at };
          }
        });
        const { events, state } = decided(orgId, subscriptionDecider.initialState(), commands);
        if (events.length === 0) return;
        await spec.given(...events).then({ subscriptions: [rowFor(orgId, state)] });
      }),
      { numRuns: 8 },
    );
  });
});
