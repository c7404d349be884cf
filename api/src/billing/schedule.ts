import {
  type CommandMetadata,
  dueAction,
  dueOn,
  nextCharge,
  type SubscriptionCommand,
  subscriptionStreamId,
  utcDayOf,
} from "@registre/core";
import type { ScheduledJob } from "@registre/projections";
import { sql } from "kysely";
import type { AppContext } from "../context.ts";
import { derivedId } from "../ids.ts";
import { integerParam } from "../platform/params.ts";
import type { BillingProvider } from "../ports/index.ts";
import { stripeBilling } from "./stripe.ts";
import { loadSubscription, runSubscription } from "./subscription.ts";

/** The billing job on the schedule (`schedule_jobs`): renewals, trial ends, retries and grace ends. */
export const BILLING_JOB = "billing";

export type BillingRun = {
  readonly charged: number;
  readonly failed: number;
  readonly readOnly: number;
};

/**
 * Every subscription whose `dueAction` has come, handled: a due date charged off-session with the saved
 * card under the key `renew:<org>:<due day>:<attempt>` — the provider's idempotency key and the seed of the
 * command ids, so a run given twice (two servers, a crash between the charge and its record) charges once
 * and records once —, the payment recorded (`RenewPeriod`) or the failure (`RecordPaymentFailure`: a declined
 * card, no card, no plan), the grace period ended (`EndGrace`). The schedule's lock runs it on one server at
 * a time.
 */
export const runBillingDue = async (
  ctx: AppContext,
  provider: BillingProvider,
  now: Date,
): Promise<BillingRun> => {
  const settings = ctx.billing;
  if (!settings) return { charged: 0, failed: 0, readOnly: 0 };
  const graceDays = await integerParam(ctx, "graceDays");
  const today = utcDayOf(now.toISOString());
  const at = now.toISOString();
  const rows = await sql<{ org_id: string }>`
    select org_id from streams where stream_id = ${subscriptionStreamId} order by org_id`.execute(
    ctx.database.db,
  );
  let charged = 0;
  let failed = 0;
  let readOnly = 0;
  for (const { org_id: orgId } of rows.rows) {
    const state = await loadSubscription(ctx, orgId);
    const action = dueAction(state, today);
    if (action === null) continue;
    const record = async (command: SubscriptionCommand, seed: string) => {
      const metadata: CommandMetadata = { commandId: derivedId(seed, "billing"), at };
      // The owners are told of a failed charge or of read-only by a reactor on the log (payment-mail.ts).
      return runSubscription(ctx, orgId, [command], metadata);
    };
    if (action === "endGrace") {
      await record({ type: "EndGrace", at }, `grace-end:${orgId}:${state.graceEndsOn}`);
      readOnly++;
      continue;
    }
    const key = `renew:${orgId}:${dueOn(state)}:${state.failures + 1}`;
    const charge = nextCharge(state);
    const fail = async (reason: string) => {
      await record({ type: "RecordPaymentFailure", attemptId: key, reason, graceDays, at }, `${key}:failed`);
      failed++;
    };
    if (!charge) {
      await fail("noPlan");
      continue;
    }
    if (!state.card) {
      await fail("noCard");
      continue;
    }
    const outcome = await provider.charge(
      {
        orgId,
        customerId: state.card.customerId,
        paymentMethodId: state.card.paymentMethodId,
        amountCents: charge.totalCents,
        currency: "eur",
        description: `Registre — ${charge.plan.name}`,
      },
      key,
    );
    if (outcome.status === "succeeded") {
      await record({ type: "RenewPeriod", paymentId: outcome.paymentId, at }, `${key}:paid`);
      charged++;
    } else await fail(outcome.reason);
  }
  return { charged, failed, readOnly };
};

/** The job, every hour; off (never listed) when billing is. */
export const billingJob = (ctx: AppContext): ScheduledJob[] => {
  const settings = ctx.billing;
  if (!settings) return [];
  const provider = stripeBilling(settings);
  return [
    {
      name: BILLING_JOB,
      next: (startedAt) => new Date(startedAt.getTime() + 60 * 60 * 1000),
      run: async (startedAt) => {
        const run = await runBillingDue(ctx, provider, startedAt);
        return `${run.charged} charged, ${run.failed} failed, ${run.readOnly} read-only`;
      },
    },
  ];
};
