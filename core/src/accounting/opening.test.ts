import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { EntryLine } from "./entry.ts";
import { type ClosingBalance, LOSS_ACCOUNT, type OpenItem, openingLines, PROFIT_ACCOUNT } from "./opening.ts";

const balance = (account: string, debit: number, credit: number): ClosingBalance => ({
  account,
  debit,
  credit,
});
const item = (
  account: string,
  auxiliary: string | null,
  label: string,
  debit: number,
  credit: number,
): OpenItem => ({
  account,
  auxiliary,
  label,
  debit,
  credit,
});
const line = (
  account: string,
  debit: number,
  credit: number,
  auxiliary: string | null = null,
  label: string | null = null,
): EntryLine => ({ account, auxiliary, label, debit, credit });

const label = { result: "Résultat de l'exercice 2025" };

const sum = (lines: readonly EntryLine[]) => ({
  debit: lines.reduce((s, l) => s + l.debit, 0),
  credit: lines.reduce((s, l) => s + l.credit, 0),
});

describe("the opening entry's lines", () => {
  it("carry the balances of classes 1 to 5 on their side, in account order", () => {
    expect(
      openingLines(
        [
          balance("512000", 90000, 10000),
          balance("101000", 0, 100000),
          balance("218300", 30000, 0),
          balance("445710", 500, 2500),
        ],
        [],
        label,
      ),
    ).toEqual([
      line("101000", 0, 100000),
      line("218300", 30000, 0),
      line("445710", 0, 2000),
      line("512000", 80000, 0),
    ]);
  });

  it("drop accounts of classes 1 to 5 whose balance is nil", () => {
    expect(openingLines([balance("467000", 1200, 1200), balance("512000", 0, 0)], [], label)).toEqual([]);
  });

  it("drop classes 6 and 7, whose balance makes the result", () => {
    const lines = openingLines(
      [balance("512000", 5000, 0), balance("706000", 0, 20000), balance("607000", 15000, 0)],
      [],
      label,
    );
    expect(lines.some((l) => l.account.startsWith("6") || l.account.startsWith("7"))).toBe(false);
  });

  it("carry a profit to 120000, credit, with the label given", () => {
    expect(
      openingLines(
        [balance("512000", 5000, 0), balance("706000", 0, 20000), balance("607000", 15000, 0)],
        [],
        label,
      ),
    ).toEqual([line("512000", 5000, 0), line(PROFIT_ACCOUNT, 0, 5000, null, label.result)]);
    expect(PROFIT_ACCOUNT).toBe("120000");
  });

  it("carry a loss to 129000, debit", () => {
    expect(
      openingLines(
        [balance("512000", 0, 3000), balance("706000", 0, 12000), balance("613200", 15000, 0)],
        [],
        label,
      ),
    ).toEqual([line("512000", 0, 3000), line(LOSS_ACCOUNT, 3000, 0, null, label.result)]);
    expect(LOSS_ACCOUNT).toBe("129000");
  });

  it("carry no result line when the year breaks even", () => {
    expect(openingLines([balance("706000", 0, 5000), balance("607000", 5000, 0)], [], label)).toEqual([]);
  });

  it("count rebates and credits of classes 6 and 7 in the result", () => {
    // 10 000 of sales less 1 000 of rebates (709), 4 000 of purchases less 500 obtained (609): profit 5 500.
    const lines = openingLines(
      [
        balance("706000", 0, 10000),
        balance("709000", 1000, 0),
        balance("607000", 4000, 0),
        balance("609000", 0, 500),
        balance("512000", 5500, 0),
      ],
      [],
      label,
    );
    expect(lines.at(-1)).toEqual(line(PROFIT_ACCOUNT, 0, 5500, null, label.result));
  });

  it("carry the open items of customers and suppliers line by line, with their auxiliary and label", () => {
    expect(
      openingLines(
        [balance("512000", 0, 4000)],
        [
          item("411000", "CDUPONT", "Facture F-12", 12000, 0),
          item("411000", "CDUPONT", "Facture F-15", 3000, 0),
          item("411000", "CMARTIN", "Avoir A-2", 0, 1000),
          item("401000", "FMARTIN", "Facture FA-9", 0, 10000),
        ],
        label,
      ),
    ).toEqual([
      line("512000", 0, 4000),
      line("411000", 12000, 0, "CDUPONT", "Facture F-12"),
      line("411000", 3000, 0, "CDUPONT", "Facture F-15"),
      line("411000", 0, 1000, "CMARTIN", "Avoir A-2"),
      line("401000", 0, 10000, "FMARTIN", "Facture FA-9"),
    ]);
  });

  it("net an open item given with both sides, and drop one that nets to nil", () => {
    expect(
      openingLines(
        [],
        [
          item("411000", "CDUPONT", "Facture F-12", 12000, 5000),
          item("411000", "CDUPONT", "Soldé", 700, 700),
        ],
        label,
      ),
    ).toEqual([line("411000", 7000, 0, "CDUPONT", "Facture F-12")]);
  });

  it("ignore class 8", () => {
    expect(openingLines([balance("801000", 5000, 0), balance("809000", 0, 5000)], [], label)).toEqual([]);
  });

  it("do not change the balances they are given", () => {
    const balances = [balance("512000", 1, 0), balance("101000", 0, 1)];
    openingLines(balances, [], label);
    expect(balances.map((b) => b.account)).toEqual(["512000", "101000"]);
  });
});

