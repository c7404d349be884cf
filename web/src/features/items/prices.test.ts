import { describe, expect, it } from "vitest";
import { formatDecimal, margins, readDecimal, withTax } from "./prices.ts";

describe("item prices in the browser", () => {
  it("reads what people type and writes it the language's way", () => {
    expect(readDecimal("12,5")).toBe("12.5");
    expect(readDecimal(" 1 234.0450 ")).toBe("1234.0450");
    expect(readDecimal("12,34567")).toBeNull();
    expect(readDecimal("-3")).toBeNull();
    expect(formatDecimal("1234.5", "fr")).toBe("1\u202f234,50");
    expect(formatDecimal("0.0450", "en")).toBe("0.045");
    expect(formatDecimal(null, "fr")).toBe("—");
  });

  it("gives the margins per tier as the API does: amount and rate on the buy price", () => {
    expect(margins("79.90", "40.00", [{ fromQuantity: "10", unitPrice: "74.50" }], [])).toEqual([
      { fromQuantity: null, sellPrice: "79.90", buyPrice: "40.00", margin: "39.9000", rate: "99.75" },
      { fromQuantity: "10", sellPrice: "74.50", buyPrice: "40.00", margin: "34.5000", rate: "86.25" },
    ]);
    expect(margins("10", "3", [], [])[0]?.rate).toBe("233.33");
    expect(margins("10", null, [], [])[0]?.margin).toBeNull();
    expect(withTax("8.33", "20")).toBe("9.9960");
  });
});
