import { entryNumber } from "@registre/core";
import { describe, expect, test } from "vitest";
import { entryNumberText, entrySearchText } from "./entry-number.ts";

describe("an entry's number as read", () => {
  test("puts a hyphen between the journal's code and the sequence", () => {
    expect(entryNumberText("VT000033")).toBe("VT-000033");
    expect(entryNumberText("HA000015", "HA")).toBe("HA-000015");
    expect(entryNumberText("OD000001", "OD")).toBe("OD-000001");
  });

  test("keeps a journal code that ends in a digit whole: BQ1's 75th entry, not BQ's millionth", () => {
    expect(entryNumberText("BQ1000075")).toBe("BQ1-000075");
    expect(entryNumberText("BQ1000075", "BQ1")).toBe("BQ1-000075");
    expect(entryNumberText("BQ1000075", "BQ")).toBe("BQ-1000075");
  });

  test("reads the number the core builds, for any journal code and sequence", () => {
    for (const [journal, sequence] of [
      ["VT", 1],
      ["BQ12", 999_999],
      ["A", 42],
      ["X9Y8Z7", 123_456],
      ["BQ2", 1_234_567],
    ] as const) {
      const stored = entryNumber(journal, sequence);
      const read = entryNumberText(stored, journal);
      expect(read).toBe(`${journal}-${String(sequence).padStart(6, "0")}`);
      // The separator is the only change: the stored number is the text without it.
      expect(read.replace("-", "")).toBe(stored);
    }
  });

  test("shows any other number as it is", () => {
    expect(entryNumberText("")).toBe("");
    expect(entryNumberText("12345")).toBe("12345");
    expect(entryNumberText("FEC-42")).toBe("FEC-42");
  });

  test("typed as read in the search, is sent as stored; other texts as typed", () => {
    const journals = ["VT", "HA", "BQ", "BQ1"];
    expect(entrySearchText("BQ1-000075", journals)).toBe("BQ1000075");
    expect(entrySearchText(" bq1 000075 ", journals)).toBe("BQ1000075");
    expect(entrySearchText("VT-000033", journals)).toBe("VT000033");
    // Not a journal's code: a piece reference, searched as it is.
    expect(entrySearchText("F2026-000123", journals)).toBe("F2026-000123");
    expect(entrySearchText("Facture FA2026-00031", journals)).toBe("Facture FA2026-00031");
    expect(entrySearchText("BQ1000075", journals)).toBe("BQ1000075");
  });
});
