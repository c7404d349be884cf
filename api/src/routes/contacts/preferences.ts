import { z } from "@hono/zod-openapi";
import {
  type ContactPreferences,
  type ContactPreferencesScope,
  contactListSorts,
  contactListStatuses,
  contactPanels,
  contactPreferencesDecider,
  contactPreferencesOf,
  contactPreferencesStreamId,
  contactTabs,
  contactTypes,
  DomainError,
  defaultContactPreferences,
  effectiveContactPreferences,
  foldedContactPanels,
  hasRight,
  Rights,
} from "@registre/core";
import type { Context } from "hono";
import { loadAggregate, orgStreamRunner } from "../../commands.ts";
import { loadContact } from "../../contacts/commands.ts";
import type { AppContext } from "../../context.ts";
import { accessRoute, right } from "../../http/access.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../../http/openapi.ts";
import { ProblemError } from "../../http/problem.ts";
import type { AuthEnv } from "../../identity/auth.ts";
import { answer, body, errors } from "../../schemas/common.ts";

/** The runner of the organisation's contacts preferences stream (each scope's list defaults, each user's folded panels). */
const runContactPreferences = orgStreamRunner({
  streamId: contactPreferencesStreamId,
  decider: contactPreferencesDecider,
  readModels: [],
});

const tags = ["Contacts"];

// Inline (no named component) where null is allowed: OpenAPI 3.0 drops `nullable` beside a `$ref`.
const PreferenceFields = z.object({
  sort: z.enum(contactListSorts).openapi({ description: "The list's default sort" }),
  type: z
    .enum(contactTypes)
    .nullable()
    .openapi({ description: "The list's default type filter (null: every type)" }),
  status: z.enum(contactListStatuses).openapi({ description: "The list's default status filter" }),
  tab: z.enum(contactTabs).openapi({ description: "The tab a contact opens on" }),
});
const Preferences = PreferenceFields.openapi("ContactPreferences");
const Scope = z.enum(["me", "org"]).openapi({ description: "Mine, or the organisation's" });
const PreferencesInput = PreferenceFields.partial()
  .extend({ scope: Scope })
  .openapi("ContactPreferencesInput");
const PreferencesChange = PreferenceFields.partial().openapi("ContactPreferencesChange");
const ScopedPreferences = Preferences.extend({ scope: Scope }).openapi("ContactScopedPreferences");
const PreferencesList = z
  .object({ me: PreferenceFields.nullable(), org: PreferenceFields.nullable() })
  .openapi("ContactPreferencesList");
const FoldedPanels = z
  .array(z.enum(contactPanels))
  .openapi({ description: "The panels of a contact's screen I folded away (mine, for every contact)" });
const EffectivePreferences = Preferences.extend({
  source: z.enum(["user", "org", "default"]).openapi({ description: "Whose preferences these are" }),
  foldedPanels: FoldedPanels,
}).openapi("ContactEffectivePreferences");
const PanelParams = z.object({
  id: z.uuid().openapi({ param: { name: "id", in: "path" } }),
  panel: z.enum(contactPanels).openapi({ param: { name: "panel", in: "path" } }),
});
const PanelInput = z
  .object({ folded: z.boolean().openapi({ description: "Folded away (true) or shown as a tab (false)" }) })
  .openapi("ContactPanelInput");
const PanelLayout = z.object({ foldedPanels: FoldedPanels }).openapi("ContactPanelLayout");
const ScopeParam = z.object({ id: Scope.openapi({ param: { name: "id", in: "path" } }) });

type Scope = z.infer<typeof Scope>;

const scopeOf = (c: Context<AuthEnv>, scope: Scope): ContactPreferencesScope => {
  if (scope === "me") return { kind: "user", userId: c.get("session").userId };
  // The organisation's preferences are everyone's defaults: changed by who may change the organisation.
  if (!hasRight(c.get("rights"), "organization", Rights.update))
    throw new ProblemError(403, "identity.forbidden", { code: "organization" });
  return { kind: "org" };
};

const load = (ctx: AppContext, orgId: string) =>
  loadAggregate(ctx, orgId, contactPreferencesStreamId(orgId), contactPreferencesDecider);

