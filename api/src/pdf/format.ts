/**
 * How numbers and dates are printed: French (« 1 234,56 € », 31/01/2026) or English (« €1,234.56 »,
 * 31 January 2026). No float: amounts are cents, the rest decimal strings; digits are grouped by hand
 * with the spaces the web's `Intl` output uses (U+202F between thousands, U+00A0 before « € » and « % »).
 */
import { decimalUnits, formatUnits } from "@registre/core";

/** The languages a page is printed in. */
export type PrintLanguage = "fr" | "en";

export const NARROW_NBSP = "\u202f";
export const NBSP = "\u00a0";

const group = (digits: string, separator: string): string => digits.replace(/\B(?=(\d{3})+$)/g, separator);

/** "1234.5" -> "1 234,5" (fr) or "1,234.5" (en); the text as given when it is not a plain decimal. */
export const formatDecimal = (text: string, language: PrintLanguage, minDecimals = 0): string => {
  const trimmed = text.trim();
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(trimmed);
  if (!m) return trimmed;
  let fraction = m[3] ?? "";
  while (fraction.length > minDecimals && fraction.endsWith("0")) fraction = fraction.slice(0, -1);
  fraction = fraction.padEnd(minDecimals, "0");
  const whole = group(m[2]?.replace(/^0+(?=\d)/, "") ?? "0", language === "fr" ? NARROW_NBSP : ",");
  const sign = m[1] && /[1-9]/.test(`${m[2]}${fraction}`) ? "-" : "";
  return `${sign}${whole}${fraction ? (language === "fr" ? "," : ".") + fraction : ""}`;
};

/** Cents as a number without the currency: 123456 -> "1 234,56" / "1,234.56". */
export const formatCentsNumber = (cents: number, language: PrintLanguage): string =>
  formatDecimal(formatUnits(BigInt(cents), 2, 2), language, 2);

/** Cents with the currency: "1 234,56 €" / "€1,234.56". */
export const formatMoney = (cents: number, language: PrintLanguage): string => {
  const number = formatCentsNumber(Math.abs(cents), language);
  const sign = cents < 0 ? "-" : "";
  return language === "fr" ? `${sign}${number}${NBSP}€` : `${sign}€${number}`;
};

/** Whole euros print without decimals (« 40 € », « capital de 10 000 € »), others with two. */
export const formatMoneyShort = (cents: number, language: PrintLanguage): string => {
  if (cents % 100 !== 0) return formatMoney(cents, language);
  const number = formatDecimal(String(Math.abs(cents) / 100), language);
  const sign = cents < 0 ? "-" : "";
  return language === "fr" ? `${sign}${number}${NBSP}€` : `${sign}€${number}`;
};

/** A unit price: at least two decimals, more when it has them ("12.345" -> "12,345"). */
export const formatUnitPrice = (text: string, language: PrintLanguage): string => {
  const units = decimalUnits(text, 6);
  return units === undefined ? text : formatDecimal(formatUnits(units, 6, 2), language, 2);
};

/** A percentage: "5.5" -> "5,5 %" / "5.5%". */
export const formatPercent = (text: string, language: PrintLanguage): string =>
  language === "fr" ? `${formatDecimal(text, language)}${NBSP}%` : `${formatDecimal(text, language)}%`;

const MONTHS_EN = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "2026-01-31" -> "31/01/2026" (fr) or "31 January 2026" (en); the text as given when not a date. */
export const formatDate = (iso: string, language: PrintLanguage): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  const [, year, month, day] = m;
  if (language === "fr") return `${day}/${month}/${year}`;
  return `${Number(day)} ${MONTHS_EN[Number(month) - 1] ?? month} ${year}`;
};

/** SIREN and SIRET grouped as printed: "732 829 320", "732 829 320 00074". */
export const formatSiren = (digits: string): string => {
  const d = digits.replace(/\s/g, "");
  if (/^\d{9}$/.test(d)) return `${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`;
  if (/^\d{14}$/.test(d)) return `${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6, 9)} ${d.slice(9)}`;
  return digits;
};

/** An IBAN in groups of four. */
export const formatIban = (iban: string): string =>
  iban
    .replace(/\s/g, "")
    .replace(/(.{4})/g, "$1 ")
    .trim();
