import { OpenAPIHono, z } from "@hono/zod-openapi";
import { Rights } from "@registre/core";
import type { AppContext } from "../context.ts";
import { readLogo, storeLogo } from "../files/logos.ts";
import { accessRoute, PUBLIC, right } from "../http/access.ts";
import { commandMetadata, validationHook } from "../http/openapi.ts";
import { localeOf, ProblemError } from "../http/problem.ts";
import { problemResponses } from "../http/schemas.ts";
import type { AuthEnv } from "../identity/auth.ts";
import { runOrganisationCommands } from "../organisations.ts";
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
      await changeOrganisation(ctx, orgId, c.req.valid("json"), commandMetadata(c, ctx), localeOf(c));
      return c.json(await findOrganisation(ctx, orgId), 200);
    },
  );
  app.openapi(
    accessRoute(ctx, right("organization", Rights.update), {
      method: "post",
      path: "/org/logo",
      operationId: "uploadOrganisationLogo",
      tags: ["Organisation"],
      request: {
        body: {
          content: {
            "multipart/form-data": {
              schema: z.object({
                file: z
                  .custom<File>((v) => v instanceof File)
                  .openapi({
                    type: "string",
                    format: "binary",
                    description: "PNG, JPEG, WebP or GIF, 2 MB at most",
                  }),
              }),
            },
          },
          required: true,
        },
      },
      responses: {
        200: {
          description: "The organisation with its new logo",
          content: { "application/json": { schema: Organisation } },
        },
        ...problemResponses(401, 403, 422),
      },
    }),
    async (c) => {
      const orgId = currentOrg(c.get("session").orgId);
      const file = c.req.valid("form").file;
      const logo = await storeLogo(ctx.filesDir, orgId, new Uint8Array(await file.arrayBuffer()));
      await runOrganisationCommands(
        ctx,
        orgId,
        [{ type: "ChangeOrganisationLogo", data: { logo } }],
        commandMetadata(c, ctx),
      );
      return c.json(await findOrganisation(ctx, orgId), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("organization", Rights.update), {
      method: "delete",
      path: "/org/logo",
      operationId: "removeOrganisationLogo",
      tags: ["Organisation"],
      responses: {
        204: { description: "The organisation has no logo any more" },
        ...problemResponses(401, 403),
      },
    }),
    async (c) => {
      const orgId = currentOrg(c.get("session").orgId);
      await runOrganisationCommands(
        ctx,
        orgId,
        [{ type: "ChangeOrganisationLogo", data: { logo: null } }],
        commandMetadata(c, ctx),
      );
      return c.body(null, 204);
    },
  );

  // Logos are shown in <img> tags, which send no bearer token: they are public, by unguessable
  // content-addressed names, and never change under a name.
  app.openapi(
    accessRoute(ctx, PUBLIC, {
      method: "get",
      path: "/files/logos/{orgId}/{file}",
      operationId: "getOrganisationLogoFile",
      tags: ["Organisation"],
      request: { params: z.object({ orgId: z.string(), file: z.string() }) },
      responses: { 200: { description: "The image" }, ...problemResponses(404) },
    }),
    async (c) => {
      const { orgId, file } = c.req.valid("param");
      const found = await readLogo(ctx.filesDir, orgId, file);
      if (!found) throw new ProblemError(404, "http.notFound");
      return c.body(new Uint8Array(found.body), 200, {
        "content-type": found.contentType,
        "cache-control": "public, max-age=31536000, immutable",
      });
    },
  );
  return app;
};
