import type { Cents } from "../money.ts";
import { accountClassOf } from "./chart.ts";
import type { AccountMovements } from "./reports.ts";
import { buildSections, matcher, type Rubric, type StatementSection } from "./statements.ts";

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
