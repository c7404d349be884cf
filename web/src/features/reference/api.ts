/** The platform's reference lists: pickers read them, platform administrators change them. */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useFormat } from "../../i18n/format.ts";
import { api, type Schemas } from "../../lib/api-client.ts";

export const referenceKinds = ["units", "countries", "activities", "jobs", "bics"] as const;
export type ReferenceKind = (typeof referenceKinds)[number];
export type ReferenceEntry = Schemas["ReferenceEntry"];

export const referenceQuery = (kind: ReferenceKind) =>
  queryOptions({
    queryKey: ["reference", kind],
    queryFn: ({ signal }) => api.get(`/registre/${kind}`, { signal }),
    staleTime: 10 * 60_000,
  });

/** An entry's label in the interface language (the French one when the list has no English). */
export const referenceLabel = (entry: ReferenceEntry, locale: "fr" | "en"): string =>
  locale === "en" && entry.labelEn ? entry.labelEn : entry.label;

/**
 * A reference list for a picker (Mantine `Select` data: « C62 · pièce »), with the entry of a code.
 * Never free text where a list exists: the forms offer these values only.
 */
export const useReference = (kind: ReferenceKind) => {
  const { locale } = useFormat();
  const query = useQuery(referenceQuery(kind));
  const entries = query.data?.items ?? [];
  return {
    query,
    entries,
    options: entries.map((entry) => ({
      value: entry.code,
      label: `${entry.code} · ${referenceLabel(entry, locale)}`,
    })),
    labelOf: (code: string | null | undefined) => {
      const entry = entries.find((e) => e.code === code);
      return entry ? referenceLabel(entry, locale) : (code ?? "");
    },
  };
};

export const useReferenceChanges = (kind: ReferenceKind) => {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: ["reference", kind] });
  return {
    add: useMutation({
      mutationFn: (entry: { code: string; label: string; labelEn?: string }) =>
        api.post(`/registre/${kind}`, { body: entry }),
      onSuccess,
    }),
    change: useMutation({
      mutationFn: ({ code, ...change }: { code: string; label: string; labelEn: string }) =>
        api.put(`/registre/${kind}/{id}`, { path: { id: code }, body: change }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (code: string) => api.delete(`/registre/${kind}/{id}`, { path: { id: code } }),
      onSuccess,
    }),
  };
};
