/**
 * The VAT code an entry line may carry (`LineVatCode`: rate, kind, regime, and on a VAT account the
 * base its tax was computed on), as the entry editor offers it. The web reaches the core only for the
 * documents' live totals (tests/layers.test.ts), so the accounts that take a code mirror
 * `normaliseLineVat` (core/src/vat/code.ts) here; vat-code.test.ts checks them against the core.
 */
import type { Locale } from "../../i18n/i18n.ts";
import type { Schemas } from "../../lib/api-client.ts";
import { amountInput, parseAmount } from "../../lib/money.ts";

export type LineVatCode = NonNullable<Schemas["LineVatCode"]>;
export type VatCodeRate = LineVatCode["rate"];
export type VatCodeKind = LineVatCode["kind"];
export type VatCodeRegime = LineVatCode["regime"];

/** In the order offered: the standard rate first, 0 (exempt or outside VAT) last. */
export const vatCodeRates: readonly VatCodeRate[] = ["20", "10", "5.5", "2.1", "0"];
export const vatCodeKinds: readonly VatCodeKind[] = ["goods", "services", "fixedAsset"];
export const vatCodeRegimes: readonly VatCodeRegime[] = [
  "domestic",
  "intraEu",
  "export",
  "import",
  "reverseCharge",
];

/** A rate as read: « 20 % », « 5,5 % » in French (a no-break space before the sign), « 5.5% » in English. */
export const rateText = (rate: VatCodeRate, locale: Locale): string =>
  locale === "fr" ? `${rate.replace(".", ",")}\u00a0%` : `${rate}%`;

/** An account of VAT (445…): its lines are the tax itself; its code states the base. */
export const isVatAccount = (account: string): boolean => account.startsWith("445");

/** Collected (4457, 4452, class 7) or deductible (4456, classes 6 and 2); null: no VAT code there. */
const directionOf = (account: string): "collected" | "deductible" | null => {
  if (account.startsWith("4457") || account.startsWith("4452") || account.startsWith("7")) return "collected";
  if (account.startsWith("4456") || account.startsWith("6") || account.startsWith("2")) return "deductible";
  return null;
};

/** VAT waiting for its payment (445740, 445640): in no box until a payment moves it. */
const isPendingVatAccount = (account: string) => account.startsWith("44574") || account.startsWith("44564");

/** What the settlement moves (445510, 445670, 445810, 445830). */
const isSettlementVatAccount = (account: string) =>
  ["44551", "44567", "44581", "44583"].some((prefix) => account.startsWith(prefix));

/**
 * Whether a line on `account` may carry a VAT code: revenue (7), expense (6), fixed assets (2) and the
 * VAT accounts collected or deductible (4452, 4456, 4457), not those waiting or settled.
 */
export const vatCodeAccepted = (account: string | null | undefined): boolean => {
  const number = (account ?? "").trim().toUpperCase();
  return (
    number !== "" &&
    directionOf(number) !== null &&
    !isPendingVatAccount(number) &&
    !isSettlementVatAccount(number)
  );
};

/** The code as typed on a line of the editor: its base stays text (only a VAT account's is sent). */
export type DraftVatCode = {
  rate: VatCodeRate;
  kind: VatCodeKind;
  regime: VatCodeRegime;
  base: string;
};

/** A new code: 20 %, the nature the account suggests (a fixed asset on class 2), in France. */
export const newVatCode = (account: string | null): DraftVatCode => ({
  rate: "20",
  kind: account?.startsWith("2") || account?.startsWith("44562") ? "fixedAsset" : "goods",
  regime: "domestic",
  base: "",
});

/** A saved line's code as the editor shows it. */
export const draftVatCode = (
  code: Schemas["LineVatCode"] | undefined,
  locale: Locale,
): DraftVatCode | null =>
  code
    ? {
        rate: code.rate,
        kind: code.kind,
        regime: code.regime,
        base: code.base === undefined ? "" : amountInput(code.base, locale),
      }
    : null;

/**
 * The code as the API takes it on `account`: none where the account takes none; the base only on a VAT
 * account, and only when given (a revenue or expense line's own amount is its base).
 */
export const vatCodeInput = (
  code: DraftVatCode | null,
  account: string | null,
  locale: Locale,
): LineVatCode | undefined => {
  if (!code || !vatCodeAccepted(account)) return undefined;
  const out: LineVatCode = { rate: code.rate, kind: code.kind, regime: code.regime };
  if (isVatAccount(account ?? "") && code.base.trim()) {
    const base = parseAmount(code.base, locale);
    if (base.ok) out.base = base.cents;
  }
  return out;
};

/** The line a refusal of the API about a VAT code names (1-based): its `line`, or its field `lines.<n>.vat…`. */
export const vatCodeProblemLine = (problem: {
  code: string;
  params?: Record<string, string | number>;
}): number | null => {
  if (problem.code !== "entry.vatCodeAccount" && problem.code !== "entry.invalidVatCode") return null;
  if (typeof problem.params?.line === "number") return problem.params.line;
  const match = /^lines\.(\d+)\.vat/.exec(String(problem.params?.field ?? ""));
  return match ? Number(match[1]) : null;
};
