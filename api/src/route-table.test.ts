import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase } from "../../tests/support/databases.ts";
import { createApp } from "./app.ts";
import { openContext } from "./bootstrap.ts";
import type { AppContext } from "./context.ts";

type Parameter = {
  name: string;
  in: string;
  schema?: { format?: string; pattern?: string; enum?: string[] };
};
type Operation = { operationId: string; "x-registre-access"?: string; parameters?: Parameter[] };

/** An id of the parameter's shape that names nothing: a new uuid, or an id made of one; else undefined. */
const unknownIdOfShape = (schema: NonNullable<Parameter["schema"]>): string | undefined => {
  const uuid = randomUUID();
  if (schema.format === "uuid") return uuid;
  const made = [uuid, `${uuid}:sale:5`, `${uuid}:ean`, `${uuid}.stock`, `${uuid}:${randomUUID()}`];
  return made.find((v) => (schema.pattern ? new RegExp(schema.pattern).test(v) : !schema.enum));
};

/**
 * Walks every operation of the OpenAPI document: each declares who may call it, and answers 401
 * without a token, 403 with a token lacking the platform flag or the right.
 */
describe.each(databaseKinds)("the route table on %s", (kind) => {
  let ctx: AppContext;
  let app: ReturnType<typeof createApp>;
  let withoutRights: string;
  let ownerNotAdmin: string;
  beforeAll(async () => {
    ctx = await openContext({}, await openTestDatabase(kind));
    await ctx.runner.start();
    app = createApp(ctx);
    const register = async (email: string) => {
      const res = await app.request("/api/register", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password: "motdepasse1", name: "Test" }),
      });
      return ((await res.json()) as { token: string }).token;
    };
    withoutRights = await register("sans.droits@exemple.fr");
    const owner = await register("proprietaire@exemple.fr");
    const created = await app.request("/api/user/orgs", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${owner}` },
      body: JSON.stringify({ name: "Org du propriétaire", siren: "732829320" }),
    });
    ownerNotAdmin = ((await created.json()) as { token: string }).token;
  });
  afterAll(async () => {
    await ctx?.runner.stop();
    await ctx?.database.close();
  });

  const operations = async () => {
    const doc = (await (await app.request("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    return Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => {
        // Each parameter an id of its shape naming no row: a uuid, or an id made of one (an item's
        // tier, a closing step…). A code (an account, a journal) names alike in every organisation:
        // no uuid-made value fits it, and the route has no cross-organisation case to check.
        let unknownIds = true;
        const url = `/api${path.replace(/\{([^}]+)\}/g, (_, name: string) => {
          const param = op.parameters?.find((p) => p.in === "path" && p.name === name);
          const value = unknownIdOfShape(param?.schema ?? {});
          unknownIds &&= value !== undefined;
          return encodeURIComponent(value ?? randomUUID());
        })}`;
        return { method: method.toUpperCase(), url, op, unknownIds };
      }),
    );
  };
  const call = (method: string, url: string, token?: string) =>
    app.request(url, {
      method,
      headers: { "content-type": "application/json", ...(token && { authorization: `Bearer ${token}` }) },
      ...(method !== "GET" && { body: "{}" }),
    });

  it("has every operation declare its access", async () => {
    const ops = await operations();
    expect(ops.length).toBeGreaterThan(10);
    const undeclared = ops.filter(({ op }) => !op["x-registre-access"]).map(({ op }) => op.operationId);
    expect(undeclared).toEqual([]);
  });

  it("answers 401 without a token on every route that is not public", async () => {
    for (const { method, url, op } of await operations()) {
      if (op["x-registre-access"] === "public") continue;
      const res = await call(method, url);
      expect([op.operationId, res.status]).toEqual([op.operationId, 401]);
    }
  });

  it("answers 403 on platform routes to an organisation owner, and on right routes to a user without rights", async () => {
    for (const { method, url, op } of await operations()) {
      const access = op["x-registre-access"] ?? "";
      if (access === "platform")
        expect([op.operationId, (await call(method, url, ownerNotAdmin)).status]).toEqual([
          op.operationId,
          403,
        ]);
      if (access.startsWith("right:"))
        expect([op.operationId, (await call(method, url, withoutRights)).status]).toEqual([
          op.operationId,
          403,
        ]);
    }
  });

  it("answers 404 on every right route with an id that is not the organisation's, even to an owner with every right", async () => {
    // Ids of another organisation's rows look, to this organisation, exactly like unknown ids: row-level
    // scoping by the session's organisation makes both "not found" (the cross-organisation cases with real
    // ids are tested beside each route: contact-users, account, authorization).
    let checked = 0;
    for (const { method, url, op, unknownIds } of await operations()) {
      const access = op["x-registre-access"] ?? "";
      if (!access.startsWith("right:") || !unknownIds || !/[0-9a-f]{8}-[0-9a-f]{4}-/.test(url)) continue;
      const res = await call(method, url, ownerNotAdmin);
      // An empty JSON body is refused before the lookup: 422, or 415 where the route takes a file.
      if ((method === "PUT" || method === "POST") && (res.status === 422 || res.status === 415)) continue;
      expect([op.operationId, res.status]).toEqual([op.operationId, 404]);
      checked++;
    }
    expect(checked).toBeGreaterThan(3);
  });
});
