import { formatCentsNumber, formatDate, formatDecimal, type PrintLanguage } from "../pdf/format.ts";
import type { ManagementReportView, ReportType, ReportValue } from "../schemas/management-reports.ts";

/** The words of the management reports' files (CSV, XLSX, PDF), French and English. */

/** A report's file name, always French: `ventes-par-client_2026-01-01_2026-12-31.csv`. */
const FILE_NAMES: Record<ReportType, string> = {
  "sales-by-customer": "ventes-par-client",
  "sales-by-item": "ventes-par-article",
  "sales-by-month": "ventes-par-mois",
  "purchases-by-supplier": "achats-par-fournisseur",
  "margin-by-item": "marge-par-article",
  "aged-receivables": "balance-agee-clients",
  "aged-payables": "balance-agee-fournisseurs",
};

export const reportFileName = (report: ManagementReportView, extension: string): string =>
  report.type === "aged-receivables" || report.type === "aged-payables"
    ? `${FILE_NAMES[report.type]}_au_${report.to}.${extension}`
    : `${FILE_NAMES[report.type]}_${report.from}_${report.to}.${extension}`;

const TITLES: Record<PrintLanguage, Record<ReportType, string>> = {
  fr: {
    "sales-by-customer": "Ventes par client",
    "sales-by-item": "Ventes par article",
    "sales-by-month": "Ventes par mois",
    "purchases-by-supplier": "Achats par fournisseur",
    "margin-by-item": "Marge par article",
    "aged-receivables": "Balance âgée clients",
    "aged-payables": "Balance âgée fournisseurs",
  },
  en: {
    "sales-by-customer": "Sales by customer",
    "sales-by-item": "Sales by item",
    "sales-by-month": "Sales by month",
    "purchases-by-supplier": "Purchases by supplier",
    "margin-by-item": "Margin by item",
    "aged-receivables": "Aged receivables",
    "aged-payables": "Aged payables",
  },
};

const COLUMNS: Record<PrintLanguage, Record<string, string>> = {
  fr: {
    invoices: "Factures",
    creditNotes: "Avoirs",
    invoiced: "Facturé HT",
    credited: "Avoirs HT",
    net: "Net HT",
    share: "Part",
    quantity: "Quantité",
    documents: "Pièces",
    cumulative: "Cumul HT",
    revenue: "Ventes HT",
    cost: "Coût d’achat",
    margin: "Marge",
    rate: "Taux de marge",
    uncostedLines: "Lignes sans coût",
    notDue: "Non échu",
    days1to30: "1 à 30 j",
    days31to60: "31 à 60 j",
    days61to90: "61 à 90 j",
    over90: "Plus de 90 j",
    total: "Total TTC",
  },
  en: {
    invoices: "Invoices",
    creditNotes: "Credit notes",
    invoiced: "Invoiced excl. tax",
    credited: "Credited excl. tax",
    net: "Net excl. tax",
    share: "Share",
    quantity: "Quantity",
    documents: "Documents",
    cumulative: "Running total",
    revenue: "Sales excl. tax",
    cost: "Cost",
    margin: "Margin",
    rate: "Margin rate",
    uncostedLines: "Lines without cost",
    notDue: "Not due",
    days1to30: "1–30 days",
    days31to60: "31–60 days",
    days61to90: "61–90 days",
    over90: "Over 90 days",
    total: "Total incl. tax",
  },
};

