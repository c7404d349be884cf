import { useTranslation } from "react-i18next";
import { useFormat } from "../../i18n/format.ts";
import { intlLocale } from "../../i18n/i18n.ts";
import { ApiError } from "../../lib/http.ts";
import type { VatBox } from "./api.ts";

/** The month an instalment is declared in: July, December. */
const instalmentMonth = { 1: 7, 2: 12 } as const;

/**
 * A period key's parts: "2026-03" (a month), "2026-Q1" (a quarter), "2026" (a year: the CA12),
 * "2026-AC1" / "2026-AC2" (the CA12's July and December instalments).
 */
export const periodParts = (
  key: string,
): { year: number; month?: number; quarter?: number; instalment?: 1 | 2 } | null => {
  const match = /^(\d{4})(?:-(?:(0[1-9]|1[0-2])|Q([1-4])|AC([12])))?$/.exec(key);
  if (!match) return null;
  return {
    year: Number(match[1]),
    ...(match[2] && { month: Number(match[2]) }),
    ...(match[3] && { quarter: Number(match[3]) }),
    ...(match[4] && { instalment: Number(match[4]) as 1 | 2 }),
  };
};

/** Whether a text is a VAT period's key (a warning's item, a refusal's word). */
export const isPeriodKey = (text: string): boolean => periodParts(text) !== null;

/**
 * The period before or after `key`, of the same periodicity. A yearly organisation files the July
 * instalment, the December one, then the year's CA12: "2026-AC1", "2026-AC2", "2026", "2027-AC1".
 */
export const shiftPeriod = (key: string, by: -1 | 1): string | null => {
  const parts = periodParts(key);
  if (!parts) return null;
  if (parts.month) {
    const index = parts.year * 12 + parts.month - 1 + by;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
  }
  if (parts.quarter) {
    const index = parts.year * 4 + parts.quarter - 1 + by;
    return `${Math.floor(index / 4)}-Q${(index % 4) + 1}`;
  }
  const yearly = (year: number, step: number) => (step === 3 ? String(year) : `${year}-AC${step}`);
  const index = parts.year * 3 + (parts.instalment ?? 3) - 1 + by;
  return yearly(Math.floor(index / 3), (index % 3) + 1);
};

/**
 * A period in words: « Mars 2026 », « T1 2026 », « Année 2026 », « Acompte de juillet 2026 »
 * (capitalised, or inline).
 */
export const usePeriodName = () => {
  const { t } = useTranslation("accounting");
  const format = useFormat();
  return (key: string, inline = false): string => {
    const parts = periodParts(key);
    if (!parts) return key;
    if (parts.month)
      return `${inline ? format.monthInline(parts.month) : format.month(parts.month)} ${parts.year}`;
    if (parts.quarter) return t("vat.period.quarter", { quarter: parts.quarter, year: parts.year });
    if (parts.instalment)
      return t(inline ? "vat.period.instalmentInline" : "vat.period.instalment", {
        month: format.monthInline(instalmentMonth[parts.instalment]),
        year: parts.year,
      });
    return t("vat.period.year", { year: parts.year });
  };
};

const euroFormats = new Map<string, Intl.NumberFormat>();

/** Whole euros as the form takes them: « 1 234 € » / « €1,234 »; `plain` without the currency. */
export const useEuros = () => {
  const { locale } = useFormat();
  return (euros: number, plain = false): string => {
    const key = `${locale}:${plain}`;
    let format = euroFormats.get(key);
    if (!format) {
      format = new Intl.NumberFormat(intlLocale(locale), {
        maximumFractionDigits: 0,
        ...(plain ? {} : { style: "currency", currency: "EUR" }),
      });
      euroFormats.set(key, format);
    }
    return format.format(euros);
  };
};

/**
 * A refusal of the VAT API as the reader's language writes it: the server words it, with its days
 * ("2026-11-30") and periods ("2026-11") as keys; those become « 30/11/2026 » and « novembre 2026 ».
 */
export const useReadableProblem = () => {
  const format = useFormat();
  const periodName = usePeriodName();
  return (error: unknown): unknown => {
    if (!(error instanceof ApiError) || !error.problem) return error;
    const detail = error.problem.detail
      .replace(/\b\d{4}-\d{2}-\d{2}\b/g, (day) => format.shortDate(day))
      .replace(/\b\d{4}-(?:0[1-9]|1[0-2]|Q[1-4]|AC[12])\b/g, (period) => periodName(period, true));
    return new ApiError(error.kind, detail, error.status, { ...error.problem, detail });
  };
};

/** A box's label in the interface language. */
export const useBoxLabel = () => {
  const { locale } = useFormat();
  return (box: Pick<VatBox, "label">) => (locale === "en" ? box.label.en : box.label.fr) || box.label.fr;
};

/** A section's title; a section the interface does not know yet (a new form's) shows its code. */
export const useSectionTitle = () => {
  const { t } = useTranslation("accounting");
  return (section: string) => t(`vat.sections.${section}`, { defaultValue: section });
};

/** A period's first day: "2026-Q2" → "2026-04-01", "2026-AC2" → "2026-12-01" (its month's). */
export const periodStart = (key: string): string | null => {
  const parts = periodParts(key);
  if (!parts) return null;
  const month =
    parts.month ??
    (parts.quarter ? (parts.quarter - 1) * 3 + 1 : parts.instalment ? instalmentMonth[parts.instalment] : 1);
  return `${parts.year}-${String(month).padStart(2, "0")}-01`;
};

/** The day after a day: "2026-11-30" → "2026-12-01" (calendar arithmetic, no time zone). */
export const dayAfter = (day: string): string => {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
};
