import { z } from "@hono/zod-openapi";
import { problemResponses } from "../http/schemas.ts";

/** What the accounting routes share: error answers, bodies, amounts, days, ids. */
export const errors = problemResponses(401, 403, 404, 409, 422);
export const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});
export const answer = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

export const Cents = z
  .number()
  .int()
  .min(0)
  .max(Number.MAX_SAFE_INTEGER)
  .openapi({ description: "Integer cents" });
export const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .openapi({ example: "2025-01-31" });

export const IdParam = z.object({
  id: z
    .string()
    .max(40)
    .openapi({ param: { name: "id", in: "path" } }),
});
/** Core results are deeply readonly; the JSON answer is the same value. */
export const plain = <T>(value: unknown): T => value as T;
