import { describe, expect, it } from "vitest";
import { type ChartEvent, chartDecider, foldIntoPrivateChart, privateChart } from "./chart.ts";
import { PCG_TEMPLATE_ID, pcgTemplate } from "./pcg/template.ts";

const created = (number: string): ChartEvent =>
  ({
    type: "AccountCreated",
    data: {
      number,
      label: `Client ${number}`,
      labelEn: "",
      kind: "auxiliary",
      control: "411000",
      lettrable: true,
      collective: false,
    },
  }) as ChartEvent;

describe("folding a chart's events at once", () => {
  it("gives the state evolving them one by one does, runs of creations and other events mixed", () => {
    const events: ChartEvent[] = [
      {
        type: "ChartInitialised",
        data: { templateId: PCG_TEMPLATE_ID, accounts: pcgTemplate },
      } as ChartEvent,
      created("CALPHA"),
      created("CBETA"),
      { type: "AccountClosed", data: { number: "CALPHA" } } as ChartEvent,
      ...Array.from({ length: 50 }, (_, i) => created(`C${String(i).padStart(5, "0")}`)),
      { type: "AccountReopened", data: { number: "CALPHA" } } as ChartEvent,
      created("CGAMMA"),
    ];
    const one = events.reduce(chartDecider.evolve, chartDecider.initialState());
    expect(chartDecider.foldEvents?.(chartDecider.initialState(), events)).toEqual(one);
    expect(chartDecider.foldEvents?.(one, [])).toBe(one);
    expect(Object.keys(one.accounts)).toHaveLength(pcgTemplate.length + 53);
  });

  it("into a private copy, creations added in place: the states of `evolve`, the chart it was copied from untouched", () => {
    const initial = [
      {
        type: "ChartInitialised",
        data: { templateId: PCG_TEMPLATE_ID, accounts: pcgTemplate },
      } as ChartEvent,
      created("CALPHA"),
    ].reduce(chartDecider.evolve, chartDecider.initialState());
    const before = structuredClone(initial);
    const batches: ChartEvent[][] = [
      [created("CBETA")],
      [{ type: "AccountClosed", data: { number: "CALPHA" } } as ChartEvent, created("CGAMMA")],
      Array.from({ length: 30 }, (_, i) => created(`C${String(i).padStart(5, "0")}`)),
      [{ type: "AccountDeleted", data: { number: "CBETA" } } as ChartEvent],
      [created("CDELTA"), { type: "AccountReopened", data: { number: "CALPHA" } } as ChartEvent],
    ];
    let evolved = initial;
    let folded = privateChart(initial);
    for (const batch of batches) {
      evolved = batch.reduce(chartDecider.evolve, evolved);
      folded = foldIntoPrivateChart(folded, batch);
      expect(folded).toEqual(evolved);
    }
    expect(initial).toEqual(before);
  });
});
