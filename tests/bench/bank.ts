/**
 * Issue 13's bank benchmark, the pure parts (no database): reading a generated CAMT.053 of
 * BENCH_BANK_LINES entries (10,000 by default) from its bytes to the lines an import would add (decode,
 * parse, balance check, identities against the bank's lines), and ranking the suggestions for one
 * statement line among BENCH_BANK_INVOICES open invoices (10,000) held in memory, p50/p95 over a mix
 * of lines. Run by `npm run bench`, alone with `BENCH_ONLY=bank npm run bench`, or
 * `npx tsx tests/bench/bank.ts`; writes its section of docs/performance.md.
 */
import { cpus, loadavg } from "node:os";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  type BankStatementLine,
  buildMatchIndex,
  checkBalances,
  type MatchContact,
  newStatementLines,
  type OpenInvoice,
  readStatementFile,
  suggestMatches,
} from "@registre/core";
import { percentile, writeSection } from "./common.ts";

const START = "<!-- bench:bank -->";
const END = "<!-- /bench:bank -->";
const LINES = Number((process.env.BENCH_BANK_LINES ?? "10000").replace(/_/g, ""));
const INVOICES = Number((process.env.BENCH_BANK_INVOICES ?? "10000").replace(/_/g, ""));
const CONTACTS = Math.max(1, Math.floor(INVOICES / 5));
const RUNS = 5;
const QUERIES = 500;
const IMPORT_TARGET_MS = 5000;
const SUGGEST_TARGET_MS = 50;

const cents = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, "0")}`;
const ibanOf = (i: number) => `FR76300040000${String(i).padStart(11, "0")}${String(i % 97).padStart(2, "0")}`;
const day = (i: number) => {
  const d = new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 40) * 86_400_000);
  return d.toISOString().slice(0, 10);
};

/** A CAMT.053 of `n` entries as French banks' EBICS exports look: counterparty, IBAN, remittance, ids. */
export const camtOf = (n: number): string => {
  let balance = 1_000_000;
  const entries: string[] = [];
  for (let i = 0; i < n; i++) {
    const amount = 1000 + ((i * 7919) % 250_000);
    const credit = i % 3 !== 0;
    balance += credit ? amount : -amount;
    const party = `CLIENT ${i % CONTACTS} SARL`;
    entries.push(`<Ntry><NtryRef>${i}</NtryRef><Amt Ccy="EUR">${cents(amount)}</Amt><CdtDbtInd>${credit ? "CRDT" : "DBIT"}</CdtDbtInd><Sts>BOOK</Sts>
