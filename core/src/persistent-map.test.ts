import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PersistentMap } from "./persistent-map.ts";

type Op = { kind: "with"; entries: [string, number][] } | { kind: "without"; keys: string[] };

const key = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom("a", "b", "mvt-1/1", "mvt-1/2"));
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant("with" as const),
    entries: fc.array(fc.tuple(key, fc.integer()), { maxLength: 8 }),
  }),
  fc.record({ kind: fc.constant("without" as const), keys: fc.array(key, { maxLength: 8 }) }),
);

const contents = (map: PersistentMap<number>) => new Map([...map.entries()]);

describe("a persistent map", () => {
  it("answers as a Map would after any changes, and every earlier version stays as it was", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        let map = PersistentMap.empty<number>();
        const model = new Map<string, number>();
        const versions: [PersistentMap<number>, Map<string, number>][] = [[map, new Map(model)]];
        for (const o of ops) {
          if (o.kind === "with") {
            map = map.with(o.entries);
            for (const [k, v] of o.entries) model.set(k, v);
          } else {
            map = map.without(o.keys);
            for (const k of o.keys) model.delete(k);
          }
          versions.push([map, new Map(model)]);
          expect(map.size).toBe(model.size);
          for (const k of ["a", "b", "mvt-1/1", "zz"]) {
            expect(map.get(k)).toBe(model.get(k));
            expect(map.has(k)).toBe(model.has(k));
          }
        }
        for (const [version, expected] of versions) expect(contents(version)).toEqual(expected);
      }),
    );
  });

  it("gives back the same map when nothing changes", () => {
    const map = PersistentMap.of([["a", 1]]);
    expect(map.without(["b"])).toBe(map);
    expect(map.with([])).toBe(map);
    expect(map.toObject()).toEqual({ a: 1 });
  });
});
