import { afterEach, describe, expect, it } from "vitest";
import { formattersFor } from "./format.ts";

describe("formatting calendar dates", () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  it("shows an accounting date as that day even west of Greenwich, where its UTC midnight is the day before", () => {
    process.env.TZ = "America/New_York";
    expect(formattersFor("fr").date("2025-01-01")).toBe(formattersFor("fr").date(new Date(2025, 0, 1)));
    expect(formattersFor("fr").date("2025-01-01")).toContain("2025");
    expect(formattersFor("fr").date("2025-01-01")).not.toContain("2024");
  });
});