<BookgDt><Dt>${day(i)}</Dt></BookgDt><ValDt><Dt>${day(i)}</Dt></ValDt><AcctSvcrRef>BQ${String(i).padStart(10, "0")}</AcctSvcrRef>
<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
<NtryDtls><TxDtls><Refs><EndToEndId>E2E-${i}</EndToEndId></Refs><AmtDtls><TxAmt><Amt Ccy="EUR">${cents(amount)}</Amt></TxAmt></AmtDtls>
<RltdPties><${credit ? "Dbtr" : "Cdtr"}><Nm>${party}</Nm></${credit ? "Dbtr" : "Cdtr"}><${credit ? "DbtrAcct" : "CdtrAcct"}><Id><IBAN>${ibanOf(i % CONTACTS)}</IBAN></Id></${credit ? "DbtrAcct" : "CdtrAcct"}></RltdPties>
<RmtInf><Ustrd>FACTURE FA-2026-${String(i).padStart(5, "0")} ${party}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>BENCH</MsgId><CreDtTm>2026-06-30T20:00:00</CreDtTm></GrpHdr>
<Stmt><Id>BENCH-1</Id><Acct><Id><IBAN>FR7630001007941234567890185</IBAN></Id><Ccy>EUR</Ccy></Acct>
<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${cents(1_000_000)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-01-01</Dt></Dt></Bal>
<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${cents(Math.abs(balance))}</Amt><CdtDbtInd>${balance >= 0 ? "CRDT" : "DBIT"}</CdtDbtInd><Dt><Dt>${day(n)}</Dt></Dt></Bal>
${entries.join("\n")}
</Stmt></BkToCstmrStmt></Document>`;
};

/** An OFX 1.0.2 (SGML) of `n` transactions, in Windows-1252 as French banks' exports are. */
export const ofxOf = (n: number): Uint8Array => {
  const trns: string[] = [];
  for (let i = 0; i < n; i++) {
    const amount = 1000 + ((i * 7919) % 250_000);
    trns.push(
      `<STMTTRN><TRNTYPE>${i % 3 ? "CREDIT" : "DEBIT"}<DTPOSTED>${day(i).replace(/-/g, "")}<TRNAMT>${i % 3 ? "" : "-"}${cents(amount)}<FITID>F${i}<NAME>VIR CLIENT ${i % CONTACTS}<MEMO>Facture FA-2026-${String(i).padStart(5, "0")} r\u00e9gl\u00e9e</STMTTRN>`,
    );
  }
  const text = `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR<BANKACCTFROM><BANKID>30001<BRANCHID>00794<ACCTID>12345678901<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST><DTSTART>20260101<DTEND>20261231\n${trns.join("\n")}\n</BANKTRANLIST><LEDGERBAL><BALAMT>0.00<DTASOF>20261231</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
  return Uint8Array.from([...text].map((c) => c.charCodeAt(0)));
};

const measureImport = (bytes: Uint8Array) => {
  const times: number[] = [];
  let lines = 0;
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now();
    const file = readStatementFile(bytes);
    const warnings = checkBalances(file.statements);
    if (warnings.length > 0) throw new Error(`generated file does not add up: ${JSON.stringify(warnings)}`);
    const { added } = newStatementLines(new Set(), file.statements[0]?.lines ?? []);
    times.push(performance.now() - t0);
    lines = added.length;
  }
  if (lines !== LINES) throw new Error(`read ${lines} lines, expected ${LINES}`);
  return times.sort((a, b) => a - b);
};

const openInvoices = (): { invoices: OpenInvoice[]; contacts: MatchContact[] } => {
  const contacts = Array.from({ length: CONTACTS }, (_, i) => ({
    id: `c${i}`,
    name: `Client ${i} SARL`,
    ibans: [ibanOf(i)],
  }));
  const invoices = Array.from({ length: INVOICES }, (_, i) => ({
    id: `i${i}`,
    number: `FA-2026-${String(i).padStart(5, "0")}`,
    contactId: `c${i % CONTACTS}`,
    due: (i % 7 === 0 ? -1 : 1) * (1000 + ((i * 7919) % 250_000)),
    date: day(i % 4000),
    dueDate: day((i % 4000) + 30 * 40),
  }));
  return { invoices, contacts };
};

/** A mix: the invoice number in the label, the amount alone, the IBAN and a sum of two, nothing known. */
const queryLine = (i: number, invoices: OpenInvoice[]): BankStatementLine => {
  const inv = invoices[(i * 104_729) % invoices.length] as OpenInvoice;
  const base = { bookingDate: day((i * 31) % 4000), details: [] as string[] };
  switch (i % 4) {
    case 0:
      return { ...base, amount: inv.due, label: `VIR SEPA REF ${inv.number}` };
    case 1:
      return { ...base, amount: inv.due, label: "VIREMENT RECU" };
    case 2: {
      const other = invoices.find(
        (x) => x.contactId === inv.contactId && x.id !== inv.id && Math.sign(x.due) === Math.sign(inv.due),
      );
      return {
        ...base,
        amount: inv.due + (other?.due ?? 0),
        label: "VIR SEPA",
        counterparty: { iban: ibanOf(Number(inv.contactId.slice(1))) },
      };
    }
    default:
      return { ...base, amount: 123, label: `CB CARREFOUR ${i}` };
  }
};

