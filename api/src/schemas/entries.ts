import { z } from "@hono/zod-openapi";
import { vatCodeRates, vatKinds, vatRegimeKinds } from "@registre/core";
import { SEARCH_COUNT_CAP } from "../http/count-caps.ts";
import { Amount, Cents, CentsOut, Day, Offset } from "./common.ts";

/**
 * A line's VAT code (issue 22): the rate, goods / services / fixed asset, the regime; on a VAT account
 * the base its tax was computed on (postings give it; typed in, the line's own amount is the base of a
 * revenue or expense line). What the VAT return reads.
 */
export const LineVatCode = z
  .object({
    rate: z.enum(vatCodeRates),
    kind: z.enum(vatKinds),
    regime: z.enum(vatRegimeKinds),
    base: Cents.optional(),
  })
  .openapi("LineVatCode");

/** Entries (/api/accounting/entries): drafts, validated entries, their lines. */
export const LineInput = z.object({
  account: z.string().min(1).max(20),
  auxiliary: z.string().max(20).nullish(),
  label: z.string().max(200).nullish(),
  debit: Cents,
  credit: Cents,
  vat: LineVatCode.nullish(),
});
export const EntryInput = z
  .object({
    journal: z.string().min(1).max(6),
    date: Day,
    pieceRef: z.string().max(60),
    pieceDate: Day.optional(),
    label: z.string().max(200),
    lines: z.array(LineInput).max(10_000),
  })
  .openapi("EntryInput");
export const CreateEntryInput = EntryInput.extend({ validate: z.boolean().optional() });

export const EntryLine = z.object({
  line: z.number().int(),
  account: z.string(),
  auxiliary: z.string().nullable(),
  label: z.string().nullable(),
  debit: Cents,
  credit: Cents,
  vat: LineVatCode.nullable(),
  letterCode: z.string().nullable(),
  letterDate: z.string().nullable(),
});
export const EntrySummary = z
  .object({
    mvt: z.uuid(),
    journal: z.string(),
    date: z.string(),
    pieceRef: z.string(),
    pieceDate: z.string(),
    label: z.string(),
    status: z.enum(["draft", "validated"]),
    number: z.string().nullable(),
    fiscalYearId: z.string().nullable(),
    validatedOn: z.string().nullable(),
    debit: CentsOut,
    credit: CentsOut,
    lineCount: z.number().int(),
    origin: z.record(z.string(), z.unknown()),
  })
  .openapi("EntrySummary");
export const EntrySource = z
  .object({
    document: z
      .object({ id: z.string(), direction: z.string(), kind: z.string(), number: z.string().nullable() })
      .nullable()
      .openapi({ description: "The invoice or credit note that posted the entry (origin `document`)" }),
    payment: z
      .object({
        id: z.string(),
        direction: z.string(),
        refund: z.boolean(),
        date: z.string(),
        amount: CentsOut,
        contactName: z.string(),
        cancelled: z.boolean(),
      })
      .nullable()
      .openapi({
        description: "The payment that posted the entry, or whose cancellation did (origin `payment`)",
      }),
    deposit: z
      .object({ id: z.string(), number: z.string(), date: z.string() })
      .nullable()
      .openapi({ description: "The cheque or cash deposit that posted the entry (origin `deposit`)" }),
    statementLine: z
      .object({
        statementId: z.string(),
        no: z.number().int(),
        bookingDate: z.string(),
        amount: Amount,
        label: z.string(),
      })
      .nullable()
      .openapi({ description: "The bank statement line the entry is reconciled with" }),
  })
  .openapi("EntrySource");
export const Entry = EntrySummary.extend({
  lines: z.array(EntryLine),
  source: EntrySource,
  correction: z.enum(["reversal", "document", "payment", "deposit", "vatReturn", "unmatch"]).openapi({
    description:
      "How the validated entry is corrected: `reversal` (POST /{mvt}/reverse); through its document (a credit note), its payment (cancelled), its deposit or its VAT return, which the reversal refuses; `unmatch`: reconciled with a bank line, reversed once that match is undone",
  }),
}).openapi("Entry");

export const MvtParam = z.object({ mvt: z.uuid().openapi({ param: { name: "mvt", in: "path" } }) });

export const EntryListQuery = z.object({
  journal: z.string().max(6).optional(),
  status: z.enum(["draft", "validated"]).optional(),
  start: Day.optional(),
  end: Day.optional(),
  q: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: Offset,
});
export const EntryList = z.object({
  items: z.array(EntrySummary),
  total: z
    .number()
    .int()
    .openapi({
      description: `Entries the filter selects; with \`q\`, at most ${SEARCH_COUNT_CAP} (see \`capped\`)`,
    }),
  sums: z.object({ debit: CentsOut, credit: CentsOut }).openapi({
    description: "Debit and credit of every entry the filter selects, not only this page's",
  }),
  capped: z
    .literal(true)
    .optional()
    .openapi({
      description: `Present when the text search \`q\` matched more than ${SEARCH_COUNT_CAP} entries: \`total\` is then ${SEARCH_COUNT_CAP} and \`sums\` add up the ${SEARCH_COUNT_CAP} newest matches`,
    }),
});

export const ReverseInput = z.object({ date: Day, label: z.string().max(200).optional() });

export const DraftList = z.object({ items: z.array(EntrySummary) });
export const ValidateEntriesInput = z.object({ mvts: z.array(z.uuid()).min(1).max(5000) });
export const ValidateEntriesResult = z.object({
  validated: z.array(z.uuid()),
  refused: z.array(z.object({ mvt: z.uuid(), code: z.string(), detail: z.string() })),
});
