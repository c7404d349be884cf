import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AmountError, allocate, formatFecAmount, parseAmount } from "./money.ts";

describe("amounts", () => {
  it("reads amounts as French documents and real FEC files write them, to the cent", () => {
    const cases: [string, number][] = [
      ["1234,56", 123456],
      ["1 234,56", 123456],
      ["1\u00a0234,56", 123456],
      ["1\u202f234,56", 123456],
      ["1.234,56", 123456],
      ["0000012,50", 1250],
      ["   12,5  ", 1250],
      ["-12,5", -1250],
      ["12,50-", -1250],
      ["+3", 300],
      ["0,00", 0],
      ["-0,00", 0],
      ["10 000,00", 1000000],
    ];
    for (const [text, value] of cases) expect([text, parseAmount(text)]).toEqual([text, value]);
  });

  it("refuses what is not an amount, and never guesses a dot as decimal separator", () => {
    for (const text of ["", "abc", "12.50", "12,505", "1,2,3", "-12,5-", "1 23,00", "12 ,5", "€12", "1e3"])
      expect(() => parseAmount(text), text).toThrow(AmountError);
  });

  it("writes the FEC's form: comma decimals, no separator, never a dot", () => {
    expect([123456, -5, 0, 100, 1000000].map(formatFecAmount)).toEqual([
      "1234,56",
      "-0,05",
      "0,00",
      "1,00",
      "10000,00",
    ]);
  });

  it("reads back exactly what it writes, for any amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (value) => {
        expect(parseAmount(formatFecAmount(value))).toBe(value === 0 ? 0 : value);
      }),
    );
  });
});

describe("allocation", () => {
  it("splits without losing a cent, the remainder going to the first shares", () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(allocate(1000, [70, 30])).toEqual([700, 300]);
    expect(allocate(5, [0, 1])).toEqual([0, 5]);
  });

  it("always adds up to the total, each share within a cent of its exact part", () => {
    // Found by the property below: a leftover cent went to a share that was exact already.
    const ratios = [756, 812, 128, 283, 349, 210, 363, 758, 695, 795, 674, 954];
    const found = allocate(674137055, ratios);
    expect(found.reduce((a, b) => a + b, 0)).toBe(674137055);
    found.forEach((s, i) => {
      expect(Math.abs(s - (674137055 * (ratios[i] ?? 0)) / 6777)).toBeLessThan(1);
    });
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc
          .array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 12 })
          .filter((r) => r.some((x) => x > 0)),
        (total, ratios) => {
          const shares = allocate(total, ratios);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
          const sum = ratios.reduce((a, b) => a + b, 0);
          shares.forEach((s, i) => {
            expect(Math.abs(s - (total * (ratios[i] ?? 0)) / sum)).toBeLessThan(1);
          });
        },
      ),
    );
  });
});