const ms = (v: number) => `${v < 10 ? v.toFixed(2) : v.toFixed(0)} ms`;

export const runBankBench = async (report: string): Promise<void> => {
  const started = performance.now();
  const load = loadavg()[0] ?? 0;
  const bytes = new TextEncoder().encode(camtOf(LINES));
  const importTimes = measureImport(bytes);
  const importMedian = percentile(importTimes, 0.5);
  const importMax = importTimes.at(-1) ?? Number.NaN;
  const ofxBytes = ofxOf(LINES);
  const ofxTimes = measureImport(ofxBytes);

  const { invoices, contacts } = openInvoices();
  const t0 = performance.now();
  const index = buildMatchIndex(invoices, contacts);
  const indexMs = performance.now() - t0;
  const times: number[] = [];
  let found = 0;
  for (let i = 0; i < QUERIES; i++) {
    const line = queryLine(i, invoices);
    const t = performance.now();
    const s = suggestMatches(line, index);
    times.push(performance.now() - t);
    if (s.length > 0) found++;
  }
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 0.5);
  const p95 = percentile(times, 0.95);
  const pass = (ok: boolean) => (ok ? "PASS" : "FAIL");
  const date = new Date().toISOString().slice(0, 10);
  const section = `${START}
## Bank statements and reconciliation, pure parts (issue 13)

Measured by \`BENCH_ONLY=bank npm run bench\` (\`tests/bench/bank.ts\`) on ${date}, Node ${process.version}, no database:
the core's format readers and matching alone, on ${cpus().length} cores with a load average of ${load.toFixed(1)} at the
start (with other work running, the figures are upper bounds). The import end to end on PostgreSQL is the
next section; the suggestion API's figures come with the reconciliation screens.

| figure | measured | target |
|---|---|---|
| CAMT.053 of ${LINES.toLocaleString("en")} entries (${(bytes.length / 1e6).toFixed(1)} MB): bytes → decode, parse, balance check, line identities; median / max of ${RUNS} | ${ms(importMedian)} / ${ms(importMax)} | the whole import ≤ ${IMPORT_TARGET_MS / 1000} s: reading takes ${((importMedian / IMPORT_TARGET_MS) * 100).toFixed(0)} % of that budget |
| OFX 1.0.2 (SGML, Windows-1252) of ${LINES.toLocaleString("en")} transactions (${(ofxBytes.length / 1e6).toFixed(1)} MB), the same steps; median / max of ${RUNS} | ${ms(percentile(ofxTimes, 0.5))} / ${ms(ofxTimes.at(-1) ?? Number.NaN)} | |
| suggestions for one line among ${INVOICES.toLocaleString("en")} open invoices of ${CONTACTS.toLocaleString("en")} contacts (${QUERIES} lines: number in label, amount alone, IBAN + sum of two, unknown; ${found} with suggestions), p50 / p95 / max | ${ms(p50)} / ${ms(p95)} / ${ms(times.at(-1) ?? Number.NaN)} | p95 ≤ ${SUGGEST_TARGET_MS} ms end to end: ${pass(p95 <= SUGGEST_TARGET_MS)} for the ranking |
| building the matching index of those invoices and contacts (once per bank, reused for every line) | ${ms(indexMs)} | |

The CAMT reader is saxes (strict XML, one pass) building a small tree, then the model's mapping; the OFX
reader is the core's own tolerant SGML/XML tokenizer; amounts are read as decimal text into integer cents. The ranking looks invoices up by due amount and by contact,
scans invoice numbers in the label (letters and digits only) and contact names, and searches sums of one
identified contact's open invoices (at most 20 invoices, sets of 2 to 5, a bounded number of steps).
${END}
`;
  writeSection(report, START, END, section);
  console.log(section);
  console.log(`bank bench: ${((performance.now() - started) / 1000).toFixed(1)} s`);
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href)
  runBankBench(
    process.env.BENCH_REPORT || fileURLToPath(new URL("../../docs/performance.md", import.meta.url)),
  ).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
