import { describe, expect, it } from "vitest";
import { numberingGaps } from "./control-panel.ts";

const docs = (series: string, year: string, ...sequences: number[]) =>
  sequences.map((sequence) => ({ series, sequence, year }));

describe("numberingGaps", () => {
  it("finds none when each series' validated numbers are 1..n", () => {
    expect(numberingGaps([...docs("FA", "2025", 2, 1, 3), ...docs("AV", "2025", 1)])).toEqual([]);
  });

  it("checks a series whose counter restarts each year per year", () => {
    expect(numberingGaps([...docs("FA", "2025", 1, 2), ...docs("FA", "2026", 1)])).toEqual([]);
    expect(numberingGaps([...docs("FA", "2025", 1, 2), ...docs("FA", "2026", 2)])).toEqual([
      { counter: "FA 2026", missing: [1] },
    ]);
  });

  it("names the missing numbers of a series", () => {
    expect(numberingGaps(docs("FA", "2025", 1, 4))).toEqual([{ counter: "FA", missing: [2, 3] }]);
  });
});
