/**
 * Billing's settings, from the environment only. Without STRIPE_SECRET_KEY, subscriptions are off
 * (the default for `npm start` and self-hosting): no trial limit, no billing screens, nothing asked.
 * The trial's and the grace period's lengths stay here until the platform's `/params` carry them.
 * The secrets are never logged: `describeBilling` names what is set, not its value.
 */
export type BillingSettings = {
  /** Stripe's secret key (STRIPE_SECRET_KEY). */
  readonly secretKey: string;
  /** The webhook endpoint's signing secret (STRIPE_WEBHOOK_SECRET); without it webhooks are refused. */
  readonly webhookSecret: string | null;
  /** Days of the trial (BILLING_TRIAL_DAYS, 30 by default). */
  readonly trialDays: number;
  /** Days a failed charge is retried before the organisation is read-only (BILLING_GRACE_DAYS, 14 by default). */
  readonly graceDays: number;
  /** Another Stripe API address (STRIPE_API_URL, http(s)://host:port): the tests' fake server. */
  readonly apiUrl: string | null;
};

const days = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === "") return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 366)
    throw new Error(`${name} must be a whole number of days between 0 and 366`);
  return parsed;
};

export const billingSettingsFrom = (
  variables: Readonly<Record<string, string | undefined>>,
): BillingSettings | undefined => {
  const secretKey = variables.STRIPE_SECRET_KEY?.trim();
  if (!secretKey) return undefined;
  return {
    secretKey,
    webhookSecret: variables.STRIPE_WEBHOOK_SECRET?.trim() || null,
    trialDays: days(variables.BILLING_TRIAL_DAYS, 30, "BILLING_TRIAL_DAYS"),
    graceDays: days(variables.BILLING_GRACE_DAYS, 14, "BILLING_GRACE_DAYS"),
    apiUrl: variables.STRIPE_API_URL?.trim() || null,
  };
};

/** For the logs: whether billing is on, never a secret. */
export const describeBilling = (settings: BillingSettings | undefined): string =>
  settings
    ? `billing on (Stripe${settings.apiUrl ? ` at ${new URL(settings.apiUrl).host}` : ""}, trial ${settings.trialDays} days, grace ${settings.graceDays} days, webhooks ${settings.webhookSecret ? "verified" : "refused"})`
    : "billing off (no STRIPE_SECRET_KEY)";
