import { organisationStreamId } from "@registre/core";
import { readModels } from "@registre/projections";
import type { AppContext } from "../context.ts";
import { accessRoute, PLATFORM } from "../http/access.ts";
import { commandMetadata, resourceApp } from "../http/openapi.ts";
import { localeOf } from "../http/problem.ts";
import { problemResponses } from "../http/schemas.ts";
import {
  changeOrganisation,
  createOrganisation,
  findOrganisation,
  toOrganisation,
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
      const { q, limit, offset } = c.req.valid("query");
      let query = readModels(ctx.database).selectFrom("organisations");
      if (q) {
        const pattern = `%${q.toLowerCase().replace(/[%_\\]/g, "\\$&")}%`;
        query = query.where((eb) =>
          eb.or([eb(eb.fn("lower", ["name"]), "like", pattern), eb("siren", "like", pattern)]),
        );
      }
      const [rows, count] = await Promise.all([
        query.selectAll().orderBy("name").orderBy("org_id").limit(limit).offset(offset).execute(),
        query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      ]);
      return c.json({ items: rows.map(toOrganisation), total: Number(count.n) }, 200);
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
      const rows = await readModels(ctx.database)
        .selectFrom("stream_history")
        .selectAll()
        .where("org_id", "=", id)
        .where("stream_id", "=", organisationStreamId(id))
        .orderBy("version", "desc")
        .execute();
      return c.json(
        {
          items: rows.map((r) => ({
            streamId: r.stream_id,
            version: r.version,
            type: r.type,
            at: new Date(r.at).toISOString(),
            userId: r.user_id,
            summary: (r.data ?? {}) as Record<string, unknown>,
          })),
        },
        200,
      );
    },
  );

  return app;
};
