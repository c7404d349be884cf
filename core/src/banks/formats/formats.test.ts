import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  centsText,
  cfonbAmount,
  decimalToCents,
  decodeStatementBytes,
  detectStatementFormat,
  groupedToCents,
  parseBankCsv,
  parseMt940,
  parseQif,
  readStatementFile,
} from "./index.ts";

const latin1 = (text: string): Uint8Array => Uint8Array.from([...text].map((c) => c.charCodeAt(0)));

describe("amounts are read exactly, never through a float", () => {
  it("decimal strings become cents; zeros beyond the cent are accepted, anything else refused", () => {
    expect(decimalToCents("18.150")).toBe(1815);
    expect(decimalToCents("0.1")).toBe(10);
    expect(decimalToCents("-0.07")).toBe(-7);
    expect(decimalToCents("15000,", ",")).toBe(1500000);
    expect(decimalToCents("1125250,4", ",")).toBe(112525040);
    expect(decimalToCents("8.855")).toBeUndefined();
    expect(decimalToCents("1e3")).toBeUndefined();
    expect(decimalToCents("")).toBeUndefined();
    expect(decimalToCents("99999999999999999")).toBeUndefined();
  });

  it("grouped amounts as exports write them", () => {
    expect(groupedToCents("1 234,56", ",")).toBe(123456);
    expect(groupedToCents("1\u202f234,56", ",")).toBe(123456);
    expect(groupedToCents("-1.234,56", ",")).toBe(-123456);
    expect(groupedToCents("+31070,11", ",")).toBe(3107011);
    expect(groupedToCents("12,50-", ",")).toBe(-1250);
    expect(groupedToCents("-1,000.00", ".")).toBe(-100000);
    expect(groupedToCents("(75.46)", ".")).toBe(-7546);
    expect(groupedToCents("12.50", ",")).toBeUndefined();
    expect(groupedToCents("-12,50-", ",")).toBeUndefined();
  });

  it("property: any cents written with either separator reads back the same", () => {
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 13), max: 10 ** 13 }), (value) => {
        const text = centsText(value);
        expect(decimalToCents(text)).toBe(value);
        expect(decimalToCents(text.replace(".", ","), ",")).toBe(value);
      }),
    );
  });

  it("CFONB sign letters: { A–I positive, } J–R negative, at the decimals the record says", () => {
    const positive = "{ABCDEFGHI";
    const negative = "}JKLMNOPQR";
    for (let digit = 0; digit <= 9; digit++) {
      expect(cfonbAmount(`0000000000012${positive[digit]}`, 2)).toBe(120 + digit);
      expect(cfonbAmount(`0000000000012${negative[digit]}`, 2)).toBe(-(120 + digit));
    }
    expect(cfonbAmount("0000000000012{", 0)).toBe(12000);
    expect(cfonbAmount("0000000000012{", 3)).toBe(12);
    expect(cfonbAmount("0000000000012A", 3)).toBeUndefined();
    expect(cfonbAmount("0000000000012X", 2)).toBeUndefined();
  });
});

describe("texts of a received statement", () => {
  it("are cleaned before anyone reads them: controls, a DOS end-of-file, bidirectional overrides dropped", () => {
    const ofx =
      "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR" +
      "<BANKACCTFROM><BANKID>30004<BRANCHID>00001<ACCTID>00012345678<ACCTTYPE>CHECKING</BANKACCTFROM>" +
      "<BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260105<TRNAMT>-12,50<FITID>A1<NAME>\u0007Caf\u00e9 \u001acr\u00e8me" +
      "<MEMO>\u202eMEMO\u202c</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>";
    const line = readStatementFile(latin1(ofx)).statements[0]?.lines[0];
    expect(line).toMatchObject({ label: "Café crème", amount: -1250, bankId: "A1" });
    expect(JSON.stringify(line)).not.toMatch(/\\u(00[01]|202)/);
    const csv = 'Date;Libellé;Montant\r\n05/01/2026;"Prélèvement\r\nSOCIÉTÉ\u0000";-12,50\r\n';
    const parsed = readStatementFile(new TextEncoder().encode(csv), {
      csv: { date: "Date", label: "Libellé", amount: "Montant", dateOrder: "dmy", decimal: "," },
    });
    expect(parsed.statements[0]?.lines[0]).toMatchObject({ label: "Prélèvement SOCIÉTÉ", amount: -1250 });
  });
});

