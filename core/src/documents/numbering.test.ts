import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expectRefused, refusedOnField, refusedWith } from "../testing/refusals.ts";
import {
  defaultDocumentSeries,
  documentCounter,
  formatDocumentNumber,
  normaliseSeriesFormat,
  parseDocumentNumber,
  seriesFor,
} from "./numbering.ts";

describe("series formats", () => {
  it("formats and reads numbers back", () => {
    expect(formatDocumentNumber("FA{YYYY}-{#####}", "2026-03-14", 1)).toBe("FA2026-00001");
    expect(formatDocumentNumber("FA-{YYYY}-{####}", "2025-01-05", 1)).toBe("FA-2025-0001");
    expect(formatDocumentNumber("AV{YY}{MM}-{###}", "2026-11-02", 1234)).toBe("AV2611-1234");
    expect(parseDocumentNumber("FA{YYYY}-{#####}", "FA2026-00042")).toEqual({
      year: 2026,
      month: null,
      counter: 42,
    });
    expect(parseDocumentNumber("FA{YYYY}-{#####}", "AV2026-00042")).toBeNull();
    expect(parseDocumentNumber("X{MM}-{#}", "X13-1")).toBeNull();
  });

  it("keeps a counter per series and year when the format prints the year, one for ever otherwise", () => {
    expect(documentCounter({ id: "sales-invoice", format: "FA{YYYY}-{#####}" }, "2026-03-14")).toBe(
      "doc:sales-invoice:2026",
    );
    expect(documentCounter({ id: "b2c", format: "T{######}" }, "2026-03-14")).toBe("doc:b2c");
  });

  it("refuses a format without exactly one counter, with separators or spaces", () => {
    for (const format of ["FA{YYYY}", "F{#}{#}", "FA {#}", "FA|{#}", "FA{XX}{#}", ""])
      expectRefused(() => normaliseSeriesFormat(format), refusedOnField("doc.invalidSeriesFormat", "format"));
    expect(normaliseSeriesFormat(" FA{YYYY}-{#####} ")).toBe("FA{YYYY}-{#####}");
  });

  it("chooses a series of the document's use and refuses one of another use", () => {
    expect(seriesFor(defaultDocumentSeries, "creditNote", "sales").format).toBe("AV{YYYY}-{#####}");
    expectRefused(
      () => seriesFor(defaultDocumentSeries, "invoice", "sales", "sales-quote"),
      refusedWith("doc.seriesOtherUse"),
    );
    expectRefused(
      () => seriesFor(defaultDocumentSeries, "invoice", "purchases"),
      refusedWith("doc.seriesNotFound"),
    );
  });

  it("reads back every number it writes (property)", () => {
    const format = fc
      .tuple(
        fc.constantFrom("FA", "AV", "F-", ""),
        fc.constantFrom("{YYYY}", "{YY}", "{YYYY}{MM}", ""),
        fc.constantFrom("-", "/", ""),
        fc.integer({ min: 1, max: 8 }),
      )
      .map(
        ([prefix, date, sep, width]) => `${prefix}${date}${sep === "/" ? "_" : sep}{${"#".repeat(width)}}`,
      );
    const date = fc
      .date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(format, date, fc.integer({ min: 1, max: 10_000_000 }), (f, d, counter) => {
        const parsed = parseDocumentNumber(f, formatDocumentNumber(f, d, counter));
        expect(parsed?.counter).toBe(counter);
        if (f.includes("{YYYY}")) expect(parsed?.year).toBe(Number(d.slice(0, 4)));
      }),
    );
  });
});
