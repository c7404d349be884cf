import { vatAccounts } from "./code.ts";
import {
  type BoxValue,
  type ComputedReturn,
  type ReturnLine,
  type ReturnProblem,
  refundProblem,
  settlementLines,
  toEuros,
} from "./compute.ts";
import {
  correctionLines,
  correctionSums,
  type VatCorrection,
  type VatCorrectionKind,
} from "./corrections.ts";
import {
  type BoxDefinition,
  type BoxRule,
  type BoxSection,
  ca3FormFor,
  ruleTakes,
  type VatForm,
} from "./form.ts";
import type { VatPeriod } from "./periods.ts";

/**
 * The CA12 (régime réel simplifié, form 3517-S-SD; vat-return.md §5): one return a year, computed like
 * the CA3 from the year's VAT lines, which deducts the two instalments paid during the year (form
 * 3514-SD: 55 % in July and 40 % in December of the base of the year before — its line 57, the VAT due
 * before deducting VAT on fixed assets; none when that base is under 1 000 €) and settles the rest, or
 * carries (or refunds, from 150 €) what the instalments and deductions leave over. Its boxes are data,
 * versioned like the CA3's; the line codes follow the 3517-S-SD notice.
 */

const selfAssessed = ["4452"];

const lines = (
  code: string,
  section: BoxSection,
  columns: readonly ("base" | "tax")[],
  fr: string,
  en: string,
  rules: BoxRule[],
): BoxDefinition => ({ code, section, label: { fr, en }, source: "lines", columns, rules });

const other = (
  code: string,
  section: BoxSection,
  source: "total" | "input",
  fr: string,
  en: string,
): BoxDefinition => ({ code, section, label: { fr, en }, source });

const rate = (code: string, r: "20" | "10" | "5.5" | "2.1", fr: string, en: string) =>
  lines(code, "gross", ["base", "tax"], fr, en, [{ direction: "collected", rates: [r] }]);

export const ca12Form2026: VatForm = {
  id: "3517-S-SD",
  version: "2026",
  from: "2026-01-01",
  boxes: [
    lines("02", "untaxed", ["base"], "Exportations hors UE", "Exports outside the EU", [
      { direction: "collected", regimes: ["export"] },
    ]),
    lines("03", "untaxed", ["base"], "Autres opérations non imposables", "Other operations not taxable", [
      { direction: "collected", regimes: ["reverseCharge"], accounts: ["7"] },
      { direction: "collected", regimes: ["domestic"], rates: ["0"] },
    ]),
    lines(
      "04",
      "untaxed",
      ["base"],
      "Livraisons intracommunautaires à destination d’une personne assujettie",
      "Intra-EU deliveries to a taxable person",
      [{ direction: "collected", regimes: ["intraEu"], accounts: ["7"] }],
    ),
    lines(
      "AA",
      "taxed",
      ["base"],
      "Achats de prestations de services auprès d’un assujetti non établi en France (article 283-2 du CGI)",
      "Services bought from a business not established in France (CGI 283-2)",
      [{ direction: "collected", regimes: ["reverseCharge"], accounts: selfAssessed }],
    ),
    lines("AB", "taxed", ["base"], "Importations", "Imports", [
      { direction: "collected", regimes: ["import"], accounts: selfAssessed },
    ]),
    lines("AC", "taxed", ["base"], "Acquisitions intracommunautaires", "Intra-EU acquisitions", [
      { direction: "collected", regimes: ["intraEu"], accounts: selfAssessed },
    ]),
    rate("5A", "20", "Taux normal 20 %", "Standard rate 20%"),
    rate("5B", "5.5", "Taux réduit 5,5 %", "Reduced rate 5.5%"),
    rate("5C", "10", "Taux réduit 10 %", "Reduced rate 10%"),
    rate(
      "07",
      "2.1",
      "Taux particulier 2,1 % (France métropolitaine)",
      "Special rate 2.1% (metropolitan France)",
    ),
    other(
      "13",
      "gross",
      "input",
      "TVA antérieurement déduite à reverser",
      "VAT previously deducted to pay back",
    ),
    other("16", "gross", "total", "Total de la TVA brute due", "Total gross VAT due"),
    lines(
      "17",
      "gross",
      ["tax"],
      "Dont TVA sur acquisitions intracommunautaires",
      "Of which VAT on intra-EU acquisitions",
      [{ direction: "collected", regimes: ["intraEu"], accounts: selfAssessed }],
    ),
    lines("20", "deductible", ["tax"], "Autres biens et services", "Other goods and services", [
      { direction: "deductible", accounts: ["4456"], notAccounts: ["44562"] },
    ]),
    lines("23", "deductible", ["tax"], "Biens constituant des immobilisations", "Fixed assets", [
      { direction: "deductible", accounts: ["44562"] },
    ]),
    other(
      "24",
      "deductible",
      "input",
      "Report du crédit de la déclaration précédente",
      "Credit carried from the previous return",
    ),
    other(
      "25",
      "deductible",
      "input",
      "Omissions ou compléments de déduction",
      "Deductions omitted or supplemented",
    ),
    other("27", "deductible", "total", "Total de la TVA déductible", "Total deductible VAT"),
    other("28", "result", "total", "TVA due (ligne 16 − ligne 27)", "VAT due (line 16 − line 27)"),
    other("29", "result", "total", "Crédit de TVA (ligne 27 − ligne 16)", "VAT credit (line 27 − line 16)"),
    other(
      "30",
      "result",
      "input",
      "Acomptes versés (juillet et décembre)",
      "Instalments paid (July and December)",
    ),
    other(
      "33",
      "result",
      "total",
      "Solde à payer (ligne 28 − ligne 30)",
      "Balance to pay (line 28 − line 30)",
    ),
    other(
      "34",
      "result",
      "total",
      "Excédent d’acomptes et crédit (ligne 29 + ligne 30 − ligne 28)",
      "Instalments in excess and credit (line 29 + line 30 − line 28)",
    ),
    other("35", "result", "input", "Remboursement demandé", "Refund asked"),
    other(
      "36",
      "result",
      "total",
      "Crédit à reporter (ligne 34 − ligne 35)",
      "Credit to carry (line 34 − line 35)",
    ),
    other(
      "57",
      "result",
      "total",
      "Base de calcul des acomptes de l’exercice suivant (TVA due avant déduction de la TVA sur immobilisations)",
      "Base of next year's instalments (VAT due before deducting VAT on fixed assets)",
    ),
  ],
};

