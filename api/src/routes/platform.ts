import type { z } from "@hono/zod-openapi";
import type { AppContext } from "../context.ts";
import { accessRoute, PLATFORM } from "../http/access.ts";
import { resourceApp } from "../http/openapi.ts";
import { problemResponses } from "../http/schemas.ts";
import {
  findPlatformUser,
  listPlatformUsers,
  platformLogPage,
  platformUserOrganisations,
  requirePlatformOrganisation,
} from "../identity/platform.ts";
import { organisationMembers } from "../identity/queries.ts";
import { UuidParam } from "../schemas/common.ts";
import {
  LogList,
  LogQuery,
  PlatformMemberList,
  PlatformUser,
  PlatformUserList,
  PlatformUserOrganisationList,
  PlatformUserQuery,
} from "../schemas/platform.ts";

const errors = problemResponses(401, 403, 404);
const ok = <T extends z.ZodType>(schema: T, description: string) => ({
  200: { description, content: { "application/json": { schema } } },
  ...errors,
});
/** Platform administration of users, and the organisations' members and logs Mounted at /registre. */
export const platformRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "get",
      path: "/users",
      operationId: "listPlatformUsers",
      tags: ["Platform"],
      request: {
        query: PlatformUserQuery,
      },
      responses: ok(PlatformUserList, "Users, by name"),
    }),
    async (c) => {
      return c.json(await listPlatformUsers(ctx, c.req.valid("query")), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "get",
      path: "/users/{id}",
      operationId: "getPlatformUser",
      tags: ["Platform"],
      request: { params: UuidParam },
      responses: ok(PlatformUser, "The user"),
    }),
    async (c) => c.json(await findPlatformUser(ctx, c.req.valid("param").id), 200),
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "get",
      path: "/users/{id}/orgs",
      operationId: "listPlatformUserOrganisations",
      tags: ["Platform"],
      request: { params: UuidParam },
      responses: ok(PlatformUserOrganisationList, "The user's organisations"),
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await findPlatformUser(ctx, id);
      return c.json({ items: await platformUserOrganisations(ctx, id) }, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "get",
      path: "/users/{id}/logs",
      operationId: "listPlatformUserLogs",
      tags: ["Platform"],
      request: { params: UuidParam, query: LogQuery },
      responses: ok(LogList, "What the user did, newest first, a page at a time"),
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await findPlatformUser(ctx, id);
      return c.json(await platformLogPage(ctx, "user_id", id, c.req.valid("query").before), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "get",
      path: "/orgs/{id}/users",
      operationId: "listPlatformOrganisationUsers",
      tags: ["Platform"],
      request: { params: UuidParam },
      responses: ok(PlatformMemberList, "The organisation's members"),
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await requirePlatformOrganisation(ctx, id);
      return c.json({ items: await organisationMembers(ctx, id) }, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "get",
      path: "/orgs/{id}/logs",
      operationId: "listPlatformOrganisationLogs",
      tags: ["Platform"],
      request: { params: UuidParam, query: LogQuery },
      responses: ok(LogList, "Every event of the organisation, newest first, a page at a time"),
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await requirePlatformOrganisation(ctx, id);
      return c.json(await platformLogPage(ctx, "org_id", id, c.req.valid("query").before), 200);
    },
  );
  return app;
};
