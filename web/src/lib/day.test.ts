import { afterEach, describe, expect, it, test, vi } from "vitest";
import { parseDay, today } from "./day.ts";

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

describe("today", () => {
  afterEach(() => vi.useRealTimers());

  it("is the day in Paris, not in UTC: a day ahead from midnight in France", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-24T22:59:00Z"));
    expect(today()).toBe("2026-11-24");
    vi.setSystemTime(new Date("2026-11-24T23:30:00Z"));
    expect(today()).toBe("2026-11-25");
    // Summer time: Paris is two hours ahead.
    vi.setSystemTime(new Date("2026-07-01T22:30:00Z"));
    expect(today()).toBe("2026-07-02");
  });
});