/** The instalment's slip (form 3514-SD): one box, the base (last year's line 57) and the amount. */
export const instalmentForm2026: VatForm = {
  id: "3514-SD",
  version: "2026",
  from: "2026-01-01",
  boxes: [
    {
      code: "01",
      section: "result",
      label: {
        fr: "Acompte dû (base : ligne 57 de la CA12 précédente)",
        en: "Instalment due (base: line 57 of last year's CA12)",
      },
      source: "input",
      columns: ["base", "tax"],
    },
  ],
};

const ca12Forms: readonly VatForm[] = [ca12Form2026];
const instalmentForms: readonly VatForm[] = [instalmentForm2026];
const newestFrom = (forms: readonly VatForm[], start: string): VatForm =>
  forms.find((f) => f.from <= start) ?? (forms[forms.length - 1] as VatForm);

/** The form a period is declared on: an instalment's slip, the CA12 for a year, the CA3 otherwise. */
export const formOfPeriod = (period: VatPeriod): VatForm => {
  if (period.instalment) return newestFrom(instalmentForms, period.start);
  if (period.periodicity === "yearly") return newestFrom(ca12Forms, period.start);
  return ca3FormFor(period.start);
};

/** Which box of a form is the amount to pay, and which the credit carried to the next return. */
export const resultBoxes = (formId: string): { readonly due: string; readonly credit: string | null } => {
  if (formId === "3517-S-SD") return { due: "33", credit: "36" };
  if (formId === "3514-SD") return { due: "01", credit: null };
  return { due: "32", credit: "27" };
};

/**
 * The box a correction of an earlier return goes to: VAT deducted before and paid back on the CA3's 15
 * or the CA12's line 13; VAT to deduct on the CA3's 21 or the CA12's line 25 (« Omissions ou compléments
 * de déduction »).
 */
export const correctionBox = (formId: string, kind: VatCorrectionKind): string => {
  const ca12 = formId === "3517-S-SD";
  if (kind === "payBack") return ca12 ? "13" : "15";
  return ca12 ? "25" : "21";
};

/** The instalments' share of the base: 55 % in July, 40 % in December. */
export const instalmentShare = { 1: 55, 2: 40 } as const;
/** No instalment is due when the base is under this, in euros. */
export const INSTALMENT_THRESHOLD = 1000;

const lineKey = (l: { mvt: string; line: number }) => `${l.mvt}/${l.line}`;

/** An instalment: its share of the base (whole euros), posted 445810 against 445510 (due, then paid). */
export const computeInstalment = (period: VatPeriod, reference: number | null): ComputedReturn => {
  const form = formOfPeriod(period);
  const share = instalmentShare[period.instalment ?? 1];
  const problems: ReturnProblem[] = [];
  let amount = 0;
  if (reference === null)
    problems.push({ code: "vat.instalmentReferenceUnknown", params: { field: "reference" } });
  else if (reference < INSTALMENT_THRESHOLD)
    problems.push({
      code: "vat.instalmentBelowThreshold",
      params: { field: "period", reference, threshold: INSTALMENT_THRESHOLD },
    });
  else amount = toEuros(reference * share);
  const box: BoxValue = { code: "01", base: reference ?? 0, tax: amount, exactBase: null, exactTax: null };
  const settlement =
    amount > 0
      ? [
          { account: vatAccounts.instalments, auxiliary: null, label: null, debit: amount * 100, credit: 0 },
          { account: vatAccounts.toPay, auxiliary: null, label: null, debit: 0, credit: amount * 100 },
        ]
      : [];
  return {
    form: { id: form.id, version: form.version },
    boxes: [box],
    feeds: new Map(),
    outside: [],
    adjusted: null,
    problems,
    settlement,
  };
};

