import type { EntryContent, EntryLine } from "../accounting/entry.ts";
import { divideRounded } from "../decimal.ts";
import type { Cents } from "../money.ts";
import { isVatAccount, type VatLineFact, vatAccounts } from "./code.ts";
import { correctionLines, correctionSums, type VatCorrection } from "./corrections.ts";
import { type BoxDefinition, ca3FormFor, ruleTakes, type VatForm } from "./form.ts";
import type { VatPeriod } from "./periods.ts";

/**
 * A CA3 from the period's VAT lines (vat-return.md §1, §3, §4). Registre computes from **tagged VAT
 * lines**: each box sums the lines its rule takes — bases as tagged, tax as booked to the cent — then
 * rounds to the euro on its own (half up); totals come from the rounded boxes; the bases are reconciled
 * (the largest A/B box moved by at most 5 €); the settlement entry moves every VAT account's booked
 * balance, and the difference between booked and declared VAT goes to 658 / 758.
 */

/** A VAT line of the period, with where it is in the ledger. */
export type ReturnLine = VatLineFact & { readonly mvt: string; readonly line: number };

export type ReturnInputs = {
  /** Box 22: the credit the previous return carried (its box 27), whole euros. */
  readonly creditCarried: number;
  /** Box 26: the refund asked (form 3519), whole euros; 0 when none. */
  readonly refundAsked: number;
  /** Corrections of earlier returns (boxes 15 and 21), kept on this return's fact. */
  readonly corrections?: readonly VatCorrection[];
};

/** A box's value: declared in whole euros, and the exact sum in cents for a box fed by lines. */
export type BoxValue = {
  readonly code: string;
  readonly base: number | null;
  readonly tax: number | null;
  readonly exactBase: Cents | null;
  readonly exactTax: Cents | null;
};

export type ReturnProblem = { readonly code: string; readonly params: Record<string, string | number> };

export type ComputedReturn = {
  readonly form: Pick<VatForm, "id" | "version">;
  readonly boxes: readonly BoxValue[];
  /** Which boxes each line feeds, by `mvt/line`. */
  readonly feeds: ReadonlyMap<string, readonly string[]>;
  /** The lines whose tax no box takes (a code the form cannot place): left out of the settlement. */
  readonly outside: readonly ReturnLine[];
  /** The largest A/B box moved to make the bases agree (at most 5 €), or null. */
  readonly adjusted: { readonly box: string; readonly by: number } | null;
  /** What forbids validating it (bases that disagree beyond 5 €, a refund refused). */
  readonly problems: readonly ReturnProblem[];
  /** The settlement entry's lines (journal OD, last day of the period). */
  readonly settlement: readonly EntryLine[];
};

/** Cents to whole euros: under 0,50 dropped, 0,50 and more counts as one (away from zero). */
export const toEuros = (cents: Cents): number => Number(divideRounded(BigInt(cents), 100n));

const lineKey = (l: { mvt: string; line: number }) => `${l.mvt}/${l.line}`;

const takes = (box: BoxDefinition, line: ReturnLine): boolean =>
  (box.rules ?? []).some((rule) => ruleTakes(rule, line));

const AB_BOXES = ["A1", "A2", "A3", "A4", "B2"];
const RATE_BOXES = ["08", "9B", "09", "T6"];
const MAX_BASE_ADJUSTMENT = 5;

/** The refund thresholds of form 3519: 760 € a month or quarter, 150 € on the year's last period. */
export const refundProblem = (period: VatPeriod, credit: number, asked: number): ReturnProblem | null => {
  if (asked === 0) return null;
  if (asked > credit) return { code: "vat.refundAboveCredit", params: { field: "refund", credit } };
  const yearEnd = period.end.endsWith("-12-31");
  const minimum = yearEnd ? 150 : 760;
  return asked < minimum ? { code: "vat.refundBelowThreshold", params: { field: "refund", minimum } } : null;
};

