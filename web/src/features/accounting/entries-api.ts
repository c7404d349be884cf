/** Entries: lists, one entry, drafts written, validated, reversed, deleted; lettering. */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type AnswerOf, api } from "../../lib/api-client.ts";
import {
  accountingKeys,
  type EntryFilter,
  type EntryInput,
  entriesPageSize,
  invalidateBooks,
} from "./api-shapes.ts";

export const entriesQuery = (filter: EntryFilter) =>
  queryOptions({
    queryKey: accountingKeys.entryList(filter),
    queryFn: ({ signal }) =>
      api.get("/accounting/entries", {
        query: {
          journal: filter.journal,
          status: filter.status,
          start: filter.start,
          end: filter.end,
          q: filter.q,
          limit: entriesPageSize,
          offset: (Math.max(1, filter.page) - 1) * entriesPageSize,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const entryQuery = (mvt: string) =>
  queryOptions({
    queryKey: accountingKeys.entry(mvt),
    queryFn: ({ signal }) => api.get("/accounting/entries/mvt/{mvt}", { path: { mvt }, signal }),
  });

export const draftsQuery = () =>
  queryOptions({
    queryKey: accountingKeys.drafts,
    queryFn: ({ signal }) => api.get("/accounting/entries/validate", { signal }),
  });

export const useCreateEntry = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EntryInput & { validate?: boolean }) =>
      api.post("/accounting/entries", { body: input }),
    onSuccess: (entry) => {
      client.setQueryData(accountingKeys.entry(entry.mvt), entry);
      return invalidateBooks(client);
    },
  });
};

export const useUpdateEntry = (mvt: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EntryInput) =>
      api.put("/accounting/entries/mvt/{mvt}", { path: { mvt }, body: input }),
    onSuccess: (entry) => {
      client.setQueryData(accountingKeys.entry(mvt), entry);
      return invalidateBooks(client);
    },
  });
};

export const useDeleteEntry = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (mvt: string) => api.delete("/accounting/entries/mvt/{mvt}", { path: { mvt } }),
    onSuccess: (_, mvt) => {
      client.removeQueries({ queryKey: accountingKeys.entry(mvt) });
      return invalidateBooks(client);
    },
  });
};

export const useValidateEntry = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (mvt: string) => api.post("/accounting/entries/{mvt}/validate", { path: { mvt } }),
    onSuccess: (entry) => {
      client.setQueryData(accountingKeys.entry(entry.mvt), entry);
      return invalidateBooks(client);
    },
  });
};

export type ValidationOutcome = AnswerOf<"/accounting/entries/validate", "put">;

export const useValidateEntries = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (mvts: string[]) => api.put("/accounting/entries/validate", { body: { mvts } }),
    onSuccess: () => invalidateBooks(client),
  });
};

export const useReverseEntry = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ mvt, date }: { mvt: string; date: string }) =>
      api.post("/accounting/entries/{mvt}/reverse", { path: { mvt }, body: { date } }),
    onSuccess: (entry) => {
      client.setQueryData(accountingKeys.entry(entry.mvt), entry);
      return invalidateBooks(client);
    },
  });
};

export const useLetter = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (lines: string[]) => api.put("/accounting/entries/mark", { body: { lines } }),
    onSuccess: () => invalidateBooks(client),
  });
};

export const useUnletter = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { account: string; code: string }) =>
      api.put("/accounting/entries/unmark", { body: input }),
    onSuccess: () => invalidateBooks(client),
  });
};
