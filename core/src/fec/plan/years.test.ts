import { describe, expect, it } from "vitest";
import type { FiscalState, FiscalYear } from "../../accounting/fiscal.ts";
import type { Sink } from "./findings.ts";
import { planYears, type YearsOptions } from "./years.ts";

/** The years a file's dates make on a calendar: the commands planned, and the errors. */
const plan = (dates: readonly string[], years: readonly FiscalYear[], options: YearsOptions) => {
  const sink: Sink = { warnings: [], errors: [], explain: (e) => e.code };
  let n = 0;
  const calendar: FiscalState = { years, lockedUntil: null };
  const sim = planYears(dates, calendar, options, () => `new${n++}`, sink);
  return {
    commands: sim.commands.map((c) => ({ type: c.type, ...c.data })),
    errors: sink.errors.map((e) => e.code),
  };
};
const year = (id: string, start: string, end: string): FiscalYear => ({
  id,
  start,
  end,
  status: "open",
  openingMvt: null,
});
const opens = (id: string, start: string, end: string) => ({ type: "OpenFiscalYear", id, start, end });

/** A September–August year's dates, as the books an accountant takes over. */
const septemberToAugust = ["2021-09-03", "2021-12-15", "2022-03-31", "2022-08-31"];
const calendar2026 = year("Y2026", "2026-01-01", "2026-12-31");

describe("the fiscal years a FEC makes", () => {
  it("takes its one year from the closing date of its name, whatever the organisation's calendar", () => {
    expect(plan(septemberToAugust, [calendar2026], { closingMonth: 8, closingDate: "2022-08-31" })).toEqual({
      commands: [opens("new0", "2021-09-01", "2022-08-31")],
      errors: [],
    });
  });

  it("makes no empty year between the file's year and the organisation's", () => {
    const { commands } = plan(septemberToAugust, [calendar2026], {
      closingMonth: 8,
      closingDate: "2022-08-31",
    });
    expect(commands).toHaveLength(1);
  });

  it("without a closing date in its name, ends its year in the month the organisation's years end in", () => {
    expect(plan(septemberToAugust, [], { closingMonth: 8 }).commands).toEqual([
      opens("new0", "2021-09-01", "2022-08-31"),
    ]);
    // An organisation on the calendar year: the file's entries go to the calendar years they fall in.
    expect(plan(septemberToAugust, [], { closingMonth: 12 }).commands).toEqual([
      opens("new0", "2022-01-01", "2022-12-31"),
      opens("new1", "2021-01-01", "2021-12-31"),
    ]);
  });

  it("starts its year on the day its opening entries open", () => {
    const dates = ["2022-05-10", "2023-04-30"];
    expect(plan(dates, [], { closingMonth: 9, openingDate: "2022-04-01" }).commands).toEqual([
      opens("new0", "2022-04-01", "2023-09-30"),
    ]);
    // Opening entries dated the last day of the year before open the next day.
    expect(plan(["2021-09-03"], [], { closingMonth: 8, openingDate: "2021-08-31" }).commands).toEqual([
      opens("new0", "2021-09-01", "2022-08-31"),
    ]);
  });

  it("runs a first year up to 24 months when its name gives its end and it holds earlier entries", () => {
    expect(
      plan(["2021-03-15", "2022-08-01"], [], { closingMonth: 8, closingDate: "2022-08-31" }).commands,
    ).toEqual([opens("new0", "2021-03-01", "2022-08-31")]);
  });

  it("ignores a closing date in the name far from its entries, keeping its month", () => {
    expect(
      plan(["2022-10-01", "2023-04-30"], [], { closingMonth: 9, closingDate: "2050-09-30" }).commands,
    ).toEqual([opens("new0", "2022-10-01", "2023-09-30")]);
  });

  it("cuts longer spans into years ending in the same month, only those holding an entry", () => {
    expect(plan(["2019-02-01", "2022-03-01"], [], { closingMonth: 12 }).commands).toEqual([
      opens("new0", "2022-01-01", "2022-12-31"),
      opens("new1", "2019-01-01", "2019-12-31"),
    ]);
  });

  it("moves a year nothing was posted in, and nothing before, out of the file's way", () => {
    const dates = ["2025-09-02", "2026-02-10", "2026-08-31"];
    expect(
      plan(dates, [calendar2026], { closingMonth: 8, closingDate: "2026-08-31", emptyYears: ["Y2026"] }),
    ).toEqual({
      commands: [
        { type: "RedefineFiscalYear", id: "Y2026", start: "2026-09-01", end: "2027-08-31", entries: 0 },
        opens("new0", "2025-09-01", "2026-08-31"),
      ],
      errors: [],
    });
  });

  it("never cuts the file's year in two: a year with entries in its way is an error", () => {
    const dates = ["2025-09-02", "2026-02-10", "2026-08-31"];
    expect(plan(dates, [calendar2026], { closingMonth: 8, closingDate: "2026-08-31" })).toEqual({
      commands: [],
      errors: ["fiscalYear.overlaps"],
    });
  });

  it("makes no year for entries the organisation's years already hold", () => {
    expect(
      plan(["2026-02-10", "2026-06-30"], [calendar2026], { closingMonth: 6, closingDate: "2026-06-30" }),
    ).toEqual({
      commands: [],
      errors: [],
    });
  });

  it("follows the last year with twelve-month years for later entries", () => {
    expect(plan(["2027-03-01", "2028-01-15"], [calendar2026], { closingMonth: 12 }).commands).toEqual([
      opens("new0", "2027-01-01", "2027-12-31"),
      opens("new1", "2028-01-01", "2028-12-31"),
    ]);
  });
});
