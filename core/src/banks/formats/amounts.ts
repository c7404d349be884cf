import type { Cents } from "../../money.ts";

/**
 * Bank amounts read into integer cents, exactly: never through a float. Decimals beyond the second
 * are accepted only when zero ("18.150"); anything else is refused rather than rounded.
 */

const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** Digits with an optional fraction, at a given separator, into cents; `undefined` when not an amount. */
export const decimalToCents = (text: string, decimal: "." | "," = "."): Cents | undefined => {
  const trimmed = text.trim();
  const sep = decimal === "." ? "\\." : ",";
  const m = new RegExp(`^([+-])?(\\d*)(?:${sep}(\\d*))?$`).exec(trimmed);
  if (!m || ((m[2] ?? "") === "" && (m[3] ?? "") === "")) return undefined;
  const fraction = m[3] ?? "";
  if (fraction.length > 2 && /[1-9]/.test(fraction.slice(2))) return undefined;
  const units = BigInt(m[2] || "0") * 100n + BigInt((fraction.slice(0, 2) || "0").padEnd(2, "0"));
  if (units > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  const value = Number(units);
  return m[1] === "-" && value !== 0 ? -value : value;
};

/**
 * An amount as people write them in exports: optional sign before or after, thousands groups (space,
 * no-break spaces, apostrophe, or the other separator than the decimal one), the decimal separator
 * given. "1 234,56", "-1.234,56", "+31070,11", "1,000.00" (decimal "."), "12,50-".
 */
export const groupedToCents = (text: string, decimal: "." | ","): Cents | undefined => {
  let t = text.trim().replace(/^\((.*)\)$/, "-$1");
  let sign = "";
  const lead = /^([+-])\s*/.exec(t);
  if (lead) {
    sign = lead[1] ?? "";
    t = t.slice(lead[0].length);
  }
  const trail = /\s*([+-])$/.exec(t);
  if (trail) {
    if (sign) return undefined;
    sign = trail[1] ?? "";
    t = t.slice(0, -trail[0].length);
  }
  const group = decimal === "," ? "[ \u00a0\u202f.']" : "[ \u00a0\u202f,']";
  const grouped = new RegExp(`^\\d{1,3}(?:${group}\\d{3})+(?=$|\\${decimal})`);
  const g = grouped.exec(t);
  if (g) t = g[0].replace(new RegExp(group, "g"), "") + t.slice(g[0].length);
  return decimalToCents(`${sign === "-" ? "-" : ""}${t}`, decimal);
};

/** Cents as "1234.56" (for messages and identities). */
export const centsText = (value: Cents): string => {
  const abs = Math.abs(value);
  return `${value < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
};

/** A whole number of units at `scale` decimals into cents (CFONB writes the number of decimals). */
export const unitsToCents = (digits: string, scale: number): Cents | undefined => {
  if (!/^\d+$/.test(digits)) return undefined;
  const units = BigInt(digits);
  if (scale <= 2) return Number(units * pow10(2 - scale));
  const divisor = pow10(scale - 2);
  if (units % divisor !== 0n) return undefined;
  return Number(units / divisor);
};
