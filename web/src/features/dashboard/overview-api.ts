import { queryOptions } from "@tanstack/react-query";
import { api, type Schemas } from "../../lib/api-client.ts";

export type OverviewStats = Schemas["OverviewStats"];
export type ForecastStats = Schemas["ForecastStats"];
export type AgedStats = Schemas["AgedStats"];
export type TodoStats = Schemas["TodoStats"];

/** How many late invoices the dashboard's card lists (`LateInvoices`). */
export const lateShown = 5;

/** One kind of the dashboard's figures: the route answers each with its own schema. */
const stats = <T>(
  type: string,
  query: { direction?: "sales" | "purchases"; contacts?: number; late?: number } = {},
) =>
  queryOptions({
    queryKey: ["dashboard", "stats", type, query] as const,
    queryFn: async ({ signal }) =>
      (await api.get("/dashboard/stats/{type}", { path: { type }, query, signal })) as T,
  });

/** This month against last year's, twelve months, cash per bank, the VAT due (the right to read the books). */
export const overviewQuery = () => stats<OverviewStats>("overview");
/** The next 90 days' cash week by week (the right to read the books). */
export const forecastQuery = () => stats<ForecastStats>("forecast");
/**
 * Receivables by age and the late invoices (the right to read sales invoices, or the books): the totals and
 * the first late invoices the card shows, no contact listed (the totals are over all of them).
 */
export const agedQuery = () => stats<AgedStats>("aged", { direction: "sales", contacts: 0, late: lateShown });
/** What needs doing: only the to-dos whose list the member may read. */
export const todoQuery = () => stats<TodoStats>("todo");
