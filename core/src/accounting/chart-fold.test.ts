import { describe, expect, it } from "vitest";
import { type ChartEvent, chartDecider } from "./chart.ts";
import { PCG_TEMPLATE_ID, pcgTemplate } from "./pcg/template.ts";

describe("folding a chart's events at once", () => {
  it("gives the state evolving them one by one does, runs of creations and other events mixed", () => {
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
});
