import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkBalances, lineIdentities, newStatementLines } from "../import.ts";
import type { ParsedStatementFile } from "../model.ts";
import { type BankCsvMapping, readStatementFile } from "./index.ts";

/**
 * Every public test file of ../shared/fixtures/bank read to the lines and balances its README states
 * (checked there by hand), and the files whose balances do not add up give a warning with the gap.
 */

const read = (path: string, options: Parameters<typeof readStatementFile>[1] = {}): ParsedStatementFile =>
  readStatementFile(
    new Uint8Array(readFileSync(new URL(`../../../../../shared/fixtures/bank/${path}`, import.meta.url))),
    options,
  );

type Expected = {
  file: string;
  format: string;
  statements: {
    account: Record<string, string>;
    opening?: number;
    closing?: number;
    amounts: number[];
  }[];
  /** The gap (closing − (opening + Σ lines)) of each statement that does not add up. */
  gaps: Record<number, number>;
  notices?: string[];
};

const cases: Expected[] = [
  {
    file: "camt053/oca-camt053-v02-abnamro-nl.xml",
    format: "camt053",
    // 3 entries, the second a batch of 2 transaction details: 4 lines.
    statements: [
      {
        account: { iban: "NL77ABNA0574908765", currency: "EUR" },
        opening: 1556827,
        closing: 1512112,
        amounts: [-75425, -56405, -10000, 140531],
      },
    ],
    gaps: { 1: 1512112 - (1556827 - 1299) },
  },
  {
    file: "camt053/oca-camt053-v04-txdtls-ch.xml",
    format: "camt053",
    statements: [
      {
        account: { iban: "CH1111000000123456789", currency: "CHF" },
        opening: 7596015,
        closing: 7944315,
        amounts: [218700, 129600],
      },
    ],
    gaps: {},
  },
  {
    file: "camt053/genkgo-camt053-v02-multi-statement.xml",
    format: "camt053",
    statements: [
      { account: { iban: "NL26VAYB8060476890" }, opening: 1815, closing: 2700, amounts: [885] },
      { account: { iban: "NL26VAYB8060476890" }, opening: 2700, closing: 2000, amounts: [-700] },
    ],
    gaps: {},
  },
  {
    file: "camt053/genkgo-camt053-v02-five-decimals.xml",
    format: "camt053",
    statements: [{ account: { iban: "NL26VAYB8060476890" }, opening: 1815, closing: 2705, amounts: [885] }],
    gaps: { 1: 5 },
  },
  {
    file: "camt053/genkgo-camt053-v08.xml",
    format: "camt053",
    // OPAV/CLAV are left aside; the closing booked balance is in SEK, the statement in EUR (its entries):
    // said, and not read as euros — no balance check then, rather than a gap of 54.00 that is not one.
    statements: [
      { account: { number: "NL26VAYB8060476890", currency: "EUR" }, opening: 1815, amounts: [885] },
    ],
    gaps: {},
    notices: ["bankStatement.closingBalanceOtherCurrency"],
  },
  {
    file: "ofx/oca-ofx211-xml-fr-bankid.ofx",
    format: "ofx",
    statements: [
      {
        account: { number: "12345678901", bankCode: "30001", branchCode: "00794", currency: "USD" },
        closing: 215656,
        amounts: [-8000, -9000, -10000, -9000],
      },
    ],
    gaps: {},
    notices: ["bankStatement.creditCardSkipped"],
  },
  {
    file: "ofx/ofxparse-ofx102-sgml-checking.ofx",
    format: "ofx",
    statements: [
      { account: { number: "1452687~7", currency: "USD" }, closing: 10099, amounts: [1, -3451, -2500] },
    ],
    gaps: {},
  },
  {
    file: "ofx/ofxparse-ofx102-sgml-oneline-tz.ofx",
    format: "ofx",
    statements: [
      {
        account: { number: "12300000012345678", currency: "CAD" },
        closing: 38234,
        amounts: [-660, -31667, -2200],
      },
    ],
    gaps: {},
  },
  {
    file: "mt940/mt940-ing-nl.sta",
    format: "mt940",
    statements: [
      {
        account: { number: "0001234567", currency: "EUR" },
        opening: 0,
        closing: 347,
        amounts: [-2503, -303, -111, -2000, -110, 368, 100],
      },
    ],
    gaps: { 1: 347 + 4559 },
  },
  {
    file: "mt940/mt940-sepa-structured-86-de.sta",
    format: "mt940",
    statements: [
      {
        account: { number: "50880050/0194787400888" },
        opening: 76665649,
        closing: 112525040,
        amounts: [5099005, 15455193, 15455193, -150000],
      },
      {
        account: { number: "50880050/0194791600888" },
        opening: -197043187,
        closing: -447204909,
        amounts: [-8, 33533, 1500000, 1500005, 12500488, 91531155, -357256903],
      },
    ],
    gaps: { 2: 30008 },
  },
  {
    file: "cfonb120/pennylane-cfonb120-example.txt",
    format: "cfonb120",
    statements: [
      {
        account: { number: "98765432100", bankCode: "15589", currency: "EUR" },
        opening: -19040,
        closing: -24121,
        amounts: [-3221, -1070, -790],
      },
      {
        account: { number: "00123456789", bankCode: "18706", currency: "EUR" },
        opening: -24121,
        closing: -16372,
        amounts: [9749, -1210, -790],
      },
    ],
    gaps: {},
  },
  {
    file: "qif/oca-test.qif",
    format: "qif",
    statements: [{ account: {}, amounts: [-100000, -7546, -37900, -2028, -42135] }],
    gaps: {},
  },
];