describe("the opening entry of any balanced year (property)", () => {
  const general = fc
    .tuple(fc.integer({ min: 1, max: 7 }), fc.integer({ min: 0, max: 99999 }))
    .map(([cls, rest]) => `${cls}${String(rest).padStart(5, "0")}`)
    .filter((n) => !n.startsWith("401") && !n.startsWith("411"));
  const amount = fc.integer({ min: 0, max: 1e9 });
  const year = fc
    .tuple(
      fc.uniqueArray(fc.tuple(general, amount, amount), { selector: ([account]) => account, maxLength: 25 }),
      fc.array(
        fc.tuple(
          fc.constantFrom(["411000", "CDUPONT"], ["411000", "CMARTIN"], ["401000", "FMARTIN"]),
          amount,
          amount,
          fc.string({ minLength: 1, maxLength: 20 }),
        ),
        { maxLength: 10 },
      ),
      general,
    )
    .map(([rows, items, balancingAccount]) => {
      const balances = rows.map(([account, debit, credit]) => balance(account, debit, credit));
      const openItems = items.map(([[account, auxiliary], debit, credit, text]) =>
        item(account, auxiliary, text, debit, credit),
      );
      const gap = [...balances, ...openItems].reduce((s, b) => s + b.debit - b.credit, 0);
      const others = balances.filter((b) => b.account !== balancingAccount);
      const existing =
        balances.find((b) => b.account === balancingAccount) ?? balance(balancingAccount, 0, 0);
      const balancing = balance(
        balancingAccount,
        existing.debit + (gap < 0 ? -gap : 0),
        existing.credit + (gap > 0 ? gap : 0),
      );
      return { balances: [...others, balancing], openItems };
    });

  it("balances: its debits equal its credits", () => {
    fc.assert(
      fc.property(year, ({ balances, openItems }) => {
        const { debit, credit } = sum(openingLines(balances, openItems, label));
        expect(debit).toBe(credit);
      }),
    );
  });

  it("has no class 6 or 7 line, no line on both sides or of nil, and whole non-negative amounts", () => {
    fc.assert(
      fc.property(year, ({ balances, openItems }) => {
        for (const l of openingLines(balances, openItems, label)) {
          expect(["6", "7"]).not.toContain(l.account[0]);
          expect(l.debit === 0 || l.credit === 0).toBe(true);
          expect(l.debit + l.credit).toBeGreaterThan(0);
          expect(
            Number.isSafeInteger(l.debit) && l.debit >= 0 && Number.isSafeInteger(l.credit) && l.credit >= 0,
          ).toBe(true);
        }
      }),
    );
  });

  it("carries the result, Σ class 7 − Σ class 6, on one line: 120000 credit or 129000 debit", () => {
    fc.assert(
      fc.property(year, ({ balances, openItems }) => {
        const expected = balances
          .filter((b) => b.account[0] === "6" || b.account[0] === "7")
          .reduce((s, b) => s + b.credit - b.debit, 0);
        const results = openingLines(balances, openItems, label).filter((l) => l.label === label.result);
        if (expected === 0) expect(results).toEqual([]);
        else if (expected > 0)
          expect(results).toEqual([line(PROFIT_ACCOUNT, 0, expected, null, label.result)]);
        else expect(results).toEqual([line(LOSS_ACCOUNT, -expected, 0, null, label.result)]);
      }),
    );
  });

  it("carries each balance-sheet account's balance and each open item unchanged", () => {
    fc.assert(
      fc.property(year, ({ balances, openItems }) => {
        const lines = openingLines(balances, openItems, label);
        const net = (l: { debit: number; credit: number }) => l.debit - l.credit;
        for (const b of balances.filter((x) => "12345".includes(x.account[0] ?? "")))
          expect(
            lines
              .filter((l) => l.account === b.account && l.auxiliary === null && l.label === null)
              .reduce((s, l) => s + net(l), 0),
          ).toBe(net(b));
        const carried = lines.filter((l) => l.auxiliary !== null);
        expect(carried.map((l) => [l.account, l.auxiliary, l.label, net(l)])).toEqual(
          openItems.filter((i) => net(i) !== 0).map((i) => [i.account, i.auxiliary, i.label, net(i)]),
        );
      }),
    );
  });
});
