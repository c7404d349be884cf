import ExcelJS from "exceljs";
import { formatMoney, type PrintLanguage } from "../pdf/format.ts";
import type { ManagementReportView, ReportValue } from "../schemas/management-reports.ts";
import { columnTitle, ledgerLine, periodLine, reportTitle, rowLabel, subjectTitle, words } from "./labels.ts";

export const XLSX_MEDIA_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

type Kind = ManagementReportView["columns"][number]["kind"];

/** Each kind's number format: amounts with two decimals, percentages as such, counts whole. */
const FORMATS: Record<Kind, string> = {
  money: "#,##0.00",
  quantity: "#,##0.######",
  count: "0",
  percent: "0.00%",
};

/**
 * A cell's number: euros from cents (a spreadsheet's numbers are binary fractions: the cents are exact
 * up to 2^53), a percentage as its fraction, a decimal quantity; null stays empty.
 */
const numberOf = (kind: Kind, value: ReportValue | undefined): number | null => {
  if (value === null || value === undefined) return null;
  if (kind === "money") return Number(value) / 100;
  if (kind === "percent") return Number(value) / 100;
  return Number(value);
};

/** The header row's position: after the title, the period and a blank line. */
export const XLSX_HEADER_ROW = 4;

/**
 * A management report as an Excel workbook (exceljs): one sheet, the title and period above, a header
 * row (bold, frozen), one row per line with numbers as numbers (two decimals for amounts), and a bold
 * totals row.
 */
export const reportXlsx = async (
  report: ManagementReportView,
  language: PrintLanguage,
  organisation: string,
): Promise<Uint8Array> => {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Registre";
  const title = reportTitle(report.type, language);
  const sheet = workbook.addWorksheet(title.slice(0, 31), {
    views: [{ state: "frozen", ySplit: XLSX_HEADER_ROW }],
  });
  sheet.getCell(1, 1).value = `${organisation} — ${title}`;
  sheet.getCell(1, 1).font = { bold: true, size: 13 };
  sheet.getCell(2, 1).value = periodLine(report, language);
  const header = sheet.getRow(XLSX_HEADER_ROW);
  header.values = [
    subjectTitle(report, language),
    ...report.columns.map((c) => columnTitle(c.key, language)),
  ];
  header.font = { bold: true };
  sheet.getColumn(1).width = 36;
  report.columns.forEach((c, i) => {
    const column = sheet.getColumn(i + 2);
    column.width = 16;
    column.numFmt = FORMATS[c.kind];
  });
  const put = (label: string, values: Record<string, ReportValue>) =>
    sheet.addRow([label, ...report.columns.map((c) => numberOf(c.kind, values[c.key]))]);
  for (const row of report.rows) put(rowLabel(report, row, language), row.values);
  const totals = put(words(language).total, report.totals);
  totals.font = { bold: true };
  totals.eachCell((cell) => {
    cell.border = { top: { style: "thin" } };
  });
  if (report.uncosted && report.uncosted.lines > 0) {
    sheet.addRow([]);
    sheet.addRow([
      words(language).uncosted(report.uncosted.lines, formatMoney(report.uncosted.revenue, language)),
    ]);
  }
  const ledger = ledgerLine(report, language, (cents) => formatMoney(cents, language));
  if (ledger) {
    sheet.addRow([]);
    sheet.addRow([ledger]);
  }
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
};
