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
