import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local fake of the Stripe API for the calls the adapter makes (customers, SetupIntents, PaymentIntents),
 * for tests offline: the real `stripe` client pointed at it (STRIPE_API_URL). It answers the same thing to
 * the same Idempotency-Key, as Stripe does, and records every call. `pm_card_chargeDeclined` is declined
 * (a 402 card_error, as Stripe's test card); an unknown customer is a 400 resource_missing.
 */
export type FakeStripeCall = {
  readonly method: string;
  readonly path: string;
  readonly idempotencyKey: string | null;
  readonly body: Readonly<Record<string, string>>;
  readonly authorization: string | null;
};

export const startFakeStripe = async () => {
  const calls: FakeStripeCall[] = [];
  const customers = new Map<string, Record<string, unknown>>();
  const setupIntents = new Map<string, Record<string, unknown>>();
  const byKey = new Map<string, { status: number; body: unknown }>();
  let n = 0;
  const next = (prefix: string) => `${prefix}_${(++n).toString().padStart(6, "0")}`;

  const card = (id: string) => ({
    id,
    object: "payment_method",
    type: "card",
    card: {
      brand: "visa",
      last4: id === "pm_card_chargeDeclined" ? "0002" : id === "pm_card_chargeCustomerFail" ? "0341" : "4242",
      exp_month: 12,
      exp_year: 2030,
    },
  });

  const testCards: Readonly<Record<string, string>> = {
    "4242424242424242": "pm_card_visa",
    "4000000000000341": "pm_card_chargeCustomerFail",
  };

  const handle = (
    method: string,
    path: string,
    body: Record<string, string>,
  ): { status: number; body: unknown } => {
    const metadata = Object.fromEntries(
      Object.entries(body)
        .filter(([k]) => k.startsWith("metadata["))
        .map(([k, v]) => [k.slice(9, -1), v]),
    );
    if (method === "POST" && path === "/v1/customers") {
      const customer = { id: next("cus"), object: "customer", name: body.name, email: body.email, metadata };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === "POST" && path === "/v1/setup_intents") {
      if (!body.customer || !customers.has(body.customer)) return missing("customer", body.customer);
      const id = next("seti");
      const intent = {
        id,
        object: "setup_intent",
        customer: body.customer,
        client_secret: `${id}_secret_fake`,
        status: "requires_payment_method",
        usage: body.usage,
        payment_method: null,
        metadata,
      };
      setupIntents.set(id, intent);
      return { status: 200, body: intent };
    }
    // What Stripe.js does from the browser (the web's test-mode card form): the SetupIntent confirmed with
    // its client secret and the card typed, sent to the provider and never to Registre. Stripe's test
    // numbers: 4242… saved, 4000 0000 0000 0341 saved but every charge declined, 4000 0000 0000 0002 refused.
    const confirm = /^\/v1\/setup_intents\/([^/]+)\/confirm$/.exec(path);
    if (method === "POST" && confirm?.[1]) {
      const intent = setupIntents.get(confirm[1]);
      if (!intent || intent.client_secret !== body.client_secret) return missing("setup_intent", confirm[1]);
      const number = (body["payment_method_data[card][number]"] ?? "").replace(/\s/g, "");
      const pm = testCards[number];
      if (!pm)
        return {
          status: 402,
          body: {
            error: {
              type: "card_error",
              code: "card_declined",
              decline_code: "generic_decline",
              message: "Your card was declined.",
            },
          },
        };
      const confirmed = { ...intent, status: "succeeded", payment_method: pm };
      setupIntents.set(confirm[1], confirmed);
      return { status: 200, body: { ...confirmed, payment_method: card(pm) } };
    }
    const setup = /^\/v1\/setup_intents\/([^/]+)$/.exec(path);
    if (method === "GET" && setup?.[1]) {
      const intent = setupIntents.get(setup[1]);
      if (!intent) return missing("setup_intent", setup[1]);
      const pm = intent.payment_method as string | null;
      return { status: 200, body: { ...intent, payment_method: pm && card(pm) } };
    }
    if (method === "POST" && path === "/v1/payment_intents") {
      if (!body.customer || !customers.has(body.customer)) return missing("customer", body.customer);
      const intent = {
        id: next("pi"),
        object: "payment_intent",
        amount: Number(body.amount),
        currency: body.currency,
        customer: body.customer,
        payment_method: body.payment_method,
        description: body.description,
        metadata,
        status: "succeeded",
        created: Math.floor(Date.now() / 1000),
      };
      if (
        body.payment_method === "pm_card_chargeDeclined" ||
        body.payment_method === "pm_card_chargeCustomerFail"
      )
        return {
          status: 402,
          body: {
            error: {
              type: "card_error",
              code: "card_declined",
              decline_code: "generic_decline",
              message: "Your card was declined.",
              payment_intent: { ...intent, status: "requires_payment_method" },
            },
          },
        };
      return { status: 200, body: intent };
    }
    return {
      status: 404,
      body: {
        error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path})` },
      },
    };
  };

  const missing = (what: string, id: string | undefined) => ({
    status: 400,
    body: {
      error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}: '${id}'` },
    },
  });

  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      let text = "";
      req.setEncoding("utf8");
      req.on("data", (chunk: string) => {
        text += chunk;
      });
      req.on("end", () => resolve(text));
      req.on("error", reject);
    });

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://fake");
    // The browser's test-mode card form calls it from Registre's page, as Stripe.js calls Stripe.
    res.setHeader("access-control-allow-origin", "*");
    if (req.method === "OPTIONS") {
      res.writeHead(204, {
        "access-control-allow-methods": "GET, POST",
        "access-control-allow-headers": "content-type",
      });
      res.end();
      return;
    }
    const text = await read(req);
    const body = Object.fromEntries(new URLSearchParams(req.method === "GET" ? url.search : text));
    const idempotencyKey = (req.headers["idempotency-key"] as string | undefined) ?? null;
    calls.push({
      method: req.method ?? "GET",
      path: url.pathname,
      idempotencyKey,
      body,
      authorization: req.headers.authorization ?? null,
    });
    const keyed = idempotencyKey && `${req.method} ${url.pathname} ${idempotencyKey}`;
    const answer = (keyed && byKey.get(keyed)) || handle(req.method ?? "GET", url.pathname, body);
    if (keyed && req.method === "POST") byKey.set(keyed, answer);
    res.writeHead(answer.status, { "content-type": "application/json", "request-id": next("req") });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    /** What Stripe's card element does in the browser: the SetupIntent confirmed with a card. */
    confirmSetup: (setupIntentId: string, paymentMethodId = "pm_card_visa") => {
      const intent = setupIntents.get(setupIntentId);
      if (!intent) throw new Error(`no SetupIntent ${setupIntentId}`);
      setupIntents.set(setupIntentId, { ...intent, status: "succeeded", payment_method: paymentMethodId });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
