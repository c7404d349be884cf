import type { Cents } from "../money.ts";
import { accountClassOf } from "./chart.ts";
import type { AccountMovements } from "./reports.ts";
import { buildSections, matcher, type Rubric, type StatementSection } from "./statements.ts";

const INCOME: readonly (Rubric & { section: string })[] = [
  {
    section: "operatingIncome",
    key: "salesGoods",
    label: "Ventes de marchandises",
    labelEn: "Sales of goods for resale",
    prefixes: ["707", "7097"],
  },
  {
    section: "operatingIncome",
    key: "salesProduction",
    label: "Production vendue (biens et services)",
    labelEn: "Production sold (goods and services)",
    prefixes: ["701", "702", "703", "704", "705", "706", "708", "709"],
  },
  {
    section: "operatingIncome",
    key: "storedProduction",
    label: "Production stockée",
    labelEn: "Change in production stocks",
    prefixes: ["71"],
  },
  {
    section: "operatingIncome",
    key: "capitalisedProduction",
    label: "Production immobilisée",
    labelEn: "Capitalised production",
    prefixes: ["72"],
  },
  {
    section: "operatingIncome",
    key: "operatingSubsidies",
    label: "Subventions d'exploitation",
    labelEn: "Operating subsidies",
    prefixes: ["74"],
  },
  {
    section: "operatingIncome",
    key: "operatingReversals",
    label: "Reprises sur dépréciations, provisions et transferts de charges",
    labelEn: "Reversals of provisions and expense transfers",
    prefixes: ["781", "791"],
  },
  {
    section: "operatingIncome",
    key: "otherOperatingIncome",
    label: "Autres produits",
    labelEn: "Other income",
    prefixes: ["75", "70", "7"],
  },
  {
    section: "operatingCharges",
    key: "purchasesGoods",
    label: "Achats de marchandises",
    labelEn: "Purchases of goods for resale",
    prefixes: ["607", "6087", "6097"],
  },
  {
    section: "operatingCharges",
    key: "stockChangeGoods",
    label: "Variation de stock (marchandises)",
    labelEn: "Change in stocks of goods",
    prefixes: ["6037"],
  },
  {
    section: "operatingCharges",
    key: "purchasesMaterials",
    label: "Achats de matières premières et autres approvisionnements",
    labelEn: "Purchases of raw materials and supplies",
    prefixes: ["601", "602", "6081", "6082", "6091", "6092"],
  },
  {
    section: "operatingCharges",
    key: "stockChangeMaterials",
    label: "Variation de stock (matières premières et approvisionnements)",
    labelEn: "Change in stocks of raw materials",
    prefixes: ["603"],
  },
  {
    section: "operatingCharges",
    key: "externalCharges",
    label: "Autres achats et charges externes",
    labelEn: "Other purchases and external charges",
    prefixes: ["604", "605", "606", "608", "609", "61", "62"],
  },
  {
    section: "operatingCharges",
    key: "taxes",
    label: "Impôts, taxes et versements assimilés",
    labelEn: "Taxes and similar levies",
    prefixes: ["63"],
  },
  {
    section: "operatingCharges",
    key: "wages",
    label: "Salaires et traitements",
    labelEn: "Wages and salaries",
    prefixes: ["641", "644"],
  },
  {
    section: "operatingCharges",
    key: "socialCharges",
    label: "Charges sociales",
    labelEn: "Social security charges",
    prefixes: ["645", "646", "647", "648", "64"],
  },
  {
    section: "operatingCharges",
    key: "depreciation",
    label: "Dotations aux amortissements, dépréciations et provisions",
    labelEn: "Depreciation, impairment and provisions",
    prefixes: ["681"],
  },
  {
    section: "operatingCharges",
    key: "otherOperatingCharges",
    label: "Autres charges",
    labelEn: "Other charges",
    prefixes: ["65", "60", "6"],
  },
  {
    section: "financialIncome",
    key: "financialIncome",
    label: "Produits financiers",
    labelEn: "Financial income",
    prefixes: ["76", "786", "796"],
  },
  {
    section: "financialCharges",
    key: "financialCharges",
    label: "Charges financières",
    labelEn: "Financial charges",
    prefixes: ["66", "686"],
  },
  {
    section: "exceptionalIncome",
    key: "exceptionalIncome",
    label: "Produits exceptionnels",
    labelEn: "Exceptional income",
    prefixes: ["77", "787", "797"],
  },
  {
    section: "exceptionalCharges",
    key: "exceptionalCharges",
    label: "Charges exceptionnelles",
    labelEn: "Exceptional charges",
    prefixes: ["67", "687"],
  },
  {
    section: "taxOnProfit",
    key: "employeeParticipation",
    label: "Participation des salariés aux résultats",
    labelEn: "Employee profit-sharing",
    prefixes: ["691"],
  },
  {
    section: "taxOnProfit",
    key: "incomeTax",
    label: "Impôts sur les bénéfices",
    labelEn: "Income tax",
    prefixes: ["69", "695"],
  },
];

const SECTIONS: Record<string, { label: string; labelEn: string; income: boolean }> = {
  operatingIncome: { label: "Produits d'exploitation", labelEn: "Operating income", income: true },
  operatingCharges: { label: "Charges d'exploitation", labelEn: "Operating charges", income: false },
  financialIncome: { label: "Produits financiers", labelEn: "Financial income", income: true },
  financialCharges: { label: "Charges financières", labelEn: "Financial charges", income: false },
  exceptionalIncome: { label: "Produits exceptionnels", labelEn: "Exceptional income", income: true },
  exceptionalCharges: { label: "Charges exceptionnelles", labelEn: "Exceptional charges", income: false },
  taxOnProfit: {
    label: "Participation et impôts sur les bénéfices",
    labelEn: "Profit-sharing and income tax",
    income: false,
  },
};

export type IncomeStatement = {
  readonly sections: readonly StatementSection[];
  /** Turnover net of rebates (chiffre d'affaires net): sales of goods and production sold. */
  readonly netTurnover: Cents;
  readonly operatingResult: Cents;
  readonly financialResult: Cents;
  readonly exceptionalResult: Cents;
  /** Class 7 minus class 6: a profit when positive. */
  readonly result: Cents;
};

/** The compte de résultat (PCG, système de base) from the movements of classes 6 and 7. */
export const incomeStatement = (movements: readonly AccountMovements[]): IncomeStatement => {
  const rubricOf = matcher(INCOME);
  const sectionOf = new Map(INCOME.map((r) => [r.key, r.section]));
  const amounts = new Map<string, Cents>();
  for (const m of movements) {
    const cls = accountClassOf(m.account);
    if (cls !== 6 && cls !== 7) continue;
    const key = rubricOf(m.account);
    if (!key) continue;
    const income = SECTIONS[sectionOf.get(key) ?? ""]?.income ?? false;
    amounts.set(key, (amounts.get(key) ?? 0) + (income ? m.credit - m.debit : m.debit - m.credit));
  }
  const sections = buildSections(INCOME, SECTIONS, amounts);
  const total = (key: string) => sections.find((s) => s.key === key)?.total ?? 0;
  const operatingResult = total("operatingIncome") - total("operatingCharges");
  const financialResult = total("financialIncome") - total("financialCharges");
  const exceptionalResult = total("exceptionalIncome") - total("exceptionalCharges");
  return {
    sections,
    netTurnover: (amounts.get("salesGoods") ?? 0) + (amounts.get("salesProduction") ?? 0),
    operatingResult,
    financialResult,
    exceptionalResult,
    result: operatingResult + financialResult + exceptionalResult - total("taxOnProfit"),
  };
};