const WORDS = {
  fr: {
    customer: "Client",
    supplier: "Fournisseur",
    item: "Article",
    month: "Mois",
    noContact: "Sans tiers",
    freeLines: "Lignes libres",
    total: "Total",
    period: (from: string, to: string) => `Du ${from} au ${to}`,
    asOf: (day: string) => `Au ${day}`,
    uncosted: (lines: number, revenue: string) =>
      `${lines} ligne${lines > 1 ? "s" : ""} de vente sans coût connu (${revenue} HT), hors des marges.`,
    ledgerOutside: (suppliers: boolean, ledger: string, difference: string) =>
      `Au grand livre, les comptes ${suppliers ? "fournisseurs" : "clients"} font ${ledger}\u00a0: ${difference} hors factures (écritures saisies à la main, à-nouveaux, règlements non imputés).`,
    ledgerAgrees: (suppliers: boolean, ledger: string) =>
      `Au grand livre, les comptes ${suppliers ? "fournisseurs" : "clients"} font ${ledger}\u00a0: ils concordent avec les factures.`,
    page: (page: number, count: number) => `Page ${page} sur ${count}`,
    printed: (day: string) => `Édité le ${day}`,
  },
  en: {
    customer: "Customer",
    supplier: "Supplier",
    item: "Item",
    month: "Month",
    noContact: "No contact",
    freeLines: "Free lines",
    total: "Total",
    period: (from: string, to: string) => `From ${from} to ${to}`,
    asOf: (day: string) => `As at ${day}`,
    uncosted: (lines: number, revenue: string) =>
      `${lines} sales line${lines === 1 ? "" : "s"} without a known cost (${revenue} excl. tax), left out of the margins.`,
    ledgerOutside: (suppliers: boolean, ledger: string, difference: string) =>
      `In the books, the ${suppliers ? "supplier" : "customer"} accounts hold ${ledger}: ${difference} outside the invoices (entries made by hand, opening balances, payments not allocated).`,
    ledgerAgrees: (suppliers: boolean, ledger: string) =>
      `In the books, the ${suppliers ? "supplier" : "customer"} accounts hold ${ledger}: they agree with the invoices.`,
    page: (page: number, count: number) => `Page ${page} of ${count}`,
    printed: (day: string) => `Printed on ${day}`,
  },
} as const;

export const words = (language: PrintLanguage) => WORDS[language];

export const reportTitle = (type: ReportType, language: PrintLanguage): string => TITLES[language][type];

export const columnTitle = (key: string, language: PrintLanguage): string => COLUMNS[language][key] ?? key;

const MONTHS = {
  fr: [
    "janvier",
    "février",
    "mars",
    "avril",
    "mai",
    "juin",
    "juillet",
    "août",
    "septembre",
    "octobre",
    "novembre",
    "décembre",
  ],
  en: [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
  ],
} as const;

/** "2026-03" -> "mars 2026" / "March 2026". */
export const monthName = (month: string, language: PrintLanguage): string =>
  `${MONTHS[language][Number(month.slice(5, 7)) - 1] ?? month} ${month.slice(0, 4)}`;

/** The first column's title. */
export const subjectTitle = (report: ManagementReportView, language: PrintLanguage): string => {
  const w = words(language);
  if (report.subject === "month") return w.month;
  if (report.subject === "item") return w.item;
  return report.type === "purchases-by-supplier" || report.type === "aged-payables" ? w.supplier : w.customer;
};

/** A row's first cell: the contact's or item's name, the month, or what stands for none. */
export const rowLabel = (
  report: ManagementReportView,
  row: ManagementReportView["rows"][number],
  language: PrintLanguage,
): string => {
  if (report.subject === "month" && row.key) return monthName(row.key, language);
  if (row.label) return row.label;
  return report.subject === "item" ? words(language).freeLines : words(language).noContact;
};

/** The period's line: "Du 01/01/2026 au 31/12/2026", or the aged balances' day. */
export const periodLine = (report: ManagementReportView, language: PrintLanguage): string =>
  report.type === "aged-receivables" || report.type === "aged-payables"
    ? words(language).asOf(formatDate(report.to, language))
    : words(language).period(formatDate(report.from, language), formatDate(report.to, language));

/**
 * The aged balances' last line: the books' third-party accounts beside the documents' total, and what
 * they hold outside the invoices; null without the books' figure (`ledger`). `amount` writes cents.
 */
export const ledgerLine = (
  report: ManagementReportView,
  language: PrintLanguage,
  amount: (cents: number) => string,
): string | null => {
  if (report.ledger === null) return null;
  const w = words(language);
  const suppliers = report.type === "aged-payables";
  const difference = report.ledger - Number(report.totals.total ?? 0);
  return difference === 0
    ? w.ledgerAgrees(suppliers, amount(report.ledger))
    : w.ledgerOutside(suppliers, amount(report.ledger), amount(difference));
};

/** A value as printed (PDF): amounts with two decimals, percentages with « % », nothing for null. */
export const printedValue = (
  kind: ManagementReportView["columns"][number]["kind"],
  value: ReportValue | undefined,
  language: PrintLanguage,
): string => {
  if (value === null || value === undefined) return "";
  if (kind === "money") return formatCentsNumber(Number(value), language);
  if (kind === "percent")
    return `${formatDecimal(String(value), language, 2)}${language === "fr" ? "\u00a0%" : "%"}`;
  return formatDecimal(String(value), language);
};
