import { describe, expect, it } from "vitest";
import { paymentStanding, statusActions } from "./model.ts";

describe("documents model", () => {
  it("offers validation apart from the status changes", () => {
    expect(statusActions("invoice", "draft")).toEqual([]);
    expect(statusActions("invoice", "validated")).toEqual(["sent"]);
    expect(statusActions("quote", "draft")).toEqual(["sent", "accepted", "refused", "cancelled"]);
  });
});

describe("where an invoice stands with its payments", () => {
  const invoice = { kind: "invoice" as const, due: 71_460, dueDate: "2026-11-15" };
  it("is paid, partly paid with what is left, late by its days, or to pay", () => {
    expect(paymentStanding({ ...invoice, paymentStatus: "paid", due: 0 }, "2026-11-29")).toEqual({
      key: "paid",
    });
    expect(paymentStanding({ ...invoice, paymentStatus: "partial", due: 41_460 }, "2026-11-10")).toEqual({
      key: "partial",
      due: 41_460,
    });
    expect(paymentStanding({ ...invoice, paymentStatus: "partial", due: 41_460 }, "2026-11-29")).toEqual({
      key: "late",
      due: 41_460,
      days: 14,
    });
    expect(paymentStanding({ ...invoice, paymentStatus: "unpaid" }, "2026-11-15")).toEqual({
      key: "toPay",
      due: 71_460,
    });
    // Across the change to winter time: whole days still.
    expect(
      paymentStanding({ ...invoice, dueDate: "2026-10-20", paymentStatus: "unpaid" }, "2026-11-01"),
    ).toEqual({
      key: "late",
      due: 71_460,
      days: 12,
    });
  });
  it("says nothing of a draft, a quote or a credit note's lateness", () => {
    expect(paymentStanding({ ...invoice, paymentStatus: null }, "2026-11-29")).toBeNull();
    expect(paymentStanding({ ...invoice, kind: "quote", paymentStatus: null }, "2026-11-29")).toBeNull();
    expect(
      paymentStanding({ ...invoice, kind: "creditNote", paymentStatus: "unpaid" }, "2026-11-29"),
    ).toEqual({ key: "toPay", due: 71_460 });
  });
});
