import type { AppContext } from "../context.ts";
import { accessRoute, SESSION } from "../http/access.ts";
import { commandMetadata, resourceApp } from "../http/openapi.ts";
import { releaseNews, seeReleases } from "../reference/releases.ts";
import { answer, body, errors } from "../schemas/common.ts";
import { ReleaseNews, ReleasesSeen } from "../schemas/releases.ts";

const tags = ["Dashboard"];

/**
 * What a member reads of the release notes (/releases; the screen /org/dashboard/releases): the
 * published notes with what is new since their last visit, and the visit recorded.
 */
export const releaseNewsRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "get",
      path: "/",
      operationId: "listReleaseNews",
      tags,
      responses: {
        200: answer(ReleaseNews, "The published notes, newest first, those new since the last visit marked"),
        ...errors,
      },
    }),
    async (c) => c.json(await releaseNews(ctx, c.get("session").userId), 200),
  );

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "post",
      path: "/seen",
      operationId: "seeReleases",
      tags,
      request: body(ReleasesSeen),
      responses: { 204: { description: "Recorded (nothing when nothing was new)" }, ...errors },
    }),
    async (c) => {
      const userId = c.get("session").userId;
      await seeReleases(ctx, userId, c.req.valid("json").upTo, commandMetadata(c, ctx));
      return c.body(null, 204);
    },
  );
  return app;
};
