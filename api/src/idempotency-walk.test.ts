import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { parisDate } from "@registre/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase } from "../../tests/support/databases.ts";
import { createApp } from "./app.ts";
import { startFakeStripe } from "./billing/fake-stripe.ts";
import { openContext } from "./bootstrap.ts";
import type { AppContext } from "./context.ts";
import { fakePlatform } from "./einvoicing/fake-platform.testing.ts";
import { type DocumentTransmissionCommand, recordTransmission } from "./einvoicing/transmission-record.ts";
import { registerUser } from "./identity/users.ts";
import type { OutgoingMail } from "./ports/mailer.ts";
import { WALK_WEBHOOK_SECRET } from "./testing/billing-commands.ts";
import {
  type Caller,
  type CommandCase,
  type CommandRequest,
  commandCases,
  type Seed,
} from "./testing/command-requests.ts";

type Operation = { method: string; operationId: string; access: string };
type Answer = { status: number; body: string; replayed: boolean };

const COMMAND_METHODS = ["post", "put", "patch", "delete"];
const SUPPLIER_INVOICE = "UC1_F202500003_00-INV_20250701_CII.xml";
const supplierInvoice = new Uint8Array(
  readFileSync(new URL(`../../tests/fixtures/einvoicing/${SUPPLIER_INVOICE}`, import.meta.url)),
);

/**
 * The walk's clock. In January it runs a month ahead: the VAT return it validates is last month's,
 * which must be in the organisation's open year (its first), and in January last month is not.
 */
const JANUARY_SHIFT_MS = new Date().getUTCMonth() === 0 ? 31 * 86_400_000 : 0;
const walkClock = () => new Date(Date.now() + JANUARY_SHIFT_MS);

/**
 * Walks every command operation of the OpenAPI document with a valid request of its own
 * (`testing/command-requests.ts`): the same key and request answer the first answer, a different
 * request under that key is refused, another caller's same key never reaches the first answer, and
 * a retry whose first answer was lost (never stored) finds what the first attempt did.
 */
