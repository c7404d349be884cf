import { z } from "@hono/zod-openapi";
import { ProjectorName, pathParams } from "./ids.ts";

/** The read models, for the platform's administrators (/api/registre/projections). */
export const FailedOrganisation = z
  .object({
    orgId: z.uuid(),
    name: z.string().nullable(),
    position: z.number().int(),
    txId: z.string(),
    orgSeq: z.number().int(),
    error: z.string(),
    failedAt: z.string(),
    attempts: z
      .number()
      .int()
      .openapi({ description: "Failures in a row at that event (a reactor's tries)" }),
    retryAt: z.string().nullable().openapi({
      description: "When a reactor tries again by itself; null for a read model, which waits for resume",
    }),
  })
  .openapi("FailedOrganisation");

export const ReadModel = z
  .object({
    name: z.string(),
    kind: z.enum(["projector", "reactor"]).openapi({
      description: "projector: a read model; reactor: acts on the log (commands, the outside world)",
    }),
    version: z.number().int(),
    generation: z.number().int(),
    status: z.enum(["running", "degraded", "stalled"]).openapi({
      description:
        "degraded: stopped for some organisations (listed in failures); stalled: its position has not moved for a while though the log is ahead (its catch-up is started again)",
    }),
    lag: z.number().int(),
    failures: z.array(FailedOrganisation),
  })
  .openapi("ReadModel");

export const NameParam = pathParams({ name: ProjectorName });

export const ReadModelList = z.object({ status: z.enum(["ok", "degraded"]), items: z.array(ReadModel) });
export const ResumeInput = z.object({
  orgId: z.uuid().optional().openapi({ description: "Only this organisation; every failed one when absent" }),
});
export const ResumeResult = z.object({ resumed: z.array(z.uuid()), failed: z.array(FailedOrganisation) });
