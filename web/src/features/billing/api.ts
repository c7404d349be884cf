import { queryOptions, useQuery } from "@tanstack/react-query";
import { type AnswerOf, api } from "../../lib/api-client.ts";
import { useSession } from "../../lib/session-store.ts";

/** The organisation's subscription, its plans and its card (`/billing/*`, `/account/paymentmode/stripe`). */
export type Subscription = AnswerOf<"/billing/subscription", "get">;
export type PaymentMode = AnswerOf<"/account/paymentmode/stripe", "get">;
export type BillingPlan = AnswerOf<"/billing/plans", "get">["items"][number];

export const billingKeys = {
  all: ["billing"] as const,
  subscription: ["billing", "subscription"] as const,
  plans: ["billing", "plans"] as const,
  paymentMode: ["billing", "paymentmode"] as const,
};

/** Keyed by the organisation: another one's answer is never shown after a change of organisation. */
export const subscriptionQuery = (orgId: string | null) =>
  queryOptions({
    queryKey: [...billingKeys.subscription, orgId],
    queryFn: ({ signal }) => api.get("/billing/subscription", { signal }),
    staleTime: 60_000,
  });

export const plansQuery = (orgId: string | null) =>
  queryOptions({
    queryKey: [...billingKeys.plans, orgId],
    queryFn: ({ signal }) => api.get("/billing/plans", { signal }),
  });

export const paymentModeQuery = (orgId: string | null) =>
  queryOptions({
    queryKey: [...billingKeys.paymentMode, orgId],
    queryFn: ({ signal }) => api.get("/account/paymentmode/stripe", { signal }),
  });

/**
 * The current organisation's subscription, when the session is in one: undefined while unknown, and
 * for a session without an organisation. Billing off (no payment provider): `enabled` false.
 */
export const useSubscription = (): Subscription | undefined => {
  const orgId = useOrgId();
  return useQuery({ ...subscriptionQuery(orgId), enabled: orgId !== null }).data;
};

/** The session's organisation, if any. */
export const useOrgId = (): string | null => {
  const session = useSession();
  return session.status === "authenticated" ? (session.user.org?.id ?? null) : null;
};

/** `12.50` (the API's decimal euros) as integer cents, never through a float. */
export const centsOf = (decimal: string): number => {
  const [units = "0", fraction = ""] = decimal.split(".");
  return Number(units) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2));
};
