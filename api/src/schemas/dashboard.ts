import { z } from "@hono/zod-openapi";
import { Amount, Day } from "./common.ts";
import { pathParams } from "./ids.ts";
import { SalesStatsQuery } from "./sales-stats.ts";

/** The dashboard's figures (/api/dashboard). */
export const AccountingStats = z
  .object({
    year: z
      .object({ id: z.uuid(), start: z.string(), end: z.string(), status: z.enum(["open", "closed"]) })
      .nullable(),
    revenue: Amount.openapi({ description: "Net turnover excluding VAT (chiffre d'affaires net)" }),
    due: Amount.openapi({ description: "Customers' balance still to be collected today (411-418)" }),
    expenses: Amount.openapi({ description: "Purchases and external charges excluding VAT (60-62)" }),
    cash: Amount.openapi({ description: "Banks and cash today (51, 53)" }),
    result: Amount,
    asOf: z.string().nullable().openapi({
      description:
        "The day `due` and `cash` are worked out at: today, or the year's last day when the year shown has ended",
    }),
    provisional: z.boolean().openapi({
      description:
        "The year shown is not closed: its figures may still change (drafts, year-end adjustments)",
    }),
  })
  .openapi("AccountingStats");

/**
 * The figures' kind: `accounting`, `control`, `sales`, `overview`, `forecast`, `aged` or `todo` (any other word
 * is stats not found).
 */
export const StatsTypeParam = pathParams({ type: z.string().regex(/^[a-z]{1,40}$/) });

const ControlItem = z
  .object({
    kind: z.enum(["account", "entry", "statement", "document", "series", "fec"]).openapi({
      description:
        "What `id` names: an account number, an entry's mvt, a bank statement's id (`no` its line), a document's id, a numbering series (and year), an FEC finding's code",
    }),
    id: z.string(),
    no: z.number().int().nullable().openapi({
      description: "The statement line's number; a series' first missing number; an FEC finding's line",
    }),
    date: z.string().nullable(),
    label: z.string(),
    amount: Amount.nullable(),
  })
  .openapi("ControlItem");

/** The accountant's control panel (/api/dashboard/stats/control). */
export const ControlStats = z
  .object({
    checks: z.array(
      z
        .object({
          key: z.enum([
            "suspense",
            "unletteredThirdParties",
            "unreconciledBankLines",
            "draftDocuments",
            "vatNotSettled",
            "entriesOutsideYears",
            "numberingGaps",
            "fec",
          ]),
          count: z.number().int().openapi({ description: "How many findings; 0: the check passed" }),
          severity: z.enum(["ok", "warning", "error", "info"]).openapi({
            description: "`ok` when nothing was found; `info` when the check could not be run (see `note`)",
          }),
          items: z.array(ControlItem).openapi({ description: "The first 20 findings" }),
          note: z.string().nullable().openapi({
            description:
              "Why the check was not run: `fec.noYear` (no fiscal year), `fec.tooLarge` (the year's file is checked on the FEC page)",
          }),
          checked: z.number().int().nullable().openapi({
            description: "What was verified when counted: the numbering counters, the FEC file's lines",
          }),
        })
        .openapi("ControlCheck"),
    ),
  })
  .openapi("ControlStats");

/** The dashboard's query: `to` for `sales`; `direction`, `at`, `contacts` and `late` for `aged`. */
export const DashboardStatsQuery = SalesStatsQuery.extend({
  direction: z.enum(["sales", "purchases"]).optional().openapi({
    description: "`aged`: receivables (`sales`, the default) or payables (`purchases`)",
  }),
  at: Day.optional().openapi({
    description: "`aged`: the day the ages are counted at (YYYY-MM-DD); today when absent",
  }),
  contacts: z.coerce
    .number()
    .int()
    .min(0)
    .max(500)
    .optional()
    .openapi({
      description:
        "`aged`: how many contacts to list, those owing the most (0: none, the totals only); every contact owing " +
        "when absent. The totals, `contactCount`, `lateCount` and `lateAmount` are over all of them either way",
    }),
  late: z.coerce.number().int().min(0).max(200).default(50).openapi({
    description: "`aged`: how many late invoices to list, oldest due first (`lateCount` counts them all)",
  }),
});

const StatsMonth = z.object({
  month: z.string().openapi({ example: "2026-03" }),
  revenue: Amount,
  purchases: Amount,
  revenueLastYear: Amount,
  purchasesLastYear: Amount,
});

const CashToday = z
  .object({
    total: Amount.openapi({ description: "Banks and cash (51, 53) at the end of `asOf`" }),
    banks: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        account: z.string(),
        closed: z.boolean(),
        balance: Amount,
      }),
    ),
    other: Amount.openapi({ description: "51 and 53 outside the bank accounts' own 512 sub-accounts" }),
    asOf: z.string(),
  })
  .openapi("DashboardCash");

