import type { AppContext } from "../context.ts";
import { accessRoute, SESSION } from "../http/access.ts";
import { resourceApp, sessionOrg } from "../http/openapi.ts";
import { ProblemError } from "../http/problem.ts";
import { answer, errors } from "../schemas/common.ts";
import { ProgressKeyParam, UploadProgress } from "../schemas/uploads.ts";
import { readProgress } from "../uploads/progress.ts";

/** How far an import the organisation sent has gone. Mounted at /uploads. */
export const uploadRoutes = (ctx: AppContext) =>
  resourceApp().openapi(
    accessRoute(ctx, SESSION, {
      method: "get",
      path: "/progress/{key}",
      operationId: "uploadProgress",
      tags: ["Operations"],
      description:
        "The progress of a long import (contacts, items, a statement, a FEC) while its request runs, by the " +
        "Idempotency-Key it was sent with: its phase, and how many of how many rows are done. 404 before its " +
        "first report, and a day after its last.",
      request: { params: ProgressKeyParam },
      responses: { 200: answer(UploadProgress, "Where the import stands"), ...errors },
    }),
    async (c) => {
      const progress = await readProgress(ctx.database, sessionOrg(c), c.req.valid("param").key);
      if (!progress) throw new ProblemError(404, "upload.progressUnknown");
      return c.json({ ...progress, updatedAt: progress.updatedAt.toISOString() }, 200);
    },
  );
