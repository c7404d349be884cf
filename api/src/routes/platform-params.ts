import { knownParams, organisationTypes, type Param } from "@registre/core";
import type { AppContext } from "../context.ts";
import { accessRoute, PLATFORM, SESSION } from "../http/access.ts";
import { commandMetadata, resourceApp } from "../http/openapi.ts";
import { listParams, platformParam, runParams } from "../platform/params.ts";
import { answer, body, errors } from "../schemas/common.ts";
import {
  OrganisationTypeList,
  ParamChange,
  ParamInput,
  ParamKeyParam,
  ParamList,
  Param as ParamSchema,
} from "../schemas/params.ts";

const tags = ["Platform"];
const out = (p: Param) => ({ ...p, known: knownParams.some((k) => k.key === p.key) });

/**
 * The platform's parameters, typed (the trial's length, the grace period, the platform's identity as a
 * seller…), kept and changed by the platform administrator only, each change an event of the `params`
 * stream. Mounted at /params.
 */
export const paramRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "get",
      path: "/",
      operationId: "listParams",
      tags,
      responses: {
        200: answer(ParamList, "The known parameters (set or default), then the added ones"),
        ...errors,
      },
    }),
    async (c) => c.json({ items: (await listParams(ctx)).map(out) }, 200),
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "post",
      path: "/",
      operationId: "createParam",
      tags,
      request: body(ParamInput),
      responses: { 201: answer(ParamSchema, "Added"), ...errors },
    }),
    async (c) => {
      const { key, type, value, description } = c.req.valid("json");
      await runParams(
        ctx,
        { type: "AddParam", key, paramType: type, value, description },
        commandMetadata(c, ctx),
      );
      return c.json(out(await platformParam(ctx, key)), 201);
    },
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "get",
      path: "/{id}",
      operationId: "getParam",
      tags,
      request: { params: ParamKeyParam },
      responses: { 200: answer(ParamSchema, "The parameter"), ...errors },
    }),
    async (c) => c.json(out(await platformParam(ctx, c.req.valid("param").id)), 200),
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "put",
      path: "/{id}",
      operationId: "updateParam",
      tags,
      request: { params: ParamKeyParam, ...body(ParamChange) },
      responses: { 200: answer(ParamSchema, "Changed"), ...errors },
    }),
    async (c) => {
      const key = c.req.valid("param").id;
      const { value, description } = c.req.valid("json");
      await runParams(ctx, { type: "ChangeParam", key, value, description }, commandMetadata(c, ctx));
      return c.json(out(await platformParam(ctx, key)), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "delete",
      path: "/{id}",
      operationId: "deleteParam",
      tags,
      request: { params: ParamKeyParam },
      responses: { 204: { description: "Removed" }, ...errors },
    }),
    async (c) => {
      await runParams(ctx, { type: "RemoveParam", key: c.req.valid("param").id }, commandMetadata(c, ctx));
      return c.body(null, 204);
    },
  );
  return app;
};

/** The kinds of organisation (French legal forms), for the organisation's forms. Mounted at /organizations. */
export const organisationTypeRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "get",
      path: "/types",
      operationId: "listOrganisationTypes",
      tags,
      responses: { 200: answer(OrganisationTypeList, "The legal forms, by INSEE code"), ...errors },
    }),
    (c) => c.json({ items: [...organisationTypes] }, 200),
  );
  return app;
};
