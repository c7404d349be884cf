import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { balanceSheet } from "./balance-sheet.ts";
import { incomeStatement } from "./income-statement.ts";
import { type AccountMovements, type StatementSection, trialBalance } from "./reports.ts";

const mv = (account: string, debit: number, credit: number, label = account): AccountMovements => ({
  account,
  label,
  debit,
  credit,
});

/** The amount of a statement line, by its key. */
const amountOf = (sections: readonly StatementSection[], key: string): number => {
  for (const s of sections) {
    const found = s.lines.find((l) => l.key === key);
    if (found) return found.amount;
  }
  throw new Error(`No line ${key}`);
};
const totalOf = (sections: readonly StatementSection[], key: string): number => {
  const section = sections.find((s) => s.key === key);
  if (!section) throw new Error(`No section ${key}`);
  return section.total;
};

describe("the trial balance", () => {
  const movements = [
    mv("706000", 0, 100000, "Prestations"),
    mv("411000", 120000, 50000, "Clients"),
    mv("445710", 0, 20000, "TVA collectée"),
    mv("512000", 50000, 0, "Banque"),
    mv("467000", 300, 300, "Divers"),
  ];
  const tb = trialBalance(movements);

  it("lists every account in account-number order", () => {
    expect(tb.rows.map((r) => r.account)).toEqual(["411000", "445710", "467000", "512000", "706000"]);
  });

  it("shows each account's movements and its balance on the side it falls", () => {
    expect(tb.rows[0]).toEqual({
      account: "411000",
      label: "Clients",
      debit: 120000,
      credit: 50000,
      balanceDebit: 70000,
      balanceCredit: 0,
    });
    expect(tb.rows[1]).toMatchObject({ account: "445710", balanceDebit: 0, balanceCredit: 20000 });
    expect(tb.rows[2]).toMatchObject({ account: "467000", balanceDebit: 0, balanceCredit: 0 });
  });

  it("totals the movements and the balances, which agree when the ledger balances", () => {
    expect(tb.totals).toEqual({ debit: 170300, credit: 170300, balanceDebit: 120000, balanceCredit: 120000 });
  });

  it("sorts accounts as text: 4011 before 401100 before 411", () => {
    expect(
      trialBalance([mv("411", 1, 0), mv("401100", 1, 0), mv("4011", 1, 0)]).rows.map((r) => r.account),
    ).toEqual(["4011", "401100", "411"]);
  });

  it("is empty, with zero totals, for no movement", () => {
    expect(trialBalance([])).toEqual({
      rows: [],
      totals: { debit: 0, credit: 0, balanceDebit: 0, balanceCredit: 0 },
    });
  });

  it("does not change the movements it is given", () => {
    const copy = movements.map((m) => ({ ...m }));
    trialBalance(movements);
    expect(movements).toEqual(copy);
  });
});

describe("the income statement", () => {
  const movements = [
    mv("706000", 0, 100000),
    mv("707000", 0, 50000),
    mv("709700", 2000, 0), // rebate on goods
    mv("709000", 1000, 0), // rebate on services
    mv("740000", 0, 3000),
    mv("607000", 30000, 0),
    mv("609700", 0, 500), // rebate obtained on goods
    mv("609000", 0, 200),
    mv("613200", 12000, 0),
    mv("635000", 1000, 0),
    mv("641000", 20000, 0),
    mv("645000", 8000, 0),
    mv("681100", 5000, 0),
    mv("661000", 1000, 0),
    mv("761000", 0, 500),
    mv("671000", 300, 0),
    mv("771000", 0, 200),
    mv("695000", 3000, 0),
    mv("512000", 999999, 0), // not in the income statement
    mv("411000", 0, 999999),
  ];
  const is = incomeStatement(movements);

  it("shows income net of rebates: 7097 reduces sales of goods, 709 production sold", () => {
    expect(amountOf(is.sections, "salesGoods")).toBe(48000);
    expect(amountOf(is.sections, "salesProduction")).toBe(99000);
    expect(is.netTurnover).toBe(147000);
  });

  it("shows purchases of goods net of 6097, and other external charges net of 609", () => {
    expect(amountOf(is.sections, "purchasesGoods")).toBe(29500);
    expect(amountOf(is.sections, "externalCharges")).toBe(11800);
  });

  it("puts each charge in its PCG rubric", () => {
    expect(amountOf(is.sections, "taxes")).toBe(1000);
    expect(amountOf(is.sections, "wages")).toBe(20000);
    expect(amountOf(is.sections, "socialCharges")).toBe(8000);
    expect(amountOf(is.sections, "depreciation")).toBe(5000);
    expect(amountOf(is.sections, "operatingSubsidies")).toBe(3000);
    expect(amountOf(is.sections, "incomeTax")).toBe(3000);
  });

  it("totals the sections and gives the operating, financial and exceptional results", () => {
    expect(totalOf(is.sections, "operatingIncome")).toBe(150000);
    expect(totalOf(is.sections, "operatingCharges")).toBe(75300);
    expect(is.operatingResult).toBe(74700);
    expect(is.financialResult).toBe(-500);
    expect(is.exceptionalResult).toBe(-100);
  });

  it("gives the result: class 7 minus class 6, after tax", () => {
    expect(is.result).toBe(71100);
  });

  it("presents the PCG sections in order, with French and English wording", () => {
    expect(is.sections.map((s) => s.key)).toEqual([
      "operatingIncome",
      "operatingCharges",
      "financialIncome",
      "financialCharges",
      "exceptionalIncome",
      "exceptionalCharges",
      "taxOnProfit",
    ]);
    for (const s of is.sections) {
      expect(s.label).not.toBe("");
      expect(s.labelEn).not.toBe("");
      expect(s.total).toBe(s.lines.reduce((t, l) => t + l.amount, 0));
    }
  });

  it("counts 7097 as goods and 709 as production, whatever follows", () => {
    const rebates = incomeStatement([mv("709710", 700, 0), mv("709100", 300, 0)]);
    expect(amountOf(rebates.sections, "salesGoods")).toBe(-700);
    expect(amountOf(rebates.sections, "salesProduction")).toBe(-300);
  });

  it("shows a loss as a negative result, and nothing for no movement", () => {
    expect(incomeStatement([mv("606100", 5000, 0), mv("706000", 0, 3000)]).result).toBe(-2000);
    const empty = incomeStatement([]);
    expect([empty.result, empty.netTurnover, empty.operatingResult]).toEqual([0, 0, 0]);
  });
});

