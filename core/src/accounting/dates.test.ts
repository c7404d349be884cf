import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  daysInMonth,
  endOfMonth,
  isFirstOfMonth,
  isIsoDate,
  isLastOfMonth,
  monthOf,
  monthsBetween,
  parisDate,
} from "./dates.ts";

/** A calendar day between 1900-01-01 and 2999-12-31, as "YYYY-MM-DD". */
const isoDay = fc
  .date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2999-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

const monthIndex = (month: string): number => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

describe("isIsoDate", () => {
  it("accepts a real calendar day written YYYY-MM-DD", () => {
    for (const date of ["2025-01-01", "2025-12-31", "2024-02-29", "2000-02-29", "1900-01-01", "2999-12-31"])
      expect(isIsoDate(date), date).toBe(true);
  });

  it("refuses days that do not exist: 29 February outside leap years, month 0 or 13, day 0 or 32", () => {
    for (const date of ["2025-02-29", "1900-02-29", "2100-02-29", "2025-04-31", "2025-00-10", "2025-13-01"])
      expect(isIsoDate(date), date).toBe(false);
    for (const date of ["2025-01-00", "2025-01-32"]) expect(isIsoDate(date), date).toBe(false);
  });

  it("refuses other forms: no padding, a time, spaces, other separators, years outside 1900..2999", () => {
    for (const value of [
      "2025-1-01",
      "2025-01-1",
      "25-01-01",
      "2025-01-01T00:00:00Z",
      " 2025-01-01",
      "2025-01-01 ",
      "2025/01/01",
      "20250101",
      "01/01/2025",
      "1899-12-31",
      "3000-01-01",
      "",
    ])
      expect(isIsoDate(value), value).toBe(false);
  });

  it("refuses what is not a string", () => {
    for (const value of [null, undefined, 20250101, new Date("2025-01-01"), {}])
      expect(isIsoDate(value)).toBe(false);
  });

  it("accepts every day the calendar has (property)", () => {
    fc.assert(fc.property(isoDay, (date) => isIsoDate(date)));
  });
});

describe("calendar helpers", () => {
  it("counts the days of a month, leap years included", () => {
    expect(daysInMonth(2025, 1)).toBe(31);
    expect(daysInMonth(2025, 2)).toBe(28);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2025, 4)).toBe(30);
    expect(daysInMonth(2025, 12)).toBe(31);
  });

  it("gives the month of a date", () => {
    expect(monthOf("2025-01-31")).toBe("2025-01");
  });

  it("tells the first and the last day of a month", () => {
    expect(isFirstOfMonth("2025-03-01")).toBe(true);
    expect(isFirstOfMonth("2025-03-02")).toBe(false);
    expect(isLastOfMonth("2025-03-31")).toBe(true);
    expect(isLastOfMonth("2025-02-28")).toBe(true);
    expect(isLastOfMonth("2024-02-28")).toBe(false);
    expect(isLastOfMonth("2024-02-29")).toBe(true);
    expect(isLastOfMonth("2025-04-30")).toBe(true);
    expect(isLastOfMonth("2025-03-30")).toBe(false);
  });

  it("adds days across months, years and leap days", () => {
    expect(addDays("2025-01-31", 1)).toBe("2025-02-01");
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2025-03-01", -1)).toBe("2025-02-28");
    expect(addDays("2025-06-15", 0)).toBe("2025-06-15");
    expect(addDays("2025-01-01", 365)).toBe("2026-01-01");
  });

  it("adding then removing the same days gives the date back (property)", () => {
    fc.assert(
      fc.property(isoDay, fc.integer({ min: -3000, max: 3000 }), (date, days) => {
        expect(addDays(addDays(date, days), -days)).toBe(date);
      }),
    );
  });

  it("refuses what is not a date", () => {
    expect(() => addDays("2025-1-1", 1)).toThrow(RangeError);
    expect(() => endOfMonth("nope")).toThrow(RangeError);
    expect(() => isLastOfMonth("")).toThrow(RangeError);
  });
});

describe("endOfMonth", () => {
  it("is the last day of the date's month", () => {
    expect(endOfMonth("2025-01-15")).toBe("2025-01-31");
    expect(endOfMonth("2025-02-01")).toBe("2025-02-28");
    expect(endOfMonth("2024-02-10")).toBe("2024-02-29");
    expect(endOfMonth("2025-04-30")).toBe("2025-04-30");
  });

  it("moves that many months on, with each month's own length", () => {
    expect(endOfMonth("2025-01-31", 1)).toBe("2025-02-28");
    expect(endOfMonth("2024-01-31", 1)).toBe("2024-02-29");
    expect(endOfMonth("2025-01-01", 11)).toBe("2025-12-31");
    expect(endOfMonth("2025-07-01", 11)).toBe("2026-06-30");
    expect(endOfMonth("2025-12-15", 2)).toBe("2026-02-28");
    expect(endOfMonth("2025-01-01", 23)).toBe("2026-12-31");
    expect(endOfMonth("2025-03-15", -1)).toBe("2025-02-28");
    expect(endOfMonth("2025-01-15", -1)).toBe("2024-12-31");
  });

  it("is always a last of month, `months` months after the date's month (property)", () => {
    fc.assert(
      fc.property(isoDay, fc.integer({ min: -24, max: 24 }), (date, months) => {
        const end = endOfMonth(date, months);
        if (!isIsoDate(end)) return; // beyond 1900..2999
        expect(isLastOfMonth(end)).toBe(true);
        expect(monthIndex(monthOf(end)) - monthIndex(monthOf(date))).toBe(months);
      }),
    );
  });
});

