import { useTranslation } from "react-i18next";
import { type Formatters, useFormat } from "../../i18n/format.ts";
import { intlLocale } from "../../i18n/i18n.ts";
import { formatCents } from "../../lib/money.ts";
import type { ManagementReport, ReportColumn, ReportRow, ReportValue } from "./model.ts";

/** A month « mars 2026 » from "2026-03". */
export const monthLabel = (format: Formatters, month: string): string =>
  `${format.monthInline(Number(month.slice(5, 7)))} ${month.slice(0, 4)}`;

/**
 * How a report's cells read: amounts in euros, percentages and quantities in the language's digits
 * (the API's decimal strings, never summed here), counts whole; an empty cell for null.
 */
export const useReportFormat = () => {
  const { t } = useTranslation("accounting");
  const format = useFormat();
  const percent = new Intl.NumberFormat(intlLocale(format.locale), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const quantity = new Intl.NumberFormat(intlLocale(format.locale), { maximumFractionDigits: 6 });
  const value = (kind: ReportColumn["kind"], cell: ReportValue | undefined): string => {
    if (cell === null || cell === undefined) return "";
    if (kind === "money") return formatCents(Number(cell), format.locale, { currency: true });
    if (kind === "percent")
      return `${percent.format(Number(cell))}${format.locale === "fr" ? "\u00a0%" : "%"}`;
    if (kind === "quantity") return quantity.format(Number(cell));
    return format.number(Number(cell));
  };
  const label = (report: ManagementReport, row: ReportRow): string => {
    if (report.subject === "month" && row.key) return monthLabel(format, row.key);
    if (row.label) return row.label;
    return report.subject === "item" ? t("management.freeLines") : t("management.noContact");
  };
  const money = (cents: number) => formatCents(cents, format.locale, { currency: true });
  return { value, label, money, format };
};
