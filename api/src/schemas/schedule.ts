import { z } from "@hono/zod-openapi";

/** The schedule's jobs, for the platform's administrators (/api/registre/schedule). */
export const ScheduledJob = z
  .object({
    name: z.string().openapi({ example: "reminders" }),
    nextRunAt: z
      .string()
      .openapi({ description: "When it runs next, on whichever server holds its lock then" }),
    lastStartedAt: z.string().nullable(),
    lastFinishedAt: z.string().nullable(),
    lastOutcome: z.enum(["ok", "failed"]).nullable(),
    lastSummary: z.string().nullable().openapi({ description: "What the last run did" }),
    lastError: z.string().nullable().openapi({ description: "Why the last run failed" }),
    runs: z.number().int(),
    failures: z.number().int(),
    running: z.boolean().openapi({ description: "Started and not finished" }),
  })
  .openapi("ScheduledJob");

export const ScheduledJobList = z.object({ items: z.array(ScheduledJob) });
