import { describe, expect, it } from "vitest";
import type { EntryContent } from "./entry.ts";
import { type LedgerHistoryEvent, ledgerAsOf, ledgerChangesSince } from "./history.ts";

let position = 0;
const at = (e: Omit<LedgerHistoryEvent, "position" | "metadata">, userId = "u1"): LedgerHistoryEvent =>
  ({
    ...e,
    position: ++position,
    metadata: {
      commandId: `c${position}`,
      at: `2026-01-01T00:00:${String(position).padStart(2, "0")}Z`,
      userId,
    },
  }) as LedgerHistoryEvent;

const content = (debit: number, date = "2026-01-10"): EntryContent => ({
  journal: "OD",
  date,
  pieceRef: "P1",
  pieceDate: date,
  label: "Loyer",
  lines: [
    { account: "613200", auxiliary: null, label: null, debit, credit: 0 },
    { account: "512000", auxiliary: null, label: null, debit: 0, credit: debit },
  ],
});
const drafted = (mvt: string, debit: number, origin: { kind: "manual" } | { kind: "reversal"; of: string }) =>
  at({ type: "EntryDrafted", streamId: `entry-${mvt}`, data: { ...content(debit), mvt, origin } });
const validated = (mvt: string, debit: number, sequence: number, origin = { kind: "manual" as const }) =>
  at({
    type: "EntryValidated",
    streamId: `entry-${mvt}`,
    data: {
      ...content(debit),
      mvt,
      number: `OD${sequence}`,
      sequence,
      fiscalYearId: "y",
      validatedOn: "2026-01-10",
      origin,
    },
  });
const chart = at({
  type: "ChartInitialised",
  streamId: "chart-o",
  data: {
    templateId: "t",
    accounts: [
      { number: "613200", label: "Locations", labelEn: "Rent", lettrable: false, collective: false },
      { number: "512000", label: "Banque", labelEn: "Bank", lettrable: true, collective: false },
    ],
  },
});

describe("the ledger as of a moment", () => {
  const before = [chart, drafted("a", 10000, { kind: "manual" }), validated("a", 10000, 1)];
  const after = [
    drafted("b", 2550, { kind: "manual" }),
    drafted("r", 10000, { kind: "reversal", of: "a" }),
    at({
      type: "LinesLettered",
      streamId: "lettering-512000",
      data: {
        account: "512000",
        code: "AA",
        auxiliary: null,
        date: "2026-01-11",
        lines: ["a/2", "r/1"],
        amount: 0,
      },
    }),
  ];

  it("adds up validated lines per account, drafts apart, labels from the chart", () => {
    const asOf = ledgerAsOf([...before, drafted("d", 700, { kind: "manual" })]);
    expect(asOf.trialBalance.rows).toEqual([
      { account: "512000", label: "Banque", debit: 0, credit: 10000, balanceDebit: 0, balanceCredit: 10000 },
      {
        account: "613200",
        label: "Locations",
        debit: 10000,
        credit: 0,
        balanceDebit: 10000,
        balanceCredit: 0,
      },
    ]);
    expect(asOf.validated).toBe(1);
    expect(asOf.drafts).toEqual({ count: 1, debit: 700, credit: 700 });
  });

  it("leaves out entries dated outside the range", () => {
    expect(ledgerAsOf(before, { start: "2026-02-01", end: "2026-12-31" }).trialBalance.rows).toEqual([]);
  });

  it("before anything: an empty trial balance", () => {
    const asOf = ledgerAsOf([]);
    expect(asOf.trialBalance.rows).toEqual([]);
    expect(asOf.trialBalance.totals).toEqual({ debit: 0, credit: 0, balanceDebit: 0, balanceCredit: 0 });
  });

  it("lists what changed after, each with its entry and who did it", () => {
    const changes = ledgerChangesSince(before, [...after, validated("b", 2550, 2)]);
    expect(changes.map((c) => [c.kind, c.mvt, c.number, c.reverses, c.code])).toEqual([
      ["added", "b", null, null, null],
      ["reversed", "r", null, "a", null],
      ["lettered", null, null, null, "AA"],
      ["validated", "b", "OD2", null, null],
    ]);
    expect(changes[0]).toMatchObject({ userId: "u1", date: "2026-01-10", label: "Loyer", journal: "OD" });
  });
});
