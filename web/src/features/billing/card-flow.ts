import { api } from "../../lib/api-client.ts";
import type { PaymentMode } from "./api.ts";

/**
 * How a card is saved, whichever form took it: the organisation's customer at the provider, a SetupIntent
 * for it, the form confirming the SetupIntent with the provider itself (Stripe's element, or the test-mode
 * form on the fake server: the card never reaches Registre), then Registre recording what it saved — the
 * card replaced when there was one — and charging what is due when past due or read-only.
 */
export const saveCard = async (
  current: PaymentMode["card"],
  confirm: (intent: { id: string; clientSecret: string }) => Promise<void>,
): Promise<PaymentMode> => {
  const { customerId } = await api.post("/stripe/customers");
  const intent = await api.post("/stripe/setupIntents/{id}", { path: { id: customerId } });
  await confirm(intent);
  const body = { setupIntentId: intent.id };
  return current
    ? api.put("/account/paymentmode/stripe/{id}", { path: { id: current.id }, body })
    : api.post("/account/paymentmode/stripe", { body });
};

/** A card refused by the provider while confirming: its message, shown as is. */
export class CardRefused extends Error {
  override readonly name = "CardRefused";
}

/**
 * The test-mode form's confirmation: what Stripe.js sends to Stripe, sent to the fake server the API
 * talks to (STRIPE_API_URL) — the SetupIntent's client secret and the card typed. Tests only: the API
 * offers this form only against a fake Stripe, never with a live key.
 */
export const confirmOnTestServer =
  (apiUrl: string, card: { number: string; expiry: string; cvc: string }) =>
  async (intent: { id: string; clientSecret: string }): Promise<void> => {
    const [month = "", year = ""] = card.expiry.split("/").map((part) => part.trim());
    const form = new URLSearchParams({
      client_secret: intent.clientSecret,
      "payment_method_data[type]": "card",
      "payment_method_data[card][number]": card.number.replace(/\s/g, ""),
      "payment_method_data[card][exp_month]": month,
      "payment_method_data[card][exp_year]": year,
      "payment_method_data[card][cvc]": card.cvc,
    });
    const response = await fetch(
      new URL(`/v1/setup_intents/${encodeURIComponent(intent.id)}/confirm`, apiUrl),
      {
        method: "POST",
        body: form,
      },
    );
    if (!response.ok) {
      const answer = (await response.json().catch(() => ({}))) as { error?: { message?: string } };
      throw new CardRefused(answer.error?.message ?? String(response.status));
    }
  };