describe.each(cases)("the fixture $file", ({ file, format, statements, gaps, notices }) => {
  const parsed = read(file);

  it(`is read as ${format}, every statement with its account, balances and lines`, () => {
    expect(parsed.format).toBe(format);
    expect(parsed.statements).toHaveLength(statements.length);
    statements.forEach((expected, i) => {
      const s = parsed.statements[i];
      expect(s?.account).toMatchObject(expected.account);
      expect(s?.opening?.amount).toBe(expected.opening);
      expect(s?.closing?.amount).toBe(expected.closing);
      expect(s?.lines.map((l) => l.amount)).toEqual(expected.amounts);
      for (const line of s?.lines ?? []) {
        expect(line.bookingDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(Number.isSafeInteger(line.amount)).toBe(true);
        expect(line.label).not.toBe("");
      }
    });
    expect(parsed.notices.map((n) => n.code)).toEqual(notices ?? []);
  });

  it("gives each line its own identity, and adds nothing when imported again", () => {
    for (const s of parsed.statements) {
      const identities = lineIdentities(s.lines);
      expect(new Set(identities).size).toBe(s.lines.length);
      expect(newStatementLines(new Set(identities), s.lines)).toEqual({
        added: [],
        alreadyImported: s.lines.length,
      });
    }
  });

  it("gives a balance warning, with its figures, exactly for the statements that do not add up", () => {
    const warnings = checkBalances(parsed.statements).filter((w) => w.code === "bankStatement.balanceGap");
    expect(Object.fromEntries(warnings.map((w) => [w.statement, w.gap]))).toEqual(gaps);
  });
});

describe("what the fixtures say beyond amounts", () => {
  it("CAMT: a batch split into its details keeps each detail's counterparty, reference and place", () => {
    const [line1, line2] = read("camt053/oca-camt053-v04-txdtls-ch.xml").statements[0]?.lines ?? [];
    expect(line1).toMatchObject({
      bookingDate: "2017-03-22",
      valueDate: "2017-03-23",
      creditorReference: "302388292000011111111111111",
      counterparty: { name: "Banque Cantonale Vaudoise", iban: "CH2222000000123456789" },
      bankId: "20170323001234567891234567891234/1",
      batch: { index: 1, count: 2 },
    });
    expect(line2?.bankId).toBe("20170323001234567891234567891234/2");
    expect(line1?.label).toContain("CRÉDIT GROUPÉ BVR");
  });

  it("CAMT: without the entry's id, split details keep their own ids only when they differ", () => {
    const path = new URL(
      "../../../../../shared/fixtures/bank/camt053/oca-camt053-v04-txdtls-ch.xml",
      import.meta.url,
    );
    const text = readFileSync(path, "utf8")
      .replace("<AcctSvcrRef>20170323001234567891234567891234</AcctSvcrRef>", "")
      .replace("<NtryRef>012345678</NtryRef>", "");
    const ids = (xml: string) =>
      readStatementFile(new TextEncoder().encode(xml)).statements[0]?.lines.map((l) => l.bankId);
    expect(ids(text)).toEqual([undefined, undefined]);
    const distinct = text.replace(
      "<AcctSvcrRef>123456CHCAFEBABE</AcctSvcrRef>",
      "<AcctSvcrRef>123456CHCAFEBABE-1</AcctSvcrRef>",
    );
    expect(ids(distinct)).toEqual(["123456CHCAFEBABE-1", "123456CHCAFEBABE"]);
  });

  it("CAMT: the counterparty of a debit is the creditor, its label the remittance information", () => {
    const line = read("camt053/oca-camt053-v02-abnamro-nl.xml").statements[0]?.lines[0];
    expect(line).toMatchObject({
      label: "Insurance policy 857239PERIOD 01.01.2014 - 31.12.2014",
      reference: "435005714488-ABNO33052620",
      counterparty: { name: "INSURANCE COMPANY TESTX", iban: "NL46ABNA0499998748" },
    });
  });

  it("CAMT: a balance in another currency than the statement's is said, with where and which", () => {
    const v08 = read("camt053/genkgo-camt053-v08.xml");
    expect(v08.notices).toEqual([
      {
        code: "bankStatement.closingBalanceOtherCurrency",
        params: { where: "Stmt[1]/Bal[2]", currency: "SEK", expected: "EUR" },
      },
    ]);
    // An opening in USD in a statement whose entries are in CHF.
    const path = new URL(
      "../../../../../shared/fixtures/bank/camt053/oca-camt053-v04-txdtls-ch.xml",
      import.meta.url,
    );
    const usd = readFileSync(path, "utf8").replace(
      '<Amt Ccy="CHF">75960.15</Amt>',
      '<Amt Ccy="USD">75960.15</Amt>',
    );
    const parsed = readStatementFile(new TextEncoder().encode(usd));
    expect(parsed.statements[0]?.opening).toBeUndefined();
    expect(parsed.statements[0]?.closing?.amount).toBe(7944315);
    expect(parsed.notices).toEqual([
      {
        code: "bankStatement.openingBalanceOtherCurrency",
        params: { where: "Stmt[1]/Bal[1]", currency: "USD", expected: "CHF" },
      },
    ]);
  });

  it("CAMT: the statement's period is its FrToDt's days, none when it has none", () => {
    const [first, second] = read("camt053/genkgo-camt053-v02-multi-statement.xml").statements;
    expect([first?.from, first?.to]).toEqual(["2007-10-18", "2007-10-18"]);
    expect([second?.from, second?.to]).toEqual([undefined, undefined]);
  });

  it("CAMT v08: a booking date given as a date-time keeps its date", () => {
    const line = read("camt053/genkgo-camt053-v08.xml").statements[0]?.lines[0];
    expect(line).toMatchObject({
      bookingDate: "2014-12-31",
      valueDate: "2015-01-02",
      bankId: "AAAASESS-FP-CN_98765/01",
    });
  });

  it("OFX: FITID is the line's bank id, NAME its label and MEMO a detail, dates in the bank's calendar", () => {
    const lines = read("ofx/ofxparse-ofx102-sgml-oneline-tz.ofx").statements[0]?.lines ?? [];
    expect(lines[0]).toMatchObject({
      bookingDate: "2009-04-01",
      bankId: "0000123456782009040100001",
      label: "MCDONALD'S #112",
      details: ["POS MERCHANDISE;MCDONALD'S #112"],
    });
  });

  it("MT940: wrapped :86: subfields give the SEPA remittance, end-to-end id, name and IBAN", () => {
    const line = read("mt940/mt940-sepa-structured-86-de.sta").statements[0]?.lines[1];
    expect(line).toMatchObject({
      bookingDate: "2007-09-04",
      valueDate: "2007-09-07",
      label: "Strukturierter Verwendungszweck 30030004 DE",
      reference: "TFNR 0300300004",
      bankId: "0724710324647450",
      counterparty: { name: "Quentin Quast", iban: "DE03508800500194791600", bic: "DRESDEFF508" },
    });
  });

  it("MT940: an :86: after the closing balance is not taken into the last line", () => {
    const lines = read("mt940/mt940-ing-nl.sta").statements[0]?.lines ?? [];
    expect(lines.at(-1)?.label).toBe(
      "0111111111 Hr S Marechal ROSMALEN Hr S Marechal ROSMALEN Betaling transactiedatum: 22-07-2010",
    );
  });

  it("CFONB 120: the 05 records complete the 04 before them; blank lines are skipped", () => {
    const [first, second] = read("cfonb120/pennylane-cfonb120-example.txt").statements[0]?.lines ?? [];
    expect(first).toMatchObject({
      bookingDate: "2019-05-16",
      label: "PRLV SEPA TEST CABINET",
      reference: "REFERENCE",
      counterparty: { name: "INTERNET SFR" },
    });
    expect(first?.details).toContain("MENSUEAUHTR13133");
    expect(first?.details).toContain("OTHER REFERENCE PURPOSE");
    expect(second).toMatchObject({ label: "VIR SEPA DEMONSTRATION", counterparty: { name: "ELEC ERDF" } });
  });

  it("QIF: US dates are recognised as month first from the file itself", () => {
    const lines = read("qif/oca-test.qif").statements[0]?.lines ?? [];
    expect(lines.map((l) => l.bookingDate)).toEqual([
      "2013-08-12",
      "2013-08-15",
      "2013-03-03",
      "2013-03-04",
      "2013-03-03",
    ]);
  });

  it("CSV: the French-style export reads through its mapping, start balance after the table, 0.02 gap shown", () => {
    const mapping: BankCsvMapping = {
      date: "Date",
      label: ["Label", "Detail"],
      debit: "Debit",
      credit: "Credit",
      reference: "Operation Number",
      dateOrder: "dmy",
      decimal: ",",
      openingBalanceLabel: "Balance at start of period",
      closingBalanceLabel: "Balance at end of period",
    };
    const parsed = read("csv/oca-fr-style-metadata-debit-credit.csv", { csv: mapping });
    const s = parsed.statements[0];
    expect(s?.opening?.amount).toBe(3000077);
    expect(s?.closing?.amount).toBe(3107011);
    expect(s?.lines.map((l) => [l.bookingDate, l.amount, l.label, l.reference])).toEqual([
      ["2020-04-01", -5000, "LABEL 1", "UNIQUE OP 1"],
      ["2020-04-01", -10000, "LABEL 2", "UNIQUE OP 2"],
      ["2020-04-02", -8068, "LABEL 3", "UNIQUE OP 3"],
      ["2020-04-02", 130000, "LABEL 4", "UNIQUE OP 4"],
    ]);
    expect(checkBalances(parsed.statements)).toEqual([
      {
        code: "bankStatement.balanceGap",
        statement: 1,
        opening: 3000077,
        movements: 106932,
        expectedClosing: 3107009,
        closing: 3107011,
        gap: 2,
      },
    ]);
  });
});
