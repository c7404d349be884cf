import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import { downloadFile } from "../accounting/access.ts";
import type { ExportFormat, ManagementReport, ReportType } from "./model.ts";

export type ReportPeriod = { from?: string | undefined; to?: string | undefined };

const queryOf = (period: ReportPeriod) => ({
  ...(period.from && { from: period.from }),
  ...(period.to && { to: period.to }),
});

/** A management report over a period (the API's default, the current fiscal year, when none is given). */
export const reportQuery = (type: ReportType, period: ReportPeriod) =>
  queryOptions({
    queryKey: ["docs", "stats", type, period.from ?? null, period.to ?? null] as const,
    // The route answers a report's type with its report (a side and kind with its counts).
    queryFn: async ({ signal }) =>
      (await api.get("/docs/stats/{type}", {
        path: { type },
        query: queryOf(period),
        signal,
      })) as ManagementReport,
    // While another period loads, the same report stays shown (never another report's columns).
    placeholderData: (previous) => (previous?.type === type ? previous : undefined),
  });

/** The report as a file (CSV, XLSX, PDF) saved under the name the API gives. */
export const downloadReport = (type: ReportType, period: ReportPeriod, format: ExportFormat) => {
  const query = new URLSearchParams({ ...queryOf(period), format }).toString();
  return downloadFile(`/docs/stats/${type}?${query}`, `${type}.${format}`);
};
