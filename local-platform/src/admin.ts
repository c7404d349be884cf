import { Hono } from "hono";
import { type Faults, REASON_CODES, type ReasonCode, type StoredFlow } from "./model.ts";
import type { Platform } from "./processing.ts";

/**
 * The local platform's own admin API (not the standard's; no auth; for the tests and the demo):
 * accounts (one business each, by SIREN, with its OAuth client), their webhooks, the businesses reachable
 * through other platforms, the faults to simulate, and every stored flow. The same operations are
 * offered in-process (`Admin`) to the code that started the platform.
 */
export class AdminError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export type AccountInput = {
  siren: string;
  siret?: string | null;
  name: string;
  clientId: string;
  clientSecret: string;
};
export type DirectoryInput = { siren: string; siret?: string | null; name: string; platformId: string };
export type WebhookInput = { url: string; secret: string };

/** A stored flow as the admin API lists it: the Flow, whose it is, its file's name and what was read. */
export type AdminFlow = ReturnType<typeof adminFlow>;
const adminFlow = (f: StoredFlow) => ({
  ...structuredClone(f.flow),
  owner: f.owner,
  fileName: f.fileName,
  sha256: f.sha256,
  invoice: f.invoice,
  lifecycle: f.lifecycle,
  sourceFlowId: f.sourceFlowId,
});

export type Admin = {
  /** Creates the account, or updates the one of that SIREN (its name and OAuth client). */
  putAccount(input: AccountInput): { created: boolean };
  setWebhook(siren: string, webhook: WebhookInput | null): void;
  putDirectoryEntry(input: DirectoryInput): void;
  setFaults(faults: Partial<Faults>): Faults;
  flows(): AdminFlow[];
  /** The file of a stored flow. */
  file(flowId: string): Uint8Array | null;
  /** Resolves once no acknowledgement or webhook delivery is waiting or running. */
  idle(): Promise<void>;
};

const text = (value: unknown, field: string, max: number): string => {
  if (typeof value !== "string" || value.trim() === "" || value.length > max)
    throw new AdminError(400, "INVALID_FIELD", `${field} must be a text of 1 to ${max} characters.`);
  return value;
};
const siren = (value: unknown) => {
  if (typeof value !== "string" || !/^\d{9}$/.test(value))
    throw new AdminError(400, "INVALID_FIELD", "siren must be 9 digits.");
  return value;
};
const siret = (value: unknown, ofSiren: string): string | null => {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string" || !/^\d{14}$/.test(value) || !value.startsWith(ofSiren))
    throw new AdminError(400, "INVALID_FIELD", "siret must be 14 digits starting with the SIREN.");
  return value;
};

