import type { AppContext } from "../context.ts";
import { accessRoute, PLATFORM } from "../http/access.ts";
import { resourceApp } from "../http/openapi.ts";
import { ProblemError } from "../http/problem.ts";
import { problemResponses } from "../http/schemas.ts";
import { readModelStates } from "../read-models.ts";
import { NameParam, ReadModelList, ResumeInput, ResumeResult } from "../schemas/projections.ts";

/**
 * Platform administration of the read models and the reactors: each one's state and the organisations it
 * is stopped for; `resume` once a fix is deployed. Mounted at /registre/projections.
 */
export const projectionRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "get",
      path: "/",
      operationId: "listReadModels",
      tags: ["Platform"],
      responses: {
        200: {
          description: "Every read model, with the organisations it is stopped for",
          content: { "application/json": { schema: ReadModelList } },
        },
        ...problemResponses(401, 403),
      },
    }),
    async (c) => {
      const items = await readModelStates(ctx);
      const status = items.every((i) => i.status === "running") ? ("ok" as const) : ("degraded" as const);
      return c.json({ status, items }, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "post",
      path: "/{name}/resume",
      operationId: "resumeReadModel",
      tags: ["Platform"],
      request: {
        params: NameParam,
        body: {
          content: { "application/json": { schema: ResumeInput } },
          required: true,
        },
      },
      responses: {
        200: {
          description:
            "The organisations whose held events were applied, and those that failed again (at their new event)",
          content: { "application/json": { schema: ResumeResult } },
        },
        ...problemResponses(401, 403, 404, 422),
      },
    }),
    async (c) => {
      const { name } = c.req.valid("param");
      const { orgId } = c.req.valid("json");
      if (![...ctx.runner.projectors, ...ctx.runner.reactors].some((p) => p.name === name))
        throw new ProblemError(404, "projection.notFound", { name });
      const outcome = await ctx.runner.resume(name, orgId);
      const states = await readModelStates(ctx);
      const failures = states.find((s) => s.name === name)?.failures ?? [];
      const failedAgain = new Set(outcome.failed.map((f) => f.orgId));
      return c.json(
        { resumed: outcome.resumed, failed: failures.filter((f) => failedAgain.has(f.orgId)) },
        200,
      );
    },
  );
  return app;
};
