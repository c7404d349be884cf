import { Rights } from "@registre/core";
import type { AppContext } from "../context.ts";
import { storeLogo } from "../files/logos.ts";
import { accessRoute, right } from "../http/access.ts";
import { commandMetadata, resourceApp } from "../http/openapi.ts";
import { localeOf, ProblemError } from "../http/problem.ts";
import { problemResponses } from "../http/schemas.ts";
import { changeOrganisation, findOrganisation, runOrganisationCommands } from "../organisations.ts";
import { LogoUpload, Organisation, UpdateOrganisation } from "../schemas/organisations.ts";

/**
 * The signed-in organisation's own settings (/org/settings: orgname, orgmail and the fiscal settings)
 * and its logo. Mounted at /org.
 */
export const orgRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  const currentOrg = (orgId: string | null) => {
    if (!orgId) throw new ProblemError(404, "organisation.notFound");
    return orgId;
  };

  app.openapi(
    accessRoute(ctx, right("organization", Rights.read), {
      method: "get",
      path: "/",
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
      path: "/",
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
      upload: "image",
      method: "post",
      path: "/logo",
      operationId: "uploadOrganisationLogo",
      tags: ["Organisation"],
      request: {
        body: {
          content: {
            "multipart/form-data": {
              schema: LogoUpload,
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
      const logo = await storeLogo(
        ctx.files,
        orgId,
        new Uint8Array(await file.arrayBuffer()),
        ctx.uploadLimits.image.pixels,
      );
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
      path: "/logo",
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

  return app;
};
