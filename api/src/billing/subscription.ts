import {
  type CommandMetadata,
  dueOn,
  formatUnits,
  isReadOnly,
  nextCharge,
  type SubscriptionCommand,
  type SubscriptionState,
  subscriptionDecider,
  subscriptionStreamId,
  utcDayOf,
} from "@registre/core";
import { readModels } from "@registre/projections";
import { handleCommand, loadAggregate } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { ProblemError } from "../http/problem.ts";
import { derivedId } from "../ids.ts";
import { integerParam } from "../platform/params.ts";

/** Runs a command on the organisation's subscription stream. */
export const runSubscription = (
  ctx: AppContext,
  orgId: string,
  commands: readonly SubscriptionCommand[],
  metadata: CommandMetadata,
) =>
  handleCommand(ctx, {
    orgId,
    streamId: subscriptionStreamId,
    decider: subscriptionDecider,
    commands,
    metadata,
    readModels: [],
  });

export const loadSubscription = async (ctx: AppContext, orgId: string): Promise<SubscriptionState> =>
  (await loadAggregate(ctx, orgId, subscriptionStreamId, subscriptionDecider)).state;

/**
 * The organisation's trial, started the first time its subscription is looked at with billing on
 * (under a command id derived from the organisation, so twins start it once).
 */
export const ensureTrial = async (ctx: AppContext, orgId: string, at: Date): Promise<SubscriptionState> => {
  const state = await loadSubscription(ctx, orgId);
  if (!ctx.billing || state.status !== "none") return state;
  const outcome = await runSubscription(
    ctx,
    orgId,
    [{ type: "StartTrial", at: at.toISOString(), trialDays: await integerParam(ctx, "trialDays") }],
    { commandId: derivedId(orgId, "subscription-trial"), at: at.toISOString() },
  );
  return outcome.state;
};

/**
 * The one place read-only is enforced: every write of an organisation's member (the access middleware's
 * `right` routes, not GET) asks this first. With billing off, never refused. 402 Payment Required, not
 * 403: the member has the right, what is missing is a payment — a client leads them to the billing
 * screen on 402, to their administrator on 403.
 */
export const refuseWhenReadOnly = async (ctx: AppContext, orgId: string | null): Promise<void> => {
  if (!ctx.billing || !orgId) return;
  if (isReadOnly(await loadSubscription(ctx, orgId)))
    throw new ProblemError(402, "subscription.readOnly", {});
};

/** Integer cents as a decimal string in euros, never through a float. */
export const euros = (cents: number): string => formatUnits(BigInt(cents), 2);

/** The subscription as the owner reads it. */
export const subscriptionView = (state: SubscriptionState, today: Date, enabled: boolean) => {
  const due = dueOn(state);
  const charge = nextCharge(state);
  const day = utcDayOf(today.toISOString());
  const daysLeft =
    state.status === "trial" && state.trialEndsOn
      ? Math.max(0, Math.round((Date.parse(state.trialEndsOn) - Date.parse(day)) / 86_400_000))
      : null;
  return {
    enabled,
    status: state.status,
    readOnly: isReadOnly(state),
    trialEndsOn: state.trialEndsOn,
    trialDaysLeft: daysLeft,
    plan: state.plan,
    nextPlan: state.nextPlan,
    periodFrom: state.periodFrom,
    periodTo: state.periodTo,
    dueOn: due,
    graceEndsOn: state.graceEndsOn,
    failures: state.failures,
    nextCharge: charge && {
      planId: charge.plan.id,
      ht: euros(charge.htCents),
      vat: euros(charge.vatCents),
      total: euros(charge.totalCents),
    },
    card: state.card && {
      brand: state.card.brand,
      last4: state.card.last4,
      expMonth: state.card.expMonth,
      expYear: state.card.expYear,
    },
  };
};

/** What the payment provider's customer is made with: the organisation's name, e-mail and identifiers. */
export const billingIdentity = (ctx: AppContext, orgId: string) =>
  readModels(ctx.database)
    .selectFrom("organisations")
    .select(["name", "email", "siren", "vat_number"])
    .where("org_id", "=", orgId)
    .executeTakeFirst();
