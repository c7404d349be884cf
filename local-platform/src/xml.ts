import { XMLParser } from "fast-xml-parser";

/**
 * Reading a received XML file as the product does (fast-xml-parser, namespace prefixes dropped, every
 * element an array, texts kept as strings), hostile files in mind: a DOCTYPE or an entity declaration is
 * refused before parsing (no billion laughs, no external entity: only XML's five predefined entities and
 * character references are read), and a file nested past what an invoice is refused.
 */
export type XNode = unknown;

/** A file refused: the acknowledgement's reason. */
export class NotReadable extends Error {
  constructor(readonly detail: string) {
    super(detail);
  }
}

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

const MAX_DEPTH = 64;

/** The deepest element nesting of a document, measured in one pass without building anything. */
const depthOf = (text: string): number => {
  let depth = 0;
  let deepest = 0;
  for (const m of text.matchAll(/<(\/?)[A-Za-z_][^>]*?(\/?)>/g)) {
    if (m[1]) depth--;
    else if (!m[2]) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > MAX_DEPTH) break;
    }
  }
  return deepest;
};

export const parseXml = (bytes: Uint8Array): Record<string, XNode> => {
  const text = new TextDecoder("utf-8")
    .decode(bytes)
    .replace(/^\uFEFF/, "")
    .trim();
  if (!/^<(\?xml|[A-Za-z_]|!--)/.test(text)) throw new NotReadable("The file is not XML.");
  if (/<!DOCTYPE|<!ENTITY/i.test(text))
    throw new NotReadable("The file declares a DOCTYPE or entities: refused.");
  if (depthOf(text) > MAX_DEPTH) throw new NotReadable(`The file nests elements deeper than ${MAX_DEPTH}.`);
  try {
    return parser.parse(text, true) as Record<string, XNode>;
  } catch {
    throw new NotReadable("The file is not well-formed XML.");
  }
};

/** The namespace URIs a document declares (xmlns and xmlns:prefix), read from its text. */
export const declaredNamespaces = (bytes: Uint8Array): string[] => {
  const head = new TextDecoder("utf-8").decode(bytes.subarray(0, 8192));
  return [...head.matchAll(/xmlns(?::[A-Za-z_][\w.-]*)?\s*=\s*["']([^"']*)["']/g)].map((m) => m[1] ?? "");
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

/** A node's text, trimmed; null when absent or empty. */
export const txt = (node: XNode): string | null => {
  const value = isObject(node) ? node["#text"] : node;
  if (value === undefined || value === null || typeof value === "object") return null;
  const s = String(value).trim();
  return s === "" ? null : s;
};

export const at = (node: XNode, ...path: string[]): string | null => txt(kid(node, ...path));

export const attr = (node: XNode, name: string): string | null => {
  if (!isObject(node)) return null;
  const v = node[`@_${name}`];
  return typeof v === "string" && v.trim() !== "" ? v.trim() : null;
};

/** The only root element of a parsed document, by its local name. */
export const rootOf = (doc: Record<string, XNode>): { name: string; node: XNode } | null => {
  const names = Object.keys(doc).filter((k) => k !== "?xml" && !k.startsWith("#"));
  if (names.length !== 1) return null;
  const name = names[0] as string;
  return { name, node: kids(doc, name)[0] };
};

/** Escapes a text for an XML element or attribute. */
export const escapeXml = (s: string): string =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );
