import type { IsoDate } from "../accounting/dates.ts";
import { DomainError } from "../decider.ts";
import type { DocumentDirection, DocumentKind } from "./document.ts";

/**
 * Numbering series: a format such as `FA{YYYY}-{#####}` turned into `FA2026-00001` given the
 * document's date and the value of the series' counter. The counter itself is the organisation
 * head's gapless counter `documentCounter(series, date)`, taken by the shell under the
 * organisation's lock in the commit that uses it (as entries take their journal numbers).
 *
 * Tokens: `{YYYY}` the year, `{YY}` its last two digits, `{MM}` the month, `{###…}` the counter on as
 * many digits as there are `#` (more when it outgrows them). Anything else is printed as written.
 */
export type DocumentSeries = {
  readonly id: string;
  readonly kind: DocumentKind;
  readonly direction: DocumentDirection;
  readonly format: string;
};

/** The series an organisation starts with, one per kind and side that we number ourselves. */
export const defaultDocumentSeries: readonly DocumentSeries[] = [
  { id: "sales-invoice", kind: "invoice", direction: "sales", format: "FA{YYYY}-{#####}" },
  { id: "sales-creditNote", kind: "creditNote", direction: "sales", format: "AV{YYYY}-{#####}" },
  { id: "sales-quote", kind: "quote", direction: "sales", format: "DE{YYYY}-{#####}" },
  { id: "sales-order", kind: "order", direction: "sales", format: "CO{YYYY}-{#####}" },
  { id: "sales-delivery", kind: "delivery", direction: "sales", format: "BL{YYYY}-{#####}" },
  { id: "purchases-quote", kind: "quote", direction: "purchases", format: "DF{YYYY}-{#####}" },
  { id: "purchases-order", kind: "order", direction: "purchases", format: "CF{YYYY}-{#####}" },
  { id: "purchases-delivery", kind: "delivery", direction: "purchases", format: "BR{YYYY}-{#####}" },
];

const TOKEN = /\{(YYYY|YY|MM|#+)\}/g;

type Part =
  | { readonly literal: string }
  | { readonly token: "YYYY" | "YY" | "MM" | "counter"; readonly width: number };

const parse = (format: string): Part[] => {
  const parts: Part[] = [];
  let last = 0;
  for (const m of format.matchAll(TOKEN)) {
    if (m.index > last) parts.push({ literal: format.slice(last, m.index) });
    const token = m[1] ?? "";
    parts.push(
      token.startsWith("#")
        ? { token: "counter", width: token.length }
        : { token: token as "YYYY" | "YY" | "MM", width: token.length },
    );
    last = m.index + m[0].length;
  }
  if (last < format.length) parts.push({ literal: format.slice(last) });
  return parts;
};

/**
 * A series format as the settings keep it: one counter token, no stray braces, printable characters
 * a file name and a FEC PieceRef accept, at most 40 characters.
 */
export const normaliseSeriesFormat = (format: string): string => {
  const clean = format.trim();
  const parts = parse(clean);
  const counters = parts.filter((p) => "token" in p && p.token === "counter");
  const literals = parts.flatMap((p) => ("literal" in p ? [p.literal] : []));
  if (
    clean.length === 0 ||
    clean.length > 40 ||
    counters.length !== 1 ||
    literals.some((l) => /[{}|/\\\s]/.test(l) || /[\p{Cc}]/u.test(l))
  )
    throw new DomainError("doc.invalidSeriesFormat", { field: "format", value: format });
  return clean;
};

/** Whether the format restarts each year: it prints the year, so its counter is kept per year. */
export const seriesIsYearly = (format: string): boolean => /\{YYYY\}|\{YY\}/.test(format);

/** The gapless counter a series' next number comes from: per year when its format prints the year. */
export const documentCounter = (series: Pick<DocumentSeries, "id" | "format">, date: IsoDate): string =>
  seriesIsYearly(series.format) ? `doc:${series.id}:${date.slice(0, 4)}` : `doc:${series.id}`;

/** `FA{YYYY}-{#####}`, 2026-03-14, 1 -> `FA2026-00001`. */
export const formatDocumentNumber = (format: string, date: IsoDate, counter: number): string => {
  if (!Number.isSafeInteger(counter) || counter < 1) throw new RangeError(`Not a counter value: ${counter}`);
  return parse(format)
    .map((part) => {
      if ("literal" in part) return part.literal;
      switch (part.token) {
        case "YYYY":
          return date.slice(0, 4);
        case "YY":
          return date.slice(2, 4);
        case "MM":
          return date.slice(5, 7);
        case "counter":
          return String(counter).padStart(part.width, "0");
        default:
          return part.token satisfies never;
      }
    })
    .join("");
};

export type ParsedDocumentNumber = {
  readonly year: number | null;
  readonly month: number | null;
  readonly counter: number;
};

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The year, month and counter a number of `format` carries, or null when it is not of that format. */
export const parseDocumentNumber = (format: string, number: string): ParsedDocumentNumber | null => {
  const names: ("YYYY" | "YY" | "MM" | "counter")[] = [];
  const pattern = parse(format)
    .map((part) => {
      if ("literal" in part) return escapeRegExp(part.literal);
      names.push(part.token);
      return part.token === "counter" ? `(\\d{${part.width},})` : `(\\d{${part.width}})`;
    })
    .join("");
  const m = new RegExp(`^${pattern}$`).exec(number);
  if (!m) return null;
  let year: number | null = null;
  let month: number | null = null;
  let counter = 0;
  names.forEach((name, index) => {
    const value = Number(m[index + 1]);
    if (name === "YYYY") year = value;
    else if (name === "YY") year = 2000 + value;
    else if (name === "MM") month = value;
    else counter = value;
  });
  if (month !== null && (month < 1 || month > 12)) return null;
  if (!Number.isSafeInteger(counter) || counter < 1) return null;
  return { year, month, counter };
};

/** The series a document of this kind and side takes its number from: the first of its use. */
export const seriesFor = (
  series: readonly DocumentSeries[],
  kind: DocumentKind,
  direction: DocumentDirection,
  id?: string | null,
): DocumentSeries => {
  const chosen = id
    ? series.find((s) => s.id === id)
    : series.find((s) => s.kind === kind && s.direction === direction);
  if (!chosen) throw new DomainError("doc.seriesNotFound", { field: "series", kind, direction }, 404);
  // A series keeps the use it was created for (CGI ann. II 242 nonies A).
  if (chosen.kind !== kind || chosen.direction !== direction)
    throw new DomainError("doc.seriesOtherUse", { field: "series", series: chosen.id, kind }, 422);
  return chosen;
};
