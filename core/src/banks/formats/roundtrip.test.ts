import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { centsText } from "./amounts.ts";
import { readStatementFile } from "./index.ts";

/**
 * Property: a statement written in each format by a small writer here reads back to the same lines —
 * any amount up to 100 billion euros to the cent, any day, labels with French accents — so no amount
 * goes through a float and no line is lost or invented.
 */

type Line = { date: string; amount: number; label: string };

const arbLine = fc.record({
  date: fc
    .date({
      min: new Date("2000-01-01T00:00:00Z"),
      max: new Date("2068-12-31T00:00:00Z"),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString().slice(0, 10)),
  amount: fc.integer({ min: -(10 ** 13), max: 10 ** 13 }).filter((a) => a !== 0),
  label: fc
    .array(fc.constantFrom("VIR", "PRLV", "Société", "Élan", "café", "N°", "12", "FA-2026-0012", "crème"), {
      minLength: 1,
      maxLength: 5,
    })
    .map((w) => w.join(" ")),
});
const arbLines = fc.array(arbLine, { minLength: 1, maxLength: 20 });
const encode = (t: string) => new TextEncoder().encode(t);
const abs = (a: number) => centsText(Math.abs(a));
const yymmdd = (d: string) => d.slice(2).replace(/-/g, "");
const ddmmyy = (d: string) => `${d.slice(8, 10)}${d.slice(5, 7)}${d.slice(2, 4)}`;

const camt = (lines: Line[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt><Id>S</Id>
<Acct><Id><IBAN>FR7630001007941234567890185</IBAN></Id></Acct>${lines
    .map(
      (l, i) =>
        `<Ntry><Amt Ccy="EUR">${abs(l.amount)}</Amt><CdtDbtInd>${l.amount > 0 ? "CRDT" : "DBIT"}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${l.date}</Dt></BookgDt><AcctSvcrRef>R${i}</AcctSvcrRef><NtryDtls><TxDtls><RmtInf><Ustrd>${l.label}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
    )
    .join("")}</Stmt></BkToCstmrStmt></Document>`;

const ofx = (lines: Line[]) =>
  `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR<BANKACCTFROM><BANKID>30001<ACCTID>1<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST>${lines
    .map(
      (l, i) =>
        `<STMTTRN><TRNTYPE>OTHER<DTPOSTED>${l.date.replace(/-/g, "")}120000.000[-5:EST]<TRNAMT>${centsText(l.amount)}<FITID>F${i}<NAME>${l.label}</STMTTRN>`,
    )
    .join("\n")}</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;

const mt940 = (lines: Line[]) =>
  [
    ":20:REF",
    ":25:FR7630001007941234567890185",
    ":60F:C000101EUR0,",
    ...lines.flatMap((l, i) => [
      `:61:${yymmdd(l.date)}${l.amount > 0 ? "C" : "D"}${abs(l.amount).replace(".", ",")}NTRFNONREF//B${i}`,
      `:86:${l.label}`,
    ]),
    `:62F:${lines.reduce((s, l) => s + l.amount, 0) >= 0 ? "C" : "D"}000101EUR${abs(lines.reduce((s, l) => s + l.amount, 0)).replace(".", ",")}`,
    "-",
  ].join("\r\n");

const SIGNS = { pos: "{ABCDEFGHI", neg: "}JKLMNOPQR" };
const cfonbAmount = (a: number) => {
  const digits = String(Math.abs(a)).padStart(14, "0");
  const last = Number(digits.slice(-1));
  return `${digits.slice(0, 13)}${(a < 0 ? SIGNS.neg : SIGNS.pos)[last]}`;
};
const cfonb = (lines: Line[]) => {
  const head = (code: string, date: string) => `${code}30001    00794EUR2 12345678901  ${ddmmyy(date)}`;
  const total = lines.reduce((s, l) => s + l.amount, 0);
  const balance = (code: string, amount: number) =>
    `${head(code, "2026-01-01").padEnd(90, " ")}${cfonbAmount(amount)}`.padEnd(120, " ");
  return [
    balance("01", 0),
    ...lines.map((l) => {
      const start = `04300010001${"00794"}EUR2 12345678901B1${ddmmyy(l.date)}  ${ddmmyy(l.date)}`;
      const label = l.label
        .normalize("NFD")
        .replace(/[\u0300-\u036f]/g, "")
        .slice(0, 31)
        .padEnd(31, " ");
      return `${start}${label}${"".padEnd(11, " ")}${cfonbAmount(l.amount)}`.padEnd(120, " ");
    }),
    balance("07", total),
  ].join("\n");
};

const check = (text: string, lines: Line[], label: (l: Line) => string = (l) => l.label) => {
  const parsed = readStatementFile(encode(text));
  const read = parsed.statements.flatMap((s) => s.lines);
  expect(read.map((l) => [l.bookingDate, l.amount, l.label])).toEqual(
    lines.map((l) => [l.date, l.amount, label(l)]),
  );
};

describe("property: what a writer puts in each format reads back exactly", () => {
  it("CAMT.053", () => fc.assert(fc.property(arbLines, (lines) => check(camt(lines), lines))));
  it("OFX 1.x", () => fc.assert(fc.property(arbLines, (lines) => check(ofx(lines), lines))));
  it("MT940", () =>
    fc.assert(
      fc.property(
        arbLines.map((ls) => ls.filter((l) => l.date < "2070-01-01")),
        (lines) => check(mt940(lines), lines),
      ),
    ));
  it("CFONB 120", () =>
    fc.assert(
      fc.property(arbLines, (lines) =>
        check(cfonb(lines), lines, (l) =>
          l.label
            .normalize("NFD")
            .replace(/[\u0300-\u036f]/g, "")
            .slice(0, 31)
            .trim(),
        ),
      ),
    ));
});
