import { z } from "@hono/zod-openapi";
import { Amount, Cents, CentsOut, Day } from "./common.ts";
import { Uuid } from "./ids.ts";

/** The reports: trial balance, general ledger, income statement, balance sheet. */
export const TrialBalance = z
  .object({
    rows: z.array(
      z.object({
        account: z.string(),
        label: z.string(),
        debit: CentsOut,
        credit: CentsOut,
        balanceDebit: CentsOut,
        balanceCredit: CentsOut,
      }),
    ),
    totals: z.object({ debit: CentsOut, credit: CentsOut, balanceDebit: CentsOut, balanceCredit: CentsOut }),
  })
  .openapi("TrialBalance");
/** The opening entries still drafts dated in a report's range, and whether the report counted them. */
export const ProvisionalOpening = z
  .object({
    included: z.boolean(),
    entries: z.array(z.object({ mvt: z.uuid(), date: z.string(), yearId: z.string() })),
  })
  .openapi("ProvisionalOpening", {
    description:
      "A year whose opening entry (journal AN) is still a draft opens at zero in the books: `entries` are those drafts in the range; `included` when the report added their lines (`provisional: true`)",
  });
const YearBounds = z.object({ start: z.string(), end: z.string() });
export const DatedTrialBalance = TrialBalance.extend({
  start: z.string(),
  end: z.string(),
  provisionalOpening: ProvisionalOpening,
  /** The fiscal years the range meets. */
  years: z.array(YearBounds),
  /**
   * Years starting inside the range whose opening entries are left out: they repeat the balances the
   * year before ended on, which the range already holds.
   */
  openingsLeftOut: z.array(YearBounds),
});

const Section = z.object({
  key: z.string(),
  label: z.string(),
  labelEn: z.string(),
  lines: z.array(z.object({ key: z.string(), label: z.string(), labelEn: z.string(), amount: Amount })),
  total: Amount,
});
export const IncomeStatement = z
  .object({
    sections: z.array(Section),
    netTurnover: Amount,
    operatingResult: Amount,
    financialResult: Amount,
    exceptionalResult: Amount,
    result: Amount,
  })
  .openapi("IncomeStatement");
export const BalanceSheet = z
  .object({
    assets: z.array(Section),
    liabilities: z.array(Section),
    totalAssets: Amount,
    totalLiabilities: Amount,
    result: Amount,
  })
  .openapi("BalanceSheet");

export const LedgerPage = z
  .object({
    rows: z.array(
      z.object({
        mvt: z.uuid(),
        line: z.number().int(),
        account: z.string(),
        auxiliary: z.string().nullable(),
        journal: z.string(),
        number: z.string(),
        date: z.string(),
        pieceRef: z.string(),
        label: z.string(),
        debit: Cents,
        credit: Cents,
        balance: Amount,
        letterCode: z.string().nullable(),
        letterDate: z.string().nullable(),
        position: z.number().int(),
        provisional: z
          .boolean()
          .openapi({ description: "A line of a provisional opening entry (a draft, no number yet)" }),
      }),
    ),
    next: z
      .object({
        account: z.string(),
        date: z.string(),
        position: z.number().int(),
        line: z.number().int(),
      })
      .nullable()
      .openapi({ description: "The cursor of the next page (`after`), or null at the end" }),
    provisionalOpening: ProvisionalOpening,
  })
  .openapi("GeneralLedgerPage");

const provisional = z.boolean().optional().openapi({
  description: "Add the lines of the opening entries still drafts (a year's provisional opening)",
});
/** A fiscal year's id, or two days. */
export const Range = z.union([
  z.object({ yearId: Uuid, provisional }),
  z.object({ start: Day, end: Day, provisional }),
]);

const Cursor = z.object({
  account: z.string(),
  date: Day,
  position: z.number().int(),
  line: z.number().int(),
});
export const GeneralLedgerQuery = z.object({
  start: Day,
  end: Day,
  account: z.string().max(20).optional(),
  after: Cursor.optional(),
  limit: z.number().int().min(1).max(1000).optional(),
  provisional,
});
