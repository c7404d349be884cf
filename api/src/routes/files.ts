import type { AppContext } from "../context.ts";
import { readLogo } from "../files/logos.ts";
import { accessRoute, PUBLIC } from "../http/access.ts";
import { fileHeaders } from "../http/downloads.ts";
import { resourceApp } from "../http/openapi.ts";
import { ProblemError } from "../http/problem.ts";
import { problemResponses } from "../http/schemas.ts";
import { LogoFileParam } from "../schemas/organisations.ts";

/** Stored files served by name. Mounted at /files. */
export const fileRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  // Logos are shown in <img> tags, which send no bearer token: they are public, by unguessable
  // content-addressed names, and never change under a name.
  app.openapi(
    accessRoute(ctx, PUBLIC, {
      method: "get",
      path: "/logos/{orgId}/{file}",
      operationId: "getOrganisationLogoFile",
      tags: ["Organisation"],
      request: { params: LogoFileParam },
      responses: { 200: { description: "The image" }, ...problemResponses(404) },
    }),
    async (c) => {
      const { orgId, file } = c.req.valid("param");
      const found = await readLogo(ctx.files, orgId, file);
      if (!found) throw new ProblemError(404, "http.notFound");
      return c.body(found.body, 200, {
        ...fileHeaders(file, found.contentType),
        "cache-control": "public, max-age=31536000, immutable",
      });
    },
  );
  app.openapi(
    accessRoute(ctx, PUBLIC, {
      method: "get",
      path: "/avatars/{orgId}/{file}",
      operationId: "getContactAvatarFile",
      tags: ["Contacts"],
      request: { params: LogoFileParam },
      responses: { 200: { description: "The image" }, ...problemResponses(404) },
    }),
    async (c) => {
      const { orgId, file } = c.req.valid("param");
      const found = await readLogo(ctx.files, orgId, file, "avatars");
      if (!found) throw new ProblemError(404, "http.notFound");
      return c.body(found.body, 200, {
        ...fileHeaders(file, found.contentType),
        "cache-control": "public, max-age=31536000, immutable",
      });
    },
  );
  return app;
};
