import { createHmac } from "node:crypto";
import type { Flow } from "./model.ts";
import type { Store } from "./store.ts";
import type { Tasks } from "./tasks.ts";

/**
 * The webhook callbacks: when a flow of an account is created or its acknowledgement changes, the
 * platform POSTs the OpenAPI document's WebhookCallbackContent (`{flowInfo: Flow}`) to the URL the
 * account registered, signed: `X-Webhook-Timestamp: <unix seconds>` and
 * `X-Webhook-Signature: sha256=<hex HMAC-SHA256(secret, timestamp + "." + body)>`. Delivered in the
 * background, retried a few times when the receiver fails or cannot be reached; never in the request path.
 */
export const RETRY_DELAYS_MS = [200, 1000, 3000];
const TIMEOUT_MS = 5000;

export const webhookSignature = (secret: string, timestamp: string, body: string): string =>
  `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;

export type Webhooks = { notify(owner: string, flow: Flow): void };

export const makeWebhooks = (store: Store, tasks: Tasks, now: () => Date): Webhooks => {
  const deliver = async (owner: string, flow: Flow, attempt: number): Promise<void> => {
    // The URL and secret as they are at delivery: a webhook changed meanwhile is the one called.
    const hook = store.account(owner)?.webhook;
    if (!hook) return;
    const body = JSON.stringify({ flowInfo: flow });
    const timestamp = String(Math.floor(now().getTime() / 1000));
    let ok = false;
    try {
      const response = await fetch(hook.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-webhook-timestamp": timestamp,
          "x-webhook-signature": webhookSignature(hook.secret, timestamp, body),
        },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      ok = response.ok;
      await response.body?.cancel();
    } catch {
      ok = false;
    }
    const delay = RETRY_DELAYS_MS[attempt];
    if (!ok && delay !== undefined) tasks.later(delay, () => deliver(owner, flow, attempt + 1));
  };
  return {
    notify(owner, flow) {
      if (!store.account(owner)?.webhook) return;
      const copy = structuredClone(flow);
      tasks.later(0, () => deliver(owner, copy, 0));
    },
  };
};
