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
export const ReconcileInput = z
  .object({
    /** Lines of another entry on one of this entry's accounts: lettered with this entry's line(s) there. */
    lines: z.array(LineRef).min(1).max(10_000).optional(),
    /** Bank statement lines: each matched to this entry's line on the statement's bank (512) account. */
    statementLines: z
      .array(z.object({ statementId: z.uuid(), no: z.number().int().min(1).max(1_000_000) }))
      .min(1)
      .max(1000)
      .optional(),
  })
  .refine((b) => b.lines !== undefined || b.statementLines !== undefined, {
    message: "lines or statementLines",
    path: ["lines"],
  })
  .openapi("ReconcileInput");
export const LetteringSet = z.object({ account: z.string(), code: z.string() });
export const EntryReconciliation = z
  .object({
    account: z.string(),
    /** The lettering code, when lines were lettered. */
    code: z.string().nullable(),
    /** The statement lines matched to the entry. */
    statementLines: z.array(
      z.object({ statementId: z.string(), no: z.number().int(), line: z.number().int() }),
    ),
  })
  .openapi("EntryReconciliation");
