import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { StatementFormatError } from "../model.ts";
import { readStatementFile } from "./index.ts";

/** A broken file is refused whole, with the line or element where it broke. */

const fixture = (path: string): string =>
  readFileSync(new URL(`../../../../../shared/fixtures/bank/${path}`, import.meta.url), "utf8");
const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

const refusal = (run: () => unknown): StatementFormatError => {
  try {
    run();
  } catch (error) {
    if (error instanceof StatementFormatError) return error;
    throw error;
  }
  throw new Error("expected the file to be refused");
};

describe("a broken file is refused with where it broke, and nothing of it is returned", () => {
  it("CAMT: invalid XML names its line", () => {
    const text = fixture("camt053/oca-camt053-v02-abnamro-nl.xml").replace("</Ntry>", "</Nty>");
    const error = refusal(() => readStatementFile(bytes(text)));
    expect(error.code).toBe("bankStatement.malformed");
    expect(error.params).toMatchObject({ format: "camt053", reason: "invalidXml" });
    expect(error.where).toMatch(/^line \d+$/);
  });

  it("CAMT: a bad amount names its element", () => {
    const text = fixture("camt053/oca-camt053-v02-abnamro-nl.xml").replace(">1405.31<", ">14O5.31<");
    const error = refusal(() => readStatementFile(bytes(text)));
    expect(error.where).toBe("Stmt[1]/Ntry[3]/Amt");
    expect(error.params).toMatchObject({ reason: "invalidAmount", value: "14O5.31" });
  });

  it("CAMT: a missing credit/debit indicator names its element", () => {
    const text = fixture("camt053/genkgo-camt053-v02-multi-statement.xml").replace(
      "<CdtDbtInd>DBIT</CdtDbtInd>",
      "<CdtDbtInd>DEBIT</CdtDbtInd>",
    );
    const error = refusal(() => readStatementFile(bytes(text)));
    expect(error.where).toBe("Stmt[2]/Ntry[1]/CdtDbtInd");
  });

  it("CAMT: amounts with a non-zero third decimal are refused, never rounded", () => {
    const text = fixture("camt053/genkgo-camt053-v02-five-decimals.xml").replace(">8.850<", ">8.855<");
    expect(refusal(() => readStatementFile(bytes(text))).params).toMatchObject({ reason: "invalidAmount" });
  });

  it("CAMT: another ISO 20022 message is not a statement", () => {
    const text = fixture("camt053/oca-camt053-v02-abnamro-nl.xml").replace(
      "camt.053.001.02",
      "camt.054.001.02",
    );
    expect(refusal(() => readStatementFile(bytes(text), { format: "camt053" })).params).toMatchObject({
      reason: "notCamt053",
    });
  });

  it("CAMT: entities declared in a DOCTYPE are not expanded (no entity bomb): the file is refused", () => {
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>' +
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Id>&b;</Id></Stmt></BkToCstmrStmt></Document>';
    expect(refusal(() => readStatementFile(bytes(bomb))).params).toMatchObject({ reason: "invalidXml" });
  });

  it("OFX: a truncated file names the element left open", () => {
    const text = fixture("ofx/oca-ofx211-xml-fr-bankid.ofx");
    const error = refusal(() => readStatementFile(bytes(text.slice(0, text.indexOf("<LEDGERBAL>")))));
    expect(error.params).toMatchObject({ reason: "unclosedElement", tag: "STMTRS" });
  });

  it("OFX: a closing tag nothing opened names its line", () => {
    const text = fixture("ofx/ofxparse-ofx102-sgml-checking.ofx").replace("</STMTTRN>", "</STMTTRX>");
    const error = refusal(() => readStatementFile(bytes(text)));
    expect(error.where).toBe("line 53");
    expect(error.params).toMatchObject({ reason: "unexpectedClosingTag", tag: "STMTTRX" });
  });

  it("OFX: a bad amount or date names the transaction's line", () => {
    const amount = fixture("ofx/ofxparse-ofx102-sgml-checking.ofx").replace(
      "<TRNAMT>-34.51",
      "<TRNAMT>-34.5.1",
    );
    expect(refusal(() => readStatementFile(bytes(amount))).where).toBe("line 57 (STMTTRN/TRNAMT)");
    const date = fixture("ofx/ofxparse-ofx102-sgml-checking.ofx").replace("20110405120000", "20110435120000");
    expect(refusal(() => readStatementFile(bytes(date))).params).toMatchObject({ reason: "invalidDate" });
  });

  it("MT940: a malformed :61: names its line", () => {
    const text = fixture("mt940/mt940-sepa-structured-86-de.sta").replace(
      ":61:0709070904CR154551,93",
      ":61:0709070904XR154551,93",
    );
    const error = refusal(() => readStatementFile(bytes(text)));
    expect(error.where).toBe("line 10");
    expect(error.params).toMatchObject({ format: "mt940", reason: "invalidLine" });
  });

  it("MT940: a statement without its closing balance is refused", () => {
    const text = fixture("mt940/mt940-ing-nl.sta").replace(":62F:C100723EUR3,47", "");
    expect(refusal(() => readStatementFile(bytes(text))).params).toMatchObject({
      reason: "missingClosingBalance",
    });
  });

  it("CFONB 120: a bad sign letter, an unknown record, a missing 07 each name their line", () => {
    const text = fixture("cfonb120/pennylane-cfonb120-example.txt");
    const badSign = text.replace("0000000000000000000322J", "0000000000000000000322X");
    expect(refusal(() => readStatementFile(bytes(badSign))).where).toBe("line 3");
    const unknown = text.replace(
      "0415589916200000EUR2 98765432100B1160519  160519VIR",
      "0915589916200000EUR2 98765432100B1160519  160519VIR",
    );
    expect(refusal(() => readStatementFile(bytes(unknown), { format: "cfonb120" })).params).toMatchObject({
      reason: "unknownRecord",
      code: "09",
    });
    const lines = text.split("\n");
    const noClose = lines.filter((l) => !l.startsWith("0718706")).join("\n");
    expect(refusal(() => readStatementFile(bytes(noClose))).params).toMatchObject({
      reason: "missingClosingBalance",
    });
  });

  it("QIF: a date that is no day names its line", () => {
    const text = fixture("qif/oca-test.qif").replace("D8/15/13", "D8/35/13");
    const error = refusal(() => readStatementFile(bytes(text)));
    expect(error.where).toBe("line 6");
  });

  it("CSV: a bad amount names its line and column", () => {
    const text = fixture("csv/oca-fr-style-metadata-debit-credit.csv").replace('"-80,68"', '"-80,6x"');
    const error = refusal(() =>
      readStatementFile(bytes(text), {
        csv: {
          date: "Date",
          label: "Label",
          debit: "Debit",
          credit: "Credit",
          dateOrder: "dmy",
          decimal: ",",
        },
      }),
    );
    expect(error.where).toBe("line 8");
    expect(error.params).toMatchObject({ reason: "invalidAmount", column: "Debit", value: "-80,6x" });
  });

  it("an unknown format is refused as such", () => {
    const error = refusal(() => readStatementFile(bytes("hello\nworld\n")));
    expect(error.params).toMatchObject({ format: "unknown", reason: "unknownFormat" });
  });
});
