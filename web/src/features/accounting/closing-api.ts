/** The closing file of a year: its checklist and its year-end adjustments. */
import { closingStepCodes } from "@registre/core/accounting/closing";
import { queryOptions } from "@tanstack/react-query";
import { type AnswerOf, api, type BodyOf, type OperationOf, type Schemas } from "../../lib/api-client.ts";
import { accountingKeys, useBooksMutation } from "./api-shapes.ts";

export { adjustmentKinds, closingStepStatuses } from "@registre/core/accounting/closing";
export type ClosingStep = Schemas["ClosingStep"];
export type ClosingStepStatus = ClosingStep["status"];
/** The standard steps, in the order they are usually done (the core's); the interface words them by id. */
export const standardClosingSteps = closingStepCodes;
export type StandardClosingStep = (typeof standardClosingSteps)[number];
export type ClosingStepChange = BodyOf<OperationOf<"/accounting/balance-sheet/steps/{id}", "put">>;

/** A year-end adjustment (écriture d'inventaire): a two-line entry of the OD journal. */
export type Adjustment = Schemas["YearEndAdjustment"];
export type AdjustmentKind = Adjustment["kind"];
export type AdjustmentInput = Omit<Schemas["YearEndAdjustmentInput"], "yearId" | "kind">;

export const closingKeys = {
  steps: (yearId: string) => [...accountingKeys.year(yearId), "closing-steps"] as const,
  adjustments: (yearId: string) => [...accountingKeys.year(yearId), "adjustments"] as const,
};

export const closingStepsQuery = (yearId: string) =>
  queryOptions({
    queryKey: closingKeys.steps(yearId),
    queryFn: ({ signal }) => api.get("/accounting/balance-sheet/steps", { query: { yearId }, signal }),
  });

export const adjustmentsQuery = (yearId: string) =>
  queryOptions({
    queryKey: closingKeys.adjustments(yearId),
    queryFn: ({ signal }) =>
      api.get("/accounting/balance-sheet/{id}/lines", { path: { id: yearId }, signal }),
  });

export const useAddClosingStep = (yearId: string) =>
  useBooksMutation(
    (label: string) => api.post("/accounting/balance-sheet/steps", { body: { yearId, label } }),
    { key: closingKeys.steps(yearId) },
  );

export const useUpdateClosingStep = (step: Pick<ClosingStep, "key" | "yearId">) =>
  useBooksMutation(
    (change: ClosingStepChange) =>
      api.put("/accounting/balance-sheet/steps/{id}", { path: { id: step.key }, body: change }),
    {
      key: closingKeys.steps(step.yearId),
      onAnswer: (client, saved) =>
        client.setQueryData(
          closingKeys.steps(step.yearId),
          (list: AnswerOf<"/accounting/balance-sheet/steps", "get"> | undefined) =>
            list ? { items: list.items.map((s) => (s.key === saved.key ? saved : s)) } : list,
        ),
    },
  );

/** An adjustment is an entry: the books, the reports and the year's views change with it. */
export const useAddAdjustment = (yearId: string) =>
  useBooksMutation((input: AdjustmentInput & { kind: AdjustmentKind }) =>
    api.post("/accounting/balance-sheet/lines", { body: { yearId, ...input } }),
  );

export const useChangeAdjustment = () =>
  useBooksMutation((input: AdjustmentInput & { id: string }) =>
    api.put("/accounting/balance-sheet/lines", { body: input }),
  );
