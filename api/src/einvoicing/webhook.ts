import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The platform's webhook (issue 25's contract): it posts a flow (`WebhookCallbackContent`) with
 * `X-Webhook-Timestamp: <unix seconds>` and `X-Webhook-Signature: sha256=<hex HMAC-SHA256(secret,
 * timestamp + "." + body)>`. Registre refuses a wrong signature or a timestamp more than five minutes
 * off, and then only syncs the organisation: what the body says is never taken as data.
 */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The signature a platform sends for `body` at `timestamp` (unix seconds) with `secret`: over the body's
 * bytes as sent (a text is taken as its UTF-8 bytes).
 */
export const webhookSignature = (secret: string, timestamp: string, body: string | Uint8Array): string =>
  `sha256=${createHmac("sha256", secret).update(`${timestamp}.`).update(body).digest("hex")}`;

export type WebhookCheck = "ok" | "missing" | "stale" | "badSignature";

/** Checks a webhook's headers against the organisation's secret and the body's bytes as received, at `now`. */
export const checkWebhook = (
  secret: string,
  headers: { readonly timestamp: string | undefined; readonly signature: string | undefined },
  body: Uint8Array,
  now: Date,
): WebhookCheck => {
  const { timestamp, signature } = headers;
  if (!timestamp || !signature) return "missing";
  if (!/^\d{1,12}$/.test(timestamp)) return "stale";
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS) return "stale";
  const expected = Buffer.from(webhookSignature(secret, timestamp, body));
  const given = Buffer.from(signature.trim().toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected) ? "ok" : "badSignature";
};
