import { z } from "@hono/zod-openapi";
import { LineRef } from "./common.ts";

/** Lettering (/api/accounting/entries/mark, unmark, {id}/reconcile). */
export const LetterInput = z.object({
  lines: z.array(LineRef).min(2).max(10_000),
});
export const UnletterInput = z.object({
  account: z.string().max(20),
  code: z.string().regex(/^[A-Za-z]{2,6}$/),
});
export const ReconcileInput = z.object({
  lines: z.array(LineRef).min(1).max(10_000),
});
export const LetteringSet = z.object({ account: z.string(), code: z.string() });