export const computeCa3 = (
  period: VatPeriod,
  lines: readonly ReturnLine[],
  inputs: ReturnInputs,
): ComputedReturn => {
  const form = ca3FormFor(period.start);
  const exact = new Map<string, { base: Cents; tax: Cents }>();
  const feeds = new Map<string, string[]>();
  const taxTaken = new Set<string>();
  for (const box of form.boxes) {
    if (box.source !== "lines") continue;
    const sum = { base: 0, tax: 0 };
    for (const line of lines) {
      if (!takes(box, line)) continue;
      sum.base += line.base;
      sum.tax += line.tax;
      const key = lineKey(line);
      feeds.set(key, [...(feeds.get(key) ?? []), box.code]);
      if (box.columns?.includes("tax") && box.code !== "17") taxTaken.add(key);
    }
    exact.set(box.code, sum);
  }
  const outside = lines.filter((l) => l.tax !== 0 && !taxTaken.has(lineKey(l)));

  // A rate whose collected VAT is negative over the period (credit notes above sales): the form takes
  // no negative amount; its VAT is deducted on line 21 and its base left out of both sides.
  let otherDeductible = 0;
  const euros = new Map<string, { base: number | null; tax: number | null }>();
  for (const box of form.boxes) {
    if (box.source !== "lines") continue;
    const sum = exact.get(box.code) ?? { base: 0, tax: 0 };
    let tax = box.columns?.includes("tax") ? toEuros(sum.tax) : null;
    let base = box.columns?.includes("base") ? toEuros(sum.base) : null;
    if (RATE_BOXES.includes(box.code) && tax !== null && tax < 0) {
      otherDeductible += -tax;
      tax = 0;
      base = 0;
    }
    euros.set(box.code, { base, tax });
  }

  const problems: ReturnProblem[] = [];
  // Bases must agree: Σ A/B = Σ rate bases, the largest A/B box moved by at most 5 €.
  const abSum = AB_BOXES.reduce((s, c) => s + (euros.get(c)?.base ?? 0), 0);
  const rateSum = RATE_BOXES.reduce((s, c) => s + (euros.get(c)?.base ?? 0), 0);
  let adjusted: ComputedReturn["adjusted"] = null;
  if (abSum !== rateSum) {
    const by = rateSum - abSum;
    const largest =
      [...AB_BOXES].sort((a, b) => (euros.get(b)?.base ?? 0) - (euros.get(a)?.base ?? 0))[0] ?? "A1";
    const value = euros.get(largest) ?? { base: 0, tax: null };
    if (Math.abs(by) <= MAX_BASE_ADJUSTMENT && (value.base ?? 0) + by >= 0) {
      euros.set(largest, { ...value, base: (value.base ?? 0) + by });
      adjusted = { box: largest, by };
    } else
      problems.push({
        code: "vat.basesDisagree",
        params: {
          field: "boxes",
          taxed: AB_BOXES.join(", "),
          rates: RATE_BOXES.join(", "),
          difference: by,
        },
      });
  }

  const tax = (code: string) => euros.get(code)?.tax ?? 0;
  const corrected = correctionSums(inputs.corrections ?? []);
  const line15 = toEuros(corrected.payBack);
  const line16 = RATE_BOXES.reduce((s, c) => s + tax(c), 0) + line15;
  const line21 = otherDeductible + toEuros(corrected.deduct);
  const line22 = inputs.creditCarried;
  const line23 = tax("19") + tax("20") + line21 + line22;
  const line25 = Math.max(line23 - line16, 0);
  const refused = refundProblem(period, line25, inputs.refundAsked);
  if (refused) problems.push(refused);
  const line26 = refused ? 0 : inputs.refundAsked;
  const line27 = line25 - line26;
  const lineTD = Math.max(line16 - line23, 0);
  const line28 = lineTD;
  const line32 = line28;
  const totals: Record<string, number> = {
    "15": line15,
    "16": line16,
    "21": line21,
    "22": line22,
    "23": line23,
    "25": line25,
    "26": line26,
    "27": line27,
    TD: lineTD,
    "28": line28,
    "32": line32,
  };

  const boxes: BoxValue[] = form.boxes.map((box) => {
    if (box.source === "lines") {
      const value = euros.get(box.code) ?? { base: null, tax: null };
      const sum = exact.get(box.code) ?? { base: 0, tax: 0 };
      return {
        code: box.code,
        base: value.base,
        tax: value.tax,
        exactBase: box.columns?.includes("base") ? sum.base : null,
        exactTax: box.columns?.includes("tax") ? sum.tax : null,
      };
    }
    return { code: box.code, base: null, tax: totals[box.code] ?? 0, exactBase: null, exactTax: null };
  });

  const settlement = settlementLines(
    lines.filter((l) => taxTaken.has(lineKey(l))),
    { credit22: line22, credit27: line27, refund26: line26, due28: line28 },
    correctionLines(inputs.corrections ?? []),
  );
  return {
    form: { id: form.id, version: form.version },
    boxes,
    feeds,
    outside,
    adjusted,
    problems,
    settlement,
  };
};

