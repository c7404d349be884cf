import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp, openContext } from "@registre/api";
import type { DatabaseKind } from "@registre/store";
import { sql } from "kysely";
import { registerUser } from "../../api/src/identity/users.ts";
import { openTestDatabase } from "../support/databases.ts";
import type { Components, JsonSchema } from "./schema-arbitrary.ts";

export type Operation = {
  readonly method: string;
  readonly path: string;
  readonly operationId: string;
  readonly access: string;
  readonly parameters: readonly {
    name: string;
    in: "path" | "query" | "header";
    required?: boolean;
    schema: JsonSchema;
  }[];
  /** The body's media type and schema, when the operation takes one. */
  readonly body:
    | { readonly type: string; readonly schema: JsonSchema; readonly required: boolean }
    | undefined;
};

type OpenApiDocument = {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components?: { schemas?: Components };
};

/** Every operation of the OpenAPI document, as the fuzz and the walks read them. */
export const operationsOf = (doc: OpenApiDocument): Operation[] =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const content = (
        op.requestBody as { content?: Record<string, { schema: JsonSchema }>; required?: boolean }
      )?.content;
      const [type, media] = Object.entries(content ?? {})[0] ?? [];
      return {
        method: method.toUpperCase(),
        path,
        operationId: String(op.operationId),
        access: String(op["x-registre-access"] ?? ""),
        parameters: (op.parameters as Operation["parameters"] | undefined) ?? [],
        body:
          type && media
            ? {
                type,
                schema: media.schema,
                required: Boolean((op.requestBody as { required?: boolean }).required),
              }
            : undefined,
      };
    }),
  );

export type Sent = {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
  readonly ms: number;
};

/**
 * An API over a fresh database, and users each owning an organisation (every organisation right);
 * the first is also a platform administrator unless told otherwise, so requests reach every handler.
 * A user's session is opened again whenever a request closed it (logout, a new organisation, a
 * change of organisation).
 */
export const openApiSession = async (
  kind: DatabaseKind,
  label: string,
  options: { platformAdmin?: boolean } = {},
) => {
  const dataDir = mkdtempSync(join(tmpdir(), `registre-${label}-`));
  const ctx = await openContext({ dataDir }, await openTestDatabase(kind));
  await ctx.runner.start();
  const app = createApp(ctx);

  const request = async (
    method: string,
    url: string,
    init: { token?: string | undefined; body?: BodyInit | undefined; type?: string | undefined } = {},
  ): Promise<Sent> => {
    const started = performance.now();
    const res = await app.request(`/api${url}`, {
      method,
      headers: {
        ...(init.type && { "content-type": init.type }),
        ...(init.token && { authorization: `Bearer ${init.token}` }),
      },
      ...(init.body !== undefined && { body: init.body }),
    });
    const text = await res.text();
    return {
      status: res.status,
      contentType: res.headers.get("content-type") ?? "",
      text,
      ms: performance.now() - started,
    };
  };
  const json = (method: string, url: string, token?: string, body?: unknown) =>
    request(method, url, {
      token,
      body: body === undefined ? undefined : JSON.stringify(body),
      type: body === undefined ? undefined : "application/json",
    });

  /** A new user owning a new organisation, signed in to it. */
  const signUp = async (name: string, platformAdmin: boolean) => {
    const email = `${name.toLowerCase().replace(/\W+/g, ".")}.${kind}.${crypto.randomUUID().slice(0, 8)}@exemple.fr`;
    const password = "motdepasse-fuzz-1";
    const userId = await registerUser(
      ctx,
      { email, password, name, platformAdmin },
      { commandId: crypto.randomUUID(), at: new Date().toISOString() },
    );
    let token = "";
    let orgId = "";
    const signIn = async () => {
      const login = JSON.parse((await json("POST", "/login", undefined, { email, password })).text);
      if (login.ticket) {
        const change = await json("POST", "/user/orgs/change", undefined, { orgId, ticket: login.ticket });
        token = JSON.parse(change.text).token;
      } else token = login.token;
    };
    await signIn();
    const created = JSON.parse(
      (await json("POST", "/user/orgs", token, { name: `${name} SARL`, siren: "732829320" })).text,
    );
    token = created.token;
    orgId = created.user.org.id;
    return {
      userId,
      orgId,
      token: () => token,
      /** Signs in again when the last answer says the session is gone. */
      keepSignedIn: async (sent: Sent, usedToken: string | undefined) => {
        if (sent.status === 401 && usedToken === token) await signIn();
      },
    };
  };
  const first = await signUp(`Fuzz ${label}`, options.platformAdmin ?? true);

  const doc = JSON.parse((await request("GET", "/openapi.json")).text) as OpenApiDocument;
  return {
    ctx,
    app,
    ...first,
    signUp,
    request,
    json,
    operations: operationsOf(doc),
    components: doc.components?.schemas ?? {},
    /** Events in the log, of one organisation or of all. */
    eventCount: async (orgId?: string) => {
      const { rows } = await sql<{ n: number }>`select count(*)::int8 as n from events
        ${orgId ? sql`where org_id = ${orgId}::uuid` : sql``}`.execute(ctx.database.db);
      return rows[0]?.n ?? 0;
    },
    close: async () => {
      await ctx.runner.stop();
      await ctx.database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
