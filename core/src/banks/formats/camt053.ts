import type { Cents } from "../../money.ts";
import {
  type BankStatementLine,
  type Counterparty,
  type ParsedStatement,
  type StatementBalance,
  StatementFormatError,
  type StatementFormatReason,
  type StatementNotice,
} from "../model.ts";
import { decimalToCents } from "./amounts.ts";
import { compactIban, squash } from "./text.ts";
import { readXml, type XmlNode, XmlSyntaxError } from "./xml.ts";

/**
 * ISO 20022 CAMT.053 (BankToCustomerStatement), read with saxes (`xml.ts`), any version of the `camt.053.001.xx` namespace (02, 04
 * and 08 tested): one statement per `<Stmt>`, booked entries only, an entry of several transaction
 * details split into one line per detail when their amounts add up to the entry's.
 */

type Node = XmlNode;

const ARRAYS = new Set(["Stmt", "Ntry", "TxDtls", "Bal", "Ustrd", "NtryDtls", "AddtlTxInf", "AdrLine"]);

const fail = (
  where: string,
  reason: StatementFormatReason,
  params: Record<string, string | number> = {},
): never => {
  throw new StatementFormatError("camt053", where, reason, params);
};

const text = (node: Node): string | undefined => {
  if (node === undefined || node === null) return undefined;
  if (typeof node === "string") return node.trim() === "" ? undefined : node.trim();
  if (typeof node === "object" && typeof node["#text"] === "string") return text(node["#text"]);
  return undefined;
};
const list = (node: Node): Node[] => (node === undefined ? [] : Array.isArray(node) ? node : [node]);
const dateOf = (node: Node): string | undefined => {
  const t = text(node?.Dt) ?? text(node?.DtTm);
  return t && /^\d{4}-\d{2}-\d{2}/.test(t) ? t.slice(0, 10) : undefined;
};

const signed = (where: string, amount: Node, indicator: Node): Cents => {
  const raw = text(amount);
  if (raw === undefined) return fail(`${where}/Amt`, "missingAmount");
  const value = decimalToCents(raw);
  if (value === undefined || value < 0) return fail(`${where}/Amt`, "invalidAmount", { value: raw });
  const ind = text(indicator);
  if (ind === "CRDT") return value;
  if (ind === "DBIT") return -value;
  return fail(`${where}/CdtDbtInd`, "invalidDirection", { value: ind ?? "" });
};

const balanceCode = (bal: Node): string | undefined =>
  text(bal?.Tp?.CdOrPrtry?.Cd) ?? text(bal?.Tp?.CdOrPrtry?.Prtry);

const partyName = (party: Node): string | undefined => text(party?.Nm) ?? text(party?.Pty?.Nm);
const accountIban = (acct: Node): string | undefined => {
  const iban = text(acct?.Id?.IBAN);
  return iban ? compactIban(iban) : undefined;
};

const counterpartyOf = (tx: Node, credit: boolean): Counterparty | undefined => {
  const parties = tx?.RltdPties;
  if (!parties) return undefined;
  const party = credit ? (parties.Dbtr ?? parties.UltmtDbtr) : (parties.Cdtr ?? parties.UltmtCdtr);
  const acct = credit ? parties.DbtrAcct : parties.CdtrAcct;
  const agents = tx?.RltdAgts;
  const bic = text((credit ? agents?.DbtrAgt : agents?.CdtrAgt)?.FinInstnId?.BIC ?? undefined);
  const name = partyName(party);
  const iban = accountIban(acct);
  if (!name && !iban) return undefined;
  return { ...(name ? { name: squash(name) } : {}), ...(iban ? { iban } : {}), ...(bic ? { bic } : {}) };
};

const transactionCode = (node: Node): string | undefined => {
  const domain = node?.BkTxCd?.Domn;
  if (domain) {
    const parts = [text(domain.Cd), text(domain.Fmly?.Cd), text(domain.Fmly?.SubFmlyCd)].filter(Boolean);
    if (parts.length > 0) return parts.join("/");
  }
  return text(node?.BkTxCd?.Prtry?.Cd);
};

const NOT_PROVIDED = new Set(["NOTPROVIDED", "NONREF"]);
const ref = (node: Node): string | undefined => {
  const t = text(node);
  return t && !NOT_PROVIDED.has(t.toUpperCase()) ? t : undefined;
};