const entryLine = (account: string, debit: Cents, credit: Cents): EntryLine => ({
  account,
  auxiliary: null,
  label: null,
  debit,
  credit,
});

/**
 * The settlement (vat-return.md §4): each VAT account's booked balance of the lines the return takes,
 * collected debited and deductible credited; 445670 credited by the credit used (22) and debited by the
 * new one (27), not netted; 445830 debited by the refund asked; 445510 credited by what is due (28);
 * `extra` lines (corrections, the CA12's instalments) after the deductible ones; 658 or 758 for the
 * rounding remainder that balances it.
 */
export const settlementLines = (
  lines: readonly ReturnLine[],
  result: { credit22: number; credit27: number; refund26: number; due28: number },
  extra: readonly EntryLine[] = [],
): EntryLine[] => {
  const byAccount = new Map<string, { direction: ReturnLine["direction"]; tax: Cents }>();
  for (const l of lines) {
    if (!isVatAccount(l.account) || l.tax === 0) continue;
    const seen = byAccount.get(l.account) ?? { direction: l.direction, tax: 0 };
    byAccount.set(l.account, { ...seen, tax: seen.tax + l.tax });
  }
  const out: EntryLine[] = [];
  const accounts = [...byAccount.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  // Collected first (4457x, 4452), then deductible (4456x), as the form reads.
  for (const [account, { tax }] of accounts.filter(([, v]) => v.direction === "collected"))
    if (tax !== 0) out.push(tax > 0 ? entryLine(account, tax, 0) : entryLine(account, 0, -tax));
  for (const [account, { tax }] of accounts.filter(([, v]) => v.direction === "deductible"))
    if (tax !== 0) out.push(tax > 0 ? entryLine(account, 0, tax) : entryLine(account, -tax, 0));
  out.push(...extra);
  if (result.credit22 > 0) out.push(entryLine(vatAccounts.credit, 0, result.credit22 * 100));
  if (result.credit27 > 0) out.push(entryLine(vatAccounts.credit, result.credit27 * 100, 0));
  if (result.refund26 > 0) out.push(entryLine(vatAccounts.refundAsked, result.refund26 * 100, 0));
  if (result.due28 > 0) out.push(entryLine(vatAccounts.toPay, 0, result.due28 * 100));
  const debit = out.reduce((s, l) => s + l.debit, 0);
  const credit = out.reduce((s, l) => s + l.credit, 0);
  if (credit > debit) out.push(entryLine(vatAccounts.roundingCharge, credit - debit, 0));
  if (debit > credit) out.push(entryLine(vatAccounts.roundingIncome, 0, debit - credit));
  return out;
};

/**
 * The settlement entry of a validated return: journal OD, dated the period's last day; none for a
 * return with nothing to settle (no VAT line, no credit: a "néant" return).
 */
export const settlementEntry = (
  period: VatPeriod,
  lines: readonly EntryLine[],
  journal = "OD",
): EntryContent | null => {
  if (lines.length < 2) return null;
  return {
    journal,
    date: period.end,
    pieceRef: `TVA ${period.key}`,
    pieceDate: period.end,
    label: `Déclaration de TVA ${period.key}`,
    lines,
  };
};
