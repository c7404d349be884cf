import { addDays } from "@registre/core";
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../../tests/support/databases.ts";
import { apiHarness } from "../../testing/api-harness.ts";
import { documentsOrganisation } from "../../testing/documents-setup.ts";

type BalanceRow = {
  account: string;
  debit: number;
  credit: number;
  balanceDebit: number;
  balanceCredit: number;
};
type LedgerRow = {
  account: string;
  journal: string;
  number: string;
  debit: number;
  credit: number;
  balance: number;
  provisional: boolean;
};

/**
 * A year whose opening entry is still a draft (issue 23, point 15): the reports read the books, so the
 * year opens at zero and the bank is in the red; asked to, they add the draft's lines, marked
 * provisional, and always say that the year's opening is provisional.
 */
describe.each(databaseKinds)("reports over a provisional opening on %s", (kind) => {
  const { call, register } = apiHarness(kind);

  it("adds the draft opening entry's lines to the trial balance and the general ledger when asked", async () => {
    const o = await documentsOrganisation(call, register, "Ouverture");
    // 1,000.00 € of capital in the bank in the first year.
    await o.ok("POST", "/accounting/entries", {
      journal: "OD",
      date: o.year.start,
      pieceRef: "CAP",
      label: "Apport en capital",
      lines: [
        { account: "512000", debit: 100_000, credit: 0 },
        { account: "101300", debit: 0, credit: 100_000 },
      ],
      validate: true,
    });
    // The next year's opening, drafted while the first year is open; 300.00 € spent from the bank in it.
    const { mvt: opening } = await o.ok("GET", `/accounting/balance-sheet/${o.year.id}/createan`);
    const next = (await o.ok("GET", "/accounting/balance-sheet")).items[1] as {
      id: string;
      start: string;
      end: string;
    };
    expect(next.start).toBe(addDays(o.year.end, 1));
    await o.ok("POST", "/accounting/entries", {
      journal: "OD",
      date: addDays(next.start, 9),
      pieceRef: "F-1",
      label: "Fournitures",
      lines: [
        { account: "606400", debit: 30_000, credit: 0 },
        { account: "512000", debit: 0, credit: 30_000 },
      ],
      validate: true,
    });
    const drafts = { entries: [{ mvt: opening, date: next.start, yearId: next.id }] };

    // The books alone: the bank 300.00 € in the red, and the answer says the opening is provisional.
    const books = await o.ok("POST", "/accounting/reports/balance", { yearId: next.id });
    expect(books.provisionalOpening).toEqual({ included: false, ...drafts });
    const bank = (b: { rows: BalanceRow[] }) => b.rows.find((r) => r.account === "512000");
    expect(bank(books)).toMatchObject({ debit: 0, credit: 30_000, balanceCredit: 30_000 });
    expect(books.rows.some((r: BalanceRow) => r.account === "101300")).toBe(false);

    // With the draft: the capital carried, the bank 700.00 € in credit, the balance still balanced.
    const withOpening = await o.ok("POST", "/accounting/reports/balance", {
      yearId: next.id,
      provisional: true,
    });
    expect(withOpening.provisionalOpening).toEqual({ included: true, ...drafts });
    expect(bank(withOpening)).toMatchObject({
      debit: 100_000,
      credit: 30_000,
      balanceDebit: 70_000,
      balanceCredit: 0,
    });
    expect(withOpening.rows.find((r: BalanceRow) => r.account === "101300")).toMatchObject({
      credit: 100_000,
      balanceCredit: 100_000,
    });
    expect(withOpening.totals.debit).toBe(withOpening.totals.credit);

    // The general ledger of the bank: one line at -300.00, or the opening first and 700.00 after it.
    const ledger = (body: object) =>
      o.ok("POST", "/accounting/reports/generalledger", {
        start: next.start,
        end: next.end,
        account: "512000",
        ...body,
      });
    const plain = await ledger({});
    expect(plain.rows.map((r: LedgerRow) => [r.debit, r.credit, r.balance, r.provisional])).toEqual([
      [0, 30_000, -30_000, false],
    ]);
    expect(plain.provisionalOpening).toEqual({ included: false, ...drafts });
    const full = await ledger({ provisional: true });
    expect(
      full.rows.map((r: LedgerRow) => [r.journal, r.number, r.debit, r.credit, r.balance, r.provisional]),
    ).toEqual([
      ["AN", "", 100_000, 0, 100_000, true],
      ["OD", expect.stringMatching(/^OD/), 0, 30_000, 70_000, false],
    ]);
    // Page by page, the next page's running balance counts the draft before it.
    const first = await ledger({ provisional: true, limit: 1 });
    expect(first.rows.map((r: LedgerRow) => r.provisional)).toEqual([true]);
    const second = await ledger({ provisional: true, limit: 1, after: first.next });
    expect(second.rows.map((r: LedgerRow) => [r.credit, r.balance, r.provisional])).toEqual([
      [30_000, 70_000, false],
    ]);
    expect(second.next).toBeNull();
  });
});
