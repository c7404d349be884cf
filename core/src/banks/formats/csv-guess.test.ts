import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseBankCsv } from "./csv.ts";
import { suggestCsvMapping } from "./csv-guess.ts";

describe("a first mapping for an unmapped bank CSV", () => {
  it("given the French-style fixture, then its header, debit/credit columns, date order, decimals and balance rows", () => {
    const text = readFileSync(
      new URL(
        "../../../../../shared/fixtures/bank/csv/oca-fr-style-metadata-debit-credit.csv",
        import.meta.url,
      ),
      "utf8",
    );
    const mapping = suggestCsvMapping(text);
    expect(mapping).toEqual({
      delimiter: ",",
      headerLine: 5,
      date: "Date",
      label: ["Label", "Detail"],
      debit: "Debit",
      credit: "Credit",
      reference: "Operation Number",
      dateOrder: "dmy",
      decimal: ",",
      openingBalanceLabel: "Balance at start of period",
      closingBalanceLabel: "Balance at end of period",
    });
    const s = mapping && parseBankCsv(text, mapping);
    expect(s?.lines.map((l) => l.amount)).toEqual([-5000, -10000, -8068, 130000]);
    expect([s?.opening?.amount, s?.closing?.amount]).toEqual([3000077, 3107011]);
  });

  it("given a French bank's export with accents, a currency in the header and a signed amount", () => {
    const text =
      "Compte courant n° 12345678901\nSolde au 31/01/2026;;;1 520,30\n\nDate opération;Date de valeur;Libellé;Montant (EUR)\n" +
      "02/01/2026;03/01/2026;PRLV SEPA EDF;-56,78\n15/01/2026;15/01/2026;VIR ACME;1 234,56\n";
    expect(suggestCsvMapping(text)).toEqual({
      delimiter: ";",
      headerLine: 4,
      date: "Date opération",
      valueDate: "Date de valeur",
      label: "Libellé",
      amount: "Montant (EUR)",
      dateOrder: "dmy",
      decimal: ",",
    });
  });

  it("given US dates and dot decimals, then month first and a dot", () => {
    const text = "Transaction Date,Description,Amount\n01/25/2026,Coffee,-3.50\n02/02/2026,Refund,12.00\n";
    expect(suggestCsvMapping(text)).toMatchObject({
      delimiter: ",",
      dateOrder: "mdy",
      decimal: ".",
      amount: "Amount",
    });
  });

  it("given no line that looks like a header, then no suggestion", () => {
    expect(suggestCsvMapping("a;b;c\n1;2;3\n")).toBeUndefined();
  });
});
