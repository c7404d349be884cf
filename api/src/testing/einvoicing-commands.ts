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
const connect = (seed: Seed, c: Caller) =>
  seed.ok("PUT", "/einvoicing/connection", c.token, { ...connection(c), clientSecret: "secret-du-client" });

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
};
