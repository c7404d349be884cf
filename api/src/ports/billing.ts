/**
 * The billing provider port: how the platform charges organisations for their subscription (a payment
 * provider's customers, subscriptions and payment events). An interface only: no adapter exists yet.
 * Amounts are integer cents, never floats. Calls that change something take an idempotency key (a
 * reaction's id, a command's), as payment providers do, so that a call made again is not a second charge.
 */

export type BillingCustomer = {
  readonly orgId: string;
  readonly name: string;
  readonly email: string;
  readonly siren: string | null;
  readonly vatNumber: string | null;
};

/** What happened on the provider's side, for the log: a payment succeeded or failed, a subscription ended. */
export type BillingEvent = {
  readonly providerId: string;
  readonly orgId: string;
  readonly type: "paymentSucceeded" | "paymentFailed" | "subscriptionEnded";
  readonly amountCents: number | null;
  readonly currency: string | null;
  readonly at: string;
};

export type BillingProvider = {
  /** The provider's name, for the logs and the screens. */
  readonly name: string;
  /** Makes (or finds, by the key) the organisation's customer; answers the provider's id. */
  readonly ensureCustomer: (
    customer: BillingCustomer,
    idempotencyKey: string,
  ) => Promise<{ readonly customerId: string }>;
  /** Subscribes the customer to a plan; answers the provider's subscription id. */
  readonly subscribe: (
    customerId: string,
    plan: string,
    idempotencyKey: string,
  ) => Promise<{ readonly subscriptionId: string }>;
  /** Ends a subscription at the end of its period. */
  readonly cancel: (subscriptionId: string, idempotencyKey: string) => Promise<void>;
  /** The provider's events since a cursor (null: from the start), oldest first. */
  readonly events: (
    since: string | null,
  ) => Promise<{ readonly events: readonly BillingEvent[]; readonly cursor: string | null }>;
};