const VatDue = z
  .object({
    period: z
      .string()
      .openapi({ description: "The VAT period holding today, as the returns name it", example: "2026-Q2" }),
    start: z.string(),
    end: z.string(),
    collected: Amount.openapi({ description: "VAT collected in the period so far, not in a return yet" }),
    deductible: Amount.openapi({ description: "VAT deductible in the period so far, not in a return yet" }),
    due: Amount.openapi({ description: "Collected less deductible; negative: a credit" }),
    payBy: z.string().openapi({ description: "The latest day the period's VAT is paid" }),
    earlier: Amount.openapi({ description: "VAT of earlier periods not taken by any return yet (net)" }),
    earlierPayBy: z.string().nullable(),
    unpaidReturns: z.array(z.object({ period: z.string(), amount: Amount, payBy: z.string() })),
  })
  .openapi("DashboardVatDue");

/** `overview`: the main dashboard's figures. */
export const OverviewStats = z
  .object({
    today: z.string(),
    month: StatsMonth.openapi({ description: "This month so far against the same month last year" }),
    months: z.array(StatsMonth).openapi({ description: "The last twelve months, this one last" }),
    cash: CashToday,
    vat: VatDue,
  })
  .openapi("OverviewStats");

/** `forecast`: the cash forecast of the next 90 days, week by week. */
export const ForecastStats = z
  .object({
    from: z.string(),
    to: z.string(),
    opening: Amount.openapi({ description: "Banks and cash today" }),
    weeks: z.array(
      z
        .object({
          start: z.string(),
          end: z.string(),
          receipts: Amount.openapi({
            description: "Open sales invoices less credit notes due in the week (overdue: the first week)",
          }),
          payments: Amount.openapi({
            description: "Open purchase invoices less credit notes due in the week, negative",
          }),
          vat: Amount.openapi({ description: "VAT to pay in the week, negative" }),
          balance: Amount.openapi({ description: "The forecast balance at the week's end" }),
        })
        .openapi("ForecastWeek"),
    ),
    totals: z.object({ receipts: Amount, payments: Amount, vat: Amount, closing: Amount }),
  })
  .openapi("ForecastStats");

const AgedAmounts = {
  notDue: Amount,
  days1to30: Amount,
  days31to60: Amount,
  days61to90: Amount,
  over90: Amount,
  total: Amount,
};

/** `aged`: aged receivables or payables at a day, and the late invoices. */
export const AgedStats = z
  .object({
    direction: z.enum(["sales", "purchases"]),
    at: z.string(),
    contacts: z
      .array(
        z
          .object({
            contactId: z.string().nullable(),
            name: z.string().nullable(),
            documents: z.number().int(),
            ...AgedAmounts,
          })
          .openapi("AgedContact"),
      )
      .openapi({
        description:
          "The contacts owing, the most first (then by name): all of them, or the first `contacts` when asked",
      }),
    contactCount: z.number().int().openapi({ description: "How many contacts owe, whatever `contacts`" }),
    totals: z.object(AgedAmounts).openapi({ description: "Over every contact owing, whatever `contacts`" }),
    late: z
      .array(
        z
          .object({
            id: z.string(),
            number: z.string().nullable(),
            contactId: z.string().nullable(),
            contactName: z.string().nullable(),
            issueDate: z.string(),
            dueDate: z.string(),
            daysLate: z.number().int(),
            totalInclTax: Amount,
            due: Amount,
          })
          .openapi("AgedLateInvoice"),
      )
      .openapi({
        description: "The invoices past due, oldest due first (the first `late`, 50 unless asked)",
      }),
    lateCount: z.number().int(),
    lateAmount: Amount,
    ledger: Amount.nullable().openapi({
      description:
        "The side's third-party accounts in the books at `at` (411, 413, 416, 418 owed to us; 401, 403, 408 owed by us), " +
        "null without an open fiscal year or to a member who may not read the books: what differs from `totals.total` " +
        "is held outside the documents (invoices entered by hand, opening balances, payments not allocated)",
    }),
  })
  .openapi("AgedStats");

/** `todo`: what needs doing, each a count and the web path of its list. */
export const TodoStats = z
  .object({
    items: z
      .array(
        z
          .object({
            key: z.enum(["salesDrafts", "purchaseDrafts", "statementLines", "remindersDue"]),
            count: z.number().int(),
            path: z
              .string()
              .openapi({ description: "The web screen listing them", example: "/org/sales/reminders" }),
          })
          .openapi("TodoItem"),
      )
      .openapi({ description: "Only the to-dos whose list the member may read" }),
  })
  .openapi("TodoStats");