/** Sets a scope's preferences: what is sent over what it had (else the defaults). */
const save = async (
  ctx: AppContext,
  c: Context<AuthEnv>,
  scope: Scope,
  change: Partial<ContactPreferences>,
): Promise<ContactPreferences> => {
  const orgId = sessionOrg(c);
  const target = scopeOf(c, scope);
  const { state } = await load(ctx, orgId);
  const preferences = { ...(contactPreferencesOf(state, target) ?? defaultContactPreferences), ...change };
  await runContactPreferences(
    ctx,
    orgId,
    { type: "SetContactPreferences", data: { scope: target, preferences } },
    commandMetadata(c, ctx),
  );
  return preferences;
};

const withoutScope = <T extends { scope?: unknown }>({ scope: _, ...rest }: T) => rest;

/**
 * The contacts' preferences (/contacts/pref): the list's default sort and filters and the tab a contact
 * opens on, the user's own and the organisation's. Mounted before `/{id}`, which would take "pref".
 */
export const contactPreferenceRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  const read = right("contacts", Rights.read);

  app.openapi(
    accessRoute(ctx, read, {
      method: "get",
      path: "/pref",
      operationId: "listContactPreferences",
      tags,
      responses: {
        200: answer(PreferencesList, "Mine and the organisation's (null when not set)"),
        ...errors,
      },
    }),
    async (c) => {
      const { state } = await load(ctx, sessionOrg(c));
      return c.json(
        {
          me: contactPreferencesOf(state, { kind: "user", userId: c.get("session").userId }),
          org: state.org,
        },
        200,
      );
    },
  );

  app.openapi(
    accessRoute(ctx, read, {
      method: "get",
      path: "/pref/me",
      operationId: "getMyContactPreferences",
      tags,
      responses: {
        200: answer(EffectivePreferences, "Mine, else the organisation's, else the defaults"),
        ...errors,
      },
    }),
    async (c) => {
      const { state } = await load(ctx, sessionOrg(c));
      const userId = c.get("session").userId;
      const { preferences, source } = effectiveContactPreferences(state, userId);
      return c.json({ ...preferences, source, foldedPanels: [...foldedContactPanels(state, userId)] }, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, read, {
      method: "post",
      path: "/pref",
      operationId: "createContactPreferences",
      tags,
      description:
        "Sets my preferences (`scope: me`) or the organisation's (`scope: org`, with the right to change " +
        "the organisation); fields not sent keep their value, else the default.",
      request: body(PreferencesInput),
      responses: { 201: answer(ScopedPreferences, "Set"), ...errors },
    }),
    async (c) => {
      const input = c.req.valid("json");
      const preferences = await save(ctx, c, input.scope, withoutScope(input));
      return c.json({ ...preferences, scope: input.scope }, 201);
    },
  );

  app.openapi(
    accessRoute(ctx, read, {
      method: "put",
      path: "/pref/{id}",
      operationId: "updateContactPreferences",
      tags,
      request: { params: ScopeParam, ...body(PreferencesChange) },
      responses: { 200: answer(ScopedPreferences, "Changed"), ...errors },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const preferences = await save(ctx, c, id, c.req.valid("json"));
      return c.json({ ...preferences, scope: id }, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, read, {
      method: "put",
      path: "/{id}/panel/{panel}",
      operationId: "setContactPanel",
      tags,
      description:
        "Folds a panel of the contact's screen away (into the « more » menu) or shows it as a tab again. " +
        "The layout is the user's own and the same for every contact; the contact is the one it was " +
        "changed from (it must exist).",
      request: { params: PanelParams, ...body(PanelInput) },
      responses: { 200: answer(PanelLayout, "My panel layout"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { id, panel } = c.req.valid("param");
      const userId = c.get("session").userId;
      const contact = await loadContact(ctx, orgId, id);
      if (!("identity" in contact)) throw new DomainError("contact.notFound", {}, 404);
      const { folded } = c.req.valid("json");
      const { state } = await runContactPreferences(
        ctx,
        orgId,
        { type: "SetContactPanel", data: { userId, panel, folded } },
        commandMetadata(c, ctx),
      );
      return c.json({ foldedPanels: [...foldedContactPanels(state, userId)] }, 200);
    },
  );

  return app;
};