describe("monthsBetween", () => {
  it("lists the months from the start's to the end's, both included", () => {
    expect(monthsBetween("2025-01-01", "2025-12-31")).toEqual([
      "2025-01",
      "2025-02",
      "2025-03",
      "2025-04",
      "2025-05",
      "2025-06",
      "2025-07",
      "2025-08",
      "2025-09",
      "2025-10",
      "2025-11",
      "2025-12",
    ]);
    expect(monthsBetween("2025-01-15", "2025-03-01")).toEqual(["2025-01", "2025-02", "2025-03"]);
    expect(monthsBetween("2025-11-30", "2026-02-01")).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
  });

  it("is one month for two days of the same month, and none when the end comes first", () => {
    expect(monthsBetween("2025-06-10", "2025-06-20")).toEqual(["2025-06"]);
    expect(monthsBetween("2025-06-01", "2025-06-01")).toEqual(["2025-06"]);
    expect(monthsBetween("2025-06-01", "2025-05-31")).toEqual([]);
  });

  it("is the consecutive months, as many as the months apart plus one (property)", () => {
    fc.assert(
      fc.property(
        isoDay,
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 27 }),
        (date, months, day) => {
          const start = date;
          const endMonth = endOfMonth(start, months);
          if (!isIsoDate(endMonth)) return;
          const end = addDays(`${monthOf(endMonth)}-01`, day % Number(endMonth.slice(8)));
          const list = monthsBetween(start, end);
          expect(list.length).toBe(months + 1);
          expect(list[0]).toBe(monthOf(start));
          expect(list.at(-1)).toBe(monthOf(end));
          list.forEach((m, i) => {
            expect(monthIndex(m)).toBe(monthIndex(monthOf(start)) + i);
          });
        },
      ),
    );
  });
});

describe("parisDate", () => {
  it("is the day in France, one hour ahead of UTC in winter", () => {
    expect(parisDate("2025-01-15T22:59:59Z")).toBe("2025-01-15");
    expect(parisDate("2025-01-15T23:00:00Z")).toBe("2025-01-16");
    expect(parisDate("2024-12-31T23:30:00Z")).toBe("2025-01-01");
  });

  it("is two hours ahead of UTC in summer", () => {
    expect(parisDate("2025-07-14T21:59:59Z")).toBe("2025-07-14");
    expect(parisDate("2025-07-14T22:00:00Z")).toBe("2025-07-15");
    expect(parisDate("2025-06-30T22:30:00Z")).toBe("2025-07-01");
  });

  it("follows the switch to summer time (last Sunday of March, 01:00 UTC)", () => {
    // 2025-03-30: clocks go from 02:00 to 03:00 in Paris.
    expect(parisDate("2025-03-29T23:30:00Z")).toBe("2025-03-30"); // 00:30 CET
    expect(parisDate("2025-03-30T22:30:00Z")).toBe("2025-03-31"); // 00:30 CEST, +2 already
    expect(parisDate("2025-03-30T21:59:59Z")).toBe("2025-03-30");
  });

  it("follows the switch back to winter time (last Sunday of October, 01:00 UTC)", () => {
    // 2025-10-26: clocks go from 03:00 back to 02:00 in Paris.
    expect(parisDate("2025-10-25T22:30:00Z")).toBe("2025-10-26"); // 00:30 CEST
    expect(parisDate("2025-10-26T22:30:00Z")).toBe("2025-10-26"); // 23:30 CET, +1 again
    expect(parisDate("2025-10-26T23:00:00Z")).toBe("2025-10-27");
  });

  it("takes a Date as well as an ISO string, and a string with an offset", () => {
    expect(parisDate(new Date("2025-03-30T22:30:00Z"))).toBe("2025-03-31");
    expect(parisDate("2025-01-16T00:30:00+01:00")).toBe("2025-01-16");
  });

  it("is the UTC day or the next one, never another (property)", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("1990-01-01T00:00:00Z"),
          max: new Date("2100-01-01T00:00:00Z"),
          noInvalidDate: true,
        }),
        (at) => {
          const utc = at.toISOString().slice(0, 10);
          const paris = parisDate(at);
          expect(isIsoDate(paris)).toBe(true);
          expect([utc, addDays(utc, 1)]).toContain(paris);
        },
      ),
    );
  });
});
