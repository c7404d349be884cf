import { describe, expect, test } from "vitest";
import { centsToDecimal, formatCents, parseAmount, sumCents } from "./money.ts";

const cents = (text: string, locale: "fr" | "en" = "fr") => {
  const parsed = parseAmount(text, locale);
  return parsed.ok ? parsed.cents : parsed.error;
};

describe("parseAmount", () => {
  test("reads French amounts into exact cents", () => {
    expect(cents("1 234,56")).toBe(123456);
    expect(cents("1\u202f234,56")).toBe(123456);
    expect(cents("1\u00a0234,5")).toBe(123450);
    expect(cents("0,1")).toBe(10);
    expect(cents(",5")).toBe(50);
    expect(cents("12,")).toBe(1200);
    expect(cents("1.234,56")).toBe(123456);
    expect(cents("1.234.567,89")).toBe(123456789);
    expect(cents("12.50")).toBe(1250);
    expect(cents("1.234")).toBe(123400);
    expect(cents("1 234,56 €")).toBe(123456);
    expect(cents("")).toBe(0);
    expect(cents("   ")).toBe(0);
    // Floats would give 0.1 + 0.2 trouble, or 1.005 * 100 = 100.49999…
    expect(cents("1,005")).toBe("decimals");
    expect(cents("0,29")).toBe(29);
    expect(cents("1,15")).toBe(115);
    expect(cents("4,35")).toBe(435);
  });

  test("reads English amounts", () => {
    expect(cents("1,234.56", "en")).toBe(123456);
    expect(cents("1234.5", "en")).toBe(123450);
    expect(cents("1,234", "en")).toBe(123400);
    expect(cents("12,50", "en")).toBe(1250);
    expect(cents("1.234", "en")).toBe("decimals");
  });

  test("refuses what it cannot read exactly", () => {
    expect(cents("-12")).toBe("negative");
    expect(cents("12,345")).toBe("decimals");
    expect(cents("1,2,3")).toBe("invalid");
    expect(cents("abc")).toBe("invalid");
    expect(cents("1.2345")).toBe("invalid");
    expect(cents(",")).toBe("invalid");
    expect(cents("99999999999999999")).toBe("tooLarge");
    expect(cents("90071992547409,91")).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe("formatCents", () => {
  test("formats exact decimals in the user's language", () => {
    expect(centsToDecimal(123456)).toBe("1234.56");
    expect(centsToDecimal(-5)).toBe("-0.05");
    expect(centsToDecimal(Number.MAX_SAFE_INTEGER)).toBe("90071992547409.91");
    expect(formatCents(123456, "fr")).toBe("1\u202f234,56");
    expect(formatCents(-5, "fr")).toBe("-0,05");
    expect(formatCents(123456, "en")).toBe("1,234.56");
    expect(formatCents(Number.MAX_SAFE_INTEGER, "fr")).toBe("90\u202f071\u202f992\u202f547\u202f409,91");
    expect(formatCents(100, "fr", { currency: true })).toBe("1,00\u00a0€");
  });

  test("round-trips through parseAmount", () => {
    for (const value of [0, 1, 99, 100, 123456, 10_000_000_01, Number.MAX_SAFE_INTEGER]) {
      for (const locale of ["fr", "en"] as const) {
        const parsed = parseAmount(formatCents(value, locale), locale);
        expect(parsed).toEqual({ ok: true, cents: value });
      }
    }
  });

  test("sums integers", () => {
    expect(sumCents([{ v: 10 }, { v: 20 }], (x) => x.v)).toBe(30);
  });
});