export const makeAdmin = (p: Platform): Admin => {
  const { store } = p;
  const nextId = () => store.state.nextIdInstance++;
  return {
    putAccount(input) {
      const s = siren(input.siren);
      const account = {
        siret: siret(input.siret, s),
        name: text(input.name, "name", 150),
        clientId: text(input.clientId, "clientId", 200),
        clientSecret: text(input.clientSecret, "clientSecret", 500),
      };
      if (store.state.accounts.some((a) => a.clientId === account.clientId && a.siren !== s))
        throw new AdminError(409, "CLIENT_ID_TAKEN", "Another account has this clientId.");
      const existing = store.account(s);
      if (existing) Object.assign(existing, account);
      else store.state.accounts.push({ siren: s, ...account, webhook: null, idInstance: nextId() });
      store.changed();
      return { created: !existing };
    },
    setWebhook(of, webhook) {
      const account = store.account(of);
      if (!account) throw new AdminError(404, "UNKNOWN_ACCOUNT", `No account ${of}.`);
      if (webhook) {
        const url = text(webhook.url, "url", 2000);
        if (!/^https?:\/\//.test(url)) throw new AdminError(400, "INVALID_FIELD", "url must be http(s).");
        account.webhook = { url, secret: text(webhook.secret, "secret", 500) };
      } else account.webhook = null;
      store.changed();
    },
    putDirectoryEntry(input) {
      const s = siren(input.siren);
      const entry = {
        siret: siret(input.siret, s),
        name: text(input.name, "name", 150),
        platformId: text(input.platformId, "platformId", 20),
      };
      const existing = store.state.directory.find((d) => d.siren === s);
      if (existing) Object.assign(existing, entry);
      else store.state.directory.push({ siren: s, ...entry, idInstance: nextId() });
      store.changed();
    },
    setFaults(faults) {
      const f = store.state.faults;
      if (faults.down !== undefined) {
        if (typeof faults.down !== "boolean")
          throw new AdminError(400, "INVALID_FIELD", "down is a boolean.");
        f.down = faults.down;
      }
      if (faults.ackError !== undefined) {
        if (faults.ackError !== null && !REASON_CODES.includes(faults.ackError as ReasonCode))
          throw new AdminError(
            400,
            "INVALID_FIELD",
            `ackError is null or one of ${REASON_CODES.join(", ")}.`,
          );
        f.ackError = faults.ackError;
      }
      if (faults.slowMs !== undefined) {
        if (!Number.isInteger(faults.slowMs) || faults.slowMs < 0 || faults.slowMs > 60_000)
          throw new AdminError(400, "INVALID_FIELD", "slowMs is an integer from 0 to 60000.");
        f.slowMs = faults.slowMs;
      }
      store.changed();
      return { ...f };
    },
    flows: () => store.state.flows.map(adminFlow),
    file(flowId) {
      const f = store.flow(flowId);
      return f ? new Uint8Array(Buffer.from(f.file, "base64")) : null;
    },
    idle: () => p.tasks.idle(),
  };
};

export const adminRoutes = (admin: Admin, p: Platform) => {
  const app = new Hono();
  app.onError((error, c) => {
    if (error instanceof AdminError)
      return c.json({ errorCode: error.code, errorMessage: error.message }, error.status);
    if (error instanceof SyntaxError)
      return c.json({ errorCode: "INVALID_REQUEST", errorMessage: "Not JSON." }, 400);
    throw error;
  });
  const body = async (req: { json(): Promise<unknown> }) => {
    const b = await req.json();
    if (typeof b !== "object" || b === null || Array.isArray(b))
      throw new AdminError(400, "INVALID_REQUEST", "The body must be a JSON object.");
    return b as Record<string, unknown>;
  };
  app.post("/accounts", async (c) => {
    const input = (await body(c.req)) as AccountInput;
    const { created } = admin.putAccount(input);
    return c.json({ siren: input.siren }, created ? 201 : 200);
  });
  app.get("/accounts", (c) =>
    c.json({
      accounts: p.store.state.accounts.map((a) => ({
        siren: a.siren,
        siret: a.siret,
        name: a.name,
        clientId: a.clientId,
        webhookUrl: a.webhook?.url ?? null,
      })),
    }),
  );
  app.put("/accounts/:siren/webhook", async (c) => {
    admin.setWebhook(c.req.param("siren"), (await body(c.req)) as WebhookInput);
    return c.json({ ok: true });
  });
  app.delete("/accounts/:siren/webhook", (c) => {
    admin.setWebhook(c.req.param("siren"), null);
    return c.json({ ok: true });
  });
  app.post("/directory", async (c) => {
    admin.putDirectoryEntry((await body(c.req)) as DirectoryInput);
    return c.json({ ok: true }, 201);
  });
  app.get("/faults", (c) => c.json(p.store.state.faults));
  app.put("/faults", async (c) => c.json(admin.setFaults((await body(c.req)) as Partial<Faults>)));
  app.get("/flows", (c) => c.json({ flows: admin.flows() }));
  app.notFound((c) => c.json({ errorCode: "MISSING_RESOURCE", errorMessage: "No such resource." }, 404));
  return app;
};
