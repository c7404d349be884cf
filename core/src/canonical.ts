/**
 * Canonical JSON: object keys sorted by code point, no whitespace, `undefined` members dropped.
 * The event store hashes these exact bytes, so the rules here may never change for stored events;
 * a change of shape is a new schemaVersion, not a new serialisation.
 */
export const canonicalJson = (value: unknown): string => {
  const out = write(value);
  if (out === undefined) throw new TypeError("canonicalJson: value is not serialisable");
  return out;
};

/** Keys as JSON strings, kept: events repeat the same few dozen keys. */
const quotedKeys = new Map<string, string>();
const quoted = (key: string): string => {
  let text = quotedKeys.get(key);
  if (text === undefined) {
    text = JSON.stringify(key);
    if (quotedKeys.size < 10_000) quotedKeys.set(key, text);
  }
  return text;
};

// Written with loops and string concatenation, not map/flatMap/join: the event store encodes every event
// of a commit (thousands for a FEC's batch), and the intermediate arrays made this a tenth of an import's
// time. The output is the reference's byte for byte (canonical.test.ts).
const write = (value: unknown): string | undefined => {
  if (value === null) return "null";
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "boolean":
      return value ? "true" : "false";
    case "number":
      if (!Number.isFinite(value)) throw new TypeError("canonicalJson: non-finite number");
      return JSON.stringify(value);
    case "undefined":
    case "function":
    case "symbol":
      return undefined;
    case "bigint":
      throw new TypeError("canonicalJson: bigint is not JSON; use a safe integer or a decimal string");
    case "object": {
      if (Array.isArray(value)) {
        let out = "[";
        for (let i = 0; i < value.length; i++) out += `${i === 0 ? "" : ","}${write(value[i]) ?? "null"}`;
        return `${out}]`;
      }
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record).sort();
      let out = "{";
      let first = true;
      for (const key of keys) {
        const v = write(record[key]);
        if (v === undefined) continue;
        out += `${first ? "" : ","}${quoted(key)}:${v}`;
        first = false;
      }
      return `${out}}`;
    }
  }
};
