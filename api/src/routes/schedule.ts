import { readSchedule } from "@registre/projections";
import type { AppContext } from "../context.ts";
import { accessRoute, PLATFORM } from "../http/access.ts";
import { resourceApp } from "../http/openapi.ts";
import { problemResponses } from "../http/schemas.ts";
import { ScheduledJobList } from "../schemas/schedule.ts";

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * Platform administration of the schedule: each time-driven job's last run, its outcome and its next
 * run, whichever server ran it. Mounted at /registre/schedule.
 */
export const scheduleRoutes = (ctx: AppContext) =>
  resourceApp().openapi(
    accessRoute(ctx, PLATFORM, {
      method: "get",
      path: "/",
      operationId: "listScheduledJobs",
      tags: ["Platform"],
      responses: {
        200: {
          description: "The schedule's jobs, by name",
          content: { "application/json": { schema: ScheduledJobList } },
        },
        ...problemResponses(401, 403),
      },
    }),
    async (c) => {
      const jobs = await readSchedule(ctx.database);
      return c.json(
        {
          items: jobs.map((j) => ({
            ...j,
            nextRunAt: j.nextRunAt.toISOString(),
            lastStartedAt: iso(j.lastStartedAt),
            lastFinishedAt: iso(j.lastFinishedAt),
          })),
        },
        200,
      );
    },
  );
