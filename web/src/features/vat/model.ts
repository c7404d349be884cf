/**
 * The VAT screens' pure rules: which box of a form holds what (a CA3, the CA12, an instalment's slip),
 * the corrections of earlier returns as typed, and where a refusal of the API lands in the forms.
 * The web reaches the core only for the documents' live totals (tests/layers.test.ts): these mirror
 * `resultBoxes` (core/src/vat/ca12.ts), `toEuros` (core/src/vat/compute.ts) and the boxes of
 * `correctionSums`; model.test.ts checks them against the core.
 */
import type { Locale } from "../../i18n/i18n.ts";
import type { Schemas } from "../../lib/api-client.ts";
import type { Problem } from "../../lib/http.ts";
import { parseAmount } from "../../lib/money.ts";

/** The boxes of a form the screens read: due, credit carried, credit before a refund, refund asked… */
export type FormBoxes = {
  /** To pay: CA3 32, CA12 33, an instalment's 01. */
  readonly due: string;
  /** Carried to the next return: CA3 27, CA12 36. */
  readonly credit: string | null;
  /** The credit a refund is taken from: CA3 25, CA12 34. */
  readonly available: string | null;
  /** The refund asked: CA3 26, CA12 35. */
  readonly refund: string | null;
  /** The credit carried from the previous return: CA3 22, CA12 24. */
  readonly carried: string | null;
  /** VAT deducted before, paid back: CA3 15, CA12 13. */
  readonly payBack: string | null;
  /** Other VAT to deduct: CA3 21, CA12 25 (omissions or supplements of deduction). */
  readonly deduct: string | null;
};

export const instalmentFormId = "3514-SD";
export const ca12FormId = "3517-S-SD";

/** A form's boxes by their role; a form not known here reads as a CA3. */
export const formBoxesOf = (formId: string): FormBoxes => {
  if (formId === ca12FormId)
    return {
      due: "33",
      credit: "36",
      available: "34",
      refund: "35",
      carried: "24",
      payBack: "13",
      deduct: "25",
    };
  if (formId === instalmentFormId)
    return {
      due: "01",
      credit: null,
      available: null,
      refund: null,
      carried: null,
      payBack: null,
      deduct: null,
    };
  return {
    due: "32",
    credit: "27",
    available: "25",
    refund: "26",
    carried: "22",
    payBack: "15",
    deduct: "21",
  };
};

/** A box's tax in whole euros, 0 when the box is not there. */
export const boxTax = (
  vat: { boxes: readonly { code: string; tax: number | null }[] },
  code: string | null,
) => (code === null ? undefined : vat.boxes.find((b) => b.code === code)?.tax) ?? 0;

/** Cents to whole euros, half away from zero, as each box is rounded. */
export const toEuros = (cents: number): number =>
  Math.sign(cents) * Math.floor((2 * Math.abs(cents) + 100) / 200);

export type CorrectionKind = Schemas["VatCorrectionInput"]["kind"];
export const correctionKinds: readonly CorrectionKind[] = ["payBack", "deduct"];
export type CorrectionInput = Schemas["VatCorrectionInput"];

/** A correction as typed in the validation dialog: the amount stays text until read into cents. */
export type CorrectionDraft = {
  readonly key: number;
  readonly period: string | null;
  readonly kind: CorrectionKind;
  readonly amount: string;
  readonly reason: string;
};

let nextKey = 1;
export const emptyCorrection = (): CorrectionDraft => ({
  key: nextKey++,
  period: null,
  kind: "payBack",
  amount: "",
  reason: "",
});

export const REASON_MAX = 500;

/** What keeps a typed correction from being sent: `corrections.<n>.<field>` → a key of the catalogue. */
export const correctionProblems = (
  drafts: readonly CorrectionDraft[],
  locale: Locale,
): Record<string, string> => {
  const problems: Record<string, string> = {};
  drafts.forEach((draft, index) => {
    const at = (field: string, key: string) => {
      problems[`corrections.${index}.${field}`] = key;
    };
    if (!draft.period) at("period", "vat.corrections.periodRequired");
    const amount = parseAmount(draft.amount, locale);
    if (!amount.ok) at("amount", `editor.amountErrors.${amount.error}`);
    else if (amount.cents <= 0) at("amount", "vat.corrections.amountRequired");
    const reason = draft.reason.trim();
    if (!reason) at("reason", "vat.corrections.reasonRequired");
    else if (reason.length > REASON_MAX) at("reason", "vat.corrections.reasonTooLong");
  });
  return problems;
};

/** The corrections as the API takes them (once `correctionProblems` found nothing). */
export const correctionInputs = (drafts: readonly CorrectionDraft[], locale: Locale): CorrectionInput[] =>
  drafts.map((draft) => {
    const amount = parseAmount(draft.amount, locale);
    return {
      period: draft.period ?? "",
      kind: draft.kind,
      amount: amount.ok ? amount.cents : 0,
      reason: draft.reason.trim(),
    };
  });

/** The boxes the corrections go to, in whole euros (each kind summed in cents, then rounded). */
export const correctionBoxes = (
  corrections: readonly Pick<CorrectionInput, "kind" | "amount">[],
): Record<CorrectionKind, number> => {
  const sum = (kind: CorrectionKind) =>
    corrections.filter((c) => c.kind === kind).reduce((s, c) => s + c.amount, 0);
  return { payBack: toEuros(sum("payBack")), deduct: toEuros(sum("deduct")) };
};

/**
 * The returns a correction may be of: validated before this one starts (not an instalment, which is
 * corrected on its CA12), the latest first.
 */
export const correctablePeriods = (
  periods: readonly Pick<Schemas["VatPeriodSummary"], "period" | "kind" | "status" | "end">[],
  before: string,
): string[] =>
  periods
    .filter((p) => p.kind === "return" && (p.status === "validated" || p.status === "paid") && p.end < before)
    .map((p) => p.period)
    .sort()
    .reverse();

/**
 * A refusal of the API by the field it names (its `errors`, a 422's or a refusal's `params.field`):
 * `reference`, `refund`, `corrections.<n>.<field>`; what names no field is left to the dialog's alert.
 */
export const problemFields = (problem: Problem | null | undefined): Record<string, string> => {
  const fields: Record<string, string> = {};
  if (!problem) return fields;
  for (const error of problem.errors ?? []) if (error.field) fields[error.field] ??= error.message;
  const field = problem.params?.field;
  if (typeof field === "string" && field && !fields[field]) fields[field] = problem.detail;
  return fields;
};

/** The instalments' share of last year's CA12 line 57: 55 % in July (AC1), 40 % in December (AC2). */
export const instalmentShare = { 1: 55, 2: 40 } as const;
/** No instalment is due when its base is under this, in euros. */
export const INSTALMENT_THRESHOLD = 1000;

/**
 * « de » before a period's name in French, elided before a vowel (« d’octobre 2026 », « de mars 2026 »,
 * « de l’acompte de juillet 2026 »), the year as a noun (« de l’année 2026 »).
 */
export const frenchOf = (name: string): string => {
  if (name.startsWith("Année ")) return `de l’année ${name.slice("Année ".length)}`;
  return /^[aeiouyàâäéèêëîïôöùûü]/i.test(name) ? `d’${name}` : `de ${name}`;
};

/** A period's name as « the return … » takes it in the reader's language: « d’octobre 2026 », "of October 2026". */
export const ofPeriodIn = (language: string, name: string): string =>
  language.startsWith("fr") ? frenchOf(name) : `of ${name}`;
