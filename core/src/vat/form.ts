import type { VatCodeRate, VatDirection, VatKind, VatRegimeKind } from "./code.ts";

/**
 * The boxes of form 3310-CA3-SD an SME uses (vat-return.md §3), as data: the form changes up to twice a
 * year, so each version names the first period it applies to, and a box's rule says which VAT lines
 * feed it. Labels in French (the form's) and English.
 */

/** Which VAT lines feed a box: every condition given must hold; account prefixes on the line's account. */
export type BoxRule = {
  readonly direction: VatDirection;
  readonly regimes?: readonly VatRegimeKind[];
  readonly kinds?: readonly VatKind[];
  readonly rates?: readonly VatCodeRate[];
  /** The line's account starts with one of these. */
  readonly accounts?: readonly string[];
  /** …and with none of these. */
  readonly notAccounts?: readonly string[];
};

export type BoxSection = "taxed" | "untaxed" | "gross" | "deductible" | "result";

/**
 * A box: `lines` sums a column of the VAT lines its rules take (a base, or a tax, or both for a rate
 * line); `total` is computed from rounded boxes by the form's arithmetic; `input` is given by the return
 * (the credit carried, the refund asked).
 */
export type BoxDefinition = {
  readonly code: string;
  readonly section: BoxSection;
  readonly label: { readonly fr: string; readonly en: string };
  readonly source: "lines" | "total" | "input";
  /** For a `lines` box: which column(s) the form has. */
  readonly columns?: readonly ("base" | "tax")[];
  readonly rules?: readonly BoxRule[];
};

export type VatForm = {
  /** 3310-CA3-SD, 3517-S-SD (the CA12, `ca12.ts`), 3514-SD (its instalments). */
  readonly id: "3310-CA3-SD" | "3517-S-SD" | "3514-SD";
  /** The form's version (its millésime), and the first period start it applies to. */
  readonly version: string;
  readonly from: string;
  readonly boxes: readonly BoxDefinition[];
};

/** VAT self-assessed by the buyer is due on 4452. */
const selfAssessed = ["4452"];
const taxedRates: readonly VatCodeRate[] = ["20", "10", "5.5", "2.1"];

const rateBox = (code: string, rate: VatCodeRate, fr: string, en: string): BoxDefinition => ({
  code,
  section: "gross",
  label: { fr, en },
  source: "lines",
  columns: ["base", "tax"],
  // Every taxed operation of the rate, at home or self-assessed: the A and B boxes' lines, by rate.
  rules: [{ direction: "collected", rates: [rate] }],
});

const base = (
  code: string,
  section: BoxSection,
  fr: string,
  en: string,
  rules: BoxRule[],
): BoxDefinition => ({
  code,
  section,
  label: { fr, en },
  source: "lines",
  columns: ["base"],
  rules,
});

const tax = (code: string, fr: string, en: string, rules: BoxRule[]): BoxDefinition => ({
  code,
  section: "deductible",
  label: { fr, en },
  source: "lines",
  columns: ["tax"],
  rules,
});

const total = (code: string, section: BoxSection, fr: string, en: string): BoxDefinition => ({
  code,
  section,
  label: { fr, en },
  source: "total",
});

const input = (code: string, section: BoxSection, fr: string, en: string): BoxDefinition => ({
  code,
  section,
  label: { fr, en },
  source: "input",
});

