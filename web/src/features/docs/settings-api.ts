/** The document settings (/docs/settings): numbering series, default terms and notes, mentions, bank details. */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, type Schemas } from "../../lib/api-client.ts";

export type DocSettings = Schemas["DocumentSettings"];
export type DocSeries = Schemas["DocumentNumberSeries"];
export type DocSettingsInput = Schemas["DocumentSettingsInput"];

const key = ["docs", "settings"] as const;

export const docSettingsQuery = () =>
  queryOptions({ queryKey: key, queryFn: ({ signal }) => api.get("/docs/settings", { signal }) });

export const useSaveDocSettings = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DocSettingsInput) => api.put("/docs/settings", { body: input }),
    onSuccess: (answer) => client.setQueryData(key, answer),
  });
};

/**
 * The number a series' format gives (the core's `formatDocumentNumber`), for the settings' example:
 * `FA{YYYY}-{#####}` on 2026-03-14 at 1 -> "FA2026-00001".
 */
export const exampleNumber = (format: string, day: string, sequence = 1): string =>
  format.replace(/\{(YYYY|YY|MM|#+)\}/g, (_, token: string) => {
    if (token === "YYYY") return day.slice(0, 4);
    if (token === "YY") return day.slice(2, 4);
    if (token === "MM") return day.slice(5, 7);
    return String(sequence).padStart(token.length, "0");
  });

/** One counter token, no stray brace: what the API accepts (`normaliseSeriesFormat`). */
export const isSeriesFormat = (format: string): boolean => {
  const clean = format.trim();
  const counters = clean.match(/\{#+\}/g) ?? [];
  const rest = clean.replace(/\{(YYYY|YY|MM|#+)\}/g, "");
  return counters.length === 1 && !/[{}|/\\\s]/.test(rest) && clean.length <= 40;
};
