import { describe, expect, it } from "vitest";
import { numberingGaps, vatLeftOver } from "./control-panel.ts";

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

describe("vatLeftOver", () => {
  it("keeps the VAT a return should have cleared, not the VAT waiting for a payment (services on receipts)", () => {
    const rows = [
      { account: "445640", balance: 3_880 },
      { account: "445660", balance: 1_200 },
      { account: "445710", balance: -20_000 },
      { account: "445740", balance: 4_000 },
    ];
    expect(vatLeftOver(rows).map((r) => r.account)).toEqual(["445660", "445710"]);
  });
});