describe("encodings", () => {
  it("UTF-8 is read as such, with or without a byte order mark", () => {
    const utf8 = new TextEncoder().encode("Libellé €");
    expect(decodeStatementBytes(utf8)).toEqual({ text: "Libellé €", encoding: "utf-8" });
    expect(decodeStatementBytes(Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8])).text).toBe("Libellé €");
  });

  it("an OFX SGML file in CP1252 reads its accents and euro sign", () => {
    const ofx =
      "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR" +
      "<BANKACCTFROM><BANKID>30004<BRANCHID>00001<ACCTID>00012345678<ACCTTYPE>CHECKING</BANKACCTFROM>" +
      "<BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260105<TRNAMT>-12,50<FITID>A1<NAME>Caf\u00e9 cr\u00e8me \u0080" +
      "</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>";
    const parsed = readStatementFile(latin1(ofx));
    expect(parsed.encoding).toBe("windows-1252");
    expect(parsed.statements[0]?.lines[0]).toMatchObject({
      label: "Café crème €",
      amount: -1250,
      bankId: "A1",
    });
  });

  it("ISO-8859-1 declared by an XML prolog is honoured; an encoding the caller gives wins", () => {
    const xml = '<?xml version="1.0" encoding="ISO-8859-1"?>\n<a>\u00e9\u00a4</a>';
    expect(decodeStatementBytes(latin1(xml))).toMatchObject({
      encoding: "iso-8859-1",
      text: expect.stringContaining("é¤"),
    });
    expect(decodeStatementBytes(latin1("\u00e9\u00a4"), "iso-8859-15").text).toBe("é€");
    expect(decodeStatementBytes(latin1("\u0080"), "windows-1252").text).toBe("€");
  });

  it("a French bank's CSV in Windows-1252 reads its accented headers and labels", () => {
    const csv =
      "Date;Libell\u00e9;D\u00e9bit;Cr\u00e9dit\r\n05/01/2026;Pr\u00e9l\u00e8vement \u0080 SOCI\u00c9T\u00c9;12,50;\r\n";
    const parsed = readStatementFile(latin1(csv), {
      csv: {
        date: "Date",
        label: "Libellé",
        debit: "Débit",
        credit: "Crédit",
        dateOrder: "dmy",
        decimal: ",",
      },
    });
    expect(parsed.encoding).toBe("windows-1252");
    expect(parsed.statements[0]?.lines[0]).toMatchObject({ label: "Prélèvement € SOCIÉTÉ", amount: -1250 });
  });

  it("UTF-16 with its byte order mark (Excel's Unicode text) is read", () => {
    const text = "Date\tLibellé\tMontant\r\n05/01/2026\tCafé\t-3,50\r\n";
    const utf16 = Uint8Array.from([
      0xff,
      0xfe,
      ...[...text].flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8]),
    ]);
    const parsed = readStatementFile(utf16, {
      csv: {
        delimiter: "\t",
        date: "Date",
        label: "Libellé",
        amount: "Montant",
        dateOrder: "dmy",
        decimal: ",",
      },
    });
    expect(parsed.encoding).toBe("utf-16le");
    expect(parsed.statements[0]?.lines[0]).toMatchObject({ label: "Café", amount: -350 });
  });

  it("a file declared UTF-8 with a BOM whose bytes are not UTF-8 is refused", () => {
    expect(() =>
      decodeStatementBytes(
        Uint8Array.from([0xef, 0xbb, 0xbf, 0x3c, 0x3f, 0x78, 0x6d, 0x6c, 0x20, 0xe9]),
        "utf-8",
      ),
    ).toThrow(/notUtf8/);
  });
});

