import { z } from "@hono/zod-openapi";

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
  })
  .openapi("FailedOrganisation");

export const ReadModel = z
  .object({
    name: z.string(),
    version: z.number().int(),
    generation: z.number().int(),
    status: z.enum(["running", "degraded"]),
    lag: z.number().int(),
    failures: z.array(FailedOrganisation),
  })
  .openapi("ReadModel");

export const NameParam = z.object({
  name: z
    .string()
    .max(100)
    .openapi({ param: { name: "name", in: "path" }, example: "ledger" }),
});

export const ReadModelList = z.object({ status: z.enum(["ok", "degraded"]), items: z.array(ReadModel) });
export const ResumeInput = z.object({
  orgId: z.uuid().optional().openapi({ description: "Only this organisation; every failed one when absent" }),
});
export const ResumeResult = z.object({ resumed: z.array(z.uuid()), failed: z.array(FailedOrganisation) });
