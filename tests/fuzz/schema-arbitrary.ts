import fc from "fast-check";

/** The part of JSON Schema (OpenAPI 3.1, as zod-openapi writes it) the fuzz reads. */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
};

export type Components = Record<string, JsonSchema>;

/** Texts that broke, or could break, something somewhere: encodings, controls, injections, sizes. */
export const hostileStrings: readonly string[] = [
  "",
  " ",
  "\u0000",
  "Evil\u0000Corp",
  "lone \ud800",
  "\udc00",
  "bell\u0007",
  "next\u0085line",
  "\u202eRTL override",
  "e\u0301",
  "😀💶",
  "'; drop table events; --",
  "%00",
  "../../etc/passwd",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4j-style injection, sent as it is
  "${jndi:ldap://x}",
  "<script>alert(1)</script>",
  "\\",
  '"',
  "null",
  "-1",
  "9".repeat(25),
  "-".repeat(36),
  "2026-02-30",
  "0000-00-00",
  "2025-13-01",
  "9999-12-31",
  "AA",
  "411000",
  "a".repeat(5000),
];

/** Numbers a schema expecting cents, counts or months should survive. */
export const hostileNumbers: readonly number[] = [
  0,
  -1,
  1,
  0.5,
  -0.01,
  1e21,
  -1e21,
  1e308,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 31,
  -(2 ** 31) - 1,
  10 ** 13 + 1,
];

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...hostileStrings),
  fc.constantFrom(...hostileNumbers),
  fc.constantFrom(null, true, false, [], {}, [null], { a: { b: { c: [1] } } }),
  fc.string({ unit: "binary", maxLength: 20 }),
);

const resolve = (schema: JsonSchema, components: Components): JsonSchema => {
  let current = schema;
  for (let guard = 0; current.$ref && guard < 10; guard++) {
    const name = current.$ref.replace("#/components/schemas/", "");
    current = components[name] ?? {};
  }
  return current;
};

const typesOf = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

/** Merges `allOf` parts (objects) into one schema, `$ref`s resolved. */
export const merged = (schema: JsonSchema, components: Components): JsonSchema => {
  const s = resolve(schema, components);
  if (!s.allOf) return s;
  const parts = s.allOf.map((p) => merged(p, components));
  return {
    type: "object",
    properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})),
    required: parts.flatMap((p) => p.required ?? []),
  };
};

const uuid = fc.uuid();

const stringFor = (s: JsonSchema): fc.Arbitrary<string> => {
  if (s.format === "uuid") return uuid;
  if (s.format === "email") return fc.emailAddress();
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= (s.maxLength ?? 10_000));
    } catch {
      // A pattern fast-check cannot read: plain strings.
    }
  }
  const max = Math.min(s.maxLength ?? 40, 60);
  const min = Math.min(s.minLength ?? 0, max);
  return fc.string({ minLength: min, maxLength: max });
};

/**
 * Values that follow the schema (types, enums, bounds, patterns, required members), so requests get
 * past validation and reach the handlers and the database; `depth` keeps recursion finite.
 */
export const validValue = (schema: JsonSchema, components: Components, depth = 0): fc.Arbitrary<unknown> => {
  const s = merged(schema, components);
  if (depth > 6) return fc.constant(null);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => validValue(a, components, depth + 1)));
  const types = typesOf(s);
  const type = types.find((t) => t !== "null") ?? (s.properties ? "object" : "string");
  switch (type) {
    case "string":
      return stringFor(s);
    case "integer":
      return fc.integer({ min: Math.max(s.minimum ?? -1000, -1e9), max: Math.min(s.maximum ?? 1e6, 1e9) });
    case "number":
      return fc.double({
        min: s.minimum ?? -1e6,
        max: s.maximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case "boolean":
      return fc.boolean();
    case "array":
      return fc.array(validValue(s.items ?? {}, components, depth + 1), {
        minLength: s.minItems ?? 0,
        maxLength: Math.max(Math.min(s.maxItems ?? 4, 4), s.minItems ?? 0),
      });
    case "object": {
      const properties = s.properties ?? {};
      const required = new Set(s.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(properties))
        record[key] = validValue(value, components, depth + 1);
      return fc.record(record, { requiredKeys: Object.keys(properties).filter((k) => required.has(k)) });
    }
    default:
      return fc.constant(null);
  }
};

/** A valid value with some of its leaves, members or types broken: what a hostile client sends. */
export const hostileVariant = (schema: JsonSchema, components: Components): fc.Arbitrary<unknown> => {
  const mutate = (value: unknown, rate: number): fc.Arbitrary<unknown> => {
    if (Array.isArray(value))
      return fc
        .tuple(...value.map((v) => mutate(v, rate)), fc.boolean())
        .map((parts) => (parts.at(-1) ? [...parts.slice(0, -1), ...parts.slice(0, -1)] : parts.slice(0, -1)));
    if (value !== null && typeof value === "object") {
      const entries = Object.entries(value as Record<string, unknown>);
      return fc
        .tuple(
          fc.tuple(...entries.map(([k, v]) => fc.tuple(fc.constant(k), mutate(v, rate), fc.nat(9)))),
          fc.option(fc.tuple(fc.constantFrom("extra", "__proto__", "constructor", "x\u0000"), hostileValue)),
        )
        .map(([members, extra]) => {
          const out: Record<string, unknown> = {};
          // A member is dropped one time in ten: missing required fields.
          for (const [k, v, roll] of members) if (roll > 0) out[k] = v;
          if (extra) out[extra[0]] = extra[1];
          return out;
        });
    }
    return fc.oneof(
      { weight: 10 - rate, arbitrary: fc.constant(value) },
      { weight: rate, arbitrary: hostileValue },
    );
  };
  return validValue(schema, components).chain((value) => mutate(value, 3));
};

/** Bodies that are not JSON at all, or JSON of the wrong shape. */
export const malformedBodies: readonly string[] = [
  "{bad json",
  '{"a":',
  "",
  "\u0000",
  "{'a': 1}",
  "[]",
  "null",
  "0",
  '"text"',
  `${"[".repeat(100)}${"]".repeat(100)}`,
  '{"a":1,"a":2}',
  "\ufeff{}",
];
