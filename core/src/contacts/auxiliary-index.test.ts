import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AuxiliaryCodeIndex,
  type AuxiliaryCodeMode,
  auxiliaryPrefix,
  nextAuxiliaryCode,
} from "./auxiliary.ts";
import type { AuxiliaryRole } from "./contact.ts";
import { normaliseContactName } from "./names.ts";

/**
 * The allocator as it was before the index (issue 21), kept verbatim as the reference: every taken
 * code copied into a set, then the candidates tried one by one. The index must give the same codes.
 */
const scanned = (role: AuxiliaryRole, mode: AuxiliaryCodeMode, name: string, taken: Iterable<string>) => {
  const used = new Set([...taken].map((code) => code.toUpperCase()));
  const prefix = auxiliaryPrefix[role];
  const letters = normaliseContactName(name)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "")
    .slice(0, 10);
  if (mode === "counter" || letters.length === 0) {
    const pattern = new RegExp(`^${prefix}(\\d+)$`);
    let last = 0;
    for (const code of used) {
      const m = pattern.exec(code);
      if (m) last = Math.max(last, Number(m[1]));
    }
    return `${prefix}${String(last + 1).padStart(5, "0")}`;
  }
  const base = `${prefix}${letters}`;
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = String(n);
    const code = `${base.slice(0, 17 - suffix.length)}${suffix}`;
    if (!used.has(code)) return code;
  }
};

// Names that collide: few words, digits, legal forms and case, so that bases and numbered codes repeat.
const name = fc.oneof(
  fc
    .tuple(
      fc.constantFrom("Société", "SOCIETE", "Alpha", "Établissements", "Dupont", "北京", "", "Ab"),
      fc.constantFrom(" X", " Générale Alimentaire", " SARL", "", " 1", " 12"),
      fc.option(fc.nat({ max: 120 }), { nil: undefined }),
    )
    .map(([a, b, n]) => `${a}${b}${n === undefined ? "" : ` ${n}`}`),
  fc.string({ maxLength: 20 }),
);
const role = fc.constantFrom<AuxiliaryRole>("customer", "supplier");
const mode = fc.constantFrom<AuxiliaryCodeMode>("name", "counter");
// Taken codes: codes the allocator itself makes (bases, namesakes' numbers, counters), any case, and noise.
const takenCode = fc.oneof(
  fc
    .tuple(
      fc.constantFrom("C", "F", "c", "f"),
      fc.constantFrom("SOCIETEX", "societex1", "ALPHA", "SOCIETEGEN", "DUPONT", "AB", "ETABLISSEM"),
      fc.option(fc.integer({ min: 1, max: 40 }), { nil: undefined }),
    )
    .map(([p, b, n]) => `${p}${b}${n ?? ""}`),
  fc
    .tuple(fc.constantFrom("C", "F"), fc.nat({ max: 200 }))
    .map(([p, n]) => `${p}${String(n).padStart(5, "0")}`),
  fc.stringMatching(/^[CFcf][A-Z0-9]{1,16}$/),
);

describe("the indexed auxiliary code allocator", () => {
  it("gives the code the scanning allocator gave, for any name and taken codes", () => {
    fc.assert(
      fc.property(role, mode, name, fc.array(takenCode, { maxLength: 60 }), (r, m, n, taken) => {
        expect(nextAuxiliaryCode(r, m, n, new AuxiliaryCodeIndex(taken))).toBe(scanned(r, m, n, taken));
        expect(nextAuxiliaryCode(r, m, n, taken)).toBe(scanned(r, m, n, taken));
      }),
      { numRuns: 500 },
    );
  });

  it("gives the same codes over a whole import: each code added, namesakes' numbers resumed where they stopped", () => {
    fc.assert(
      fc.property(
        mode,
        fc.array(takenCode, { maxLength: 30 }),
        fc.array(fc.tuple(role, name), { maxLength: 80 }),
        (m, initial, contacts) => {
          const index = new AuxiliaryCodeIndex(initial);
          const taken = [...initial];
          for (const [r, n] of contacts) {
            const code = index.nextCode(r, m, n);
            expect(code).toBe(scanned(r, m, n, taken));
            index.add(code);
            taken.push(code);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("avoids the codes of the same decision (`besides`) without remembering them", () => {
    const index = new AuxiliaryCodeIndex(["CALPHA"]);
    expect(index.nextCode("customer", "name", "Alpha", new Set(["CALPHA2"]))).toBe("CALPHA3");
    // CALPHA2 was the decision's own, never added: the next one may take it.
    expect(index.nextCode("customer", "name", "Alpha")).toBe("CALPHA2");
    expect(index.nextCode("customer", "counter", "Alpha", new Set(["C00007"]))).toBe("C00008");
    expect(index.nextCode("customer", "counter", "Alpha")).toBe("C00001");
  });

  it("finds the 20,000th namesake's code without trying the 19,999 before it again", () => {
    const index = new AuxiliaryCodeIndex();
    let tried = 0;
    const has = index.has.bind(index);
    // Counted through the index's own set: a few look-ups per code (the scan made 200 million here).
    const taken = (index as unknown as { taken: Set<string> }).taken;
    const original = taken.has.bind(taken);
    taken.has = (code: string) => {
      tried++;
      return original(code);
    };
    for (let i = 0; i < 20_000; i++)
      index.add(index.nextCode("customer", "name", "Société Générale Alimentaire"));
    expect(has("CSOCIETEGEN20000")).toBe(true);
    expect(tried).toBeLessThan(10 * 20_000);
  });
});
