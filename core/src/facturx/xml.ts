import { XMLParser } from "fast-xml-parser";
import { DomainError } from "../decider.ts";
import { decimalUnits, divideRounded, formatUnits } from "../decimal.ts";
import { checkXmlShape, type ReadLimits } from "../read-limits.ts";
import { cleanReceivedText } from "../text-safety.ts";

/**
 * Reading e-invoice XML with fast-xml-parser: namespaces prefixes dropped, every element an array,
 * texts kept as strings. A DOCTYPE is refused (no entity expansion, no external reference).
 */
export type XNode = unknown;

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
});

/**
 * The document's tree. Its shape is checked first in one linear pass (depth and element count within
 * `limits`), so that the tree is never built of a document nested or grown past what an invoice is.
 */
export const parseXml = (source: string, limits: ReadLimits = {}): Record<string, XNode> => {
  // A DOS end-of-file byte (U+001A) or NUL padding after the root element, as real files have: not XML,
  // nothing of the invoice either.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: dropping them is the point
  const text = source.replace(/^\uFEFF/, "").replace(/[\u0000-\u0020\u007F]+$/, "");
  if (!/^\s*<(\?xml|[A-Za-z_])/.test(text)) throw new DomainError("einvoice.notXml", { field: "file" });
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new DomainError("einvoice.unsafeXml", { field: "file" });
  // Its shape first, the whole text measured even past a flaw; then the parser's own validation judges it.
  checkXmlShape(text, limits);
  try {
    return parser.parse(text, true) as Record<string, XNode>;
  } catch {
    throw new DomainError("einvoice.notXml", { field: "file" });
  }
};

const isObject = (n: XNode): n is Record<string, XNode> => typeof n === "object" && n !== null;

/** The children named `name` of a node. */
export const kids = (node: XNode, name: string): XNode[] => {
  if (!isObject(node)) return [];
  const v = node[name];
  return Array.isArray(v) ? v : v === undefined ? [] : [v];
};

/** The first node along a path of child names. */
export const kid = (node: XNode, ...path: string[]): XNode =>
  path.reduce<XNode>((current, name) => kids(current, name)[0], node);

/**
 * A node's text, cleaned (`cleanReceivedText`: controls and bidirectional overrides dropped, line breaks
 * made spaces unless `multiline`) and trimmed; null when absent or empty. Every text the readers take
 * comes through here or `attr`, so every consumer of the model gets clean text.
 */
export const txt = (node: XNode, multiline = false): string | null => {
  const value = isObject(node) ? node["#text"] : node;
  if (value === undefined || value === null || typeof value === "object") return null;
  const s = cleanReceivedText(String(value), { multiline }).trim();
  return s === "" ? null : s;
};

export const at = (node: XNode, ...path: string[]): string | null => txt(kid(node, ...path));

/** A multi-line text (a note, a description, payment terms): its line breaks kept. */
export const paragraphAt = (node: XNode, ...path: string[]): string | null => txt(kid(node, ...path), true);

export const attr = (node: XNode, name: string): string | null => {
  if (!isObject(node)) return null;
  const v = node[`@_${name}`];
  const s = typeof v === "string" ? cleanReceivedText(v).trim() : "";
  return s !== "" ? s : null;
};

/** An amount as cents; more than two decimals rounded half up (a line's net price is not an amount). */
export const cents = (value: string | null, field: string): number | null => {
  if (value === null) return null;
  const units = decimalUnits(value.replace(/^\+/, ""), 6);
  if (units === undefined)
    throw new DomainError("einvoice.invalidAmount", { field, value: value.slice(0, 40) });
  const c = Number(divideRounded(units, 10_000n));
  if (!Number.isSafeInteger(c) || Math.abs(c) > 1e13)
    throw new DomainError("einvoice.invalidAmount", { field, value: value.slice(0, 40) });
  return c;
};

export const requiredCents = (value: string | null, field: string): number => {
  const c = cents(value, field);
  if (c === null) throw new DomainError("einvoice.missingField", { field });
  return c;
};

/** A decimal read at 4 decimals and written back ("12.50000" -> "12.5"). */
export const decimal4 = (value: string | null, field: string, fallback?: string): string => {
  if (value === null) {
    if (fallback !== undefined) return fallback;
    throw new DomainError("einvoice.missingField", { field });
  }
  const units = decimalUnits(value.replace(/^\+/, ""), 10);
  if (units === undefined)
    throw new DomainError("einvoice.invalidNumber", { field, value: value.slice(0, 40) });
  return formatUnits(divideRounded(units, 10n ** 6n), 4, 0);
};

/** `a / b` of two decimals, at 4 decimals (a price per its base quantity). */
export const divide4 = (a: string, b: string): string => {
  const x = decimalUnits(a, 4) ?? 0n;
  const y = decimalUnits(b, 4) ?? 0n;
  if (y === 0n) return a;
  return formatUnits(divideRounded(x * 10n ** 4n, y), 4, 0);
};

/** CII's format 102 (`20260131`) or ISO (`2026-01-31`) as `YYYY-MM-DD`. */
export const isoDay = (value: string | null, field: string): string | null => {
  if (value === null) return null;
  const m = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(value);
  if (!m) throw new DomainError("einvoice.invalidDate", { field, value: value.slice(0, 40) });
  const [, y, mo, d] = m;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (date.getUTCMonth() !== Number(mo) - 1 || date.getUTCDate() !== Number(d))
    throw new DomainError("einvoice.invalidDate", { field, value: value.slice(0, 40) });
  return `${y}-${mo}-${d}`;
};
