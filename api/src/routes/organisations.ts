import type { AppContext } from "../context.ts";
import { accessRoute, PLATFORM } from "../http/access.ts";
import { commandMetadata, resourceApp } from "../http/openapi.ts";
import { localeOf } from "../http/problem.ts";
import { problemResponses } from "../http/schemas.ts";
import {
  changeOrganisation,
  createOrganisation,
  findOrganisation,
  listOrganisations,
  organisationHistory,
} from "../organisations.ts";
import { UuidParam } from "../schemas/common.ts";
import {
  CreateOrganisation,
  Organisation,
  OrganisationHistory,
  OrganisationList,
  OrganisationListQuery,
  UpdateOrganisation,
} from "../schemas/organisations.ts";

const errors = problemResponses(404, 409, 422);

/** Platform administration of organisations, mounted at /registre/orgs (spec section 7, platform). */
export const organisationRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "get",
      path: "/",
      operationId: "listOrganisations",
      tags: ["Organisations"],
      request: { query: OrganisationListQuery },
      responses: {
        200: {
          description: "Organisations, by name",
          content: { "application/json": { schema: OrganisationList } },
        },
      },
    }),
    async (c) => {
      return c.json(await listOrganisations(ctx, c.req.valid("query")), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "post",
      path: "/",
      operationId: "createOrganisation",
      tags: ["Organisations"],
      request: { body: { content: { "application/json": { schema: CreateOrganisation } }, required: true } },
      responses: {
        201: { description: "Created", content: { "application/json": { schema: Organisation } } },
        ...errors,
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const orgId = await createOrganisation(ctx, body, commandMetadata(c, ctx));
      return c.json(await findOrganisation(ctx, orgId), 201);
    },
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "get",
      path: "/{id}",
      operationId: "getOrganisation",
      tags: ["Organisations"],
      request: { params: UuidParam },
      responses: {
        200: { description: "The organisation", content: { "application/json": { schema: Organisation } } },
        ...errors,
      },
    }),
    async (c) => c.json(await findOrganisation(ctx, c.req.valid("param").id), 200),
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "put",
      path: "/{id}",
      operationId: "updateOrganisation",
      tags: ["Organisations"],
      request: {
        params: UuidParam,
        body: { content: { "application/json": { schema: UpdateOrganisation } }, required: true },
      },
      responses: {
        200: { description: "Updated", content: { "application/json": { schema: Organisation } } },
        ...errors,
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await findOrganisation(ctx, id);
      await changeOrganisation(ctx, id, c.req.valid("json"), commandMetadata(c, ctx), localeOf(c));
      return c.json(await findOrganisation(ctx, id), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "get",
      path: "/{id}/history",
      operationId: "getOrganisationHistory",
      tags: ["Organisations"],
      request: { params: UuidParam },
      responses: {
        200: {
          description: "Who did what when on the organisation, newest first",
          content: { "application/json": { schema: OrganisationHistory } },
        },
        ...errors,
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await findOrganisation(ctx, id);
      return c.json({ items: await organisationHistory(ctx, id) }, 200);
    },
  );

  return app;
};
