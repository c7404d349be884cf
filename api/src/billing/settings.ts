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
  /** Stripe's publishable key (STRIPE_PUBLISHABLE_KEY, `pk_…`): the browser's card element uses it. */
  readonly publishableKey?: string | null | undefined;
};

/**
 * The card form the web shows: Stripe's own element (its publishable key; the card goes from the
 * browser to Stripe, never through Registre), or — when the server talks to a fake Stripe (STRIPE_API_URL,
 * never with a live key) — a plain test-mode form that confirms the SetupIntent on that same fake server,
 * so the browser tests run offline. None when neither is set: no card can be entered.
 */
export type CardForm =
  | { readonly kind: "stripe"; readonly publishableKey: string }
  | { readonly kind: "test"; readonly apiUrl: string };

export const cardFormOf = (settings: BillingSettings | undefined): CardForm | null => {
  if (!settings) return null;
  if (settings.apiUrl)
    return settings.secretKey.startsWith("sk_live_") ? null : { kind: "test", apiUrl: settings.apiUrl };
  return settings.publishableKey ? { kind: "stripe", publishableKey: settings.publishableKey } : null;
};

/**
 * What the pages' Content-Security-Policy must allow for the card form: Stripe.js and its frames, or the
 * fake server the test form calls. Nothing when billing is off.
 */
export const cardFormSources = (
  settings: BillingSettings | undefined,
): { readonly script: string[]; readonly frame: string[]; readonly connect: string[] } => {
  const form = cardFormOf(settings);
  if (form?.kind === "stripe")
    return {
      script: ["https://js.stripe.com"],
      frame: ["https://js.stripe.com", "https://hooks.stripe.com"],
      connect: ["https://api.stripe.com"],
    };
  if (form?.kind === "test") return { script: [], frame: [], connect: [new URL(form.apiUrl).origin] };
  return { script: [], frame: [], connect: [] };
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
    publishableKey: variables.STRIPE_PUBLISHABLE_KEY?.trim() || null,
  };
};

/** For the logs: whether billing is on, never a secret. */
export const describeBilling = (settings: BillingSettings | undefined): string =>
  settings
    ? `billing on (Stripe${settings.apiUrl ? ` at ${new URL(settings.apiUrl).host}` : ""}, webhooks ${settings.webhookSecret ? "verified" : "refused"})`
    : "billing off (no STRIPE_SECRET_KEY)";
