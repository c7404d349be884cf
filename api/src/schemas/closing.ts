import { z } from "@hono/zod-openapi";
import { adjustmentKinds, closingStepStatuses } from "@registre/core";
import { Cents, CentsOut, Day } from "./common.ts";
import { ClosingStepKey, pathParams, Uuid } from "./ids.ts";

/** A fiscal year's closing file: its checklist and its year-end adjustments (écritures d'inventaire). */
export const ClosingStep = z
  .object({
    key: z.string().openapi({ description: "<yearId>.<step>: the id the step routes take" }),
    yearId: z.uuid(),
    id: z
      .string()
      .openapi({ description: "A standard step's code, or the id of the organisation's own step" }),
    standard: z.boolean(),
    label: z.string().nullable().openapi({ description: "Null for a standard step: the interface words it" }),
    status: z.enum(closingStepStatuses),
    note: z.string(),
    updatedAt: z.string().nullable(),
    updatedBy: z.string().nullable(),
  })
  .openapi("ClosingStep");

export const Adjustment = z
  .object({
    id: z.uuid().openapi({ description: "The entry's mvt" }),
    yearId: z.uuid(),
    kind: z.enum(adjustmentKinds),
    date: z.string(),
    pieceRef: z.string(),
    label: z.string(),
    journal: z.string(),
    status: z.enum(["draft", "validated"]),
    number: z.string().nullable(),
    amount: Cents,
    lines: z.array(
      z.object({ account: z.string(), auxiliary: z.string().nullable(), debit: Cents, credit: Cents }),
    ),
  })
  .openapi("YearEndAdjustment");

const AdjustmentInput = z.object({
  label: z.string().max(200),
  date: Day.optional(),
  pieceRef: z.string().max(60).optional(),
  debitAccount: z.string().min(1).max(20),
  debitAuxiliary: z.string().max(20).nullish(),
  creditAccount: z.string().min(1).max(20),
  creditAuxiliary: z.string().max(20).nullish(),
  amount: Cents,
});

export const StepKeyParam = pathParams({ id: ClosingStepKey });

export const ClosingStepQuery = z.object({ yearId: Uuid.optional() });
export const ClosingStepList = z.object({ items: z.array(ClosingStep) });
export const AddClosingStepInput = z.object({ yearId: Uuid, label: z.string().max(200) });
export const UpdateClosingStepInput = z.object({
  status: z.string().max(20).optional(),
  note: z.string().max(4000).optional(),
  label: z.string().max(200).optional(),
});

export const AdjustmentList = z.object({ items: z.array(Adjustment), total: CentsOut });
export const AddAdjustmentInput = AdjustmentInput.extend({
  yearId: Uuid,
  kind: z.enum(adjustmentKinds),
}).openapi("YearEndAdjustmentInput");
export const ChangeAdjustmentInput = AdjustmentInput.extend({ id: z.uuid() }).openapi(
  "YearEndAdjustmentChange",
);
