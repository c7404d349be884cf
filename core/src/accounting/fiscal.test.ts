import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deciderSpecification } from "../testing/decider-specification.ts";
import { expectRefused, refusedWith } from "../testing/refusals.ts";
import { addDays, endOfMonth, isLastOfMonth } from "./dates.ts";
import {
  earlierYearBounds,
  type FiscalEvent,
  fiscalDecider,
  fiscalStreamId,
  fiscalYearById,
  fiscalYearOf,
  nextYearBounds,
  periodsOf,
  postingYear,
} from "./fiscal.ts";

const spec = deciderSpecification(fiscalDecider);

const opened = (id: string, start: string, end: string): FiscalEvent => ({
  type: "FiscalYearOpened",
  data: { id, start, end },
});
const locked = (until: string, previous: string | null = null): FiscalEvent => ({
  type: "PeriodLocked",
  data: { until, previous },
});
const closedYear = (id: string, closedOn = "2026-03-15"): FiscalEvent => ({
  type: "FiscalYearClosed",
  data: { id, closedOn },
});

const fy2025 = opened("FY2025", "2025-01-01", "2025-12-31");
const fy2026 = opened("FY2026", "2026-01-01", "2026-12-31");

const open = (id: string, start?: string, end?: string) =>
  ({ type: "OpenFiscalYear", data: { id, start, end } }) as const;
const lock = (until: string) => ({ type: "LockPeriod", data: { until } }) as const;
const close = (id: string, drafts = 0, closedOn = "2026-03-15") =>
  ({ type: "CloseFiscalYear", data: { id, closedOn, drafts } }) as const;

const stateOf = (events: readonly FiscalEvent[]) =>
  events.reduce(fiscalDecider.evolve, fiscalDecider.initialState());

it("keeps the fiscal calendar of an organisation in one stream", () => {
  expect(fiscalStreamId("org-1")).toBe("fiscal-org-1");
});

describe("the first fiscal year", () => {
  const given = spec.given([]);

  it("runs twelve months from its start by default", () => {
    given.when(open("FY2025", "2025-01-01")).then([fy2025]);
    given.when(open("FY2526", "2025-07-01")).then([opened("FY2526", "2025-07-01", "2026-06-30")]);
  });

  it("runs from the first of a month to the last of a month, shorter or longer than twelve months", () => {
    given.when(open("A", "2025-04-01", "2025-12-31")).then([opened("A", "2025-04-01", "2025-12-31")]);
    given.when(open("B", "2024-07-01", "2025-12-31")).then([opened("B", "2024-07-01", "2025-12-31")]);
    given.when(open("C", "2025-02-01", "2025-02-28")).then([opened("C", "2025-02-01", "2025-02-28")]);
  });

  it("may run 24 months, not 25", () => {
    given.when(open("A", "2024-01-01", "2025-12-31")).then([opened("A", "2024-01-01", "2025-12-31")]);
    given
      .when(open("A", "2023-12-01", "2025-12-31"))
      .thenThrows(refusedWith("fiscalYear.tooLong", { start: "2023-12-01", end: "2025-12-31", max: 24 }));
  });

  it("refuses a start that is not the first of a month, or an end that is not the last", () => {
    given
      .when(open("A", "2025-01-02", "2025-12-31"))
      .thenThrows(refusedWith("fiscalYear.invalidBounds", { start: "2025-01-02", end: "2025-12-31" }));
    given
      .when(open("A", "2025-01-01", "2025-12-30"))
      .thenThrows(refusedWith("fiscalYear.invalidBounds", { start: "2025-01-01", end: "2025-12-30" }));
    given
      .when(open("A", "2024-02-01", "2024-02-28"))
      .thenThrows(refusedWith("fiscalYear.invalidBounds", { start: "2024-02-01", end: "2024-02-28" }));
  });

  it("refuses an end before the start", () => {
    given
      .when(open("A", "2025-06-01", "2025-03-31"))
      .thenThrows(refusedWith("fiscalYear.invalidBounds", { start: "2025-06-01", end: "2025-03-31" }));
  });

  it("needs a start, and real dates", () => {
    given.when(open("A")).thenThrows(refusedWith("validation.invalidDate", { value: "undefined" }));
    given
      .when(open("A", "2025-02-30"))
      .thenThrows(refusedWith("validation.invalidDate", { value: "2025-02-30" }));
    given
      .when(open("A", "2025-01-01", "2025-13-31"))
      .thenThrows(refusedWith("validation.invalidDate", { value: "2025-13-31" }));
  });

  it("is any month span of 1 to 24 months, never a longer one (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2000, max: 2090 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 36 }),
        (year, month, length) => {
          const start = `${year}-${String(month).padStart(2, "0")}-01`;
          const end = endOfMonth(start, length - 1);
          const decide = () => fiscalDecider.decide(open("Y", start, end), fiscalDecider.initialState());
          if (length <= 24) expect(decide()).toEqual([opened("Y", start, end)]);
          else expectRefused(decide, refusedWith("fiscalYear.tooLong", { start, end, max: 24 }));
        },
      ),
    );
  });
});

