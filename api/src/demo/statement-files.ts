import { centsText } from "@registre/core";

/**
 * Writers of the two statement files the demo's bank sends (CAMT.053.001.08 and CFONB 120), from lines
 * the demo makes of its own payments: what a French bank's EBICS export looks like, small enough to
 * read. The import then reads them like any customer's file.
 */

export type DemoLine = {
  readonly date: string;
  /** Cents, + money in. */
  readonly amount: number;
  /** The bank's whole label, as its CAMT.053 gives it (« VIR SEPA RECU /DE … /MOTIF … »). */
  readonly label: string;
  /** The operation's 31-character label in CFONB 120; the rest of `label` is `remittance`. */
  readonly short: string;
  /** Further label (the remittance information, a CFONB LIB complement). */
  readonly remittance: string;
  readonly counterparty: string | null;
  readonly counterpartyIban: string | null;
  /** The bank's own id of the line (CAMT AcctSvcrRef). */
  readonly bankRef: string;
  /** The payer's end-to-end reference of a transfer (CAMT EndToEndId). */
  readonly endToEnd?: string;
  readonly code: "RCDT" | "ICDT" | "CHRG" | "DDBT" | "RCHQ" | "CCRD" | "POSD";
};

export type DemoStatement = {
  readonly id: string;
  readonly iban: string;
  readonly bic: string;
  readonly from: string;
  readonly to: string;
  readonly opening: number;
  readonly lines: readonly DemoLine[];
};

const xml = (t: string) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const closingOf = (s: DemoStatement) => s.opening + s.lines.reduce((sum, l) => sum + l.amount, 0);
const balance = (code: string, amount: number, day: string) =>
  `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${centsText(Math.abs(amount))}</Amt><CdtDbtInd>${amount >= 0 ? "CRDT" : "DBIT"}</CdtDbtInd><Dt><Dt>${day}</Dt></Dt></Bal>`;

/** The CAMT bank transaction family of each kind of line (domain PMNT, or ACMT for fees). */
const families: Record<DemoLine["code"], string> = {
  RCDT: "RCDT",
  ICDT: "ICDT",
  CHRG: "MDOP",
  DDBT: "IDDT",
  RCHQ: "RCHQ",
  CCRD: "CCRD",
  POSD: "CCRD",
};

/**
 * A CAMT.053.001.08 of one statement: balances OPBD/CLBD, each line an entry with its party and the bank's
 * label (AddtlNtryInf, where French banks write « VIR SEPA RECU /DE … /MOTIF … »).
 */
export const demoCamt053 = (s: DemoStatement): string => {
  const entries = s.lines.map((l) => {
    const credit = l.amount > 0;
    const party = credit ? "Dbtr" : "Cdtr";
    const domain = l.code === "CHRG" ? "ACMT" : "PMNT";
    const family = families[l.code];
    const parties =
      l.counterparty !== null
        ? `<RltdPties><${party}><Pty><Nm>${xml(l.counterparty)}</Nm></Pty></${party}>${
            l.counterpartyIban
              ? `<${party}Acct><Id><IBAN>${l.counterpartyIban}</IBAN></Id></${party}Acct>`
              : ""
          }</RltdPties>`
        : "";
    return `<Ntry><Amt Ccy="EUR">${centsText(Math.abs(l.amount))}</Amt><CdtDbtInd>${credit ? "CRDT" : "DBIT"}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
<BookgDt><Dt>${l.date}</Dt></BookgDt><ValDt><Dt>${l.date}</Dt></ValDt><AcctSvcrRef>${l.bankRef}</AcctSvcrRef>
<BkTxCd><Domn><Cd>${domain}</Cd><Fmly><Cd>${family}</Cd><SubFmlyCd>OTHR</SubFmlyCd></Fmly></Domn></BkTxCd>
<NtryDtls><TxDtls><Refs><EndToEndId>${xml(l.endToEnd ?? "NOTPROVIDED")}</EndToEndId></Refs>${parties}</TxDtls></NtryDtls><AddtlNtryInf>${xml(l.label)}</AddtlNtryInf></Ntry>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>${s.id}</MsgId><CreDtTm>${s.to}T20:00:00</CreDtTm></GrpHdr>
<Stmt><Id>${s.id}</Id><FrToDt><FrDtTm>${s.from}T00:00:00</FrDtTm><ToDtTm>${s.to}T23:59:59</ToDtTm></FrToDt>
<Acct><Id><IBAN>${s.iban}</IBAN></Id><Ccy>EUR</Ccy><Svcr><FinInstnId><BICFI>${s.bic}</BICFI></FinInstnId></Svcr></Acct>
${balance("OPBD", s.opening, s.from)}
${balance("CLBD", closingOf(s), s.to)}
${entries.join("\n")}
</Stmt></BkToCstmrStmt></Document>
`;
};

const POSITIVE = "{ABCDEFGHI";
const NEGATIVE = "}JKLMNOPQR";
const cfonbAmount = (a: number) => {
  const digits = String(Math.abs(a)).padStart(14, "0");
  return `${digits.slice(0, 13)}${(a < 0 ? NEGATIVE : POSITIVE)[Number(digits.slice(-1))]}`;
};
const ddmmyy = (d: string) => `${d.slice(8, 10)}${d.slice(5, 7)}${d.slice(2, 4)}`;
const plain = (t: string) =>
  t
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/[^A-Z0-9 /.,'-]/g, " ");
const cfonbCodes: Record<DemoLine["code"], string> = {
  RCDT: "05",
  ICDT: "06",
  CHRG: "13",
  DDBT: "01",
  RCHQ: "15",
  CCRD: "B1",
  POSD: "B3",
};

/** A CFONB 120 of one statement: its 01 and 07 balances, each line a 04 record and 05 complements (NPY, LIB). */
export const demoCfonb120 = (s: DemoStatement): string => {
  const bban = s.iban.slice(4);
  const [bank, branch, account] = [bban.slice(0, 5), bban.slice(5, 10), bban.slice(10, 21)];
  const head = (code: string) => `${code}${bank}    ${branch}EUR2 ${account}  `;
  const record = (text: string) => text.padEnd(120, " ").slice(0, 120);
  const balanceRecord = (code: string, day: string, amount: number) =>
    record(`${head(code)}${ddmmyy(day)}`.padEnd(90, " ") + cfonbAmount(amount));
  const records = [balanceRecord("01", s.from, s.opening)];
  for (const l of s.lines) {
    const op = `04${bank}${cfonbCodes[l.code].padEnd(4, " ")}${branch}EUR2 ${account}${cfonbCodes[l.code]}${ddmmyy(l.date)}  ${ddmmyy(l.date)}`;
    records.push(
      record(
        `${op}${plain(l.short).slice(0, 31).padEnd(31, " ")}${"".padEnd(11, " ")}${cfonbAmount(l.amount)}${plain(l.bankRef).slice(0, 16)}`,
      ),
    );
    const complement = (qualifier: string, text: string) =>
      record(
        `05${bank}${cfonbCodes[l.code].padEnd(4, " ")}${branch}EUR2 ${account}${cfonbCodes[l.code]}${ddmmyy(l.date)}     ${qualifier}${plain(text).slice(0, 70)}`,
      );
    if (l.counterparty) records.push(complement("NPY", l.counterparty));
    if (l.remittance) records.push(complement("LIB", l.remittance));
  }
  records.push(balanceRecord("07", s.to, closingOf(s)));
  return `${records.join("\r\n")}\r\n`;
};
