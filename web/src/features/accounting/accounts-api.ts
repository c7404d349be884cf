/** The chart of accounts: lists, one account, its creation, change and deletion. */
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api, type BodyOf, type OperationOf } from "../../lib/api-client.ts";
import { type AccountFilter, accountingKeys, useBooksMutation } from "./api-shapes.ts";

export const accountsQuery = (filter: AccountFilter) =>
  queryOptions({
    queryKey: accountingKeys.accountList(filter),
    queryFn: ({ signal }) =>
      api.get("/accounting/accounts", {
        query: { q: filter.q, class: filter.class, kind: filter.kind },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The whole chart, for pickers: rarely changes, kept for a while. */
export const chartQuery = () =>
  queryOptions({
    ...accountsQuery({ q: "", class: null, kind: null }),
    staleTime: 5 * 60_000,
  });

export const accountQuery = (number: string) =>
  queryOptions({
    queryKey: accountingKeys.account(number),
    queryFn: ({ signal }) => api.get("/accounting/accounts/{id}", { path: { id: number }, signal }),
  });

export type AccountCreate = BodyOf<OperationOf<"/accounting/accounts", "post">>;
export type AccountUpdate = BodyOf<OperationOf<"/accounting/accounts/{id}", "put">>;

export const useCreateAccount = () =>
  useBooksMutation((input: AccountCreate) => api.post("/accounting/accounts", { body: input }), {
    key: accountingKeys.accounts,
  });

export const useUpdateAccount = (number: string) =>
  useBooksMutation(
    (input: AccountUpdate) => api.put("/accounting/accounts/{id}", { path: { id: number }, body: input }),
    {
      key: accountingKeys.accounts,
      onAnswer: (client, account) => client.setQueryData(accountingKeys.account(number), account),
    },
  );

export const useDeleteAccount = () =>
  useBooksMutation((number: string) => api.delete("/accounting/accounts/{id}", { path: { id: number } }), {
    key: accountingKeys.accounts,
  });
