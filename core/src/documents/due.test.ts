import { describe, expect, it } from "vitest";
import { expectRefused, refusedOnField } from "../testing/refusals.ts";
import { checkDueDate, dueDate, ecbRateDate, lateness, latestDueDate, penaltyRate } from "./due.ts";

describe("due dates", () => {
  it("30 days by default; days; end of month then days", () => {
    expect(dueDate("2025-01-10", null)).toBe("2025-02-09"); // the worked example's Gamma
    expect(dueDate("2025-01-10", { days: 60, endOfMonth: false })).toBe("2025-03-11");
    expect(dueDate("2025-01-10", { days: 45, endOfMonth: true })).toBe("2025-03-17");
    expect(dueDate("2025-01-31", { days: 0, endOfMonth: true })).toBe("2025-01-31");
  });

  it("refuses a due date before the issue date or past the legal limit", () => {
    expect(latestDueDate("2025-01-10")).toBe("2025-03-17");
    expect(latestDueDate("2025-01-31")).toBe("2025-04-01");
    expectRefused(
      () => checkDueDate("2025-01-10", "2025-03-18"),
      refusedOnField("doc.dueDateTooLate", "dueDate"),
    );
    expectRefused(
      () => checkDueDate("2025-01-10", "2025-01-09"),
      refusedOnField("doc.dueBeforeIssue", "dueDate"),
    );
    checkDueDate("2025-01-10", "2025-03-17");
  });
});

describe("late payment", () => {
  it("ECB + 10 points by default, never below 3 × the legal rate; the agreed rate otherwise", () => {
    expect(penaltyRate(null, "2.15", "8.16")).toBe("24.48");
    expect(penaltyRate(null, "4.5", "2.06")).toBe("14.50");
    expect(penaltyRate("12", "4.5", "2.06")).toBe("12.00");
  });

  it("counts days late from the day after the due date, penalties pro rata, €40 for a business", () => {
    const input = {
      dueDate: "2025-02-09",
      amountDue: 80000,
      penaltyRate: null,
      ecbRate: "3.15",
      legalInterestRate: "3.71",
      business: true,
    };
    expect(lateness({ ...input, on: "2025-02-09" })).toEqual({
      daysLate: 0,
      rate: "13.15",
      penalty: 0,
      indemnity: 0,
    });
    // 800 × 13.15 % × 30 / 365 = 8.6465… -> 8.65
    expect(lateness({ ...input, on: "2025-03-11" })).toEqual({
      daysLate: 30,
      rate: "13.15",
      penalty: 865,
      indemnity: 4000,
    });
    expect(lateness({ ...input, on: "2025-03-11", business: false }).indemnity).toBe(0);
  });

  it("takes the ECB rate of 1 January or 1 July of the half-year lateness starts in", () => {
    expect(ecbRateDate("2025-06-29")).toBe("2025-01-01");
    expect(ecbRateDate("2025-06-30")).toBe("2025-07-01");
  });
});