type Texts = { label: string; details: string[] };
const textsOf = (entry: Node, tx: Node | undefined): Texts => {
  const ustrd = list(tx?.RmtInf?.Ustrd)
    .map(text)
    .filter((t): t is string => !!t);
  const candidates = [
    ustrd.length > 0 ? ustrd.join(" ") : undefined,
    ...list(tx?.AddtlTxInf).map(text),
    text(entry?.AddtlNtryInf),
    ...list(tx?.RmtInf?.Strd)
      .flatMap((s: Node) => list(s?.AddtlRmtInf))
      .map(text),
  ]
    .filter((t): t is string => !!t)
    .map(squash);
  const unique = [...new Set(candidates)];
  return { label: unique[0] ?? "", details: unique.slice(1) };
};

const txAmount = (tx: Node): Node => tx?.Amt ?? tx?.AmtDtls?.TxAmt?.Amt;

const lineOf = (
  where: string,
  entry: Node,
  tx: Node | undefined,
  amount: Cents,
  dates: { bookingDate: string; valueDate?: string },
  bankId: string | undefined,
  batch?: { index: number; count: number },
): BankStatementLine => {
  const texts = textsOf(entry, tx);
  const counterparty = tx ? counterpartyOf(tx, amount > 0) : undefined;
  const label = texts.label || counterparty?.name || transactionCode(entry) || "";
  const reference = ref(tx?.Refs?.EndToEndId);
  const creditorReference = list(tx?.RmtInf?.Strd)
    .map((s: Node) => text(s?.CdtrRefInf?.Ref))
    .find(Boolean);
  const code = transactionCode(tx) ?? transactionCode(entry);
  if (label === "" && !counterparty) fail(where, "missingLabel");
  return {
    bookingDate: dates.bookingDate,
    ...(dates.valueDate ? { valueDate: dates.valueDate } : {}),
    amount,
    label,
    details: texts.details,
    ...(bankId ? { bankId } : {}),
    ...(reference ? { reference } : {}),
    ...(creditorReference ? { creditorReference } : {}),
    ...(counterparty ? { counterparty } : {}),
    ...(code ? { code } : {}),
    ...(batch ? { batch } : {}),
  };
};

const entryLines = (where: string, entry: Node): BankStatementLine[] => {
  const amount = signed(where, entry.Amt, entry.CdtDbtInd);
  const bookingDate = dateOf(entry.BookgDt) ?? dateOf(entry.ValDt);
  if (!bookingDate) return fail(`${where}/BookgDt`, "missingDate");
  const valueDate = dateOf(entry.ValDt);
  const dates = { bookingDate, ...(valueDate ? { valueDate } : {}) };
  const entryId = ref(entry.AcctSvcrRef) ?? ref(entry.NtryRef);
  const txs = list(entry.NtryDtls).flatMap((d: Node) => list(d?.TxDtls));
  if (txs.length > 1) {
    const parts = txs.map((tx: Node, i: number) => {
      const amt = txAmount(tx);
      if (text(amt) === undefined) return undefined;
      return signed(`${where}/NtryDtls/TxDtls[${i + 1}]`, amt, tx.CdtDbtInd ?? entry.CdtDbtInd);
    });
    const known = parts.filter((p): p is Cents => p !== undefined);
    // Each detail's own id: the entry's with the detail's rank, else the details' ids when they differ.
    const detailRefs = txs.map((tx: Node) => ref(tx?.Refs?.AcctSvcrRef));
    const distinct = detailRefs.every(Boolean) && new Set(detailRefs).size === detailRefs.length;
    const idOf = (i: number): string | undefined =>
      entryId ? `${entryId}/${i + 1}` : distinct ? detailRefs[i] : undefined;
    if (known.length === parts.length && known.reduce((a, b) => a + b, 0) === amount)
      return txs.map((tx: Node, i: number) =>
        lineOf(`${where}/NtryDtls/TxDtls[${i + 1}]`, entry, tx, known[i] ?? 0, dates, idOf(i), {
          index: i + 1,
          count: txs.length,
        }),
      );
  }
  const tx = txs.length === 1 ? txs[0] : undefined;
  return [lineOf(where, entry, tx, amount, dates, entryId ?? ref(tx?.Refs?.AcctSvcrRef))];
};

const statusOf = (entry: Node): string | undefined => text(entry.Sts) ?? text(entry.Sts?.Cd);

