/** The journals of the organisation. */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import { accountingKeys, type JournalKind } from "./api-shapes.ts";

export const journalsQuery = () =>
  queryOptions({
    queryKey: accountingKeys.journals,
    queryFn: ({ signal }) => api.get("/accounting/journals", { signal }),
    staleTime: 60_000,
  });

export const journalQuery = (code: string) =>
  queryOptions({
    queryKey: accountingKeys.journal(code),
    queryFn: ({ signal }) => api.get("/accounting/journals/{id}", { path: { id: code }, signal }),
  });

export type JournalCreate = {
  code: string;
  label: string;
  labelEn?: string;
  kind: JournalKind;
  vat?: boolean;
  account?: string | null;
};
export type JournalUpdate = { label?: string; labelEn?: string; vat?: boolean; account?: string | null };

export const useCreateJournal = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: JournalCreate) => api.post("/accounting/journals", { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountingKeys.journals }),
  });
};

export const useUpdateJournal = (code: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: JournalUpdate) =>
      api.put("/accounting/journals/{id}", { path: { id: code }, body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountingKeys.journals }),
  });
};

export const useDeleteJournal = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.delete("/accounting/journals/{id}", { path: { id: code } }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountingKeys.journals }),
  });
};
