import { CSV_BOM, csvAmount, csvRows, csvText } from "../accounting/csv.ts";
import type { PrintLanguage } from "../pdf/format.ts";
import type { ManagementReportView, ReportValue } from "../schemas/management-reports.ts";
import { columnTitle, ledgerLine, periodLine, reportTitle, rowLabel, subjectTitle, words } from "./labels.ts";

/** A value as a French spreadsheet reads it: amounts "1234,56", decimals with a comma, nothing for null. */
const cell = (
  kind: ManagementReportView["columns"][number]["kind"],
  value: ReportValue | undefined,
): string => {
  if (value === null || value === undefined) return "";
  if (kind === "money") return csvAmount(Number(value));
  return String(value).replace(".", ",");
};

/**
 * A management report as CSV, like the accounting exports (`accounting/csv.ts`): `;`, comma decimals, CR LF,
 * UTF-8 with a byte order mark. The report's title and period first, then the header row, one row per
 * line of the report and the totals; the headers in the request's language.
 */
export const reportCsv = (
  report: ManagementReportView,
  language: PrintLanguage,
  organisation: string,
): string => {
  const w = words(language);
  const header = [subjectTitle(report, language), ...report.columns.map((c) => columnTitle(c.key, language))];
  const rows: (string | number)[][] = [
    [csvText(`${organisation} — ${reportTitle(report.type, language)}`)],
    [periodLine(report, language)],
    header,
    ...report.rows.map((row) => [
      csvText(rowLabel(report, row, language)),
      ...report.columns.map((c) => cell(c.kind, row.values[c.key])),
    ]),
    [w.total, ...report.columns.map((c) => cell(c.kind, report.totals[c.key]))],
  ];
  if (report.uncosted && report.uncosted.lines > 0)
    rows.push([w.uncosted(report.uncosted.lines, csvAmount(report.uncosted.revenue))]);
  const ledger = ledgerLine(report, language, csvAmount);
  if (ledger) rows.push([csvText(ledger)]);
  return CSV_BOM + csvRows(rows);
};
