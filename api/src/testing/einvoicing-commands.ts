import { webhookSignature } from "../einvoicing/webhook.ts";
import { type Caller, type CommandCase, json, type Seed } from "./command-cases.ts";

/**
 * The connection to an approved platform. Its addresses are a closed port of this machine: the test
 * call answers « unreachable » at once, the same on every try, and nothing leaves the machine.
 */
const closed = "http://127.0.0.1:9";
const connection = (c: Caller) => ({
  flowUrl: `${closed}/flow-service`,
  directoryUrl: `${closed}/directory-service`,
  tokenUrl: `${closed}/oauth/token`,
  clientId: `registre-${c.name.toLowerCase()}`,
});
const webhookSecret = (c: Caller) => `secret-du-webhook-${c.name.toLowerCase()}`;
const connect = (seed: Seed, c: Caller) =>
  seed.ok("PUT", "/einvoicing/connection", c.token, {
    ...connection(c),
    clientSecret: "secret-du-client",
    webhookSecret: webhookSecret(c),
  });

/** The platform's call about a flow it holds for the caller, signed with the caller's webhook secret. */
const webhook = (c: Caller, flowId: string) => {
  const body = { flowInfo: { flowId } };
  const timestamp = String(Math.floor(Date.now() / 1000));
  return {
    path: `/einvoicing/webhook/${c.orgId}`,
    body: json(body),
    headers: {
      "x-webhook-timestamp": timestamp,
      "x-webhook-signature": webhookSignature(webhookSecret(c), timestamp, JSON.stringify(body)),
    },
  };
};

/** A supplier's invoice received through the platform and imported (the webhook's sync): its inbox id. */
const received = async (seed: Seed, c: Caller): Promise<string> => {
  await connect(seed, c);
  const flowId = seed.deliverSupplierInvoice(connection(c).clientId);
  const call = webhook(c, flowId);
  await seed.ok("POST", call.path, undefined, { flowInfo: { flowId } }, call.headers);
  const inbox = await seed.ok("GET", "/einvoicing/received", c.token);
  const item = inbox.items.find((i: { flowId: string }) => i.flowId === flowId);
  if (!item) throw new Error(`flow ${flowId} not in the inbox: ${JSON.stringify(inbox)}`);
  return item.id;
};

/** A validated sales invoice of the caller's that the platform rejected (213): its id. */
const rejected = async (seed: Seed, c: Caller): Promise<string> => {
  await seed.ok("PUT", "/org", c.token, {
    siren: c.siren,
    vatNumber: "FR44732829320",
    address: { line1: "1 rue de la Paix", postalCode: "75002", city: "Paris", country: "FR" },
  });
  const customer = await seed.ok("POST", "/contacts", c.token, {
    kind: "company",
    name: `Client ${c.name}`,
    types: ["customer"],
    addresses: [{ kind: "billing", line1: "3 place Bellecour", postalCode: "69002", city: "Lyon" }],
    legal: { siren: "552120222", vatNumber: "FR27552120222" },
    acknowledgeDuplicates: true,
  });
  const draft = await seed.ok("POST", "/docs", c.token, {
    kind: "invoice",
    direction: "sales",
    issueDate: seed.today,
    contactId: customer.id,
    lines: [
      {
        kind: "free",
        label: `Conseil ${c.name}`,
        quantity: "1",
        unitPrice: "100",
        vatRate: "20",
        account: "706000",
        nature: "services",
      },
    ],
  });
  const invoice = await seed.ok("PUT", `/docs/${draft.id}/status/validated`, c.token);
  await seed.rejectSalesInvoice(c.orgId, invoice.id, invoice.number);
  return invoice.id;
};

export const einvoicingCommands: Readonly<Record<string, CommandCase>> = {
  setEInvoicingConnection: {
    status: 200,
    build: async (_, c) => ({
      path: "/einvoicing/connection",
      token: c.token,
      body: json({ ...connection(c), clientSecret: "secret-du-client", generateWebhookSecret: true }),
    }),
  },
  removeEInvoicingConnection: {
    status: 204,
    build: async (seed, c) => {
      await connect(seed, c);
      return { path: "/einvoicing/connection", token: c.token };
    },
  },
  testEInvoicingConnection: {
    status: 200,
    sameForEveryCaller: true,
    build: async (seed, c) => {
      await connect(seed, c);
      return { path: "/einvoicing/connection/test", token: c.token };
    },
  },
  receiveEInvoicingWebhook: {
    status: 202,
    build: async (seed, c) => {
      await connect(seed, c);
      return webhook(c, seed.deliverSupplierInvoice(connection(c).clientId));
    },
  },
  createInternalCreditNote: {
    status: 201,
    build: async (seed, c) => ({
      path: `/docs/${await rejected(seed, c)}/internal-credit-note`,
      token: c.token,
    }),
  },
  sendEReportingPeriod: {
    status: 200,
    // The answer is the period (its id the same for every caller); nothing to report, nothing reaches the platform.
    sameForEveryCaller: true,
    build: async (seed, c) => {
      await connect(seed, c);
      return { path: "/einvoicing/ereporting/transactions-2026-01-d1/send", token: c.token };
    },
  },
  sendBuyerStatus: {
    status: 200,
    build: async (seed, c) => ({
      path: `/einvoicing/received/${await received(seed, c)}/status`,
      token: c.token,
      body: json({ code: 204 }),
    }),
  },
};
