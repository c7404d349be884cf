import { z } from "@hono/zod-openapi";
import { vatCorrectionKinds, vatPeriodicities } from "@registre/core";
import { Amount, Cents, Day } from "./common.ts";
import { pathParams, Uuid, VatBoxCode, VatPeriodKey } from "./ids.ts";

/** The VAT return (issue 22): periods and their states, a return's boxes, warnings and settlement. */

export const VatReturnStatus = z.enum(["future", "toPrepare", "notDue", "validated", "paid"]).openapi({
  description:
    "future: the period is not over (an instalment: its month has not begun); toPrepare: computed live; notDue: an instalment whose base is under the 1 000 € threshold; validated: declared and settled (its boxes never change); paid: its VAT due (445510) paid",
});

export const VatPeriodKind = z.enum(["return", "instalment"]).openapi({
  description: "return: a CA3 or a CA12; instalment: one of the CA12's instalments (form 3514-SD)",
});

export const VatCorrectionInput = z
  .object({
    period: VatPeriodKey.openapi({ description: "The earlier validated return corrected" }),
    kind: z.enum(vatCorrectionKinds).openapi({
      description:
        "payBack: VAT deducted before, to pay back (CA3 box 15, CA12 line 13); deduct: other VAT to deduct (box 21 of both)",
    }),
    amount: Cents.openapi({ description: "The VAT corrected, in cents (the box takes it in whole euros)" }),
    reason: z.string().trim().min(1).max(500).openapi({ description: "Why: kept on the return" }),
    account: z
      .string()
      .regex(/^[1-7]\d{2,9}$/)
      .optional()
      .openapi({
        description:
          "The settlement line's account (debited by VAT paid back, credited by VAT deducted); 445660 by default",
      }),
  })
  .openapi("VatCorrectionInput");

export const VatCorrection = z
  .object({
    period: z.string(),
    kind: z.enum(vatCorrectionKinds),
    amount: Amount,
    reason: z.string(),
    account: z.string(),
  })
  .openapi("VatCorrection");

const Euros = z.number().int().openapi({ description: "Whole euros, as declared" });

export const VatBox = z
  .object({
    code: z.string().openapi({ example: "08" }),
    section: z.enum(["taxed", "untaxed", "gross", "deductible", "result"]),
    label: z.object({ fr: z.string(), en: z.string() }),
    source: z.enum(["lines", "total", "input"]).openapi({
      description:
        "lines: the sum of its VAT lines (see its lines); total: the form's arithmetic; input: given",
    }),
    base: Euros.nullable(),
    tax: Euros.nullable(),
    exactBase: Amount.nullable().openapi({ description: "The lines' exact sum, in cents, before rounding" }),
    exactTax: Amount.nullable(),
  })
  .openapi("VatBox");

export const VatWarning = z
  .object({
    code: z.string().openapi({ example: "vat.draftsInPeriod" }),
    detail: z.string(),
    count: z.number().int(),
    items: z.array(z.string()),
    blocking: z.boolean().openapi({ description: "Forbids validating the return" }),
  })
  .openapi("VatWarning");

export const VatSettlementLine = z.object({
  account: z.string(),
  debit: Amount,
  credit: Amount,
});

export const VatReturn = z
  .object({
    period: z.string(),
    periodicity: z.enum(vatPeriodicities),
    start: Day,
    end: Day,
    kind: VatPeriodKind,
    status: VatReturnStatus,
    form: z.object({ id: z.string(), version: z.string() }),
    validatedOn: Day.nullable(),
    settlementMvt: Uuid.nullable().openapi({ description: "The settlement entry (OD), once validated" }),
    creditCarried: z.object({
      euros: Euros,
      from: z.string().nullable().openapi({
        description: "The return whose box 27 is carried to box 22; null: the 445670 balance",
      }),
    }),
    adjusted: z
      .object({ box: z.string(), by: z.number().int() })
      .nullable()
      .openapi({ description: "The A/B box moved (at most 5 €) to make the bases agree" }),
    boxes: z.array(VatBox),
    warnings: z.array(VatWarning),
    settlement: z
      .array(VatSettlementLine)
      .openapi({ description: "The settlement entry's lines: to be posted, or as posted" }),
    lineCount: z.number().int().openapi({ description: "VAT lines the return takes (or took)" }),
    corrections: z
      .array(VatCorrection)
      .openapi({ description: "The corrections of earlier returns it carries (boxes 15 and 21)" }),
  })
  .openapi("VatReturn");

