import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import {
  type Books,
  bareOrganisation,
  expectImported,
  fileSums,
  fixture,
  openBooks,
  trialBalanceSums,
} from "../testing/fec-books.ts";
import { importFec } from "./fec.ts";

// The 1.8 MB real file (4 001 entries, a lettering set of 479 lines), in a file of its own so that
// it runs beside the other FEC tests.
describe.each(databaseKinds)("the FEC on %s: the 1.8 MB real file", (kind) => {
  let books: Books;
  beforeAll(async () => {
    books = await openBooks(kind);
  });
  afterAll(async () => {
    await books?.close();
  });

  it("imports 123456789FEC20500930.txt (10 756 lines, an 18-month first year) whole, sums per account equal", async () => {
    const file = "123456789FEC20500930.txt";
    const bytes = fixture(file);
    const fresh = await bareOrganisation(books, "000000000");
    books.setDay("2026-11-22");
    const started = Date.now();
    const result = await importFec(books.ctx, fresh, bytes, file, books.meta());
    expectImported(result);
    expect(result).toMatchObject({ entries: 4001, lines: 10_756, lettered: 626 });
    expect(result.fiscalYearsOpened).toEqual([{ start: "2022-04-01", end: "2023-09-30" }]);
    expect(await trialBalanceSums(books.ctx, fresh)).toEqual(fileSums(bytes));
    console.info(`${kind}: ${file} imported in ${Date.now() - started} ms`);
  }, 300_000);
});
