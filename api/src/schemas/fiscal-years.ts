import { z } from "@hono/zod-openapi";
import { Day } from "./common.ts";
import { BalanceSheet, IncomeStatement, TrialBalance } from "./reports.ts";

/** Fiscal years (/api/accounting/balance-sheet, the spec's "balance sheets") and their year end. */
export const FiscalYear = z
  .object({
    id: z.uuid(),
    start: z.string(),
    end: z.string(),
    status: z.enum(["open", "closed"]),
    openingMvt: z.string().nullable(),
    closedOn: z.string().nullable(),
    /** Nothing posted in it yet (no entry of any status): its dates may still change. */
    empty: z.boolean(),
  })
  .openapi("FiscalYear");

const Bounds = z.object({ start: Day, end: Day });
export const FiscalYearList = z.object({
  items: z.array(FiscalYear),
  lockedUntil: z.string().nullable(),
  /** The years a new one would be: after the last (following the organisation's fiscal-year start), or before the first. */
  suggested: z.object({ next: Bounds.nullable(), earlier: Bounds.nullable() }),
});
export const OpenFiscalYearInput = z.object({ start: Day.optional(), end: Day.optional() });
/** Lock the periods up to a date, or give a year nothing was posted in new dates. */
export const LockPeriodsInput = z.union([z.object({ lockedUntil: Day }), Bounds]);

export const FiscalYearFigures = z.object({
  year: FiscalYear,
  trialBalance: TrialBalance,
  incomeStatement: IncomeStatement,
  balanceSheet: BalanceSheet,
});

export const YearEndChecks = z.object({
  warnings: z.array(
    z.object({
      code: z.string(),
      count: z.number().int(),
      items: z.array(z.string()),
      blocking: z.boolean(),
    }),
  ),
});
export const OpeningEntry = z.object({ mvt: z.string().nullable() });
export const CloseQuery = z.object({
  confirm: z.string().optional().openapi({ description: "Must be `irreversible`" }),
});
export const ClosedYear = z.object({ openingMvt: z.string().nullable() });
export const ReindexResult = z.object({
  consistent: z.boolean(),
  differences: z.array(z.object({ period: z.string(), account: z.string() })),
});
