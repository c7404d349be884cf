import type { z } from "@hono/zod-openapi";
import {
  type DocumentPreferences,
  type DocumentPreferencesScope,
  defaultDocumentPreferences,
  documentPreferencesDecider,
  documentPreferencesOf,
  documentPreferencesStreamId,
  effectiveDocumentPreferences,
  hasRight,
  Rights,
} from "@registre/core";
import type { Context } from "hono";
import { alreadyAppended, loadAggregate, orgStreamRunner } from "../../commands.ts";
import type { AppContext } from "../../context.ts";
import { accessRoute, SESSION } from "../../http/access.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../../http/openapi.ts";
import { ProblemError } from "../../http/problem.ts";
import type { AuthEnv } from "../../identity/auth.ts";
import { answer, body, errors } from "../../schemas/common.ts";
import {
  DocPreferenceParam,
  type DocPreferenceScope,
  DocumentPreferencesChange,
  DocumentPreferencesInput,
  DocumentPreferencesList,
  DocumentPreferences as DocumentPreferencesSchema,
} from "../../schemas/docs-settings.ts";

const tags = ["Documents"];
type Scope = z.infer<typeof DocPreferenceScope>;

const scopeOf = (c: Context<AuthEnv>, scope: Scope): DocumentPreferencesScope => {
  if (scope === "me") return { kind: "user", userId: c.get("session").userId };
  if (!hasRight(c.get("rights"), "organization", Rights.update))
    throw new ProblemError(403, "identity.forbidden", { code: "organization" });
  return { kind: "org" };
};

const load = (ctx: AppContext, orgId: string) =>
  loadAggregate(ctx, orgId, documentPreferencesStreamId(orgId), documentPreferencesDecider);

const runDocumentPreferences = orgStreamRunner({
  streamId: documentPreferencesStreamId,
  decider: documentPreferencesDecider,
  readModels: [],
});

const run = (
  ctx: AppContext,
  c: Context<AuthEnv>,
  command: Parameters<typeof documentPreferencesDecider.decide>[0],
) => runDocumentPreferences(ctx, sessionOrg(c), command, commandMetadata(c, ctx));

const save = async (
  ctx: AppContext,
  c: Context<AuthEnv>,
  scope: Scope,
  change: Partial<DocumentPreferences>,
) => {
  const target = scopeOf(c, scope);
  const { state } = await load(ctx, sessionOrg(c));
  const preferences = { ...(documentPreferencesOf(state, target) ?? defaultDocumentPreferences), ...change };
  await run(ctx, c, { type: "SetDocumentPreferences", data: { scope: target, preferences } });
  return { ...preferences, scope };
};

/**
 * The document lists' preferences (/docs/pref: sort, status filter, period, page size), mine (`me`) and
 * the organisation's (`org`, changed with the right to change the organisation). Any member reads them.
 */
export const docPreferenceRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "get",
      path: "/pref",
      operationId: "listDocumentPreferences",
      tags,
      responses: {
        200: answer(DocumentPreferencesList, "Those set, and what my lists open with"),
        ...errors,
      },
    }),
    async (c) => {
      const { state } = await load(ctx, sessionOrg(c));
      const userId = c.get("session").userId;
      const items = (["me", "org"] as const).flatMap((scope) => {
        const p = documentPreferencesOf(state, scope === "me" ? { kind: "user", userId } : { kind: "org" });
        return p ? [{ ...p, scope }] : [];
      });
      const { preferences, source } = effectiveDocumentPreferences(state, userId);
      return c.json({ items, effective: { ...preferences, source } }, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "get",
      path: "/pref/{id}",
      operationId: "getDocumentPreferences",
      tags,
      request: { params: DocPreferenceParam },
      responses: {
        200: answer(DocumentPreferencesSchema, "Those of the scope, else the defaults"),
        ...errors,
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const { state } = await load(ctx, sessionOrg(c));
      const scope: DocumentPreferencesScope =
        id === "me" ? { kind: "user", userId: c.get("session").userId } : { kind: "org" };
      return c.json(
        { ...(documentPreferencesOf(state, scope) ?? defaultDocumentPreferences), scope: id },
        200,
      );
    },
  );

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "post",
      path: "/pref",
      operationId: "createDocumentPreferences",
      tags,
      request: body(DocumentPreferencesInput),
      responses: { 201: answer(DocumentPreferencesSchema, "Set"), ...errors },
    }),
    async (c) => {
      const { scope, ...change } = c.req.valid("json");
      return c.json(await save(ctx, c, scope, change), 201);
    },
  );

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "put",
      path: "/pref/{id}",
      operationId: "updateDocumentPreferences",
      tags,
      request: { params: DocPreferenceParam, ...body(DocumentPreferencesChange) },
      responses: { 200: answer(DocumentPreferencesSchema, "Changed"), ...errors },
    }),
    async (c) => c.json(await save(ctx, c, c.req.valid("param").id, c.req.valid("json")), 200),
  );

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "delete",
      path: "/pref/{id}",
      operationId: "deleteDocumentPreferences",
      tags,
      description: "Back to the organisation's (mine) or the defaults (the organisation's).",
      request: { params: DocPreferenceParam },
      responses: { 204: { description: "Cleared" }, ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      if (await alreadyAppended(ctx, orgId, commandMetadata(c, ctx))) return c.body(null, 204);
      await run(ctx, c, {
        type: "ClearDocumentPreferences",
        data: { scope: scopeOf(c, c.req.valid("param").id) },
      });
      return c.body(null, 204);
    },
  );

  return app;
};
