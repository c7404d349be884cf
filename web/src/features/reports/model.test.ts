import { describe, expect, it } from "vitest";
import { ledgerBeside, type ManagementReport } from "./model.ts";

/** An aged balance of 2,786.05 € at a day, with the books' figure `ledger`. */
const aged = (
  ledger: number | null,
  type: ManagementReport["type"] = "aged-receivables",
): ManagementReport => ({
  type,
  from: "2026-03-31",
  to: "2026-03-31",
  subject: "contact",
  columns: [
    { key: "documents", kind: "count" },
    { key: "total", kind: "money" },
  ],
  rows: [{ key: "c1", label: "Gamma SAS", values: { documents: 4, total: 278_605 } }],
  totals: { documents: 4, total: 278_605 },
  uncosted: null,
  ledger,
});

describe("the books beside an aged balance", () => {
  it("answers the books' figure and what it holds besides the documents' total, zero when they agree", () => {
    expect(ledgerBeside(aged(328_605))).toEqual({ ledger: 328_605, difference: 50_000 });
    expect(ledgerBeside(aged(278_605))).toEqual({ ledger: 278_605, difference: 0 });
    // Less in the books than among the documents (a payment entered without its invoice settled).
    expect(ledgerBeside(aged(200_000, "aged-payables"))).toEqual({ ledger: 200_000, difference: -78_605 });
  });

  it("answers nothing without the books' figure (a member who may not read them) or for another report", () => {
    expect(ledgerBeside(aged(null))).toBeNull();
    expect(ledgerBeside({ ...aged(1_000), type: "sales-by-customer" })).toBeNull();
  });
});