const statementOf = (stmt: Node, index: number, notices: StatementNotice[]): ParsedStatement => {
  const where = `Stmt[${index + 1}]`;
  const acct = stmt.Acct;
  if (!acct?.Id) return fail(`${where}/Acct/Id`, "missingAccount");
  const iban = accountIban(acct);
  const other = text(acct.Id?.Othr?.Id);
  const balances = list(stmt.Bal);
  const entries = list(stmt.Ntry);
  // The statement's currency: its account's, else its entries' (the lines imported), else its balances'.
  const currency: string | undefined =
    text(acct.Ccy) ??
    entries.map((e) => e?.Amt?.["@Ccy"]).find(Boolean) ??
    balances.map((b) => b?.Amt?.["@Ccy"]).find(Boolean);
  const balance = (codes: string[], side: "opening" | "closing"): StatementBalance | undefined => {
    const i = balances.findIndex((b) => codes.includes(balanceCode(b) ?? ""));
    if (i < 0) return undefined;
    const b = balances[i];
    // A balance in another currency is no figure of this statement's: said, and left out of the check.
    const own = b?.Amt?.["@Ccy"];
    if (currency && own && own.toUpperCase() !== currency.toUpperCase()) {
      notices.push({
        code: `bankStatement.${side}BalanceOtherCurrency`,
        params: { where: `${where}/Bal[${i + 1}]`, currency: own, expected: currency },
      });
      return undefined;
    }
    const date = dateOf(b.Dt);
    return { amount: signed(`${where}/Bal[${i + 1}]`, b.Amt, b.CdtDbtInd), ...(date ? { date } : {}) };
  };
  const opening = balance(["OPBD", "PRCD"], "opening");
  const closing = balance(["CLBD"], "closing");
  const lines: BankStatementLine[] = [];
  entries.forEach((entry: Node, i: number) => {
    const status = statusOf(entry);
    if (status && status !== "BOOK") {
      notices.push({
        code: "bankStatement.entryNotBooked",
        params: { where: `${where}/Ntry[${i + 1}]`, status },
      });
      return;
    }
    lines.push(...entryLines(`${where}/Ntry[${i + 1}]`, entry));
  });
  const from = text(stmt.FrToDt?.FrDtTm)?.slice(0, 10);
  const to = text(stmt.FrToDt?.ToDtTm)?.slice(0, 10);
  const bic = text(acct.Svcr?.FinInstnId?.BIC) ?? text(acct.Svcr?.FinInstnId?.BICFI);
  const name = text(acct.Nm) ?? text(acct.Ownr?.Nm);
  return {
    format: "camt053",
    ...(text(stmt.Id) ? { reference: text(stmt.Id) } : {}),
    account: {
      ...(iban ? { iban } : {}),
      ...(other ? { number: other.replace(/\s+/g, "") } : {}),
      ...(bic ? { bic } : {}),
      ...(currency ? { currency } : {}),
      ...(name ? { name } : {}),
    },
    ...(opening ? { opening } : {}),
    ...(closing ? { closing } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    lines,
  };
};

/** The statements of a CAMT.053 document; a malformed file is refused with its line or element. */
export const parseCamt053 = (xml: string): { statements: ParsedStatement[]; notices: StatementNotice[] } => {
  let tree: Node;
  try {
    tree = readXml(xml, ARRAYS);
  } catch (error) {
    if (error instanceof XmlSyntaxError) fail(`line ${error.line}`, "invalidXml", { detail: error.detail });
    throw error;
  }
  const doc = tree?.Document;
  if (!doc) return fail("Document", "notCamt053");
  const ns = /<(?:\w+:)?Document\b[^>]*\sxmlns(?::\w+)?="([^"]*camt[^"]*)"/.exec(xml)?.[1];
  if (ns !== undefined && !/camt\.053\.001\.\d{2}$/.test(ns))
    fail("Document", "notCamt053", { namespace: ns });
  const root = doc.BkToCstmrStmt;
  if (!root) return fail("Document/BkToCstmrStmt", "notCamt053");
  const stmts = list(root.Stmt);
  if (stmts.length === 0) return fail("BkToCstmrStmt/Stmt", "noStatement");
  const notices: StatementNotice[] = [];
  return { statements: stmts.map((s: Node, i: number) => statementOf(s, i, notices)), notices };
};
