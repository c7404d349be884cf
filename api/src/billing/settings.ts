/**
 * Billing's settings, from the environment only. Without STRIPE_SECRET_KEY, subscriptions are off
 * (the default for `npm start` and self-hosting): no trial limit, no billing screens, nothing asked.
 * The trial's and the grace period's lengths are the platform's parameters (`/params`: trialDays, graceDays).
 * The secrets are never logged: `describeBilling` names what is set, not its value.
 */
export type BillingSettings = {
  /** Stripe's secret key (STRIPE_SECRET_KEY). */
  readonly secretKey: string;
  /** The webhook endpoint's signing secret (STRIPE_WEBHOOK_SECRET); without it webhooks are refused. */
  readonly webhookSecret: string | null;
  /** Another Stripe API address (STRIPE_API_URL, http(s)://host:port): the tests' fake server. */
  readonly apiUrl: string | null;
};

export const billingSettingsFrom = (
  variables: Readonly<Record<string, string | undefined>>,
): BillingSettings | undefined => {
  const secretKey = variables.STRIPE_SECRET_KEY?.trim();
  if (!secretKey) return undefined;
  return {
    secretKey,
    webhookSecret: variables.STRIPE_WEBHOOK_SECRET?.trim() || null,
    apiUrl: variables.STRIPE_API_URL?.trim() || null,
  };
};

/** For the logs: whether billing is on, never a secret. */
export const describeBilling = (settings: BillingSettings | undefined): string =>
  settings
    ? `billing on (Stripe${settings.apiUrl ? ` at ${new URL(settings.apiUrl).host}` : ""}, webhooks ${settings.webhookSecret ? "verified" : "refused"})`
    : "billing off (no STRIPE_SECRET_KEY)";
