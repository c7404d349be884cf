import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppContext } from "../context.ts";
import { accessRoute, PUBLIC } from "../http/access.ts";

const Health = z
  .object({
    status: z.enum(["ok", "degraded"]),
    database: z.enum(["pglite", "postgres"]),
    events: z.number().int(),
    projections: z.array(
      z.object({
        name: z.string(),
        version: z.number().int(),
        generation: z.number().int(),
        lag: z.number().int(),
        status: z.enum(["running", "failed"]),
        error: z.string().nullable(),
        errorPosition: z.number().int().nullable(),
      }),
    ),
  })
  .openapi("Health");

export const healthRoutes = (ctx: AppContext) =>
  new OpenAPIHono().openapi(
    accessRoute(ctx, PUBLIC, {
      method: "get",
      path: "/",
      operationId: "health",
      tags: ["Operations"],
      responses: {
        200: {
          description: "Database kind, event count and each projector's lag",
          content: { "application/json": { schema: Health } },
        },
      },
    }),
    async (c) => {
      const [projections, events] = await Promise.all([
        ctx.runner.status(),
        ctx.store.countAfter({ txId: "0", position: 0 }),
      ]);
      return c.json(
        {
          status: projections.every((p) => p.status === "running") ? ("ok" as const) : ("degraded" as const),
          database: ctx.database.kind,
          events,
          projections: projections.map(({ checkpoint: _, ...p }) => p),
        },
        200,
      );
    },
  );
