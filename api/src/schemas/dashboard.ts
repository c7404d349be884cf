import { z } from "@hono/zod-openapi";
import { Amount } from "./common.ts";
import { pathParams } from "./ids.ts";

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

/** The figures' kind: `accounting` or `control` (any other word is stats not found). */
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
