import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "./canonical.ts";

/** The rules as first written (map, flatMap, join): the stored events' hashes cover these bytes. */
const reference = (value: unknown): string | undefined => {
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
      if (Array.isArray(value)) return `[${value.map((v) => reference(v) ?? "null").join(",")}]`;
      const entries = Object.keys(value as Record<string, unknown>)
        .sort()
        .flatMap((key) => {
          const v = reference((value as Record<string, unknown>)[key]);
          return v === undefined ? [] : [`${JSON.stringify(key)}:${v}`];
        });
      return `{${entries.join(",")}}`;
    }
  }
};

/** Values an event may hold, and some it may not: undefined members, functions, -0, odd keys. */
const value = fc.letrec((tie) => ({
  any: fc.oneof(
    { depthSize: "small" },
    fc.constant(null),
    fc.constant(undefined),
    fc.boolean(),
    fc.string({ unit: "grapheme" }),
    fc.string({ unit: "binary" }),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constant(-0),
    fc.constant(() => 1),
    fc.array(tie("any"), { maxLength: 5 }),
    fc.dictionary(
      fc.oneof(fc.string(), fc.constantFrom("__proto__", "constructor", "1", "01", "é", "\u2028")),
      tie("any"),
      {
        maxKeys: 6,
      },
    ),
  ),
})).any;

describe("canonicalJson", () => {
  it("writes the reference's bytes for any value", () => {
    fc.assert(
      fc.property(value, (v) => {
        expect(canonicalJson({ v })).toBe(reference({ v }));
      }),
      { numRuns: 2000 },
    );
  });

  it("sorts keys, drops undefined members, writes no whitespace", () => {
    expect(canonicalJson({ b: 1, a: [undefined, { d: undefined, c: "x" }], é: true })).toBe(
      '{"a":[null,{"c":"x"}],"b":1,"é":true}',
    );
  });

  it("refuses what JSON cannot hold exactly", () => {
    expect(() => canonicalJson({ n: Number.NaN })).toThrow(TypeError);
    expect(() => canonicalJson({ n: 1n })).toThrow(TypeError);
    expect(() => canonicalJson(undefined)).toThrow(TypeError);
  });
});
