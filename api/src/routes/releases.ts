import { PLATFORM_ORG } from "@registre/core";
import type { Context } from "hono";
import { alreadyAppended } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { accessRoute, PLATFORM, SESSION } from "../http/access.ts";
import { commandMetadata, resourceApp } from "../http/openapi.ts";
import type { AuthEnv } from "../identity/auth.ts";
import { isPlatformAdmin } from "../identity/queries.ts";
import { derivedId } from "../ids.ts";
import { findRelease, listReleases, runReleases } from "../reference/releases.ts";
import { answer, body, errors, UuidParam } from "../schemas/common.ts";
import { Release, ReleaseChange, ReleaseInput, ReleaseList } from "../schemas/releases.ts";

const tags = ["Platform"];

/** Whether the caller sees drafts: the platform administrator only. */
const seesDrafts = (ctx: AppContext, c: Context<AuthEnv>) => isPlatformAdmin(ctx, c.get("session").userId);

/**
 * The product's release notes, mounted at /registre/releases (the spec's /{product}/releases): read by
 * everyone signed in (the published ones; drafts too for the platform administrator), written by the
 * platform administrator, every change an event of the `releases` stream.
 */
export const releaseRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "get",
      path: "/",
      operationId: "listReleases",
      tags,
      responses: {
        200: answer(ReleaseList, "The notes, newest first: drafts too for the platform administrator"),
        ...errors,
      },
    }),
    async (c) => c.json(await listReleases(ctx, await seesDrafts(ctx, c)), 200),
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "post",
      path: "/",
      operationId: "createRelease",
      tags,
      request: body(ReleaseInput),
      responses: { 201: answer(Release, "Written"), ...errors },
    }),
    async (c) => {
      const metadata = commandMetadata(c, ctx);
      const id = derivedId(metadata.commandId, "release");
      const { published, ...note } = c.req.valid("json");
      await runReleases(ctx, { type: "WriteReleaseNote", id, note, published, at: metadata.at }, metadata);
      return c.json(await findRelease(ctx, id, true), 201);
    },
  );

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "get",
      path: "/{id}",
      operationId: "getRelease",
      tags,
      request: { params: UuidParam },
      responses: { 200: answer(Release, "The note (a draft: the platform administrator only)"), ...errors },
    }),
    async (c) => c.json(await findRelease(ctx, c.req.valid("param").id, await seesDrafts(ctx, c)), 200),
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "put",
      path: "/{id}",
      operationId: "updateRelease",
      tags,
      request: { params: UuidParam, ...body(ReleaseChange) },
      responses: { 200: answer(Release, "Changed, published or back to a draft"), ...errors },
    }),
    async (c) => {
      const metadata = commandMetadata(c, ctx);
      const { id } = c.req.valid("param");
      const { published, ...change } = c.req.valid("json");
      await runReleases(ctx, { type: "ChangeReleaseNote", id, change, published, at: metadata.at }, metadata);
      return c.json(await findRelease(ctx, id, true), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "delete",
      path: "/{id}",
      operationId: "deleteRelease",
      tags,
      request: { params: UuidParam },
      responses: { 204: { description: "Removed" }, ...errors },
    }),
    async (c) => {
      const metadata = commandMetadata(c, ctx);
      if (await alreadyAppended(ctx, PLATFORM_ORG, metadata)) return c.body(null, 204);
      await runReleases(ctx, { type: "RemoveReleaseNote", id: c.req.valid("param").id }, metadata);
      return c.body(null, 204);
    },
  );
  return app;
};
