import { describe, expect, it } from "vitest";
import type { EntryContent } from "./entry.ts";
import { entryHistory } from "./entry-history.ts";
import type { LedgerHistoryEvent } from "./history.ts";

let position = 0;
const at = (e: Omit<LedgerHistoryEvent, "position" | "metadata">, userId = "u1"): LedgerHistoryEvent => {
  position += 10;
  return {
    ...e,
    position,
    metadata: {
      commandId: `c${position}`,
      at: `2026-01-01T00:00:${String(position % 60).padStart(2, "0")}Z`,
      userId,
    },
  } as LedgerHistoryEvent;
};

const content = (amount: number, label = "Loyer"): EntryContent => ({
  journal: "OD",
  date: "2026-01-10",
  pieceRef: "P1",
  pieceDate: "2026-01-10",
  label,
  lines: [
    { account: "613200", auxiliary: null, label: null, debit: amount, credit: 0 },
    { account: "512000", auxiliary: null, label: null, debit: 0, credit: amount },
  ],
});

describe("an entry's history", () => {
  const drafted = at({
    type: "EntryDrafted",
    streamId: "entry-a",
    data: { ...content(100), mvt: "a", origin: { kind: "manual" } },
  });
  const changed = at(
    { type: "EntryDraftChanged", streamId: "entry-a", data: content(250, "Loyer janvier") },
    "u2",
  );
  const validated = at({
    type: "EntryValidated",
    streamId: "entry-a",
    data: {
      ...content(250, "Loyer janvier"),
      mvt: "a",
      number: "OD7",
      sequence: 7,
      fiscalYearId: "y",
      validatedOn: "2026-01-11",
      origin: { kind: "manual" },
    },
  });
  const other = at({
    type: "EntryDrafted",
    streamId: "entry-b",
    data: { ...content(5), mvt: "b", origin: { kind: "manual" } },
  });
  const lettered = at({
    type: "LinesLettered",
    streamId: "lettering-512000",
    data: {
      account: "512000",
      code: "AB",
      auxiliary: null,
      date: "2026-01-12",
      lines: ["a/2", "x/1"],
      amount: 250,
    },
  });
  const elsewhere = at({
    type: "LinesLettered",
    streamId: "lettering-512000",
    data: {
      account: "512000",
      code: "AC",
      auxiliary: null,
      date: "2026-01-12",
      lines: ["ab/2", "x/1"],
      amount: 5,
    },
  });
  const reversal = at({
    type: "EntryDrafted",
    streamId: "entry-r",
    data: { ...content(250), mvt: "r", origin: { kind: "reversal", of: "a" } },
  });
  const log = [drafted, changed, validated, other, lettered, elsewhere, reversal];

  it("tells each step — who, when, what changed — with the letterings of its lines and its reversal", () => {
    const { steps, asOf } = entryHistory("a", log);
    expect(steps.map((s) => [s.kind, s.userId, s.number, s.fields, s.debit, s.code, s.by])).toEqual([
      ["drafted", "u1", null, [], 100, null, null],
      ["changed", "u2", null, ["label", "lines"], 250, null, null],
      ["validated", "u1", "OD7", [], 250, null, null],
      ["lettered", "u1", null, [], null, "AB", null],
      ["reversedBy", "u1", null, [], null, null, "r"],
    ]);
    expect(steps.every((s) => !s.after)).toBe(true);
    expect(asOf).toMatchObject({ status: "validated", number: "OD7", origin: "manual" });
  });

  it("as of a place: the entry then, the later steps marked after", () => {
    const { steps, asOf } = entryHistory("a", log, changed.position);
    expect(asOf).toMatchObject({ status: "draft", number: null, content: content(250, "Loyer janvier") });
    expect(steps.map((s) => s.after)).toEqual([false, false, true, true, true]);
    expect(entryHistory("a", log, drafted.position - 1).asOf.status).toBe("none");
  });
});
