import type { Schemas } from "../../lib/api-client.ts";
import { reportsPath } from "../accounting/paths.ts";

/** The management reports (issue 26), as `GET /docs/stats/{type}` names them. */
export const reportTypes = [
  "sales-by-customer",
  "sales-by-item",
  "sales-by-month",
  "purchases-by-supplier",
  "margin-by-item",
  "aged-receivables",
  "aged-payables",
] as const;
export type ReportType = (typeof reportTypes)[number];
export type ManagementReport = Schemas["ManagementReport"];
export type ReportColumn = ManagementReport["columns"][number];
export type ReportRow = ManagementReport["rows"][number];
export type ReportValue = ReportRow["values"][string];

export const isReportType = (value: string | undefined): value is ReportType =>
  (reportTypes as readonly (string | undefined)[]).includes(value);

/** `/org/accounting/reports/sales-by-customer`, with its period when given. */
export const reportPath = (type: ReportType, period: { from?: string; to?: string } = {}): string => {
  const params = new URLSearchParams();
  if (period.from) params.set("from", period.from);
  if (period.to) params.set("to", period.to);
  const query = params.toString();
  return `${reportsPath}/${type}${query ? `?${query}` : ""}`;
};

/** The aged balances are at a day; the others over a period. */
export const isAged = (type: ReportType): boolean => type === "aged-receivables" || type === "aged-payables";

/** The right a report needs: reading the sales invoices, or the purchase invoices. */
export const rightOfReport = (type: ReportType): string =>
  type === "purchases-by-supplier" || type === "aged-payables" ? "purchases.invoices" : "sales.invoices";

/**
 * Under an aged balance, the books beside it: the side's third-party accounts at its day (`ledger`, for
 * a member who may read the books) and what they hold besides the documents' total — zero when they
 * agree. Null for the other reports and without the books' figure.
 */
export const ledgerBeside = (report: ManagementReport): { ledger: number; difference: number } | null =>
  report.ledger === null || (report.type !== "aged-receivables" && report.type !== "aged-payables")
    ? null
    : { ledger: report.ledger, difference: report.ledger - Number(report.totals.total ?? 0) };

/** The reports' files: the API's formats. */
export const exportFormats = ["csv", "xlsx", "pdf"] as const;
export type ExportFormat = (typeof exportFormats)[number];
