/**
 * What text Registre accepts. PostgreSQL cannot store a NUL in `text`, nor a lone UTF-16 surrogate
 * (or a `\u0000` escape) in `jsonb`; control characters other than tab and line breaks only ever
 * arrive by mistake or malice, and break exports (FEC, CSV) downstream. Every text the API accepts
 * is checked with `textFlaw` and normalised to NFC, once, at the edge.
 */
export type TextFlaw = "nul" | "surrogate" | "control";

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const NUL = /\u0000/;
// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// C0 controls but tab (09), line feed (0A) and carriage return (0D); DEL and the C1 controls.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL = /[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** Why a text is refused, or undefined when it is acceptable. */
export const textFlaw = (value: string): TextFlaw | undefined => {
  if (NUL.test(value)) return "nul";
  if (LONE_SURROGATE.test(value)) return "surrogate";
  if (CONTROL.test(value)) return "control";
  return undefined;
};

/** What PostgreSQL itself cannot keep (text or jsonb): the store's last wall, whatever the edge let in. */
export const unstorableText = (value: string): boolean => NUL.test(value) || LONE_SURROGATE.test(value);

/**
 * The first string (value or key) of a JSON-like value that PostgreSQL could not store, as a dotted
 * path ("lines.0.label"), or undefined. Walks iteratively: depth is not bounded here.
 */
export const findUnstorableText = (value: unknown): string | undefined => {
  const stack: { value: unknown; path: string }[] = [{ value, path: "" }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop() as { value: unknown; path: string };
    if (typeof current === "string") {
      if (unstorableText(current)) return path || "(value)";
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => {
        stack.push({ value: item, path: path ? `${path}.${index}` : String(index) });
      });
    } else if (current !== null && typeof current === "object") {
      for (const [key, item] of Object.entries(current)) {
        const at = path ? `${path}.${key}` : key;
        if (unstorableText(key)) return at;
        stack.push({ value: item, path: at });
      }
    }
  }
  return undefined;
};

// What a received file's text loses (`cleanReceivedText`): the C0 controls but tab, line feed and carriage
// return (NUL, BEL, a DOS end-of-file U+001A…), DEL and the C1 controls; the bidirectional embeddings,
// overrides (U+202A–U+202E) and isolates (U+2066–U+2069), which make a name display other than it reads
// (an RTL override turns "Facture" into "erutcaF"); and lone surrogates, which PostgreSQL cannot keep.
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const RECEIVED_NOISE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A text read from a file someone sent (a supplier's e-invoice, a CSV or vCard of contacts or items, a
 * bank statement) as Registre keeps it: where the API refuses such characters in JSON (`textFlaw`: the
 * person typing can correct them), a received file is cleaned rather than refused — nobody can correct a
 * supplier's invoice — and before anything is stored. Controls and bidirectional overrides dropped (see
 * above); a single-line field (a name, an address line, a label) also has its tabs and line breaks made
 * spaces, a multi-line one (a note, a description) keeps them. NFC, as the API's texts.
 */
export const cleanReceivedText = (value: string, options: { readonly multiline?: boolean } = {}): string => {
  // Most of a file's texts are plain ASCII, already clean: a file of 100,000 rows cleans them all.
  if (PRINTABLE_ASCII.test(value)) return value;
  const kept = withoutReceivedNoise(value);
  return (options.multiline ? kept : kept.replace(/\r\n|[\t\n\r]/g, " ")).normalize("NFC");
};

/**
 * Only the characters `cleanReceivedText` drops, nothing else changed: for a reader whose texts must come
 * back exactly as they were written (the FEC, which Registre writes and reads back), tabs and line
 * breaks its own business.
 */
export const withoutReceivedNoise = (value: string): string => value.replace(RECEIVED_NOISE, "");

/**
 * Every string of a value read from a received file (a bank statement's model: labels, references,
 * names — all single-line) cleaned as `cleanReceivedText` does; numbers, keys and structure as they were.
 */
export const cleanReceivedTexts = <T>(value: T): T => {
  if (typeof value === "string") return cleanReceivedText(value) as T;
  if (Array.isArray(value)) return value.map(cleanReceivedTexts) as T;
  if (value !== null && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, cleanReceivedTexts(item)]),
    ) as T;
  return value;
};
