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
    page: z.coerce
      .number()
      .int()
      .min(1)
      .max(1_000_000)
      .default(1)
      .openapi({ description: "The page of the changes recorded since (from 1)" }),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(200)
      .default(50)
      .openapi({ description: "The changes a page lists" }),
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
    who: z.string().nullable().openapi({ description: "The member's name (null: the system, or unknown)" }),
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
      .openapi({ description: "A page of the changes recorded after the moment, in the log's order" }),
    changesTotal: z
      .number()
      .int()
      .openapi({ description: "How many changes were recorded after the moment" }),
    changesPage: z.number().int().openapi({ description: "The page of the changes listed (from 1)" }),
    changesLimit: z.number().int().openapi({ description: "The changes a page lists" }),
  })
  .openapi("LedgerHistory", {
    description:
      "The ledger as it stood at a moment, folded from the event log (validated entries in the trial balance, drafts counted apart), and what was recorded after",
  });

const moment = {
  at: z.iso
    .datetime({ offset: true })
    .optional()
    .openapi({ description: "The moment (ISO-8601); or `position`" }),
  position: z.coerce
    .number()
    .int()
    .min(0)
    .optional()
    .openapi({ description: "The moment as a place in the log (an event's position)" }),
};
const oneMoment = (q: { at?: string | undefined; position?: number | undefined }) =>
  q.at === undefined || q.position === undefined;

export const EntryHistoryQuery = z
  .object(moment)
  .refine(oneMoment, { path: ["at"], message: "a moment: at or position, not both" });

export const EntryStep = z
  .object({
    kind: z.enum(["drafted", "changed", "deleted", "validated", "lettered", "unlettered", "reversedBy"]),
    position: z.number().int(),
    at: z.string(),
    userId: z.string().nullable(),
    who: z.string().nullable().openapi({ description: "The member's name (null: the system, or unknown)" }),
    after: z.boolean().openapi({ description: "Recorded after the moment asked for" }),
    number: z.string().nullable(),
    origin: z.string().nullable(),
    reverses: z.string().nullable(),
    fields: z.array(z.enum(["journal", "date", "pieceRef", "pieceDate", "label", "lines"])),
    debit: CentsOut.nullable(),
    credit: CentsOut.nullable(),
    account: z.string().nullable(),
    code: z.string().nullable(),
    by: z.string().nullable(),
  })
  .openapi("EntryStep");

export const EntryHistory = z
  .object({
    mvt: z.string(),
    position: z.number().int().nullable(),
    asOf: z.object({
      status: z.enum(["none", "deleted", "draft", "validated"]),
      number: z.string().nullable(),
      content: z
        .object({
          journal: z.string(),
          date: z.string(),
          pieceRef: z.string(),
          pieceDate: z.string(),
          label: z.string(),
          lines: z.array(
            z.object({
              account: z.string(),
              auxiliary: z.string().nullable(),
              label: z.string().nullable(),
              debit: CentsOut,
              credit: CentsOut,
            }),
          ),
        })
        .nullable(),
      validatedOn: z.string().nullable(),
      origin: z.string().nullable(),
      reverses: z.string().nullable(),
    }),
    steps: z.array(EntryStep),
  })
  .openapi("EntryHistory", {
    description:
      "An entry's history down to the event, and the entry as it stood at the moment asked for (now when none)",
  });

export const AccountHistoryQuery = z
  .object({ account: z.string().min(1).max(20).openapi({ description: "A general account" }), ...moment })
  .refine((q) => (q.at === undefined) !== (q.position === undefined), {
    path: ["at"],
    message: "a moment: at or position, one of them",
  });

export const AccountHistory = z
  .object({
    account: z.string(),
    position: z.number().int(),
    at: z.string().nullable(),
    totals: z.object({ debit: CentsOut, credit: CentsOut }),
    entries: z.number().int(),
    lines: z.array(
      z.object({
        position: z.number().int(),
        mvt: z.string(),
        number: z.string(),
        journal: z.string(),
        date: z.string(),
        label: z.string(),
        line: z.number().int(),
        lineLabel: z.string().nullable(),
        debit: CentsOut,
        credit: CentsOut,
      }),
    ),
  })
  .openapi("AccountHistory", {
    description:
      "A general account's ledger as it stood at a moment: its totals over every entry validated by then, the last 500 entries' lines",
  });
