import { describe, expect, it } from "vitest";
import { expectRefused, refusedWith } from "../testing/refusals.ts";
import { nextVatPeriod, parseVatPeriod, previousVatPeriod, vatPeriodOf } from "./periods.ts";

describe("a VAT period", () => {
  it("is a month, a quarter or a calendar year, with its first and last days", () => {
    expect(parseVatPeriod("2026-02")).toEqual({
      key: "2026-02",
      periodicity: "monthly",
      start: "2026-02-01",
      end: "2026-02-28",
    });
    expect(parseVatPeriod("2024-Q1")).toMatchObject({ start: "2024-01-01", end: "2024-03-31" });
    expect(parseVatPeriod("2026")).toMatchObject({
      periodicity: "yearly",
      start: "2026-01-01",
      end: "2026-12-31",
    });
    expect(vatPeriodOf("2026-08-15", "quarterly").key).toBe("2026-Q3");
  });

  it("has a previous and a next one across the year", () => {
    expect(previousVatPeriod(parseVatPeriod("2026-01")).key).toBe("2025-12");
    expect(previousVatPeriod(parseVatPeriod("2026-Q1")).key).toBe("2025-Q4");
    expect(nextVatPeriod(parseVatPeriod("2026-12")).key).toBe("2027-01");
  });

  it("is refused in any other shape, the field named", () => {
    for (const key of ["2026-13", "2026-Q5", "26", "2026-3", "0000", "0023-10", "1899-12", "3000"])
      expectRefused(
        () => parseVatPeriod(key),
        refusedWith("vat.invalidPeriod", { field: "period", value: key }),
      );
  });
});
