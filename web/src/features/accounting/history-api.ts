import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import { accountingKeys } from "./api-shapes.ts";

/** A moment of the time machine: a date and time (ISO-8601), or a place in the log (an event's position). */
export type Moment = { readonly at: string } | { readonly position: number };

const momentQuery = (moment: Moment) => ("at" in moment ? { at: moment.at } : { position: moment.position });
const momentKey = (moment: Moment) => ("at" in moment ? `at:${moment.at}` : `position:${moment.position}`);

/** The changes since a moment a page of the time machine lists. */
export const HISTORY_CHANGES_PAGE = 50;

/** The trial balance as it stood at the moment, and a page of the changes since (from 1). */
export const useLedgerHistory = (moment: Moment, page = 1) =>
  useQuery({
    queryKey: [...accountingKeys.reports, "history", momentKey(moment), page],
    queryFn: ({ signal }) =>
      api.get("/accounting/history", {
        query: { ...momentQuery(moment), page, limit: HISTORY_CHANGES_PAGE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** An entry's history down to the event, and the entry as it stood at the moment. */
export const useEntryHistory = (mvt: string | null, moment: Moment) =>
  useQuery({
    queryKey: [...accountingKeys.reports, "history", "entry", mvt, momentKey(moment)],
    queryFn: ({ signal }) =>
      api.get("/accounting/history/entries/{mvt}", {
        path: { mvt: mvt ?? "" },
        query: momentQuery(moment),
        signal,
      }),
    enabled: mvt !== null,
    placeholderData: keepPreviousData,
  });

/** A general account's ledger as it stood at the moment. */
export const useAccountHistory = (account: string | null, moment: Moment) =>
  useQuery({
    queryKey: [...accountingKeys.reports, "history", "ledger", account, momentKey(moment)],
    queryFn: ({ signal }) =>
      api.get("/accounting/history/ledger", {
        query: { account: account ?? "", ...momentQuery(moment) },
        signal,
      }),
    enabled: account !== null && account !== "",
    placeholderData: keepPreviousData,
  });
