/** Entries: lists, one entry, drafts written, validated, reversed, deleted; lettering. */
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { type AnswerOf, api } from "../../lib/api-client.ts";
import {
  accountingKeys,
  type EntryFilter,
  type EntryInput,
  entriesPageSize,
  useBooksMutation,
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

export const useCreateEntry = () =>
  useBooksMutation(
    (input: EntryInput & { validate?: boolean }) => api.post("/accounting/entries", { body: input }),
    {
      onAnswer: (client, entry) => client.setQueryData(accountingKeys.entry(entry.mvt), entry),
    },
  );

export const useUpdateEntry = (mvt: string) =>
  useBooksMutation(
    (input: EntryInput) => api.put("/accounting/entries/mvt/{mvt}", { path: { mvt }, body: input }),
    {
      onAnswer: (client, entry) => client.setQueryData(accountingKeys.entry(mvt), entry),
    },
  );

export const useDeleteEntry = () =>
  useBooksMutation((mvt: string) => api.delete("/accounting/entries/mvt/{mvt}", { path: { mvt } }), {
    onAnswer: (client, _, mvt) => client.removeQueries({ queryKey: accountingKeys.entry(mvt) }),
  });

export const useValidateEntry = () =>
  useBooksMutation((mvt: string) => api.post("/accounting/entries/{mvt}/validate", { path: { mvt } }), {
    onAnswer: (client, entry) => client.setQueryData(accountingKeys.entry(entry.mvt), entry),
  });

export type ValidationOutcome = AnswerOf<"/accounting/entries/validate", "put">;

export const useValidateEntries = () =>
  useBooksMutation((mvts: string[]) => api.put("/accounting/entries/validate", { body: { mvts } }));

export const useReverseEntry = () =>
  useBooksMutation(
    ({ mvt, date }: { mvt: string; date: string }) =>
      api.post("/accounting/entries/{mvt}/reverse", { path: { mvt }, body: { date } }),
    {
      onAnswer: (client, entry) => client.setQueryData(accountingKeys.entry(entry.mvt), entry),
    },
  );

export const useLetter = () =>
  useBooksMutation((lines: string[]) => api.put("/accounting/entries/mark", { body: { lines } }));

export const useUnletter = () =>
  useBooksMutation((input: { account: string; code: string }) =>
    api.put("/accounting/entries/unmark", { body: input }),
  );
