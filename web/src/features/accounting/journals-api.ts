/** The journals of the organisation. */
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import { accountingKeys, type JournalKind, useBooksMutation } from "./api-shapes.ts";

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

export const useCreateJournal = () =>
  useBooksMutation((input: JournalCreate) => api.post("/accounting/journals", { body: input }), {
    key: accountingKeys.journals,
  });

export const useUpdateJournal = (code: string) =>
  useBooksMutation(
    (input: JournalUpdate) => api.put("/accounting/journals/{id}", { path: { id: code }, body: input }),
    { key: accountingKeys.journals },
  );

export const useDeleteJournal = () =>
  useBooksMutation((code: string) => api.delete("/accounting/journals/{id}", { path: { id: code } }), {
    key: accountingKeys.journals,
  });