describe("the next fiscal years", () => {
  const given = spec.given([fy2025]);

  it("start the day after the last year ends and run twelve months by default", () => {
    given.when(open("FY2026")).then([fy2026]);
    spec
      .given([opened("A", "2024-07-01", "2025-12-31")])
      .when(open("B"))
      .then([opened("B", "2026-01-01", "2026-12-31")]);
  });

  it("may be given their own end, up to 24 months", () => {
    given.when(open("FY2026", undefined, "2026-06-30")).then([opened("FY2026", "2026-01-01", "2026-06-30")]);
    given
      .when(open("FY2026", "2026-01-01", "2027-12-31"))
      .then([opened("FY2026", "2026-01-01", "2027-12-31")]);
    given
      .when(open("FY2026", undefined, "2028-01-31"))
      .thenThrows(refusedWith("fiscalYear.tooLong", { start: "2026-01-01", end: "2028-01-31", max: 24 }));
  });

  it("follow the last year without a gap: fiscalYear.notContiguous, 409", () => {
    given
      .when(open("FY2026", "2026-02-01"))
      .thenThrows(
        refusedWith("fiscalYear.notContiguous", { start: "2026-02-01", expected: "2026-01-01" }, 409),
      );
  });

  it("never overlap another year: fiscalYear.overlaps, 409, naming it", () => {
    given
      .when(open("FY2026", "2025-07-01"))
      .thenThrows(
        refusedWith(
          "fiscalYear.overlaps",
          { start: "2025-07-01", end: "2026-06-30", otherStart: "2025-01-01", otherEnd: "2025-12-31" },
          409,
        ),
      );
    given
      .when(open("FY2024", "2024-09-01", "2025-08-31"))
      .thenThrows(
        refusedWith(
          "fiscalYear.overlaps",
          { start: "2024-09-01", end: "2025-08-31", otherStart: "2025-01-01", otherEnd: "2025-12-31" },
          409,
        ),
      );
  });

  it("may go right before the first year, for earlier books brought from another software", () => {
    given
      .when(open("FY2024", "2024-01-01", "2024-12-31"))
      .then([opened("FY2024", "2024-01-01", "2024-12-31")]);
    const years = stateOf([fy2025, opened("FY2024", "2024-01-01", "2024-12-31")]).years.map((y) => y.id);
    expect(years).toEqual(["FY2024", "FY2025"]);
  });

  it("may go years before the first one, with their own months, leaving the gap empty", () => {
    given
      .when(open("FY2122", "2021-09-01", "2022-08-31"))
      .then([opened("FY2122", "2021-09-01", "2022-08-31")]);
    // …and then fill the gap, or part of it.
    spec
      .given([fy2025, opened("FY2122", "2021-09-01", "2022-08-31")])
      .when(open("FY2223", "2022-09-01", "2023-08-31"))
      .then([opened("FY2223", "2022-09-01", "2023-08-31")]);
  });

  it("never go before a closed year: the chronology of closings stays whole", () => {
    spec
      .given([fy2025, closedYear("FY2025")])
      .when(open("FY2024", "2024-01-01", "2024-12-31"))
      .thenThrows(refusedWith("fiscalYear.beforeClosed", { start: "2024-01-01", end: "2024-12-31" }, 409));
    spec
      .given([fy2025, fy2026, closedYear("FY2026")])
      .when(open("FY2021", "2021-01-01", "2021-12-31"))
      .thenThrows(refusedWith("fiscalYear.beforeClosed", { start: "2021-01-01", end: "2021-12-31" }, 409));
  });

  it("never go before the period lock: period.locked, 409", () => {
    spec
      .given([fy2025, locked("2025-03-31")])
      .when(open("FY2024", "2024-01-01", "2024-12-31"))
      .thenThrows(refusedWith("period.locked", { date: "2024-01-01", until: "2025-03-31" }, 409));
  });

  it("follow the latest year, not the first one", () => {
    spec
      .given([fy2025, fy2026])
      .when(open("FY2027"))
      .then([opened("FY2027", "2027-01-01", "2027-12-31")]);
  });

  it("refuse an id already given: fiscalYear.duplicate, 409", () => {
    given.when(open("FY2025")).thenThrows(refusedWith("fiscalYear.duplicate", {}, 409));
  });

  it("chain without gap or overlap, whatever their lengths (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.integer({ min: 1, max: 24 }), { nil: undefined }), { maxLength: 8 }),
        (lengths) => {
          let events: FiscalEvent[] = [
            ...fiscalDecider.decide(open("Y0", "2020-01-01"), fiscalDecider.initialState()),
          ];
          lengths.forEach((length, i) => {
            const state = stateOf(events);
            const last = state.years.at(-1);
            if (!last) throw new Error("no year");
            const end = length === undefined ? undefined : endOfMonth(addDays(last.end, 1), length - 1);
            events = [...events, ...fiscalDecider.decide(open(`Y${i + 1}`, undefined, end), state)];
          });
          const years = stateOf(events).years;
          expect(years.length).toBe(lengths.length + 1);
          years.slice(1).forEach((year, i) => {
            expect(year.start).toBe(addDays(years[i]?.end ?? "", 1));
            expect(isLastOfMonth(year.end)).toBe(true);
            expect(periodsOf(year).length).toBe(lengths[i] ?? 12);
          });
        },
      ),
    );
  });
});

