import { describe, expect, it } from "vitest";
import { DomainError } from "../decider.ts";
import { documentPreferencesDecider } from "./preferences.ts";
import { defaultDocumentSettings, documentSettingsDecider, seriesOfCounter } from "./settings.ts";

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
const withFormat = (id: string, format: string) =>
  defaultDocumentSettings.series.map((s) => (s.id === id ? { ...s, format } : s));

describe("document settings", () => {
  it("starts with one series per numbered use, and reads the series a counter names", () => {
    expect(defaultDocumentSettings.series.map((s) => `${s.direction}.${s.kind}`)).toContain("sales.invoice");
    expect(seriesOfCounter("doc:sales-invoice:2026")).toBe("sales-invoice");
    expect(seriesOfCounter("entry:VT:2026")).toBeNull();
  });

  it("refuses a bad format, a series of a use we do not number, a duplicate id", () => {
    expect(refusal(() => decide({ series: withFormat("sales-invoice", "FA{YYYY}") }))).toBe(
      "doc.invalidSeriesFormat",
    );
    const purchaseInvoices = [
      ...defaultDocumentSettings.series,
      {
        id: "achats",
        kind: "invoice" as const,
        direction: "purchases" as const,
        format: "A{###}",
        label: "A",
      },
    ];
    expect(refusal(() => decide({ series: purchaseInvoices }))).toBe("docSettings.invalidUse");
    const twice = [...defaultDocumentSettings.series, defaultDocumentSettings.series[0] as never];
    expect(refusal(() => decide({ series: twice }))).toBe("docSettings.duplicateSeries");
  });

  it("refuses a sales invoice or credit note series whose numbers a platform would reject, naming the field", () => {
    const refused = (id: string, format: string) => {
      try {
        decide({ series: withFormat(id, format) });
      } catch (error) {
        if (error instanceof DomainError) return { code: error.code, params: error.params };
        throw error;
      }
      return null;
    };
    // 29 characters before the year: 40 once the year and a six-digit counter are in (the format itself 39).
    expect(refused("sales-invoice", "FACTURE-CLIENT-PROFESSIONNEL-{YYYY}-{#}")).toEqual({
      code: "docSettings.numberTooLong",
      params: { field: "series.0.format", max: 35, example: "FACTURE-CLIENT-PROFESSIONNEL-2026-999999" },
    });
    expect(refused("sales-creditNote", "AVOIR-SPÉCIAL-{YYYY}-{#####}")).toEqual({
      code: "docSettings.numberCharacters",
      params: { field: "series.1.format", example: "AVOIR-SPÉCIAL-2026-00001" },
    });
    expect(refused("sales-invoice", "FA+{YY}{MM}_{####}")).toBeNull();
    // A quote is not sent through a platform; a series as it stood is left alone.
    expect(refused("sales-quote", "DEVIS-SPÉCIAL-{YYYY}-{#####}")).toBeNull();
    const before = { ...defaultDocumentSettings, series: withFormat("sales-invoice", "FACTÉ{YYYY}-{#####}") };
    expect(
      documentSettingsDecider.decide(
        {
          type: "ChangeDocumentSettings",
          data: { series: before.series, notes: "Merci" },
          context: { usedSeries: [] },
        },
        before,
      ),
    ).toEqual([{ type: "DocumentSettingsChanged", data: { notes: "Merci" } }]);
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
    const series = withFormat("sales-invoice", "F-{####}");
    expect(refusal(() => decide({ series }, ["sales-invoice"]))).toBe("docSettings.seriesUsed");
    expect(decide({ series })).toHaveLength(1);
    const without = defaultDocumentSettings.series.filter((s) => s.id !== "sales-quote");
    expect(refusal(() => decide({ series: without }, ["sales-quote"]))).toBe("docSettings.seriesUsed");
    expect(decide({ series: without })).toHaveLength(1);
  });
});

describe("document preferences", () => {
  it("sets, keeps and clears preferences per scope", () => {
    const d = documentPreferencesDecider;
    const scope = { kind: "user" as const, userId: "u1" };
    const preferences = { sort: "date", status: "draft", period: "all", pageSize: 20 } as const;
    const set = d.decide({ type: "SetDocumentPreferences", data: { scope, preferences } }, d.initialState());
    const state = set.reduce(d.evolve, d.initialState());
    expect(state.users.u1?.status).toBe("draft");
    expect(d.decide({ type: "SetDocumentPreferences", data: { scope, preferences } }, state)).toEqual([]);
    const cleared = d
      .decide({ type: "ClearDocumentPreferences", data: { scope } }, state)
      .reduce(d.evolve, state);
    expect(cleared.users).toEqual({});
    expect(d.decide({ type: "ClearDocumentPreferences", data: { scope } }, cleared)).toEqual([]);
  });
});
