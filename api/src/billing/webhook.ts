import type { AppContext } from "../context.ts";
import { ProblemError } from "../http/problem.ts";
import { derivedId } from "../ids.ts";
import { type BillingEvent, type BillingProvider, BillingSignatureError } from "../ports/index.ts";
import type { BillingSettings } from "./settings.ts";
import { stripeBilling } from "./stripe.ts";
import { loadSubscription, runSubscription } from "./subscription.ts";

const providers = new WeakMap<BillingSettings, BillingProvider>();

/** The context's billing provider: Stripe on its settings (made once), unless a test gives its own. */
export const billingProvider = (ctx: AppContext): BillingProvider => {
  const settings = ctx.billing;
  if (!settings) throw new ProblemError(409, "billing.off");
  let provider = providers.get(settings);
  if (!provider) {
    provider = stripeBilling(settings);
    providers.set(settings, provider);
  }
  return provider;
};

/**
 * A webhook from the provider: verified over the body's bytes as received (400 `billing.webhookUnverified`
 * when forged, altered or unsigned, nothing done), then applied once. A payment that succeeded renews the
 * organisation's period under its payment id — the one the billing job records when it charged, so the
 * job and the webhook, or a webhook given twice, append it once. The organisation comes from the metadata
 * Registre set, and must be the one whose saved card belongs to that customer: a webhook for an unknown
 * organisation or customer is acknowledged and changes nothing. Failures are recorded by the job that
 * charged (synchronously, with their attempt's key): their webhooks are acknowledged only.
 */
export const applyWebhook = async (
  ctx: AppContext,
  payload: string,
  signature: string,
): Promise<{ readonly applied: boolean; readonly type: BillingEvent["type"] }> => {
  const provider = billingProvider(ctx);
  let event: BillingEvent;
  try {
    event = provider.verifyWebhook(payload, signature);
  } catch (error) {
    if (error instanceof BillingSignatureError) throw new ProblemError(400, "billing.webhookUnverified");
    throw error;
  }
  if (event.type !== "paymentSucceeded" || !event.orgId || !event.paymentId)
    return { applied: false, type: event.type };
  const state = await loadSubscription(ctx, event.orgId);
  if (state.status === "none" || !state.card || state.card.customerId !== event.customerId)
    return { applied: false, type: event.type };
  const outcome = await runSubscription(
    ctx,
    event.orgId,
    [{ type: "RenewPeriod", paymentId: event.paymentId, at: event.at }],
    { commandId: derivedId(event.providerId, "stripe-webhook"), at: event.at },
  );
  return { applied: outcome.events.length > 0 && !outcome.result.duplicate, type: event.type };
};
