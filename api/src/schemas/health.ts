import { z } from "@hono/zod-openapi";

/** The server's health (/api/health). */
export const Health = z
  .object({
    status: z.enum(["ok", "degraded"]),
    database: z.enum(["pglite", "postgres"]),
    events: z.number().int(),
    projections: z.array(
      z.object({
        name: z.string(),
        kind: z.enum(["projector", "reactor"]).openapi({
          description:
            "projector: a read model; reactor: follows the log to act (commands, the outside world)",
        }),
        version: z.number().int(),
        generation: z.number().int(),
        lag: z.number().int(),
        status: z.enum(["running", "degraded", "stalled"]).openapi({
          description:
            "degraded: stopped for some organisations (listed in failures); stalled: its position has not moved for a while though the log is ahead (its catch-up is started again)",
        }),
        failures: z
          .array(
            z.object({
              orgId: z.uuid(),
              position: z.number().int(),
              name: z.string().nullable().optional(),
              error: z.string().optional(),
            }),
          )
          .openapi({
            description:
              "The organisations this projector is stopped for, at the event it failed on; their name and the error to a platform administrator only",
          }),
      }),
    ),
  })
  .openapi("Health");
