import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppContext } from "../context.ts";
import { accessRoute, PLATFORM } from "../http/access.ts";
import { validationHook } from "../http/openapi.ts";
import { ProblemError } from "../http/problem.ts";
import { problemResponses } from "../http/schemas.ts";
import type { AuthEnv } from "../identity/auth.ts";
import { readModelStates } from "../read-models.ts";

const FailedOrganisation = z
  .object({
    orgId: z.uuid(),
    name: z.string().nullable(),
    position: z.number().int(),
    txId: z.string(),
    orgSeq: z.number().int(),
    error: z.string(),
    failedAt: z.string(),
  })
  .openapi("FailedOrganisation");

const ReadModel = z
  .object({
    name: z.string(),
    version: z.number().int(),
    generation: z.number().int(),
    status: z.enum(["running", "degraded"]),
    lag: z.number().int(),
    failures: z.array(FailedOrganisation),
  })
  .openapi("ReadModel");

const NameParam = z.object({
  name: z
    .string()
    .max(100)
    .openapi({ param: { name: "name", in: "path" }, example: "ledger" }),
});

/**
 * Platform administration of the read models (/api/registre/projections): each projector's state and
 * the organisations it is stopped for; `resume` once a fix is deployed.
 */
export const projectionRoutes = (ctx: AppContext) => {
  const app = new OpenAPIHono<AuthEnv>({ defaultHook: validationHook });

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "get",
      path: "/registre/projections",
      operationId: "listReadModels",
      tags: ["Platform"],
      responses: {
        200: {
          description: "Every read model, with the organisations it is stopped for",
          content: {
            "application/json": {
              schema: z.object({ status: z.enum(["ok", "degraded"]), items: z.array(ReadModel) }),
            },
          },
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
      path: "/registre/projections/{name}/resume",
      operationId: "resumeReadModel",
      tags: ["Platform"],
      request: {
        params: NameParam,
        body: {
          content: {
            "application/json": {
              schema: z.object({
                orgId: z
                  .uuid()
                  .optional()
                  .openapi({ description: "Only this organisation; every failed one when absent" }),
              }),
            },
          },
          required: true,
        },
      },
      responses: {
        200: {
          description:
            "The organisations whose held events were applied, and those that failed again (at their new event)",
          content: {
            "application/json": {
              schema: z.object({ resumed: z.array(z.uuid()), failed: z.array(FailedOrganisation) }),
            },
          },
        },
        ...problemResponses(401, 403, 404, 422),
      },
    }),
    async (c) => {
      const { name } = c.req.valid("param");
      const { orgId } = c.req.valid("json");
      if (!ctx.runner.projectors.some((p) => p.name === name))
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
