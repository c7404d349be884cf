import { CSV_MEDIA_TYPE } from "../accounting/csv.ts";
import type { PrintLanguage } from "../pdf/format.ts";
import type { ManagementReportView } from "../schemas/management-reports.ts";
import { reportCsv } from "./csv.ts";
import { reportFileName } from "./labels.ts";
import { reportPdf } from "./pdf.ts";
import { reportXlsx, XLSX_MEDIA_TYPE } from "./xlsx.ts";

export type ReportFile = { name: string; contentType: string; body: string | Uint8Array };

/** A management report as a file to download: CSV, XLSX or PDF, under its French name. */
export const reportFile = async (
  report: ManagementReportView,
  format: "csv" | "xlsx" | "pdf",
  language: PrintLanguage,
  organisation: string,
  today: string,
): Promise<ReportFile> => {
  const name = reportFileName(report, format);
  if (format === "csv")
    return { name, contentType: CSV_MEDIA_TYPE, body: reportCsv(report, language, organisation) };
  if (format === "xlsx")
    return { name, contentType: XLSX_MEDIA_TYPE, body: await reportXlsx(report, language, organisation) };
  return {
    name,
    contentType: "application/pdf",
    body: await reportPdf(report, language, organisation, today),
  };
};