export const VatPeriodSummary = z
  .object({
    period: z.string(),
    kind: VatPeriodKind,
    start: Day,
    end: Day,
    status: VatReturnStatus,
    validatedOn: Day.nullable(),
    settlementMvt: Uuid.nullable(),
    due: Euros.nullable().openapi({
      description: "To pay (CA3 box 32, CA12 line 33, an instalment's amount); null for a future period",
    }),
    credit: Euros.nullable().openapi({
      description: "Credit to carry (CA3 box 27, CA12 line 36); null for a future period",
    }),
    blocking: z.boolean().openapi({ description: "A warning forbids validating it" }),
  })
  .openapi("VatPeriodSummary");

export const VatOverviewQuery = z.object({
  year: z
    .string()
    .regex(/^(?:19|2\d)\d{2}$/)
    .optional()
    .openapi({ description: "The calendar year; this year by default" }),
  periodicity: z
    .enum(vatPeriodicities)
    .optional()
    .openapi({ description: "The organisation's (its tax identity) by default" }),
  period: VatPeriodKey.optional().openapi({
    description: "The return answered in `current`; by default the first period to prepare",
  }),
});

export const VatOverview = z
  .object({
    year: z.number().int(),
    periodicity: z.enum(vatPeriodicities),
    periods: z.array(VatPeriodSummary),
    current: VatReturn.nullable(),
  })
  .openapi("VatOverview");

export const VatPeriodParam = pathParams({ period: VatPeriodKey });
export const VatBoxParams = pathParams({ period: VatPeriodKey, box: VatBoxCode });

const Reference = z.number().int().min(0).max(1_000_000_000).openapi({
  description:
    "An instalment's base, whole euros: last year's CA12 line 57 (VAT due before deducting VAT on fixed assets), given only when that CA12 is not in Registre",
});

/**
 * The corrections a return would carry, in a query (a preview before validating): the JSON of the
 * validation's `corrections`, so a reason keeps its every character.
 */
const CorrectionsQuery = z
  .string()
  .max(60_000)
  .transform((text, ctx): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      ctx.addIssue({ code: "custom", message: "Not JSON" });
      return z.NEVER;
    }
  })
  .pipe(z.array(VatCorrectionInput).max(50))
  .optional()
  .openapi({
    type: "string",
    description:
      "The corrections of earlier returns the return would carry (boxes 15 and 21), as the JSON array the validation takes: the return as it would be declared with them",
  });

export const VatReturnQuery = z.object({
  refund: z.coerce
    .number()
    .int()
    .min(0)
    .max(1_000_000_000)
    .optional()
    .openapi({ description: "Box 26 (CA12 line 35), the refund to ask, whole euros" }),
  reference: z.coerce.number().pipe(Reference).optional(),
  corrections: CorrectionsQuery,
});

export const VatBoxLine = z
  .object({
    mvt: Uuid,
    line: z.number().int(),
    date: Day.openapi({ description: "When the VAT is due or deductible" }),
    journal: z.string(),
    number: z.string(),
    pieceRef: z.string(),
    label: z.string(),
    origin: z.object({
      kind: z.string().openapi({ description: "document (at invoicing), payment (at payment), manual…" }),
      id: z.string().nullable().openapi({ description: "The document's, payment's… id" }),
    }),
    account: z.string(),
    direction: z.enum(["collected", "deductible"]),
    rate: z.string(),
    kind: z.string(),
    regime: z.string(),
    base: Amount,
    tax: Amount,
    boxes: z.array(z.string()).openapi({ description: "Every box this line feeds" }),
  })
  .openapi("VatBoxLine");

export const VatBoxLines = z.object({ box: VatBox, items: z.array(VatBoxLine) }).openapi("VatBoxLines");

export const ValidateVatReturnInput = z.object({
  period: VatPeriodKey.openapi({
    description:
      "The return's period, or a CA12 instalment (YYYY-AC1, YYYY-AC2): the instalment is posted 445810 / 445510 in OD, once",
  }),
  refund: z
    .number()
    .int()
    .min(0)
    .max(1_000_000_000)
    .optional()
    .openapi({ description: "Box 26 (CA12 line 35), the refund asked, whole euros" }),
  reference: Reference.optional(),
  corrections: z.array(VatCorrectionInput).max(50).optional().openapi({
    description: "Corrections of earlier validated returns, shown in boxes 15 and 21 and settled",
  }),
});

export const VatFile = z.string().openapi({ format: "binary" });
