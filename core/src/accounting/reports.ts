import type { Cents } from "../money.ts";
import { accountClassOf } from "./chart.ts";

/** An account's movements over a period: what the per-period balances add up to. */
export type AccountMovements = {
  readonly account: string;
  readonly label: string;
  readonly debit: Cents;
  readonly credit: Cents;
};

export type TrialBalanceRow = AccountMovements & {
  readonly balanceDebit: Cents;
  readonly balanceCredit: Cents;
};

export type TrialBalance = {
  readonly rows: readonly TrialBalanceRow[];
  readonly totals: { debit: Cents; credit: Cents; balanceDebit: Cents; balanceCredit: Cents };
};

/** The balance générale: movements and balance of every account, by account number. */
export const trialBalance = (movements: readonly AccountMovements[]): TrialBalance => {
  const rows = [...movements]
    .sort((a, b) => (a.account < b.account ? -1 : a.account > b.account ? 1 : 0))
    .map((m) => {
      const net = m.debit - m.credit;
      return { ...m, balanceDebit: net > 0 ? net : 0, balanceCredit: net < 0 ? -net : 0 };
    });
  const sum = (f: (r: TrialBalanceRow) => Cents) => rows.reduce((s, r) => s + f(r), 0);
  return {
    rows,
    totals: {
      debit: sum((r) => r.debit),
      credit: sum((r) => r.credit),
      balanceDebit: sum((r) => r.balanceDebit),
      balanceCredit: sum((r) => r.balanceCredit),
    },
  };
};

/** A line of a PCG statement: a stable key, its French and English wording and its amount. */
export type StatementLine = {
  readonly key: string;
  readonly label: string;
  readonly labelEn: string;
  readonly amount: Cents;
};
export type StatementSection = {
  readonly key: string;
  readonly label: string;
  readonly labelEn: string;
  readonly lines: readonly StatementLine[];
  readonly total: Cents;
};

type Rubric = { key: string; label: string; labelEn: string; prefixes: readonly string[] };

/** The most specific prefix wins: 7097 is a rebate on goods even though 709 is one on services. */
const matcher = (rubrics: readonly Rubric[]) => {
  const pairs = rubrics
    .flatMap((r) => r.prefixes.map((p) => [p, r.key] as const))
    .sort((a, b) => b[0].length - a[0].length);
  return (account: string): string | undefined => pairs.find(([p]) => account.startsWith(p))?.[1];
};

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

const buildSections = (
  rubrics: readonly (Rubric & { section: string })[],
  sections: Record<string, { label: string; labelEn: string }>,
  amounts: ReadonlyMap<string, Cents>,
): StatementSection[] =>
  Object.entries(sections).map(([key, s]) => {
    const lines = rubrics
      .filter((r) => r.section === key)
      .map((r) => ({ key: r.key, label: r.label, labelEn: r.labelEn, amount: amounts.get(r.key) ?? 0 }));
    return { key, label: s.label, labelEn: s.labelEn, lines, total: lines.reduce((t, l) => t + l.amount, 0) };
  });

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

type SheetRubric = Rubric & { section: string; side: "assets" | "liabilities" };

const ASSETS: readonly SheetRubric[] = [
  {
    side: "assets",
    section: "fixedAssets",
    key: "intangibleAssets",
    label: "Immobilisations incorporelles",
    labelEn: "Intangible assets",
    prefixes: ["20", "280", "290"],
  },
  {
    side: "assets",
    section: "fixedAssets",
    key: "tangibleAssets",
    label: "Immobilisations corporelles",
    labelEn: "Tangible assets",
    prefixes: ["21", "22", "23", "24", "25", "281", "282", "291", "293"],
  },
  {
    side: "assets",
    section: "fixedAssets",
    key: "financialAssets",
    label: "Immobilisations financières",
    labelEn: "Financial assets",
    prefixes: ["26", "27", "296", "297", "2"],
  },
  {
    side: "assets",
    section: "currentAssets",
    key: "stocks",
    label: "Stocks et en-cours",
    labelEn: "Stocks and work in progress",
    prefixes: ["3"],
  },
  {
    side: "assets",
    section: "currentAssets",
    key: "advancesPaid",
    label: "Avances et acomptes versés sur commandes",
    labelEn: "Advances paid on orders",
    prefixes: ["4091"],
  },
  {
    side: "assets",
    section: "currentAssets",
    key: "tradeReceivables",
    label: "Créances clients et comptes rattachés",
    labelEn: "Trade receivables",
    prefixes: ["41", "491"],
  },
  {
    side: "assets",
    section: "currentAssets",
    key: "otherReceivables",
    label: "Autres créances",
    labelEn: "Other receivables",
    prefixes: ["4"],
  },
  {
    side: "assets",
    section: "currentAssets",
    key: "securities",
    label: "Valeurs mobilières de placement",
    labelEn: "Marketable securities",
    prefixes: ["50", "590"],
  },
  {
    side: "assets",
    section: "currentAssets",
    key: "cash",
    label: "Disponibilités",
    labelEn: "Cash at bank and in hand",
    prefixes: ["5"],
  },
  {
    side: "assets",
    section: "currentAssets",
    key: "prepaidExpenses",
    label: "Charges constatées d'avance",
    labelEn: "Prepaid expenses",
    prefixes: ["486"],
  },
];

