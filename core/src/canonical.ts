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

const write = (value: unknown): string | undefined => {
  if (value === null) return "null";
  switch (typeof value) {
    case "string":
    case "boolean":
      return JSON.stringify(value);
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
      if (Array.isArray(value)) return `[${value.map((v) => write(v) ?? "null").join(",")}]`;
      const entries = Object.keys(value as Record<string, unknown>)
        .sort()
        .flatMap((key) => {
          const v = write((value as Record<string, unknown>)[key]);
          return v === undefined ? [] : [`${JSON.stringify(key)}:${v}`];
        });
      return `{${entries.join(",")}}`;
    }
  }
};