export type Ca12Inputs = {
  /** Line 24: the credit the previous return carried, whole euros. */
  readonly creditCarried: number;
  /** Line 35: the refund asked, whole euros. */
  readonly refundAsked: number;
  /** Line 30: the year's instalments validated, whole euros. */
  readonly instalmentsPaid: number;
  readonly corrections?: readonly VatCorrection[];
};

/** A CA12 from the year's VAT lines: boxes rounded one by one, totals from the rounded boxes. */
export const computeCa12 = (
  period: VatPeriod,
  vatLines: readonly ReturnLine[],
  inputs: Ca12Inputs,
): ComputedReturn => {
  const form = formOfPeriod(period);
  const feeds = new Map<string, string[]>();
  const taxTaken = new Set<string>();
  const values = new Map<string, BoxValue>();
  let otherDeductible = 0;
  for (const box of form.boxes) {
    if (box.source !== "lines") continue;
    const sum = { base: 0, tax: 0 };
    for (const line of vatLines) {
      if (!(box.rules ?? []).some((rule) => ruleTakes(rule, line))) continue;
      sum.base += line.base;
      sum.tax += line.tax;
      const key = lineKey(line);
      feeds.set(key, [...(feeds.get(key) ?? []), box.code]);
      if (box.columns?.includes("tax") && box.code !== "17") taxTaken.add(key);
    }
    let base = box.columns?.includes("base") ? toEuros(sum.base) : null;
    let tax = box.columns?.includes("tax") ? toEuros(sum.tax) : null;
    // A rate whose collected VAT is negative over the year (credit notes): deducted on line 25, as on the CA3's 21.
    if (box.section === "gross" && box.columns?.includes("base") && tax !== null && tax < 0) {
      otherDeductible += -tax;
      tax = 0;
      base = 0;
    }
    values.set(box.code, {
      code: box.code,
      base,
      tax,
      exactBase: box.columns?.includes("base") ? sum.base : null,
      exactTax: box.columns?.includes("tax") ? sum.tax : null,
    });
  }
  const outside = vatLines.filter((l) => l.tax !== 0 && !taxTaken.has(lineKey(l)));
  const tax = (code: string) => values.get(code)?.tax ?? 0;
  const rateCodes = form.boxes
    .filter((b) => b.section === "gross" && b.source === "lines" && b.columns?.includes("base"))
    .map((b) => b.code);
  const corrected = correctionSums(inputs.corrections ?? []);
  const line13 = toEuros(corrected.payBack);
  const line16 = rateCodes.reduce((s, c) => s + tax(c), 0) + line13;
  const line25 = otherDeductible + toEuros(corrected.deduct);
  const line24 = inputs.creditCarried;
  const line27 = tax("20") + tax("23") + line24 + line25;
  const line28 = Math.max(line16 - line27, 0);
  const line29 = Math.max(line27 - line16, 0);
  const line30 = inputs.instalmentsPaid;
  const line33 = Math.max(line28 - line30, 0);
  const line34 = line29 + Math.max(line30 - line28, 0);
  const problems: ReturnProblem[] = [];
  const refused = refundProblem(period, line34, inputs.refundAsked);
  if (refused) problems.push(refused);
  const line35 = refused ? 0 : inputs.refundAsked;
  const line36 = line34 - line35;
  const line57 = Math.max(line16 - (line27 - tax("23")), 0);
  const totals: Record<string, number> = {
    "13": line13,
    "16": line16,
    "24": line24,
    "25": line25,
    "27": line27,
    "28": line28,
    "29": line29,
    "30": line30,
    "33": line33,
    "34": line34,
    "35": line35,
    "36": line36,
    "57": line57,
  };
  const boxes = form.boxes.map(
    (box) =>
      values.get(box.code) ?? {
        code: box.code,
        base: null,
        tax: totals[box.code] ?? 0,
        exactBase: null,
        exactTax: null,
      },
  );
  const extra = [...correctionLines(inputs.corrections ?? [])];
  if (line30 > 0)
    extra.push({
      account: vatAccounts.instalments,
      auxiliary: null,
      label: null,
      debit: 0,
      credit: line30 * 100,
    });
  const settlement = settlementLines(
    vatLines.filter((l) => taxTaken.has(lineKey(l))),
    { credit22: line24, credit27: line36, refund26: line35, due28: line33 },
    extra,
  );
  return {
    form: { id: form.id, version: form.version },
    boxes,
    feeds,
    outside,
    adjusted: null,
    problems,
    settlement,
  };
};
