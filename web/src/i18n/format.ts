import { useTranslation } from "react-i18next";
import { currentLocale, intlLocale, isLocale, type Locale } from "./i18n.ts";

export type Formatters = {
  locale: Locale;
  /** A calendar date, e.g. « 12 mai 2026 ». */
  date: (value: string | Date) => string;
  /** A compact numeric date for tables, e.g. « 12/05/2026 ». */
  shortDate: (value: string | Date) => string;
  /** A date with the time of day, e.g. « 12 mai 2026, 14:05 ». */
  dateTime: (value: string | Date) => string;
  /** An amount in euros (or another ISO 4217 currency), e.g. « 1 234,56 € ». */
  amount: (value: number, currency?: string) => string;
  /** A plain number with the locale's grouping, e.g. « 12 345 ». */
  number: (value: number) => string;
  /** The name of a month (1 = January), capitalised for use as a standalone value. */
  month: (month: number) => string;
  /** The name of a month (1 = January) as it reads inside a sentence. */
  monthInline: (month: number) => string;
};

const capitalise = (text: string, locale: string): string =>
  text.length === 0 ? text : text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);

/** A calendar date "YYYY-MM-DD" is that day wherever the reader is (not UTC midnight, the day before in America). */
const toDate = (value: string | Date): Date => {
  if (value instanceof Date) return value;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
};

const cache = new Map<Locale, Formatters>();

export const formattersFor = (locale: Locale): Formatters => {
  const cached = cache.get(locale);
  if (cached) return cached;
  const tag = intlLocale(locale);
  const dateFormat = new Intl.DateTimeFormat(tag, { dateStyle: "long" });
  const shortDateFormat = new Intl.DateTimeFormat(tag, { day: "2-digit", month: "2-digit", year: "numeric" });
  const dateTimeFormat = new Intl.DateTimeFormat(tag, { dateStyle: "long", timeStyle: "short" });
  const numberFormat = new Intl.NumberFormat(tag);
  const monthFormat = new Intl.DateTimeFormat(tag, { month: "long", timeZone: "UTC" });
  const amountFormats = new Map<string, Intl.NumberFormat>();
  const monthName = (month: number): string => monthFormat.format(new Date(Date.UTC(2000, month - 1, 1)));
  const formatters: Formatters = {
    locale,
    date: (value) => dateFormat.format(toDate(value)),
    shortDate: (value) => shortDateFormat.format(toDate(value)),
    dateTime: (value) => dateTimeFormat.format(toDate(value)),
    amount: (value, currency = "EUR") => {
      let format = amountFormats.get(currency);
      if (!format) {
        format = new Intl.NumberFormat(tag, { style: "currency", currency });
        amountFormats.set(currency, format);
      }
      return format.format(value);
    },
    number: (value) => numberFormat.format(value),
    month: (month) => capitalise(monthName(month), tag),
    monthInline: monthName,
  };
  cache.set(locale, formatters);
  return formatters;
};

/** Formatters bound to the current interface language; re-renders when the language changes. */
export const useFormat = (): Formatters => {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  return formattersFor(isLocale(language) ? language : currentLocale());
};

/** Groups a SIREN by three digits with no-break spaces: « 732 829 320 ». */
export const formatSiren = (siren: string): string =>
  /^\d{9}$/.test(siren) ? siren.replace(/(\d{3})(\d{3})(\d{3})/, "$1\u00a0$2\u00a0$3") : siren;