describe.each(databaseKinds)("Idempotency-Key on every command route on %s", (kind) => {
  let ctx: AppContext;
  let app: ReturnType<typeof createApp>;
  const mails: OutgoingMail[] = [];
  let n = 0;

  const send = async (method: string, request: CommandRequest, key?: string): Promise<Answer> => {
    const headers: Record<string, string> = { ...request.headers };
    if (key) headers["idempotency-key"] = key;
    if (request.token) headers.authorization = `Bearer ${request.token}`;
    let body: BodyInit | undefined;
    const b = request.body;
    if (b && "json" in b) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(b.json);
    } else if (b && "form" in b) body = b.form();
    else if (b && "octets" in b) {
      headers["content-type"] = "application/octet-stream";
      body = b.octets;
    }
    const res = await app.request(`/api${request.path}`, { method, headers, ...(body && { body }) });
    return { status: res.status, body: await res.text(), replayed: res.headers.has("idempotent-replayed") };
  };

  const seed: Seed = {
    ok: async (method, path, token, body, headers) => {
      const res = await send(method, {
        path,
        token,
        headers,
        ...(body !== undefined && { body: { json: body } }),
      });
      if (res.status >= 300) throw new Error(`${method} ${path} -> ${res.status} ${res.body}`);
      return res.body ? JSON.parse(res.body) : null;
    },
    upload: async (path, token, form) => {
      const res = await send("POST", { path, token, body: { form: () => form } });
      if (res.status >= 300) throw new Error(`POST ${path} -> ${res.status} ${res.body}`);
      return JSON.parse(res.body);
    },
    user: async (name) => {
      const email = `${name.toLowerCase()}.${++n}.${kind}@exemple.fr`;
      const password = "motdepasse1";
      const { token, user } = await seed.ok("POST", "/register", undefined, { email, password, name });
      return { token, email, password, id: user.id };
    },
    linkToken: (email) => {
      const text = mails.findLast((m) => m.to === email)?.text ?? "";
      return decodeURIComponent(text.match(/token=([\w%-]+)/)?.[1] ?? "");
    },
    today: parisDate(walkClock()),
    confirmCard: (setupIntentId) => stripe.confirmSetup(setupIntentId),
    deliverSupplierInvoice: (clientId) =>
      platform.deliver(clientId, supplierInvoice, "CII", SUPPLIER_INVOICE).flowId,
    rejectSalesInvoice: async (orgId, docId, number) => {
      const at = ctx.clock().toISOString();
      const record = (command: DocumentTransmissionCommand) =>
        recordTransmission(ctx, orgId, command, { commandId: randomUUID(), at });
      await record({
        type: "RecordTransmissionSubmitted",
        docId,
        data: {
          flowId: `flow-${docId.slice(0, 8)}`,
          trackingId: number,
          sha256: "0".repeat(64),
          syntax: "CII",
          profile: "CIUS",
          processingRule: "B2B",
          fileName: `${number}.xml`,
          at,
          on: parisDate(new Date(at)),
        },
      });
      await record({
        type: "RecordLifecycleStatus",
        docId,
        data: { flowId: `cdar-${docId.slice(0, 8)}`, code: 213, date: at, reasonCode: null, reason: null },
      });
    },
  };

  /** The approved platform, outside: the connection's test, the webhook's flows, the buyer's statuses sent. */
  const platform = fakePlatform();
  const callers: Caller[] = [];
  let operations: Operation[] = [];
  /** Billing on, through the fake Stripe: its commands run (without a provider they answer 409 billing.off). */
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    const billing = { secretKey: "sk_test_walk", webhookSecret: WALK_WEBHOOK_SECRET, apiUrl: stripe.url };
    const base = await openContext({ billing }, await openTestDatabase(kind));
    const mailer = {
      send: async (message: OutgoingMail) => {
        mails.push(message);
        return { messageId: String(mails.length) };
      },
    };
    ctx = {
      ...base,
      clock: walkClock,
      identity: { ...base.identity, mailer },
      einvoicing: platform.platforms,
    };
    await ctx.runner.start();
    app = createApp(ctx);
    const doc = (await (await app.request("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, { operationId: string; "x-registre-access": string }>>;
    };
    operations = Object.values(doc.paths).flatMap((ops) =>
      Object.entries(ops)
        .filter(([method]) => COMMAND_METHODS.includes(method))
        .map(([method, op]) => ({
          method: method.toUpperCase(),
          operationId: op.operationId,
          access: op["x-registre-access"],
        })),
    );
    for (const name of ["Alice", "Bruno"]) {
      const adminEmail = `admin.${name.toLowerCase()}.${kind}@exemple.fr`;
      await registerUser(
        ctx,
        { email: adminEmail, password: "motdepasse1", name, platformAdmin: true },
        { commandId: randomUUID(), at: ctx.clock().toISOString() },
      );
      const admin = await seed.ok("POST", "/login", undefined, {
        email: adminEmail,
        password: "motdepasse1",
      });
      const owner = await seed.user(name);
      const siren = "732829320";
      const org = await seed.ok("POST", "/user/orgs", owner.token, { name: `${name} SARL`, siren });
      const years = await seed.ok("GET", "/accounting/balance-sheet", org.token);
      callers.push({
        name,
        token: org.token,
        userId: owner.id,
        orgId: org.user.org.id,
        siren,
        yearId: years.items[0].id,
        admin: admin.token,
      });
    }
  }, 300_000);
  afterAll(async () => {
    await ctx?.runner.stop();
    await ctx?.database.close();
    await stripe?.close();
  });

  it("has a request for every command operation, so a new route cannot be left out", () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.map((o) => o.operationId).filter((id) => !commandCases[id])).toEqual([]);
  });

  /** What an answer's body names as the thing it made or changed, to compare across a lost answer. */
  const idsOf = (body: string) => {
    try {
      const parsed = JSON.parse(body) as Record<string, unknown>;
      return { id: parsed.id, mvt: parsed.mvt, key: parsed.key, code: parsed.code };
    } catch {
      return {};
    }
  };

  const walk = async (op: Operation, command: CommandCase): Promise<string[]> => {
    const problems: string[] = [];
    const check = (ok: boolean, what: string) => {
      if (!ok) problems.push(`${op.operationId}: ${what}`);
    };
    const [alice, bruno] = callers as [Caller, Caller];
    const request = await command.build(seed, alice);
    const key = randomUUID();
    const first = await send(op.method, request, key);
    check(first.status === command.status, `first answer ${first.status} ${first.body}`);
    const again = await send(op.method, request, key);
    check(
      again.status === first.status && again.body === first.body,
      `replay answered ${again.status} ${again.body}, not the first answer`,
    );

    const b = request.body;
    const different: CommandRequest =
      b && "json" in b && typeof b.json === "object"
        ? { ...request, body: { json: { ...(b.json as object), other: "request" } } }
        : { ...request, path: `${request.path}${request.path.includes("?") ? "&" : "?"}other=request` };
    const reused = await send(op.method, different, key);
    check(
      reused.status === 422 && JSON.parse(reused.body).code === "idempotency.keyReused",
      `a different request under the key answered ${reused.status} ${reused.body}`,
    );

    const theirs = await command.build(seed, bruno);
    const other = await send(op.method, theirs, key);
    check(!other.replayed, "another caller's request under the same key was answered the first answer");
    if (theirs.token)
      check(
        other.status === command.status &&
          (other.body !== first.body || first.body === "" || command.sameForEveryCaller === true),
        `another caller's own command answered ${other.status} ${other.body}`,
      );
    else
      check(
        other.status === 422 && JSON.parse(other.body).code === "idempotency.keyReused",
        `another anonymous caller's request under the same key answered ${other.status} ${other.body}`,
      );

    // A server that stopped after the command but before storing its answer: the retry runs again.
    await ctx.database.db.deleteFrom("idempotency_keys").execute();
    const retried = await send(op.method, request, key);
    const expected = command.afterLoss ?? command.status;
    check(retried.status === expected, `retry after a lost answer: ${retried.status} ${retried.body}`);
    if (retried.status === first.status && first.body)
      check(
        JSON.stringify(idsOf(retried.body)) === JSON.stringify(idsOf(first.body)),
        `retry after a lost answer made another thing: ${retried.body} after ${first.body}`,
      );
    return problems;
  };

  it("replays the first answer, refuses another request under the key, keeps callers apart, survives a lost answer", async () => {
    const problems: string[] = [];
    for (const op of operations) {
      const command = commandCases[op.operationId];
      if (!command) continue; // reported by the test above
      try {
        problems.push(...(await walk(op, command)));
      } catch (error) {
        problems.push(`${op.operationId}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);
});
