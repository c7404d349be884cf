import { describe, expect, it } from "vitest";
import { DomainError } from "../decider.ts";
import { historyNotesDecider } from "./history-notes.ts";
import { documentPreferencesDecider } from "./preferences.ts";
import {
  checkSeriesFormat,
  defaultDocumentSettings,
  documentSettingsDecider,
  formatSeriesNumber,
  seriesCounter,
  seriesFor,
} from "./settings.ts";

const decide = (data: Parameters<typeof documentSettingsDecider.decide>[0]["data"], used: string[] = []) =>
  documentSettingsDecider.decide(
    { type: "ChangeDocumentSettings", data, context: { usedSeries: used } },
    defaultDocumentSettings,
  );
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return null;
};

describe("document settings", () => {
  it("numbers a series by its format, per year", () => {
    expect(formatSeriesNumber("FA{YYYY}-{NNNNN}", "2026-03-04", 1)).toBe("FA2026-00001");
    expect(formatSeriesNumber("F{YY}{MM}/{NNN}", "2026-03-04", 42)).toBe("F2603/042");
    expect(seriesCounter("FA", "2026-03-04")).toBe("doc:FA:2026");
    expect(seriesFor(defaultDocumentSettings, "sales.invoice").code).toBe("FA");
    expect(refusal(() => seriesFor(defaultDocumentSettings, "sales.invoice", "AV"))).toBe(
      "docSettings.unknownSeries",
    );
  });

  it("refuses a format without one sequence, or with unknown tokens", () => {
    for (const format of ["FA{YYYY}", "FA{NN}{NN}", "FA{X}-{NNN}", ""])
      expect(refusal(() => checkSeriesFormat(format))).toBe("docSettings.invalidFormat");
    expect(refusal(() => checkSeriesFormat("FA-{NNNN}"))).toBeNull();
  });

  it("records only what changes, the IBAN compacted", () => {
    expect(decide({ paymentTerms: "Paiement à 30 jours" })).toEqual([]);
    expect(
      decide({
        bank: { holder: "Atelier", iban: "fr76 3000 6000 0112 3456 7890 189", bic: null },
        printBankDetails: true,
      }),
    ).toEqual([
      {
        type: "DocumentSettingsChanged",
        data: {
          bank: { holder: "Atelier", iban: "FR7630006000011234567890189", bic: null },
          printBankDetails: true,
        },
      },
    ]);
    expect(refusal(() => decide({ printBankDetails: true }))).toBe("docSettings.bankMissing");
  });

  it("keeps a used series: its use and format cannot change, it cannot go", () => {
    const series = defaultDocumentSettings.series.map((s) =>
      s.code === "FA" ? { ...s, format: "F-{NNNN}" } : s,
    );
    expect(refusal(() => decide({ series }, ["FA"]))).toBe("docSettings.seriesUsed");
    expect(decide({ series })).toHaveLength(1);
    const without = defaultDocumentSettings.series.filter((s) => s.code !== "DE");
    expect(refusal(() => decide({ series: without }))).toBe("docSettings.unknownSeries");
    expect(
      decide({
        series: without,
        defaults: { ...defaultDocumentSettings.defaults, "sales.quote": undefined },
      }),
    ).toHaveLength(1);
  });
});

describe("document preferences and history notes", () => {
  it("sets, keeps and clears preferences per scope", () => {
    const d = documentPreferencesDecider;
    const scope = { kind: "user" as const, userId: "u1" };
    const set = d.decide(
      {
        type: "SetDocumentPreferences",
        data: { scope, preferences: { sort: "date", status: "draft", period: "all", pageSize: 20 } },
      },
      d.initialState(),
    );
    const state = set.reduce(d.evolve, d.initialState());
    expect(state.users.u1?.status).toBe("draft");
    const cleared = d
      .decide({ type: "ClearDocumentPreferences", data: { scope } }, state)
      .reduce(d.evolve, state);
    expect(cleared.users).toEqual({});
    expect(d.decide({ type: "ClearDocumentPreferences", data: { scope } }, cleared)).toEqual([]);
  });

  it("numbers notes and never gives an id twice", () => {
    const d = historyNotesDecider;
    const add = (s: ReturnType<typeof d.initialState>, text: string) =>
      d
        .decide({ type: "AddHistoryNote", data: { docId: "doc", text, at: "2026-01-01T00:00:00Z" } }, s)
        .reduce(d.evolve, s);
    let state = add(d.initialState(), " Relancé ");
    state = d.decide({ type: "RemoveHistoryNote", data: { id: "doc:1" } }, state).reduce(d.evolve, state);
    state = add(state, "Payé");
    expect(Object.keys(state.notes)).toEqual(["doc:2"]);
    expect(
      refusal(() => d.decide({ type: "ChangeHistoryNote", data: { id: "doc:1", text: "x" } }, state)),
    ).toBe("docHistory.notFound");
    expect(refusal(() => add(state, "  "))).toBe("docHistory.invalidText");
  });
});
