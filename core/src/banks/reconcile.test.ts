import { describe, expect, it } from "vitest";
import { deciderSpecification } from "../testing/decider-specification.ts";
import { expectRefused, refusedOnField } from "../testing/refusals.ts";
import { suggestionDeclinesDecider } from "./declines.ts";
import { includedVat, lineEntry } from "./line-entry.ts";
import { reconciliationStatement } from "./reconciliation-statement.ts";

const spec = deciderSpecification(suggestionDeclinesDecider);
const declined = (no: number, key: string) => ({ type: "SuggestionDeclined" as const, data: { no, key } });

describe("declined suggestions of a statement", () => {
  it("given nothing declined, when a suggestion is declined, then it is remembered for that line", () => {
    spec
      .given([])
      .when({ type: "DeclineSuggestion", data: { no: 3, key: "invoice:abc" } })
      .then([declined(3, "invoice:abc")]);
    const state = [declined(3, "invoice:abc"), declined(4, "payment:p")].reduce(
      suggestionDeclinesDecider.evolve,
      suggestionDeclinesDecider.initialState(),
    );
    expect(state.declined).toEqual({ 3: ["invoice:abc"], 4: ["payment:p"] });
  });

  it("given a declined suggestion, when declined again, then nothing; when restored, then offered again", () => {
    spec
      .given([declined(3, "invoice:abc")])
      .when({ type: "DeclineSuggestion", data: { no: 3, key: "invoice:abc" } })
      .then([]);
    spec
      .given([declined(3, "invoice:abc")])
      .when({ type: "RestoreSuggestion", data: { no: 3, key: "invoice:abc" } })
      .then([{ type: "SuggestionRestored", data: { no: 3, key: "invoice:abc" } }]);
    spec
      .given([])
      .when({ type: "RestoreSuggestion", data: { no: 3, key: "invoice:abc" } })
      .then([]);
  });

  it("when a key is not a suggestion's, then refused on its field", () => {
    expectRefused(
      () =>
        suggestionDeclinesDecider.decide(
          { type: "DeclineSuggestion", data: { no: 1, key: "drop table" } },
          suggestionDeclinesDecider.initialState(),
        ),
      refusedOnField("suggestion.invalidKey", "key"),
    );
  });
});

const vatAccounts = {
  collected: { "20": "445710", "10": "445711", "5.5": "445712", "2.1": "445713" },
  deductible: "445660",
} as const;
const bank = { account: "512001", journal: "BQ1" };

describe("an entry made from a statement line", () => {
  it("given bank fees of 12.00 with 20 % VAT, then 512 credited, 627 and deductible VAT debited", () => {
    const entry = lineEntry({
      line: { date: "2026-03-05", amount: -1200, label: "FRAIS TENUE DE COMPTE" },
      bank,
      booking: { account: "627000", vatRate: "20" },
      vatAccounts,
    });
    expect(entry).toMatchObject({ journal: "BQ1", date: "2026-03-05", label: "FRAIS TENUE DE COMPTE" });
    expect(entry.lines.map((l) => [l.account, l.debit, l.credit])).toEqual([
      ["512001", 0, 1200],
      ["627000", 1000, 0],
      ["445660", 200, 0],
    ]);
  });

  it("given money in booked to a customer, then 512 debited, 411 + auxiliary credited, no VAT", () => {
    const entry = lineEntry({
      line: { date: "2026-03-05", amount: 50_000, label: "VIR DUPONT" },
      bank,
      booking: { account: "411000", auxiliary: "CDUPONT", vatRate: "20", label: "Acompte Dupont" },
      vatAccounts,
    });
    expect(entry.lines.map((l) => [l.account, l.auxiliary, l.debit, l.credit])).toEqual([
      ["512001", null, 50_000, 0],
      ["411000", "CDUPONT", 0, 50_000],
    ]);
    expect(entry.label).toBe("Acompte Dupont");
  });

  it("given money in at 5.5 %, then collected VAT at that rate, the entry balanced to the cent", () => {
    const entry = lineEntry({
      line: { date: "2026-03-05", amount: 1001, label: "VENTE COMPTOIR" },
      bank,
      booking: { account: "707000", vatRate: "5.5" },
      vatAccounts,
    });
    const debit = entry.lines.reduce((s, l) => s + l.debit, 0);
    const credit = entry.lines.reduce((s, l) => s + l.credit, 0);
    expect(debit).toBe(credit);
    // Its label written the French way: « TVA 5,5 % », never « TVA 5.5 % ».
    expect(entry.lines[2]).toMatchObject({
      account: "445712",
      credit: includedVat(1001, 55),
      label: "TVA 5,5\u00a0%",
    });
    // Coded for the VAT return: the base on the sale, the tax with its base on 445712.
    expect(entry.lines[1]?.vat).toEqual({ rate: "5.5", kind: "goods", regime: "domestic" });
    expect(entry.lines[2]?.vat).toEqual({
      rate: "5.5",
      kind: "goods",
      regime: "domestic",
      base: 1001 - includedVat(1001, 55),
    });
    expect(includedVat(1001, 55)).toBe(52);
    expect(includedVat(-1200, 200)).toBe(-200);
  });

  it("when the line's amount is zero, then refused", () => {
    expectRefused(
      () =>
        lineEntry({
          line: { date: "2026-03-05", amount: 0, label: "X" },
          bank,
          booking: { account: "627000" },
          vatAccounts,
        }),
      refusedOnField("statementLine.zeroAmount", "amount"),
    );
  });
});

describe("the reconciliation statement", () => {
  it("given a cheque not yet cashed and bank fees not yet booked, then the bank balance is explained", () => {
    const statement = reconciliationStatement({
      date: "2026-03-31",
      bookBalance: 100_000,
      bankBalance: 114_800,
      unmatchedBook: [
        { mvt: "m", line: 1, date: "2026-03-30", number: "BQ1-12", label: "Chèque 123", amount: -15_000 },
      ],
      unmatchedLines: [{ statementId: "s", no: 7, date: "2026-03-28", label: "FRAIS", amount: -200 }],
    });
    expect(statement).toMatchObject({
      unmatchedBookTotal: -15_000,
      unmatchedLinesTotal: -200,
      explainedBankBalance: 114_800,
      difference: 0,
    });
  });

  it("given no statement yet, then no difference is claimed", () => {
    const statement = reconciliationStatement({
      date: "2026-03-31",
      bookBalance: 500,
      bankBalance: null,
      unmatchedBook: [],
      unmatchedLines: [],
    });
    expect(statement.difference).toBeNull();
    expect(statement.explainedBankBalance).toBe(500);
  });
});
