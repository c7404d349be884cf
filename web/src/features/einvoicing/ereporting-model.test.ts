import { describe, expect, it } from "vitest";
import type { EReportingPartView, EReportingPeriod } from "./ereporting-api.ts";
import { canSendNow, partAnswer, rhythmOf, statusColor } from "./ereporting-model.ts";

const period = (status: EReportingPeriod["status"], parts: EReportingPartView[] = []): EReportingPeriod => ({
  id: "transactions-2026-11-d1",
  kind: "transactions",
  cadence: "tenDays",
  start: "2026-11-01",
  end: "2026-11-10",
  dueFrom: "2026-11-11",
  dueBy: "2026-11-20",
  status,
  nothingToReportAt: null,
  parts,
});

const part = (changes: Partial<EReportingPartView> = {}): EReportingPartView => ({
  part: "b2c",
  processingRule: "B2C",
  sent: { flowId: "f-1", trackingId: "ER-transactions-2026-11-d1-B2C", lines: 3, at: "2026-11-11T08:00:00Z" },
  acknowledgement: null,
  refusal: null,
  ...changes,
});

describe("the e-reporting screen", () => {
  it("offers « send now » on a period over and not sent, refused, or with nothing found, to whom may, when connected", () => {
    const on = { connected: true, allowed: true };
    expect(
      (
        ["toCome", "due", "late", "nothingToReport", "sent", "acknowledged", "rejected", "refused"] as const
      ).filter((s) => canSendNow(period(s), on)),
    ).toEqual(["due", "late", "nothingToReport", "refused"]);
    expect(canSendNow(period("due"), { connected: false, allowed: true })).toBe(false);
    expect(canSendNow(period("due"), { connected: true, allowed: false })).toBe(false);
  });

  it("says the platform's answer of each part", () => {
    expect(partAnswer(part())).toEqual({ kind: "pending" });
    expect(
      partAnswer(part({ acknowledgement: { status: "Ok", details: [], at: "2026-11-11T08:05:00Z" } })),
    ).toEqual({ kind: "ok", at: "2026-11-11T08:05:00Z" });
    expect(
      partAnswer(
        part({
          acknowledgement: {
            status: "Error",
            details: [
              { level: "Error", item: "file", reasonCode: "InvalidSchema", reasonMessage: "not the schema" },
              { level: "Warning", item: "x", reasonCode: "Other", reasonMessage: "" },
            ],
            at: "2026-11-11T08:05:00Z",
          },
        }),
      ),
    ).toEqual({ kind: "error", reasons: "InvalidSchema: not the schema ; Other" });
    expect(
      partAnswer(
        part({
          sent: null,
          refusal: { errorCode: "InvalidSchema", errorMessage: "no", at: "2026-11-11T08:00:00Z" },
        }),
      ),
    ).toEqual({ kind: "refused", code: "InvalidSchema", message: "no" });
  });

  it("words the rhythm of the regime, and colours each status", () => {
    expect(rhythmOf({ vatRegime: "reel_normal", vatPeriodicity: "monthly" })).toBe("monthly");
    expect(rhythmOf({ vatRegime: "mini_reel", vatPeriodicity: "quarterly" })).toBe("quarterly");
    expect(rhythmOf({ vatRegime: "reel_simplifie", vatPeriodicity: "yearly" })).toBe("simplifie");
    expect(rhythmOf({ vatRegime: "franchise", vatPeriodicity: "monthly" })).toBe("franchise");
    expect(statusColor.late).toBe("orange");
    expect(statusColor.refused).toBe("red");
  });
});
