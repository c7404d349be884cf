/**
 * Rights of an organisation, as the API carries them: a bitmask per resource code (create 2, read 4,
 * update 8, delete 16). Pure helpers for the "User rights" screen: bit toggling, grouping resource codes
 * by area and building readable labels from their segments.
 */

export const rightBits = { create: 2, read: 4, update: 8, delete: 16 } as const;
export type RightBit = keyof typeof rightBits;
/** The columns of the rights matrix, in order. */
export const bitOrder: readonly RightBit[] = ["create", "read", "update", "delete"];
export const allBits = rightBits.create | rightBits.read | rightBits.update | rightBits.delete;

export type Right = { c: string; r: number };

export const hasBit = (mask: number, bit: RightBit): boolean => (mask & rightBits[bit]) !== 0;

/** The mask with `bit` set (`on` true) or cleared (`on` false); toggled when `on` is omitted. */
export const toggleBit = (mask: number, bit: RightBit, on?: boolean): number => {
  const value = rightBits[bit];
  const set = on ?? (mask & value) === 0;
  return set ? (mask | value) & allBits : mask & ~value & allBits;
};

export const hasAllBits = (mask: number): boolean => (mask & allBits) === allBits;

/** The bitmask granted on `code` by a list of rights (0 when absent). */
export const maskOf = (rights: readonly Right[], code: string): number =>
  rights.reduce((mask, right) => (right.c === code ? mask | right.r : mask), 0) & allBits;

/**
 * `rights` with the mask of `code` replaced; a code left with no bit is dropped. The order of the other
 * codes is kept, a new code is appended.
 */
export const withMask = (rights: readonly Right[], code: string, mask: number): Right[] => {
  const next = mask & allBits;
  const result: Right[] = [];
  let placed = false;
  for (const right of rights) {
    if (right.c !== code) result.push(right);
    else if (!placed && next !== 0) {
      result.push({ c: code, r: next });
      placed = true;
    }
  }
  if (!placed && next !== 0) result.push({ c: code, r: next });
  return result;
};

/** Union of several lists of rights: one entry per code, masks OR-ed (a user's effective rights). */
export const unionRights = (...lists: readonly (readonly Right[])[]): Right[] => {
  const masks = new Map<string, number>();
  for (const list of lists)
    for (const right of list) masks.set(right.c, (masks.get(right.c) ?? 0) | (right.r & allBits));
  return [...masks].filter(([, r]) => r !== 0).map(([c, r]) => ({ c, r }));
};

/** How many single rights (code × bit) a list grants. */
export const countBits = (rights: readonly Right[]): number =>
  unionRights(rights).reduce(
    (count, right) => count + bitOrder.filter((bit) => hasBit(right.r, bit)).length,
    0,
  );

/** How many single rights `effective` grants beyond `base` (what assigned roles add to a profile). */
export const addedBits = (base: readonly Right[], effective: readonly Right[]): number =>
  unionRights(effective).reduce(
    (count, right) =>
      count + bitOrder.filter((bit) => hasBit(right.r, bit) && !hasBit(maskOf(base, right.c), bit)).length,
    0,
  );

/** Two lists grant the same bits on the same codes (order ignored). */
export const sameRights = (a: readonly Right[], b: readonly Right[]): boolean => {
  const codes = new Set([...a, ...b].map((right) => right.c));
  return [...codes].every((code) => maskOf(a, code) === maskOf(b, code));
};

/** The areas of the matrix, in display order. */
export const areas = [
  "accounting",
  "banks",
  "contacts",
  "items",
  "sales",
  "purchases",
  "organisation",
  "platform",
  "other",
] as const;
export type Area = (typeof areas)[number];

const areaByRoot: Record<string, Area> = {
  accounting: "accounting",
  accounts: "accounting",
  balancesheet: "accounting",
  entries: "accounting",
  journals: "accounting",
  vat: "accounting",
  banks: "banks",
  statements: "banks",
  paymentmodes: "banks",
  payments: "banks",
  contacts: "contacts",
  items: "items",
  sales: "sales",
  purchases: "purchases",
  organization: "organisation",
  organisation: "organisation",
  auth: "organisation",
  emailtemplates: "organisation",
  docs: "organisation",
  admin: "platform",
};

export const segmentsOf = (code: string): string[] => code.split(".").filter((s) => s.length > 0);

/** The area a resource code belongs to, from its first segment. */
export const areaOf = (code: string): Area => areaByRoot[segmentsOf(code)[0] ?? ""] ?? "other";

/** Document kinds in the order of the trade (quote, order, delivery, invoice, payment). */
const siblingRank: Record<string, number> = { quotes: 1, orders: 2, deliveries: 3, invoices: 4, payments: 5 };
const rankOf = (code: string): number => siblingRank[segmentsOf(code).at(-1) ?? ""] ?? 0;

export type MatrixRow = { code: string; area: Area; depth: number; parent: string | null };
export type MatrixGroup = { area: Area; rows: MatrixRow[] };

