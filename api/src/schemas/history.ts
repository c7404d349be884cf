import { z } from "@hono/zod-openapi";
import { CentsOut, Day } from "./common.ts";
import { TrialBalance } from "./reports.ts";

export const HistoryQuery = z
  .object({
    at: z.iso
      .datetime({ offset: true })
      .openapi({ description: "The moment (ISO-8601 date and time)", example: "2026-03-31T18:00:00Z" }),
    start: Day.optional().openapi({ description: "Only entries dated from this day" }),
    end: Day.optional().openapi({ description: "Only entries dated up to this day" }),
  })
  .refine((q) => !q.start || !q.end || q.start <= q.end, { path: ["end"], message: "end before start" });

export const LedgerChange = z
  .object({
    kind: z.enum(["added", "reversed", "changed", "deleted", "validated", "lettered", "unlettered"]),
    position: z.number().int(),
    at: z.string(),
    userId: z.string().nullable(),
    mvt: z.string().nullable(),
    number: z.string().nullable(),
    journal: z.string().nullable(),
    date: z.string().nullable(),
    label: z.string().nullable(),
    reverses: z.string().nullable(),
    account: z.string().nullable(),
    code: z.string().nullable(),
    lines: z.number().int().nullable(),
  })
  .openapi("LedgerChange");

export const LedgerHistory = z
  .object({
    at: z.string(),
    position: z.number().int(),
    trialBalance: TrialBalance,
    validated: z.number().int(),
    drafts: z.object({ count: z.number().int(), debit: CentsOut, credit: CentsOut }),
    changedSince: z.array(LedgerChange),
  })
  .openapi("LedgerHistory", {
    description:
      "The ledger as it stood at a moment, folded from the event log (validated entries in the trial balance, drafts counted apart), and what was recorded after",
  });