describe("the balance sheet", () => {
  const movements = [
    mv("101000", 0, 1000000),
    mv("106100", 0, 50000),
    mv("164000", 0, 200000),
    mv("205000", 10000, 0),
    mv("218300", 300000, 0),
    mv("281830", 0, 60000),
    mv("370000", 40000, 0),
    mv("411000", 150000, 0, "CDUPONT"),
    mv("411000", 0, 20000, "CMARTIN"), // a customer in credit
    mv("491000", 0, 5000),
    mv("401000", 0, 80000, "FMARTIN"),
    mv("401000", 3000, 0, "FAUTRE"), // a supplier in debit
    mv("445710", 0, 25000),
    mv("445660", 10000, 0),
    mv("512000", 900000, 0),
    mv("512100", 0, 15000), // an overdrawn bank
    mv("706000", 0, 158000),
    mv("607000", 200000, 0),
  ];
  const bs = balanceSheet(movements);

  it("shows fixed assets net of depreciation", () => {
    expect(amountOf(bs.assets, "intangibleAssets")).toBe(10000);
    expect(amountOf(bs.assets, "tangibleAssets")).toBe(240000);
    expect(totalOf(bs.assets, "fixedAssets")).toBe(250000);
  });

  it("shows receivables net of their provisions, stocks and cash", () => {
    expect(amountOf(bs.assets, "stocks")).toBe(40000);
    expect(amountOf(bs.assets, "tradeReceivables")).toBe(145000);
    expect(amountOf(bs.assets, "cash")).toBe(900000);
  });

  it("makes a customer with a credit balance a debt, and a supplier with a debit balance a receivable", () => {
    expect(amountOf(bs.liabilities, "otherDebts")).toBe(20000);
    expect(amountOf(bs.assets, "otherReceivables")).toBe(13000);
    expect(amountOf(bs.liabilities, "tradePayables")).toBe(80000);
  });

  it("makes an overdrawn bank a borrowing", () => {
    expect(amountOf(bs.liabilities, "borrowings")).toBe(215000);
    expect(amountOf(balanceSheet([mv("512000", 0, 700)]).liabilities, "borrowings")).toBe(700);
    expect(amountOf(balanceSheet([mv("512000", 0, 700)]).assets, "cash")).toBe(0);
  });

  it("shows equity with the year's result, here a loss", () => {
    expect(amountOf(bs.liabilities, "capital")).toBe(1000000);
    expect(amountOf(bs.liabilities, "reserves")).toBe(50000);
    expect(bs.result).toBe(-42000);
    expect(amountOf(bs.liabilities, "result")).toBe(-42000);
    expect(totalOf(bs.liabilities, "equity")).toBe(1008000);
    expect(amountOf(bs.liabilities, "taxAndSocial")).toBe(25000);
    expect(totalOf(bs.liabilities, "debts")).toBe(340000);
  });

  it("balances: total assets equal total liabilities", () => {
    expect(bs.totalAssets).toBe(1348000);
    expect(bs.totalLiabilities).toBe(1348000);
  });

  it("agrees with the income statement on the result", () => {
    expect(incomeStatement(movements).result).toBe(bs.result);
  });

  it("presents the PCG sections in order", () => {
    expect(bs.assets.map((s) => s.key)).toEqual(["fixedAssets", "currentAssets"]);
    expect(bs.liabilities.map((s) => s.key)).toEqual(["equity", "provisions", "debts"]);
  });

  it("leaves out class 8 (off-balance-sheet commitments)", () => {
    const withCommitments = balanceSheet([...movements, mv("801000", 12345, 0), mv("809000", 0, 12345)]);
    expect(withCommitments.totalAssets).toBe(bs.totalAssets);
    expect(withCommitments.totalLiabilities).toBe(bs.totalLiabilities);
  });
});

