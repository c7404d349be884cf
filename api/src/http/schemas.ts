import { z } from "@hono/zod-openapi";

export const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    code: z.string().openapi({ example: "organisation.invalidSiren" }),
    detail: z.string(),
    errors: z.array(z.object({ path: z.string(), code: z.string(), message: z.string() })).optional(),
  })
  .openapi("Problem");
