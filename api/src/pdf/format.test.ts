import { describe, expect, it } from "vitest";
import {
  formatCentsNumber,
  formatDate,
  formatDecimal,
  formatIban,
  formatMoney,
  formatMoneyShort,
  formatPercent,
  formatSiren,
  formatUnitPrice,
} from "./format.ts";

describe("PDF formats", () => {
  it("writes amounts the French way (narrow no-break space in thousands, no-break space before €) and the English way", () => {
    expect(formatMoney(123456, "fr")).toBe("1\u202f234,56\u00a0€");
    expect(formatMoney(123456, "en")).toBe("€1,234.56");
    expect(formatMoney(-5, "fr")).toBe("-0,05\u00a0€");
    expect(formatMoney(0, "en")).toBe("€0.00");
    expect(formatMoney(Number.MAX_SAFE_INTEGER, "fr")).toBe(
      "90\u202f071\u202f992\u202f547\u202f409,91\u00a0€",
    );
    expect(formatCentsNumber(100000000, "fr")).toBe("1\u202f000\u202f000,00");
    expect(formatMoneyShort(4000, "fr")).toBe("40\u00a0€");
    expect(formatMoneyShort(1_000_000, "en")).toBe("€10,000");
    expect(formatMoneyShort(4050, "fr")).toBe("40,50\u00a0€");
  });

  it("writes quantities, unit prices and rates from decimal strings, never through a float", () => {
    expect(formatDecimal("1234.500", "fr")).toBe("1\u202f234,5");
    expect(formatDecimal("0.1", "en")).toBe("0.1");
    expect(formatDecimal("-0.00", "fr")).toBe("0");
    expect(formatUnitPrice("12.345", "fr")).toBe("12,345");
    expect(formatUnitPrice("7.9", "en")).toBe("7.90");
    expect(formatUnitPrice("1500", "fr")).toBe("1\u202f500,00");
    expect(formatPercent("5.5", "fr")).toBe("5,5\u00a0%");
    expect(formatPercent("20", "en")).toBe("20%");
  });

  it("writes dates as dd/mm/yyyy in French and in words in English", () => {
    expect(formatDate("2026-01-31", "fr")).toBe("31/01/2026");
    expect(formatDate("2026-03-02", "en")).toBe("2 March 2026");
  });

  it("groups SIREN, SIRET and IBAN as they are printed", () => {
    expect(formatSiren("732829320")).toBe("732 829 320");
    expect(formatSiren("73282932000074")).toBe("732 829 320 00074");
    expect(formatIban("FR7630006000011234567890189")).toBe("FR76 3000 6000 0112 3456 7890 189");
  });
});