describe("the state of the calendar", () => {
  it("opens each year without its opening entry", () => {
    expect(stateOf([fy2025]).years).toEqual([
      { id: "FY2025", start: "2025-01-01", end: "2025-12-31", status: "open", openingMvt: null },
    ]);
    expect(stateOf([fy2025]).lockedUntil).toBeNull();
  });

  it("finds the year a date falls in, bounds included", () => {
    const state = stateOf([fy2025, fy2026]);
    expect(fiscalYearOf(state, "2025-01-01")?.id).toBe("FY2025");
    expect(fiscalYearOf(state, "2025-12-31")?.id).toBe("FY2025");
    expect(fiscalYearOf(state, "2026-01-01")?.id).toBe("FY2026");
    expect(fiscalYearOf(state, "2024-12-31")).toBeUndefined();
    expect(fiscalYearOf(state, "2027-01-01")).toBeUndefined();
  });

  it("finds a year by its id, and refuses an unknown one with 404", () => {
    const state = stateOf([fy2025]);
    expect(fiscalYearById(state, "FY2025").start).toBe("2025-01-01");
    expectRefused(
      () => fiscalYearById(state, "FY1999"),
      refusedWith("fiscalYear.notFound", { id: "FY1999" }, 404),
    );
  });

  it("lists the monthly periods of a year", () => {
    expect(periodsOf({ start: "2025-01-01", end: "2025-12-31" })).toEqual([
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
    expect(periodsOf({ start: "2024-07-01", end: "2025-12-31" })).toHaveLength(18);
    expect(periodsOf({ start: "2025-07-01", end: "2026-06-30" })[0]).toBe("2025-07");
  });
});

describe("locking periods", () => {
  const given = spec.given([fy2025, fy2026]);

  it("locks up to the end of a month inside a year", () => {
    given.when(lock("2025-03-31")).then([locked("2025-03-31")]);
    given.when(lock("2026-02-28")).then([locked("2026-02-28")]);
    expect(stateOf([fy2025, locked("2025-03-31")]).lockedUntil).toBe("2025-03-31");
  });

  it("moves the lock forward, naming the previous one", () => {
    spec
      .given([fy2025, fy2026, locked("2025-03-31")])
      .when(lock("2025-06-30"))
      .then([locked("2025-06-30", "2025-03-31")]);
  });

  it("never moves the lock back, nor locks the same date again: period.lockBackwards, 409", () => {
    const givenLocked = spec.given([fy2025, fy2026, locked("2025-06-30")]);
    givenLocked
      .when(lock("2025-03-31"))
      .thenThrows(refusedWith("period.lockBackwards", { until: "2025-03-31", current: "2025-06-30" }, 409));
    givenLocked
      .when(lock("2025-06-30"))
      .thenThrows(refusedWith("period.lockBackwards", { until: "2025-06-30", current: "2025-06-30" }, 409));
  });

  it("locks only at the end of a month", () => {
    for (const until of ["2025-03-30", "2025-03-01", "2025-02-27"])
      given.when(lock(until)).thenThrows(refusedWith("period.invalidLock", { until }));
    given.when(lock("2025-3-31")).thenThrows(refusedWith("period.invalidLock", { until: "2025-3-31" }));
    given.when(lock("2025-02-31")).thenThrows(refusedWith("period.invalidLock", { until: "2025-02-31" }));
  });

  it("locks only inside a fiscal year", () => {
    given.when(lock("2024-12-31")).thenThrows(refusedWith("fiscalYear.none", { date: "2024-12-31" }));
    given.when(lock("2027-01-31")).thenThrows(refusedWith("fiscalYear.none", { date: "2027-01-31" }));
  });
});

describe("where a posting may go", () => {
  it("goes to the open year its date falls in", () => {
    const state = stateOf([fy2025, fy2026]);
    expect(postingYear(state, "2025-06-15").id).toBe("FY2025");
    expect(postingYear(state, "2026-01-01").id).toBe("FY2026");
  });

  it("refuses what is not a date", () => {
    expectRefused(
      () => postingYear(stateOf([fy2025]), "2025-02-29"),
      refusedWith("validation.invalidDate", { value: "2025-02-29" }),
    );
  });

  it("refuses a date outside every fiscal year", () => {
    expectRefused(
      () => postingYear(stateOf([fy2025]), "2026-01-01"),
      refusedWith("fiscalYear.none", { date: "2026-01-01" }, 422),
    );
    expectRefused(() => postingYear(stateOf([]), "2025-06-15"), refusedWith("fiscalYear.none"));
  });

  it("refuses a date in a closed year: fiscalYear.closed, 409", () => {
    expectRefused(
      () => postingYear(stateOf([fy2025, fy2026, closedYear("FY2025")]), "2025-06-15"),
      refusedWith("fiscalYear.closed", { date: "2025-06-15", start: "2025-01-01", end: "2025-12-31" }, 409),
    );
  });

  it("refuses a date up to the lock, the lock's day included: period.locked, 409", () => {
    const state = stateOf([fy2025, locked("2025-03-31")]);
    expectRefused(
      () => postingYear(state, "2025-03-31"),
      refusedWith("period.locked", { date: "2025-03-31", until: "2025-03-31" }, 409),
    );
    expectRefused(() => postingYear(state, "2025-01-01"), refusedWith("period.locked"));
    expect(postingYear(state, "2025-04-01").id).toBe("FY2025");
  });
});

describe("the opening entry of a year", () => {
  const recorded: FiscalEvent = { type: "OpeningEntryRecorded", data: { yearId: "FY2026", mvt: "mvt-an" } };

  it("is recorded on its year", () => {
    spec
      .given([fy2025, fy2026])
      .when({ type: "RecordOpeningEntry", data: { yearId: "FY2026", mvt: "mvt-an" } })
      .then([recorded]);
    expect(stateOf([fy2025, fy2026, recorded]).years[1]?.openingMvt).toBe("mvt-an");
    expect(stateOf([fy2025, fy2026, recorded]).years[0]?.openingMvt).toBeNull();
  });

  it("records nothing when the same entry is recorded again", () => {
    spec
      .given([fy2025, fy2026, recorded])
      .when({ type: "RecordOpeningEntry", data: { yearId: "FY2026", mvt: "mvt-an" } })
      .then([]);
  });

  it("is one per year: another one is refused with 409", () => {
    spec
      .given([fy2025, fy2026, recorded])
      .when({ type: "RecordOpeningEntry", data: { yearId: "FY2026", mvt: "mvt-other" } })
      .thenThrows(refusedWith("fiscalYear.openingExists", {}, 409));
  });

  it("needs an existing year", () => {
    spec
      .given([fy2025])
      .when({ type: "RecordOpeningEntry", data: { yearId: "FY2026", mvt: "mvt-an" } })
      .thenThrows(refusedWith("fiscalYear.notFound", { id: "FY2026" }, 404));
  });
});

describe("new dates for a year nothing was posted in", () => {
  const redefine = (id: string, start: string, end: string, entries = 0) =>
    ({ type: "RedefineFiscalYear", data: { id, start, end, entries } }) as const;
  const redefined = (id: string, start: string, end: string): FiscalEvent => ({
    type: "FiscalYearRedefined",
    data: { id, start, end },
  });

  it("moves a lone year to the calendar of the books taken over", () => {
    spec
      .given([fy2026])
      .when(redefine("FY2026", "2025-09-01", "2026-08-31"))
      .then([redefined("FY2026", "2025-09-01", "2026-08-31")]);
    expect(stateOf([fy2026, redefined("FY2026", "2025-09-01", "2026-08-31")]).years[0]).toMatchObject({
      start: "2025-09-01",
      end: "2026-08-31",
    });
  });

  it("changes the end of the last year when the closing date changes, its start staying", () => {
    spec
      .given([fy2025, fy2026])
      .when(redefine("FY2026", "2026-01-01", "2026-08-31"))
      .then([redefined("FY2026", "2026-01-01", "2026-08-31")]);
    spec
      .given([fy2025, fy2026])
      .when(redefine("FY2026", "2026-02-01", "2026-12-31"))
      .thenThrows(
        refusedWith("fiscalYear.notContiguous", { start: "2026-02-01", expected: "2026-01-01" }, 409),
      );
    spec
      .given([fy2025, fy2026])
      .when(redefine("FY2025", "2025-01-01", "2025-06-30"))
      .thenThrows(refusedWith("fiscalYear.endFixed", { end: "2025-12-31" }, 409));
  });

  it("records nothing when the dates are the same", () => {
    spec
      .given([fy2026])
      .when(redefine("FY2026", "2026-01-01", "2026-12-31"))
      .then([]);
  });

  it("refuses a year with entries, or its opening entry: fiscalYear.notEmpty, 409", () => {
    spec
      .given([fy2026])
      .when(redefine("FY2026", "2025-09-01", "2026-08-31", 1))
      .thenThrows(refusedWith("fiscalYear.notEmpty", { start: "2026-01-01", end: "2026-12-31" }, 409));
    spec
      .given([fy2026, { type: "OpeningEntryRecorded", data: { yearId: "FY2026", mvt: "m1" } }])
      .when(redefine("FY2026", "2025-09-01", "2026-08-31"))
      .thenThrows(refusedWith("fiscalYear.notEmpty"));
  });

  it("keeps the bounds' rules and never overlaps another year", () => {
    spec
      .given([fy2026])
      .when(redefine("FY2026", "2025-09-15", "2026-08-31"))
      .thenThrows(refusedWith("fiscalYear.invalidBounds"));
    spec
      .given([opened("FY2122", "2021-09-01", "2022-08-31"), fy2026])
      .when(redefine("FY2026", "2022-01-01", "2022-12-31"))
      .thenThrows(refusedWith("fiscalYear.overlaps"));
  });

  it("refuses a closed year", () => {
    spec
      .given([fy2025, closedYear("FY2025")])
      .when(redefine("FY2025", "2025-01-01", "2025-06-30"))
      .thenThrows(refusedWith("fiscalYear.alreadyClosed"));
  });
});

describe("the years to suggest", () => {
  it("follow the organisation's fiscal-year start, in a short year of 6 months or more, else a long one", () => {
    const state = stateOf([fy2025]);
    expect(nextYearBounds(state, 1)).toEqual({ start: "2026-01-01", end: "2026-12-31" });
    expect(nextYearBounds(state, 9)).toEqual({ start: "2026-01-01", end: "2026-08-31" });
    expect(nextYearBounds(state, 7)).toEqual({ start: "2026-01-01", end: "2026-06-30" });
    expect(nextYearBounds(state, 4)).toEqual({ start: "2026-01-01", end: "2027-03-31" });
    expect(nextYearBounds(stateOf([]), 1)).toBeNull();
  });

  it("offer the twelve months before the first year for earlier books", () => {
    expect(earlierYearBounds(stateOf([opened("A", "2025-09-01", "2026-08-31")]))).toEqual({
      start: "2024-09-01",
      end: "2025-08-31",
    });
    expect(earlierYearBounds(stateOf([]))).toBeNull();
  });
});

describe("closing a fiscal year", () => {
  it("closes an open year without drafts", () => {
    spec
      .given([fy2025, fy2026])
      .when(close("FY2025"))
      .then([closedYear("FY2025")]);
    expect(stateOf([fy2025, fy2026, closedYear("FY2025")]).years.map((y) => y.status)).toEqual([
      "closed",
      "open",
    ]);
  });

  it("refuses while drafts remain, naming how many: fiscalYear.draftsRemain, 409", () => {
    spec
      .given([fy2025])
      .when(close("FY2025", 3))
      .thenThrows(refusedWith("fiscalYear.draftsRemain", { count: 3 }, 409));
  });

  it("refuses a year after an earlier one still open: fiscalYear.previousOpen, 409", () => {
    spec
      .given([fy2025, fy2026])
      .when(close("FY2026"))
      .thenThrows(refusedWith("fiscalYear.previousOpen", { start: "2025-01-01", end: "2025-12-31" }, 409));
    spec
      .given([fy2025, fy2026, closedYear("FY2025")])
      .when(close("FY2026"))
      .then([closedYear("FY2026")]);
  });

  it("closes in order within a run of years, not across a gap: books taken over stand apart", () => {
    const taken = opened("FY2122", "2021-09-01", "2022-08-31");
    spec
      .given([fy2025, fy2026, taken, closedYear("FY2025")])
      .when(close("FY2026"))
      .then([closedYear("FY2026")]);
    spec
      .given([fy2025, taken])
      .when(close("FY2025"))
      .then([closedYear("FY2025")]);
  });

  it("closes a year only once: fiscalYear.alreadyClosed, 409", () => {
    spec
      .given([fy2025, closedYear("FY2025")])
      .when(close("FY2025"))
      .thenThrows(refusedWith("fiscalYear.alreadyClosed", { start: "2025-01-01", end: "2025-12-31" }, 409));
  });

  it("refuses an unknown year: 404", () => {
    spec
      .given([fy2025])
      .when(close("FY1999"))
      .thenThrows(refusedWith("fiscalYear.notFound", { id: "FY1999" }, 404));
  });

  it("moves the lock to the year's end, for good", () => {
    expect(stateOf([fy2025, fy2026, closedYear("FY2025")]).lockedUntil).toBe("2025-12-31");
    expect(stateOf([fy2025, fy2026, locked("2025-06-30"), closedYear("FY2025")]).lockedUntil).toBe(
      "2025-12-31",
    );
    spec
      .given([fy2025, fy2026, closedYear("FY2025")])
      .when(lock("2025-11-30"))
      .thenThrows(refusedWith("period.lockBackwards", { until: "2025-11-30", current: "2025-12-31" }, 409));
    spec
      .given([fy2025, fy2026, closedYear("FY2025")])
      .when(lock("2026-01-31"))
      .then([locked("2026-01-31", "2025-12-31")]);
  });

  it("keeps a lock already beyond the year's end", () => {
    expect(stateOf([fy2025, fy2026, locked("2026-03-31"), closedYear("FY2025")]).lockedUntil).toBe(
      "2026-03-31",
    );
  });

  it("leaves the next year open for postings after its own lock", () => {
    const state = stateOf([fy2025, fy2026, closedYear("FY2025")]);
    expect(postingYear(state, "2026-01-01").id).toBe("FY2026");
    expectRefused(() => postingYear(state, "2025-12-31"), refusedWith("fiscalYear.closed"));
  });
});
