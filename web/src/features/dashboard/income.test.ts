import { describe, expect, it } from "vitest";
import { formattersFor } from "../../i18n/format.ts";
import { change, marginRate } from "./income.ts";

describe("the income screen's figures", () => {
  it("says the change from last year in percent, none without last year's figure", () => {
    expect(change(12_000, 10_000)).toBe(20);
    expect(change(5_000, 10_000)).toBe(-50);
    expect(change(1_000, -2_000)).toBe(150);
    expect(change(1_000, 0)).toBeNull();
    expect(change(10_001, 30_000)).toBe(-66.7);
  });

  it("says the margin rate over the revenue whose cost is known, none when none is", () => {
    expect(marginRate(12_000, 24_000)).toBe(50);
    expect(marginRate(0, 0)).toBeNull();
  });

  it("writes amounts the French way", () => {
    expect(formattersFor("fr").amount(123_456 / 100)).toBe("1\u202f234,56\u00a0€");
  });
});
