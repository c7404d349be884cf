/**
 * Amounts of the accounting screens. The API carries integer cents; a typed amount becomes cents
 * by reading its digits (never through a float), sums are sums of integers, and only the display
 * goes through `Intl`, fed with an exact decimal string.
 */
import { intlLocale, type Locale } from "../i18n/i18n.ts";

export type Cents = number;

/** Why a typed amount was refused. */
export type AmountError = "invalid" | "negative" | "decimals" | "tooLarge";
export type ParsedAmount = { ok: true; cents: Cents } | { ok: false; error: AmountError };

/** Every space people (and `Intl`) put between groups of digits. */
const spaces = /[\s\u00a0\u202f\u2007\u2009']/g;

const fromParts = (whole: string, fraction: string): ParsedAmount => {
  if (fraction.length > 2) return { ok: false, error: "decimals" };
  const cents = BigInt(whole || "0") * 100n + BigInt(fraction.padEnd(2, "0") || "0");
  if (cents > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, error: "tooLarge" };
  return { ok: true, cents: Number(cents) };
};

/**
 * Reads an amount typed by a person into integer cents: « 1 234,56 », « 1234,5 », « 1.234,56 »,
 * « 12.50 » (the keypad's dot), « 1,234.56 » in English. More than two decimals after the language's
 * own decimal mark is refused (« 1,234 » in French), never rounded. Blank reads as zero.
 */
export const parseAmount = (text: string, locale: Locale): ParsedAmount => {
  let value = text.replace(spaces, "").replace(/€|EUR/gi, "");
  if (value === "") return { ok: true, cents: 0 };
  if (value.startsWith("-") || value.startsWith("−")) return { ok: false, error: "negative" };
  if (value.startsWith("+")) value = value.slice(1);
  const decimal = locale === "fr" ? "," : ".";
  const group = locale === "fr" ? "." : ",";
  const digitsOnly = /^\d+$/;
  if (digitsOnly.test(value)) return fromParts(value, "");
  const hasDecimal = value.includes(decimal);
  const hasGroup = value.includes(group);
  if (hasDecimal && hasGroup) {
    // « 1.234,56 » (fr) or « 1,234.56 » (en): groups of three before the one decimal mark.
    const match = new RegExp(`^(\\d{1,3}(?:\\${group}\\d{3})+)\\${decimal}(\\d*)$`).exec(value);
    if (!match) return { ok: false, error: "invalid" };
    return fromParts((match[1] ?? "").split(group).join(""), match[2] ?? "");
  }
  const mark = hasDecimal ? decimal : hasGroup ? group : null;
  if (mark === null) return { ok: false, error: "invalid" };
  const parts = value.split(mark);
  if (parts.length === 2 && parts.every((part) => part === "" || digitsOnly.test(part))) {
    const [whole = "", fraction = ""] = parts;
    if (whole === "" && fraction === "") return { ok: false, error: "invalid" };
    if (mark === decimal) return fromParts(whole, fraction);
    // The other language's mark: a decimal mark before one or two digits (« 12.50 » typed on a
    // French keypad), a group separator before three (« 1.234 »: cents have two decimals).
    if (fraction.length <= 2) return fromParts(whole, fraction);
    if (fraction.length === 3 && whole.length >= 1 && whole.length <= 3)
      return fromParts(whole + fraction, "");
    return { ok: false, error: "invalid" };
  }
  // « 1.234.567 » (fr) or « 1,234,567 » (en): grouping only.
  if (mark === group && new RegExp(`^\\d{1,3}(?:\\${group}\\d{3})+$`).test(value))
    return fromParts(value.split(group).join(""), "");
  return { ok: false, error: "invalid" };
};

/** The exact decimal string of an amount in cents: -123456 → "-1234.56". */
export const centsToDecimal = (cents: Cents): `${number}` => {
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const whole = Math.trunc(abs / 100);
  const fraction = abs - whole * 100;
  return `${negative ? "-" : ""}${whole}.${String(fraction).padStart(2, "0")}` as `${number}`;
};

const decimalFormats = new Map<string, Intl.NumberFormat>();
const numberFormat = (locale: Locale, currency: boolean): Intl.NumberFormat => {
  const key = `${locale}:${currency}`;
  let format = decimalFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      ...(currency ? { style: "currency", currency: "EUR" } : {}),
    });
    decimalFormats.set(key, format);
  }
  return format;
};

/** « 1 234,56 » (fr) or « 1,234.56 » (en); with `currency`, « 1 234,56 € » / « €1,234.56 ». */
export const formatCents = (cents: Cents, locale: Locale, options: { currency?: boolean } = {}): string =>
  numberFormat(locale, options.currency ?? false).format(centsToDecimal(cents));

/** The value an amount field shows for cents: blank for zero. */
export const amountInput = (cents: Cents, locale: Locale): string =>
  cents === 0 ? "" : formatCents(cents, locale);

/** The sum of integer cents (exact while the total stays a safe integer). */
export const sumCents = <T>(items: readonly T[], pick: (item: T) => Cents): Cents =>
  items.reduce((total, item) => total + pick(item), 0);
