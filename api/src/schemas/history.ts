import { z } from "@hono/zod-openapi";
import { CentsOut, Day } from "./common.ts";
import { TrialBalance } from "./reports.ts";

export const HistoryQuery = z
  .object({
    at: z.iso.datetime({ offset: true }).optional().openapi({
      description: "The moment (ISO-8601 date and time); or `position`",
      example: "2026-03-31T18:00:00Z",
    }),
    position: z.coerce.number().int().min(0).optional().openapi({
      description:
        "The moment as a place in the log: the books up to the event at this position (an entry's history gives it)",
      example: 1234,
    }),
    start: Day.optional().openapi({ description: "Only entries dated from this day" }),
    end: Day.optional().openapi({ description: "Only entries dated up to this day" }),
  })
  .refine((q) => !q.start || !q.end || q.start <= q.end, { path: ["end"], message: "end before start" })
  .refine((q) => (q.at === undefined) !== (q.position === undefined), {
    path: ["at"],
    message: "a moment: at or position, one of them",
  });

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
    at: z
      .string()
      .nullable()
      .openapi({ description: "The moment, or when the event at `position` was recorded" }),
    position: z
      .number()
      .int()
      .openapi({ description: "The organisation's last event at the moment (0 before any)" }),
    trialBalance: TrialBalance,
    validated: z.number().int(),
    drafts: z.object({ count: z.number().int(), debit: CentsOut, credit: CentsOut }),
    changedSince: z
      .array(LedgerChange)
      .openapi({ description: "The first 200 changes recorded after the moment" }),
    changesTotal: z
      .number()
      .int()
      .openapi({ description: "How many changes were recorded after the moment" }),
  })
  .openapi("LedgerHistory", {
    description:
      "The ledger as it stood at a moment, folded from the event log (validated entries in the trial balance, drafts counted apart), and what was recorded after",
  });
