import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases.ts";
import { type Books, openBooks } from "./atelier.ts";

type Year = { id: string; start: string; end: string; status: string; empty: boolean };
const bounds = (years: Year[]) => years.map((y) => [y.start, y.end]);

/**
 * The fiscal calendar as an organisation meets it (issue 23, point 1): years that are not the
 * calendar year, an earlier year for books taken over, a year nothing was posted in given new dates,
 * the fiscal-year start changed for the years to come.
 */
describe.each(databaseKinds)("an organisation's fiscal calendar (%s)", (kind) => {
  let books: Books;
  const years = async (): Promise<{ items: Year[]; suggested: { next: unknown; earlier: unknown } }> =>
    books.ok("GET", "/accounting/balance-sheet");
  beforeAll(async () => {
    books = await openBooks(kind);
    books.setDay("2026-11-29");
    await books.openOrganisation("calendar", { name: "Reprise SAS", fiscalYearStartMonth: 1 });
  }, 120_000);
  afterAll(async () => books?.close());

  it("opens its first year as its settings say, empty, and suggests the years around it", async () => {
    const list = await years();
    expect(list.items.map((y) => [y.start, y.end, y.empty])).toEqual([["2026-01-01", "2026-12-31", true]]);
    expect(list.suggested).toEqual({
      next: { start: "2027-01-01", end: "2027-12-31" },
      earlier: { start: "2025-01-01", end: "2025-12-31" },
    });
  });

  it("gives a year nothing was posted in the dates of the books it takes over", async () => {
    const [year] = (await years()).items;
    const moved = await books.ok("PUT", `/accounting/balance-sheet/${year?.id}`, {
      start: "2026-09-01",
      end: "2027-08-31",
    });
    expect([moved.start, moved.end]).toEqual(["2026-09-01", "2027-08-31"]);
    const refused = await books.call("PUT", `/accounting/balance-sheet/${year?.id}`, {
      start: "2026-09-15",
      end: "2027-08-31",
    });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe("fiscalYear.invalidBounds");
  });

  it("opens an earlier year for books taken over, years back, leaving no empty year between", async () => {
    const opened = await books.ok("POST", "/accounting/balance-sheet", {
      start: "2021-09-01",
      end: "2022-08-31",
    });
    expect([opened.start, opened.end]).toEqual(["2021-09-01", "2022-08-31"]);
    expect(bounds((await years()).items)).toEqual([
      ["2021-09-01", "2022-08-31"],
      ["2026-09-01", "2027-08-31"],
    ]);
    const overlapping = await books.call("POST", "/accounting/balance-sheet", {
      start: "2022-01-01",
      end: "2022-12-31",
    });
    expect(overlapping.status).toBe(409);
    expect(overlapping.body.code).toBe("fiscalYear.overlaps");
    expect(overlapping.body.detail).toContain("1 septembre 2021 au 31 août 2022");
  });

  it("refuses new dates once something is posted in the year", async () => {
    const year = (await years()).items.find((y) => y.start === "2021-09-01");
    const posted = await books.ok("POST", "/accounting/entries", {
      journal: "OD",
      date: "2021-10-01",
      pieceRef: "OD1",
      label: "Reprise",
      lines: [
        { account: "512000", debit: 100_00, credit: 0 },
        { account: "101000", debit: 0, credit: 100_00 },
      ],
    });
    const refused = await books.call("PUT", `/accounting/balance-sheet/${year?.id}`, {
      start: "2021-10-01",
      end: "2022-08-31",
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("fiscalYear.notEmpty");
    await books.ok("PUT", "/accounting/entries/validate", { mvts: [posted.mvt] });
  });

  it("opens the next year as the fiscal-year start says, once it changed", async () => {
    await books.ok("PUT", "/org", { fiscalYearStartMonth: 1 });
    // Four months to December would be too short a year: the next one runs sixteen.
    expect((await years()).suggested.next).toEqual({ start: "2027-09-01", end: "2028-12-31" });
    await books.ok("PUT", "/org", { fiscalYearStartMonth: 7 });
    const next = await books.ok("POST", "/accounting/balance-sheet", {});
    // From September to June: a short year of ten months.
    expect([next.start, next.end]).toEqual(["2027-09-01", "2028-06-30"]);
  });

  it("closes a year taken over in its own run: the next one opens in the gap, up to the books after it", async () => {
    const taken = (await years()).items.find((y) => y.start === "2021-09-01");
    await books.ok("GET", `/accounting/balance-sheet/${taken?.id}/validate?confirm=irreversible`);
    expect(bounds((await years()).items)).toEqual([
      ["2021-09-01", "2022-08-31"],
      ["2022-09-01", "2023-06-30"],
      ["2026-09-01", "2027-08-31"],
      ["2027-09-01", "2028-06-30"],
    ]);
  });

  it("balances a range over two years without counting twice what the second's opening carries", async () => {
    const span = await books.ok("POST", "/accounting/reports/balance", {
      start: "2021-09-01",
      end: "2023-06-30",
    });
    expect([span.start, span.end]).toEqual(["2021-09-01", "2023-06-30"]);
    expect(span.years).toEqual([
      { start: "2021-09-01", end: "2022-08-31" },
      { start: "2022-09-01", end: "2023-06-30" },
    ]);
    expect(span.openingsLeftOut).toEqual([{ start: "2022-09-01", end: "2023-06-30" }]);
    expect(span.rows.find((r: { account: string }) => r.account === "512000")).toMatchObject({
      debit: 100_00,
      credit: 0,
    });
    // The second year alone opens with its à-nouveaux.
    const second = await books.ok("POST", "/accounting/reports/balance", {
      start: "2022-09-01",
      end: "2023-06-30",
    });
    expect(second.openingsLeftOut).toEqual([]);
    expect(second.rows.find((r: { account: string }) => r.account === "512000")?.debit).toBe(100_00);
  });
});
