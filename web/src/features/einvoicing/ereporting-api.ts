/** The e-reporting calendar and « send now » (/einvoicing/ereporting…). */

import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, type Schemas } from "../../lib/api-client.ts";

export type EReportingCalendar = Schemas["EReportingCalendar"];
export type EReportingPeriod = Schemas["EReportingPeriod"];
export type EReportingPartView = EReportingPeriod["parts"][number];

export const ereportingPath = "/org/einvoicing/ereporting";

const keys = { all: ["einvoicing-ereporting"] as const };

/** The periods starting in the last three months, newest first. */
export const ereportingCalendarQuery = () =>
  queryOptions({
    queryKey: keys.all,
    queryFn: ({ signal }) => api.get("/einvoicing/ereporting", { query: { months: 3 }, signal }),
  });

export const useSendEReportingPeriod = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (period: string) => api.post("/einvoicing/ereporting/{period}/send", { path: { period } }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
};
