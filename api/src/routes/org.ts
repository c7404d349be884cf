import { OpenAPIHono } from "@hono/zod-openapi";
import { Rights } from "@registre/core";
import type { AppContext } from "../context.ts";
import { accessRoute, right } from "../http/access.ts";
import { commandMetadata, validationHook } from "../http/openapi.ts";
import { ProblemError } from "../http/problem.ts";
import { problemResponses } from "../http/schemas.ts";
import type { AuthEnv } from "../identity/auth.ts";
import { changeOrganisation, findOrganisation, Organisation, UpdateOrganisation } from "./organisations.ts";

/** The signed-in organisation's own settings (/org/settings: orgname, orgmail and the fiscal settings). */
export const orgRoutes = (ctx: AppContext) => {
  const app = new OpenAPIHono<AuthEnv>({ defaultHook: validationHook });
  const currentOrg = (orgId: string | null) => {
    if (!orgId) throw new ProblemError(404, "organisation.notFound");
    return orgId;
  };

  app.openapi(
    accessRoute(ctx, right("organization", Rights.read), {
      method: "get",
      path: "/org",
      operationId: "getCurrentOrganisation",
      tags: ["Organisation"],
      responses: {
        200: {
          description: "The organisation of the session",
          content: { "application/json": { schema: Organisation } },
        },
        ...problemResponses(401, 403),
      },
    }),
    async (c) => c.json(await findOrganisation(ctx, currentOrg(c.get("session").orgId)), 200),
  );

  app.openapi(
    accessRoute(ctx, right("organization", Rights.update), {
      method: "put",
      path: "/org",
      operationId: "updateCurrentOrganisation",
      tags: ["Organisation"],
      request: { body: { content: { "application/json": { schema: UpdateOrganisation } }, required: true } },
      responses: {
        200: { description: "Updated", content: { "application/json": { schema: Organisation } } },
        ...problemResponses(401, 403, 422),
      },
    }),
    async (c) => {
      const orgId = currentOrg(c.get("session").orgId);
      await changeOrganisation(ctx, orgId, c.req.valid("json"), {
        ...commandMetadata(c, ctx),
        userId: c.get("session").userId,
      });
      return c.json(await findOrganisation(ctx, orgId), 200);
    },
  );
  return app;
};
