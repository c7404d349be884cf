/** Fiscal years (open, lock, opening entries, close) and the reports read from the books. */
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import { accountingKeys, type LedgerCursor, useBooksMutation } from "./api-shapes.ts";

export const yearsQuery = () =>
  queryOptions({
    queryKey: accountingKeys.years,
    queryFn: ({ signal }) => api.get("/accounting/balance-sheet", { signal }),
  });

export const yearQuery = (id: string) =>
  queryOptions({
    queryKey: accountingKeys.year(id),
    queryFn: ({ signal }) => api.get("/accounting/balance-sheet/{id}", { path: { id }, signal }),
  });

export const statementsQuery = (id: string) =>
  queryOptions({
    queryKey: accountingKeys.statements(id),
    queryFn: ({ signal }) => api.get("/accounting/balance-sheet/{id}/calculate", { path: { id }, signal }),
  });

export const stepsQuery = (id: string) =>
  queryOptions({
    queryKey: accountingKeys.steps(id),
    queryFn: ({ signal }) => api.get("/accounting/balance-sheet/{id}/steps", { path: { id }, signal }),
  });

export const useOpenYear = () =>
  useBooksMutation(
    (input: { start?: string; end?: string }) => api.post("/accounting/balance-sheet", { body: input }),
    { key: accountingKeys.years },
  );

export const useLockPeriods = (id: string) =>
  useBooksMutation(
    (lockedUntil: string) =>
      api.put("/accounting/balance-sheet/{id}", { path: { id }, body: { lockedUntil } }),
    { key: accountingKeys.years },
  );

/** New dates for a year nothing was posted in yet. */
export const useRedefineYear = (id: string) =>
  useBooksMutation((dates: { start: string; end: string }) =>
    api.put("/accounting/balance-sheet/{id}", { path: { id }, body: dates }),
  );

export const useGenerateOpening = (id: string) =>
  useBooksMutation(() => api.get("/accounting/balance-sheet/{id}/createan", { path: { id } }));

export const useCloseYear = (id: string) =>
  useBooksMutation(() =>
    api.get("/accounting/balance-sheet/{id}/validate", {
      path: { id },
      query: { confirm: "irreversible" },
    }),
  );

/** A year or two days; `provisional`: with the opening entries still drafts (`ProvisionalOpening`). */
export type BalanceRange = ({ yearId: string } | { start: string; end: string }) & { provisional?: boolean };

export const balanceQuery = (range: BalanceRange) =>
  queryOptions({
    queryKey: accountingKeys.balance(range),
    queryFn: ({ signal }) => api.post("/accounting/reports/balance", { body: range, signal }),
    placeholderData: keepPreviousData,
  });

export const ledgerPage = (
  filter: { start: string; end: string; account: string; provisional?: boolean },
  after: LedgerCursor | null,
  signal: AbortSignal,
  limit = 200,
) =>
  api.post("/accounting/reports/generalledger", {
    body: {
      start: filter.start,
      end: filter.end,
      ...(filter.account ? { account: filter.account } : {}),
      ...(filter.provisional ? { provisional: true } : {}),
      ...(after ? { after } : {}),
      limit,
    },
    signal,
  });