describe("format details", () => {
  it("detects each format from its content", () => {
    expect(
      detectStatementFormat(
        '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">',
      ),
    ).toBe("camt053");
    expect(detectStatementFormat("OFXHEADER:100\nDATA:OFXSGML")).toBe("ofx");
    expect(detectStatementFormat("!Type:Bank\nD01/02/2026")).toBe("qif");
    expect(detectStatementFormat("{1:F01}\n:20:REF\n:25:X")).toBe("mt940");
    expect(
      detectStatementFormat(`0115589    00000EUR2 98765432100  150519${" ".repeat(50)}0000000001904}`),
    ).toBe("cfonb120");
    expect(detectStatementFormat("Date;Libellé;Montant")).toBeUndefined();
  });

  it("MT940: reversals change the sign, a booking date in January after a December value date is next year", () => {
    const text = [
      ":20:X",
      ":25:FR7630004000031234567890143",
      ":60F:C251231EUR100,00",
      ":61:2512310102RC10,00NTRFNONREF//B1",
      ":86:Retour",
      ":61:251231RD5,NTRFNONREF//B2",
      ":62F:C260102EUR95,00",
      "-",
    ].join("\r\n");
    const [s] = parseMt940(text);
    expect(s?.account).toEqual({ iban: "FR7630004000031234567890143", currency: "EUR" });
    expect(s?.lines.map((l) => [l.bookingDate, l.valueDate, l.amount, l.bankId])).toEqual([
      ["2026-01-02", "2025-12-31", -1000, "B1"],
      ["2025-12-31", "2025-12-31", 500, "B2"],
    ]);
  });

  it("CSV: one signed column, DD/MM/YYYY dates, French amounts, header found by its names", () => {
    const text =
      "Compte;FR76 3000 4000 0312 3456 7890 143\n\nDate opération;Date valeur;Libellé;Montant\n05/01/2026;06/01/2026;VIR ACME;1 234,56\n06/01/2026;;PRLV EDF;-56,78\n";
    const s = parseBankCsv(text, {
      date: "Date opération",
      valueDate: "Date valeur",
      label: "Libellé",
      amount: "Montant",
      dateOrder: "dmy",
      decimal: ",",
    });
    expect(s.lines.map((l) => [l.bookingDate, l.valueDate, l.amount, l.label])).toEqual([
      ["2026-01-05", "2026-01-06", 123456, "VIR ACME"],
      ["2026-01-06", undefined, -5678, "PRLV EDF"],
    ]);
  });

  it("CSV: the balance row is found by its label (accents and case aside), a dated line starting the same is a line", () => {
    const text = "Date;Libellé;Montant\nSolde précédent;;100,00\n05/01/2026;Solde précédent carte;-20,00\n";
    const s = parseBankCsv(text, {
      date: "Date",
      label: "Libellé",
      amount: "Montant",
      dateOrder: "dmy",
      decimal: ",",
      openingBalanceLabel: "Solde précédent",
    });
    expect(s.opening?.amount).toBe(10000);
    expect(s.lines.map((l) => [l.label, l.amount])).toEqual([["Solde précédent carte", -2000]]);
  });

  it("CSV: columns by position, and a mapping without an amount form refused", () => {
    const s = parseBankCsv("2026-01-05,Fees,,3.50\n", {
      date: 0,
      label: 1,
      credit: 2,
      debit: 3,
      dateOrder: "ymd",
      decimal: ".",
    });
    expect(s.lines[0]).toMatchObject({ bookingDate: "2026-01-05", amount: -350 });
    expect(() => parseBankCsv("a", { date: 0, label: 1, dateOrder: "dmy", decimal: "," })).toThrow(
      /csvMappingAmount/,
    );
    expect(() =>
      parseBankCsv("Date;Libellé;Débit;Crédit\n01/01/2026;x;1,00;2,00\n", {
        date: "Date",
        label: "Libellé",
        debit: "Débit",
        credit: "Crédit",
        dateOrder: "dmy",
        decimal: ",",
      }),
    ).toThrow(/debitAndCredit/);
  });

  it("QIF: day first when the file shows it, assumed (and said) when it cannot tell, or as the caller says", () => {
    const dmy = "!Type:Bank\nD25/01/2026\nT-12,50\nPBoulangerie\n^\n";
    expect(parseQif(dmy).statements[0]?.lines[0]).toMatchObject({ bookingDate: "2026-01-25", amount: -1250 });
    const ambiguous = "!Type:Bank\nD02/01/2026\nT10.00\n^\n";
    const read = parseQif(ambiguous);
    expect(read.statements[0]?.lines[0]?.bookingDate).toBe("2026-01-02");
    expect(read.notices).toEqual([{ code: "bankStatement.dateOrderAssumed", params: { order: "dmy" } }]);
    expect(parseQif(ambiguous, { dateOrder: "mdy" }).statements[0]?.lines[0]?.bookingDate).toBe("2026-02-01");
    expect(() => parseQif("!Type:Invst\nD01/01/2026\n^\n")).toThrow(/unsupportedQifType/);
  });
});
