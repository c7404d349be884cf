import { endOfMonth } from "../../accounting/dates.ts";
import type { JournalKind } from "../../accounting/journals.ts";

/**
 * Codes and names the books accept, made from a FEC's: auxiliary and journal codes, journal kinds,
 * the file name's SIREN and closing date.
 */

const deburr = (text: string): string => text.normalize("NFD").replace(/[\u0300-\u036f]/g, "");

/** Texts as the deciders keep them: no TAB, CR, LF or "|", one space between words. */
export const clean = (text: string): string =>
  text
    .replace(/[\t\r\n|]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** The chart's rules (core/src/accounting/chart.ts). */
const GENERAL = /^[1-8]\d{2}[0-9A-Z]{0,17}$/;
const AUXILIARY = /^[0-9A-Z][0-9A-Z_.-]{0,16}$/;
export const AUXILIARY_MAX = 17;
/**
 * An auxiliary code the chart accepts, from a file's CompAuxNum: accents dropped, upper case,
 * characters other than letters, digits, "_", "." and "-" replaced by "_", leading punctuation
 * dropped, cut to 17 characters; a code that would read as a general account number (411…) takes a
 * letter in front: C under 41, F under 40, T otherwise.
 */
export const normaliseAuxiliary = (raw: string, control: string): string => {
  let code = deburr(raw.trim())
    .toUpperCase()
    .replace(/[^0-9A-Z_.-]/g, "_")
    .replace(/^[_.-]+/, "");
  code = (code || "T").slice(0, AUXILIARY_MAX);
  if (GENERAL.test(code) || !AUXILIARY.test(code))
    code = `${control.startsWith("41") ? "C" : control.startsWith("40") ? "F" : "T"}${code}`;
  return code.slice(0, AUXILIARY_MAX);
};

/** A journal code the journals accept: letters and digits, upper case, at most 6. */
export const normaliseJournalCode = (raw: string): string =>
  deburr(raw.trim())
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "")
    .slice(0, 6);

/** A new journal's kind from its code and label: the usual French codes, else miscellaneous. */
export const journalKindOf = (code: string, label: string): JournalKind => {
  const words = deburr(label).toUpperCase();
  if (/^(AN|ANO|RAN)$/.test(code) || /NOUVEAU/.test(words)) return "opening";
  if (/^(VT|VE|VTE)/.test(code) || /VENTE/.test(words)) return "sales";
  if (/^(HA|AC|ACH)/.test(code) || /ACHAT/.test(words)) return "purchases";
  if (/^(BQ|BK|BNK)/.test(code) || /BANQUE|BANK/.test(words)) return "bank";
  if (code === "CA" || code.startsWith("CAI") || /\bCAISSE\b/.test(words)) return "cash";
  return "misc";
};

/** "candidate", then "candid-2", "candid-3"… within `max` characters, until `free` accepts it. */
export const uniqueCode = (base: string, max: number, free: (code: string) => boolean): string => {
  if (free(base)) return base;
  for (let k = 2; ; k++) {
    const suffix = `-${k}`;
    const code = `${base.slice(0, max - suffix.length)}${suffix}`;
    if (free(code)) return code;
  }
};

const FILE_NAME = /^(\d{9})FEC(\d{4})(\d{2})(\d{2})/i;

/** The SIREN and the closing date a FEC's file name gives, when it follows the norm. */
export const fecFileNameParts = (fileName: string): { siren: string; closingDate: string } | null => {
  const name = fileName.split(/[\\/]/).at(-1) ?? "";
  const m = FILE_NAME.exec(name);
  if (!m) return null;
  const closingDate = `${m[2]}-${m[3]}-${m[4]}`;
  if (endOfMonth(`${m[2]}-${m[3]}-01`) < closingDate || Number(m[3]) < 1 || Number(m[3]) > 12) return null;
  return { siren: m[1] ?? "", closingDate };
};