export const ca3Form2026: VatForm = {
  id: "3310-CA3-SD",
  version: "2026",
  from: "2026-01-01",
  boxes: [
    base("A1", "taxed", "Ventes, prestations de services", "Sales and services", [
      { direction: "collected", regimes: ["domestic"], kinds: ["goods", "services"], rates: taxedRates },
    ]),
    base("A2", "taxed", "Autres opérations imposables", "Other taxable operations", [
      { direction: "collected", regimes: ["domestic"], kinds: ["fixedAsset"], rates: taxedRates },
    ]),
    base(
      "A3",
      "taxed",
      "Achats de prestations de services réalisés auprès d’un assujetti non établi en France (article 283-2 du CGI)",
      "Services bought from a business not established in France (CGI 283-2)",
      [{ direction: "collected", regimes: ["reverseCharge"], accounts: selfAssessed }],
    ),
    base("A4", "taxed", "Importations", "Imports", [
      { direction: "collected", regimes: ["import"], accounts: selfAssessed },
    ]),
    base("B2", "taxed", "Acquisitions intracommunautaires", "Intra-EU acquisitions", [
      { direction: "collected", regimes: ["intraEu"], accounts: selfAssessed },
    ]),
    base("E1", "untaxed", "Exportations hors UE", "Exports outside the EU", [
      { direction: "collected", regimes: ["export"] },
    ]),
    base("E2", "untaxed", "Autres opérations non imposables", "Other operations not taxable", [
      { direction: "collected", regimes: ["reverseCharge"], accounts: ["7"] },
      { direction: "collected", regimes: ["domestic"], rates: ["0"] },
    ]),
    base(
      "F2",
      "untaxed",
      "Livraisons intracommunautaires à destination d’une personne assujettie",
      "Intra-EU deliveries to a taxable person",
      [{ direction: "collected", regimes: ["intraEu"], accounts: ["7"] }],
    ),
    rateBox("08", "20", "Taux normal 20 %", "Standard rate 20%"),
    rateBox("9B", "10", "Taux réduit 10 %", "Reduced rate 10%"),
    rateBox("09", "5.5", "Taux réduit 5,5 %", "Reduced rate 5.5%"),
    rateBox(
      "T6",
      "2.1",
      "Taux particulier 2,1 % (France métropolitaine)",
      "Special rate 2.1% (metropolitan France)",
    ),
    input("15", "gross", "TVA antérieurement déduite à reverser", "VAT previously deducted to pay back"),
    total("16", "gross", "Total de la TVA brute due", "Total gross VAT due"),
    {
      code: "17",
      section: "gross",
      label: {
        fr: "Dont TVA sur acquisitions intracommunautaires",
        en: "Of which VAT on intra-EU acquisitions",
      },
      source: "lines",
      columns: ["tax"],
      rules: [{ direction: "collected", regimes: ["intraEu"], accounts: selfAssessed }],
    },
    tax("19", "Biens constituant des immobilisations", "Fixed assets", [
      { direction: "deductible", accounts: ["44562"] },
    ]),
    tax("20", "Autres biens et services", "Other goods and services", [
      { direction: "deductible", accounts: ["4456"], notAccounts: ["44562"] },
    ]),
    input("21", "deductible", "Autre TVA à déduire", "Other VAT to deduct"),
    input(
      "22",
      "deductible",
      "Report du crédit apparaissant ligne 27 de la précédente déclaration",
      "Credit carried from line 27 of the previous return",
    ),
    total("23", "deductible", "Total TVA déductible", "Total deductible VAT"),
    total("25", "result", "Crédit de TVA (ligne 23 − ligne 16)", "VAT credit (line 23 − line 16)"),
    input(
      "26",
      "result",
      "Remboursement de crédit demandé sur formulaire n° 3519",
      "Refund of the credit asked on form 3519",
    ),
    total(
      "27",
      "result",
      "Crédit de TVA à reporter (ligne 25 − ligne 26)",
      "VAT credit to carry forward (line 25 − line 26)",
    ),
    total("TD", "result", "TVA due (ligne 16 − ligne 23)", "VAT due (line 16 − line 23)"),
    total("28", "result", "TVA nette due (ligne TD − ligne X5)", "Net VAT due (line TD − line X5)"),
    total("32", "result", "Total à payer", "Total to pay"),
  ],
};

/** The versions of the form, newest first; a period takes the newest that applies from its start. */
export const ca3Forms: readonly VatForm[] = [ca3Form2026];

export const ca3FormFor = (periodStart: string): VatForm =>
  ca3Forms.find((f) => f.from <= periodStart) ?? (ca3Forms[ca3Forms.length - 1] as VatForm);

/** Whether a VAT line is one a rule takes. */
export const ruleTakes = (
  rule: BoxRule,
  line: {
    readonly direction: VatDirection;
    readonly regime: VatRegimeKind;
    readonly kind: VatKind;
    readonly rate: VatCodeRate;
    readonly account: string;
  },
): boolean =>
  rule.direction === line.direction &&
  (!rule.regimes || rule.regimes.includes(line.regime)) &&
  (!rule.kinds || rule.kinds.includes(line.kind)) &&
  (!rule.rates || rule.rates.includes(line.rate)) &&
  (!rule.accounts || rule.accounts.some((p) => line.account.startsWith(p))) &&
  !(rule.notAccounts ?? []).some((p) => line.account.startsWith(p));
