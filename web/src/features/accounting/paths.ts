/** The addresses of the accounting screens (spec section 2). */
export const accountingBase = "/org/accounting";
const segment = (value: string) => encodeURIComponent(value);

export const accountsPath = `${accountingBase}/accounts`;
export const accountPath = (number: string) => `${accountsPath}/${segment(number)}`;
export const journalsPath = `${accountingBase}/journals`;
export const journalPath = (code: string) => `${journalsPath}/${segment(code)}`;
export const entriesPath = `${accountingBase}/entries`;
export const entryPath = (mvt: string) => `${entriesPath}/${segment(mvt)}`;
export const newEntryPath = `${entriesPath}/create`;
export const validatePath = `${entriesPath}/validate`;
/** The FEC import (issue 23, point 2): beside the entries, as the API's `/accounting/entries/import`. */
export const fecImportPath = `${entriesPath}/import`;
export const yearsPath = `${accountingBase}/balancesheet`;
export const yearPath = (id: string) => `${yearsPath}/${segment(id)}`;
export const reportsPath = `${accountingBase}/reports`;
export const balancePath = `${reportsPath}/balance`;
export const statementsReportPath = `${reportsPath}/balancesheet`;
/** The accountant's time machine (issue 26, point 3): the ledger as it stood at a moment. */
export const historyPath = `${accountingBase}/history`;

export const ledgerPath = (
  filter: { account?: string; start?: string; end?: string; provisional?: boolean } = {},
) => {
  const params = new URLSearchParams();
  if (filter.account) params.set("account", filter.account);
  if (filter.start) params.set("start", filter.start);
  if (filter.end) params.set("end", filter.end);
  if (filter.provisional) params.set("provisional", "1");
  const query = params.toString();
  return `${reportsPath}/generalledger${query ? `?${query}` : ""}`;
};

/** The sub-pages of a fiscal year: settings, balance and adjustments, closing checklist. */
export const yearSettingsPath = (id: string) => `${yearPath(id)}/edit`;
export const yearDataPath = (id: string) => `${yearPath(id)}/data`;
export const yearAdjustmentsPath = (id: string) => `${yearPath(id)}/data/edit`;
export const yearStepPath = (id: string) => `${yearPath(id)}/step`;
export const yearChecklistPath = (id: string) => `${yearPath(id)}/step/edit`;

/** The VAT returns (issue 22): a year's periods, and one period's return. */
export const vatPath = (year?: number | string) => `${accountingBase}/vat${year ? `?year=${year}` : ""}`;
export const vatPeriodPath = (period: string) => `${accountingBase}/vat/${segment(period)}`;
