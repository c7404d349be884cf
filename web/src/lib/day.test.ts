import { describe, expect, test } from "vitest";
import { parseDay } from "./day.ts";

describe("parseDay", () => {
  test("reads the days people type, the French way", () => {
    expect(parseDay("31/12/2026")).toBe("2026-12-31");
    expect(parseDay("3/1/2026")).toBe("2026-01-03");
    expect(parseDay("03.01.2026")).toBe("2026-01-03");
    expect(parseDay("03-01-2026")).toBe("2026-01-03");
    expect(parseDay("03012026")).toBe("2026-01-03");
    expect(parseDay(" 2026-01-03 ")).toBe("2026-01-03");
  });

  test("refuses what is no day, and a day half typed", () => {
    expect(parseDay("31/02/2026")).toBeNull();
    expect(parseDay("29/02/2025")).toBeNull();
    expect(parseDay("29/02/2024")).toBe("2024-02-29");
    expect(parseDay("13/13/2026")).toBeNull();
    expect(parseDay("31/12/202")).toBeNull();
    expect(parseDay("31/12/26")).toBeNull();
    expect(parseDay("")).toBeNull();
    expect(parseDay("demain")).toBeNull();
  });
});