const LIABILITIES: readonly SheetRubric[] = [
  {
    side: "liabilities",
    section: "equity",
    key: "capital",
    label: "Capital",
    labelEn: "Share capital",
    prefixes: ["10", "101", "108", "109"],
  },
  {
    side: "liabilities",
    section: "equity",
    key: "premiums",
    label: "Primes d'émission, de fusion, d'apport",
    labelEn: "Share premiums",
    prefixes: ["104"],
  },
  {
    side: "liabilities",
    section: "equity",
    key: "revaluation",
    label: "Écarts de réévaluation",
    labelEn: "Revaluation reserve",
    prefixes: ["105"],
  },
  {
    side: "liabilities",
    section: "equity",
    key: "reserves",
    label: "Réserves",
    labelEn: "Reserves",
    prefixes: ["106"],
  },
  {
    side: "liabilities",
    section: "equity",
    key: "retainedEarnings",
    label: "Report à nouveau",
    labelEn: "Retained earnings",
    prefixes: ["11"],
  },
  {
    side: "liabilities",
    section: "equity",
    key: "result",
    label: "Résultat de l'exercice",
    labelEn: "Result for the year",
    prefixes: ["12"],
  },
  {
    side: "liabilities",
    section: "equity",
    key: "investmentSubsidies",
    label: "Subventions d'investissement",
    labelEn: "Investment subsidies",
    prefixes: ["13"],
  },
  {
    side: "liabilities",
    section: "equity",
    key: "regulatedProvisions",
    label: "Provisions réglementées",
    labelEn: "Regulated provisions",
    prefixes: ["14", "1"],
  },
  {
    side: "liabilities",
    section: "provisions",
    key: "provisions",
    label: "Provisions pour risques et charges",
    labelEn: "Provisions for liabilities and charges",
    prefixes: ["15"],
  },
  {
    side: "liabilities",
    section: "debts",
    key: "borrowings",
    label: "Emprunts et dettes auprès des établissements de crédit",
    labelEn: "Bank borrowings",
    prefixes: ["16", "17", "5"],
  },
  {
    side: "liabilities",
    section: "debts",
    key: "advancesReceived",
    label: "Avances et acomptes reçus sur commandes",
    labelEn: "Advances received on orders",
    prefixes: ["4191"],
  },
  {
    side: "liabilities",
    section: "debts",
    key: "tradePayables",
    label: "Dettes fournisseurs et comptes rattachés",
    labelEn: "Trade payables",
    prefixes: ["401", "403", "408"],
  },
  {
    side: "liabilities",
    section: "debts",
    key: "taxAndSocial",
    label: "Dettes fiscales et sociales",
    labelEn: "Tax and social security liabilities",
    prefixes: ["42", "43", "44"],
  },
  {
    side: "liabilities",
    section: "debts",
    key: "fixedAssetPayables",
    label: "Dettes sur immobilisations et comptes rattachés",
    labelEn: "Amounts owed for fixed assets",
    prefixes: ["404", "405"],
  },
  {
    side: "liabilities",
    section: "debts",
    key: "otherDebts",
    label: "Autres dettes",
    labelEn: "Other liabilities",
    prefixes: ["4", "18"],
  },
  {
    side: "liabilities",
    section: "debts",
    key: "deferredIncome",
    label: "Produits constatés d'avance",
    labelEn: "Deferred income",
    prefixes: ["487"],
  },
];

const FIXED_SECTIONS = {
  fixedAssets: { label: "Actif immobilisé", labelEn: "Fixed assets" },
  currentAssets: { label: "Actif circulant", labelEn: "Current assets" },
};
const EQUITY_AND_DEBT_SECTIONS = {
  equity: { label: "Capitaux propres", labelEn: "Equity" },
  provisions: { label: "Provisions", labelEn: "Provisions" },
  debts: { label: "Dettes", labelEn: "Liabilities" },
};

export type BalanceSheet = {
  readonly assets: readonly StatementSection[];
  readonly liabilities: readonly StatementSection[];
  readonly totalAssets: Cents;
  readonly totalLiabilities: Cents;
  /** The year's result (class 7 − class 6), included in equity. */
  readonly result: Cents;
};

/**
 * The bilan (PCG, système de base). Accounts of classes 1 to 3 keep their side; third-party and
 * bank accounts (classes 4 and 5) go by the sign of their balance: a customer in credit is a debt,
 * an overdrawn bank a borrowing. Pass one row per auxiliary account for collective accounts to
 * classify each customer and supplier by its own balance.
 */
export const balanceSheet = (movements: readonly AccountMovements[]): BalanceSheet => {
  const assetOf = matcher(ASSETS);
  const liabilityOf = matcher(LIABILITIES);
  const amounts = new Map<string, Cents>();
  const add = (key: string | undefined, amount: Cents) =>
    key && amounts.set(key, (amounts.get(key) ?? 0) + amount);
  let result = 0;
  for (const m of movements) {
    const net = m.debit - m.credit;
    const cls = accountClassOf(m.account);
    if (cls === 6 || cls === 7) result -= net;
    else if (cls === 1) add(liabilityOf(m.account), -net);
    else if (cls === 2 || cls === 3) add(assetOf(m.account), net);
    else if (cls === 4 || cls === 5) {
      // Provisions on receivables (49x) and securities (59x) stay with what they reduce.
      const contra = m.account.startsWith("49") || m.account.startsWith("59");
      if (net > 0 || contra) add(assetOf(m.account), net);
      else if (net < 0) add(liabilityOf(m.account), -net);
    }
  }
  add("result", result);
  const assets = buildSections(ASSETS, FIXED_SECTIONS, amounts);
  const liabilities = buildSections(LIABILITIES, EQUITY_AND_DEBT_SECTIONS, amounts);
  const sum = (s: readonly StatementSection[]) => s.reduce((t, x) => t + x.total, 0);
  return { assets, liabilities, totalAssets: sum(assets), totalLiabilities: sum(liabilities), result };
};