/** The nearest ancestor of `code` (dropping trailing segments) that is itself in `known`. */
const parentIn = (code: string, known: ReadonlySet<string>): string | null => {
  const segments = segmentsOf(code);
  for (let length = segments.length - 1; length > 0; length--) {
    const candidate = segments.slice(0, length).join(".");
    if (known.has(candidate)) return candidate;
  }
  return null;
};

/**
 * Resource codes grouped by area (in {@link areas} order), each group in tree order: a code comes right
 * after its parent (the longest prefix also listed), siblings as given except documents, which follow
 * the trade (quotes, orders, deliveries, invoices, payments). Duplicates are dropped.
 */
export const groupCodes = (codes: readonly string[]): MatrixGroup[] => {
  const unique = [...new Set(codes)];
  const known = new Set(unique);
  const children = new Map<string | null, string[]>();
  for (const code of unique) {
    const parent = parentIn(code, known);
    children.set(parent, [...(children.get(parent) ?? []), code]);
  }
  // Stable: unranked codes keep their order, ranked documents follow the trade's order among themselves.
  for (const [parent, list] of children) {
    const ranked = list.filter((code) => rankOf(code) > 0).sort((a, b) => rankOf(a) - rankOf(b));
    let next = 0;
    children.set(
      parent,
      list.map((code) => (rankOf(code) > 0 ? (ranked[next++] ?? code) : code)),
    );
  }
  const ordered: MatrixRow[] = [];
  const visit = (code: string, depth: number, parent: string | null) => {
    ordered.push({ code, area: areaOf(code), depth, parent });
    for (const child of children.get(code) ?? []) visit(child, depth + 1, code);
  };
  for (const root of children.get(null) ?? []) visit(root, 0, null);
  return areas
    .map((area) => ({ area, rows: ordered.filter((row) => row.area === area) }))
    .filter((group) => group.rows.length > 0);
};

/** Where the words of a label come from: the translations, or a test double. */
export type LabelDictionary = {
  /** A whole-code label that wins over the composed one (e.g. `contacts.contacts`). */
  code: (code: string) => string | undefined;
  /** The lower-case noun of one segment (e.g. `invoices` → "factures"). */
  segment: (segment: string) => string | undefined;
  /** A document noun qualified by its side (`sales`/`purchases`): "factures de vente", "sales invoices". */
  side: (side: string, noun: string) => string | undefined;
};

export type CodeLabel = {
  /** The whole label, readable on its own: "Factures de vente › pièces jointes". */
  full: string;
  /** The last part only, for a row shown under its parent: "Pièces jointes". */
  short: string;
};

export const capitalise = (text: string): string =>
  text.length === 0 ? text : text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** An unknown segment made readable: `payment_terms` → "payment terms". */
export const humanise = (segment: string): string =>
  segment
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[-_]+/g, " ")
    .trim()
    .toLocaleLowerCase();

const sides = new Set(["sales", "purchases"]);

/** The label parts of a code: its subject (first segment, or side + document), then its sub-resources. */
const labelParts = (code: string, dictionary: LabelDictionary): string[] => {
  const segments = segmentsOf(code);
  const word = (segment: string) => dictionary.segment(segment) ?? humanise(segment);
  const [first = code, second, ...rest] = segments;
  if (sides.has(first) && second !== undefined) {
    const subject = dictionary.side(first, word(second)) ?? `${word(first)} ${word(second)}`;
    return [subject, ...rest.map(word)];
  }
  return segments.length === 0 ? [code] : segments.map(word);
};

const separator = " › ";

/**
 * A human label for a resource code, built from its segments: `sales.invoices.files` → "Factures de
 * vente › pièces jointes" with short "Pièces jointes". A whole-code entry of the dictionary wins.
 */
export const codeLabel = (code: string, dictionary: LabelDictionary): CodeLabel => {
  const override = dictionary.code(code);
  const parts = labelParts(code, dictionary);
  if (override) return { full: capitalise(override), short: capitalise(override) };
  // A segment repeating its parent's ("contacts.contacts") says nothing more: keep one.
  const distinct = parts.filter((part, index) => index === 0 || part !== parts[index - 1]);
  return {
    full: capitalise(distinct.join(separator)),
    short: capitalise(distinct[distinct.length - 1] ?? code),
  };
};

/** Every resource code of the organisation: the codes of the widest profile (the owner lists them all). */
export const codesFromProfiles = (
  profiles: readonly { profile: string; rights: readonly Right[] }[],
): string[] => {
  const owner = profiles.find((entry) => entry.profile === "owner");
  const source = owner ? [owner] : profiles;
  return [...new Set(source.flatMap((entry) => entry.rights.map((right) => right.c)))];
};

/** How many codes a set of rights grants something on. */
export const granted = (rights: readonly Right[]): number => rights.filter((right) => right.r !== 0).length;