describe("the statements of any balanced ledger (property)", () => {
  /** Account numbers of classes 1 to 7: PCG accounts the rubrics name, and any other. */
  const accountNumber = fc.oneof(
    fc.constantFrom(
      "101000",
      "109000",
      "120000",
      "129000",
      "151000",
      "164000",
      "218300",
      "281830",
      "370000",
      "401000",
      "404000",
      "409100",
      "411000",
      "419100",
      "445660",
      "445710",
      "486000",
      "487000",
      "491000",
      "503000",
      "512000",
      "590000",
      "603700",
      "607000",
      "609700",
      "681100",
      "686000",
      "695000",
      "706000",
      "707000",
      "709000",
      "709700",
      "786000",
      "797000",
    ),
    fc
      .tuple(fc.integer({ min: 1, max: 7 }), fc.integer({ min: 0, max: 99999 }))
      .map(([cls, rest]) => `${cls}${String(rest).padStart(5, "0")}`),
  );
  const amount = fc.integer({ min: 0, max: 1e9 });
  const balancedLedger = fc
    .tuple(fc.array(fc.tuple(accountNumber, amount, amount), { maxLength: 30 }), accountNumber)
    .map(([rows, balancing]) => {
      const movements = rows.map(([account, debit, credit]) => mv(account, debit, credit));
      const gap = movements.reduce((s, m) => s + m.debit - m.credit, 0);
      return [...movements, mv(balancing, gap < 0 ? -gap : 0, gap > 0 ? gap : 0)];
    });

  const sumOfClass = (movements: readonly AccountMovements[], cls: string, sign: 1 | -1) =>
    movements.filter((m) => m.account.startsWith(cls)).reduce((s, m) => s + sign * (m.credit - m.debit), 0);

  it("the balance sheet balances: total assets equal total liabilities", () => {
    fc.assert(
      fc.property(balancedLedger, (movements) => {
        const bs = balanceSheet(movements);
        expect(bs.totalAssets).toBe(bs.totalLiabilities);
      }),
    );
  });

  it("the result is Σ class 7 − Σ class 6, the same in the income statement and the balance sheet", () => {
    fc.assert(
      fc.property(balancedLedger, (movements) => {
        const expected = sumOfClass(movements, "7", 1) - sumOfClass(movements, "6", -1);
        const is = incomeStatement(movements);
        expect(is.result).toBe(expected);
        expect(balanceSheet(movements).result).toBe(expected);
        expect(is.result).toBe(
          is.operatingResult +
            is.financialResult +
            is.exceptionalResult -
            totalOf(is.sections, "taxOnProfit"),
        );
      }),
    );
  });

  it("every section's total is the sum of its lines", () => {
    fc.assert(
      fc.property(balancedLedger, (movements) => {
        const bs = balanceSheet(movements);
        const is = incomeStatement(movements);
        for (const s of [...bs.assets, ...bs.liabilities, ...is.sections])
          expect(s.total).toBe(s.lines.reduce((t, l) => t + l.amount, 0));
        expect(bs.totalAssets).toBe(bs.assets.reduce((t, s) => t + s.total, 0));
      }),
    );
  });

  it("the trial balance's debits equal its credits, and so do its balances", () => {
    fc.assert(
      fc.property(balancedLedger, (movements) => {
        const { totals, rows } = trialBalance(movements);
        expect(totals.debit).toBe(totals.credit);
        expect(totals.balanceDebit).toBe(totals.balanceCredit);
        expect(rows).toHaveLength(movements.length);
        for (const r of rows) expect(r.balanceDebit === 0 || r.balanceCredit === 0).toBe(true);
        for (let i = 1; i < rows.length; i++)
          expect((rows[i - 1]?.account ?? "") <= (rows[i]?.account ?? "")).toBe(true);
      }),
    );
  });
});
