/**
 * The billing provider port: how the platform charges organisations for their subscription — the
 * organisation's customer, a card saved through a SetupIntent (card data never touches Registre), an
 * off-session payment at each due date, and the provider's webhooks verified by their signature. Amounts
 * are integer cents, never floats. Calls that change something take an idempotency key (the due date's
 * attempt, a command's id), as payment providers do, so a call made again is not a second charge.
 * Adapter: `billing/stripe.ts`.
 */

export type BillingCustomer = {
  readonly orgId: string;
  readonly name: string;
  readonly email: string;
  readonly siren: string | null;
  readonly vatNumber: string | null;
};

/** A card as the provider describes it: enough to show it, never its number. */
export type BillingCard = {
  readonly paymentMethodId: string;
  readonly brand: string;
  readonly last4: string;
  readonly expMonth: number;
  readonly expYear: number;
};

export type BillingCharge = {
  readonly orgId: string;
  readonly customerId: string;
  readonly paymentMethodId: string;
  readonly amountCents: number;
  readonly currency: "eur";
  readonly description: string;
};

export type BillingChargeOutcome =
  | { readonly status: "succeeded"; readonly paymentId: string }
  | { readonly status: "failed"; readonly paymentId: string | null; readonly reason: string };

/** What happened on the provider's side, from a verified webhook. */
export type BillingEvent = {
  /** The provider's event id. */
  readonly providerId: string;
  readonly type: "paymentSucceeded" | "paymentFailed" | "cardUpdated" | "ignored";
  /** The organisation, from the metadata Registre set on the payment or the customer; null when absent. */
  readonly orgId: string | null;
  readonly customerId: string | null;
  readonly paymentId: string | null;
  readonly amountCents: number | null;
  readonly reason: string | null;
  readonly at: string;
};

export class BillingSignatureError extends Error {
  override readonly name = "BillingSignatureError";
}

export type BillingProvider = {
  /** The provider's name, for the logs and the screens. */
  readonly name: string;
  /** Makes (or finds, by the key) the organisation's customer; answers the provider's id. */
  readonly ensureCustomer: (
    customer: BillingCustomer,
    idempotencyKey: string,
  ) => Promise<{ readonly customerId: string }>;
  /** A SetupIntent for the customer's card: its client secret goes to the provider's card element. */
  readonly setupIntent: (
    customerId: string,
    idempotencyKey: string,
  ) => Promise<{ readonly id: string; readonly clientSecret: string }>;
  /** The card a SetupIntent saved (after the card element confirmed it), and the customer it was made for. */
  readonly savedCard: (
    setupIntentId: string,
  ) => Promise<BillingCard & { readonly forCustomer: string | null }>;
  /** An off-session payment with the saved card; a declined card is a `failed` outcome, not an exception. */
  readonly charge: (charge: BillingCharge, idempotencyKey: string) => Promise<BillingChargeOutcome>;
  /** A webhook's body checked against its signature header; `BillingSignatureError` when forged. */
  readonly verifyWebhook: (payload: string, signature: string) => BillingEvent;
};
