import type { Context } from "hono";
import type { AppContext } from "../context.ts";
import { accessRoute, PUBLIC } from "../http/access.ts";
import { resourceApp } from "../http/openapi.ts";
import { isPlatformAdmin } from "../identity/queries.ts";
import { findSession } from "../identity/sessions.ts";
import { readModelStates } from "../read-models.ts";
import { Health } from "../schemas/health.ts";

/** A platform administrator's bearer token, if the request carries one: health is public otherwise. */
const platformAdmin = async (ctx: AppContext, c: Context): Promise<boolean> => {
  const token = c.req.header("authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!token) return false;
  const session = await findSession(ctx.database, token, ctx.clock());
  if (!session) return false;
  return isPlatformAdmin(ctx, session.userId);
};

/** The server's health: the database, the log, the read models. Mounted at /health. */
export const healthRoutes = (ctx: AppContext) =>
  resourceApp().openapi(
    accessRoute(ctx, PUBLIC, {
      method: "get",
      path: "/",
      operationId: "health",
      tags: ["Operations"],
      responses: {
        200: {
          description:
            "Database kind, event count, each projector's and reactor's lag and the organisations it is stopped for",
          content: { "application/json": { schema: Health } },
        },
      },
    }),
    async (c) => {
      const [projections, events, admin] = await Promise.all([
        readModelStates(ctx),
        ctx.store.countAfter({ txId: "0", position: 0 }),
        platformAdmin(ctx, c),
      ]);
      return c.json(
        {
          status: projections.every((p) => p.status === "running") ? ("ok" as const) : ("degraded" as const),
          database: ctx.database.kind,
          events,
          // Another tenant's name and the error text (which may quote its data) are not for everyone.
          projections: projections.map(({ failures, name, kind, version, generation, lag, status }) => ({
            name,
            kind,
            version,
            generation,
            lag,
            status,
            failures: failures.map((f) =>
              admin
                ? { orgId: f.orgId, position: f.position, name: f.name, error: f.error }
                : { orgId: f.orgId, position: f.position },
            ),
          })),
        },
        200,
      );
    },
  );
