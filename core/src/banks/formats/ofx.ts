import { DomainError } from "../../decider.ts";
import type { Cents } from "../../money.ts";
import type { ReadLimits } from "../../read-limits.ts";
import {
  type BankStatementLine,
  type ParsedStatement,
  StatementFormatError,
  type StatementFormatReason,
  type StatementNotice,
} from "../model.ts";
import { decimalToCents } from "./amounts.ts";
import { isoDate, squash } from "./text.ts";

/**
 * OFX bank statements, 1.x (SGML: leaf elements left open) and 2.x (XML), read by one tolerant reader:
 * an element followed by text is a value (its closing tag optional), any other element an aggregate
 * closed by its end tag (open values inside close with it). Bank statements (`STMTRS`) become
 * statements; credit-card statements are left aside and reported. OFX gives the closing (ledger)
 * balance, never the opening one.
 */

type Element = {
  readonly name: string;
  readonly value?: string;
  readonly children: Element[];
  readonly at: number;
};

const fail = (
  where: string,
  reason: StatementFormatReason,
  params: Record<string, string | number> = {},
): never => {
  throw new StatementFormatError("ofx", where, reason, params);
};

const ENTITIES: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
};
const decodeEntities = (t: string): string =>
  t.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, e: string) => {
    if (e[0] === "#") {
      const code = e[1] === "x" || e[1] === "X" ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[e.toLowerCase()] ?? whole;
  });

const lineAt = (text: string, index: number): number => {
  let line = 1;
  for (let i = text.indexOf("\n"); i >= 0 && i < index; i = text.indexOf("\n", i + 1)) line++;
  return line;
};

/** The `<OFX>` element of the file, as a tree. */
const readTree = (text: string, limits: ReadLimits): Element => {
  const maxDepth = limits.xmlDepth || Number.POSITIVE_INFINITY;
  const maxElements = limits.xmlElements || Number.POSITIVE_INFINITY;
  let elements = 0;
  const start = text.search(/<OFX>/i);
  if (start < 0) return fail("line 1", "notOfx");
  const root: Element = { name: "#root", children: [], at: start };
  const stack: Element[] = [root];
  let lastValue: string | undefined;
  const tag = /<(\/?)([A-Za-z0-9_.]+)\s*>([^<]*)/g;
  tag.lastIndex = start;
  let m: RegExpExecArray | null = tag.exec(text);
  let expected = start;
  while (m) {
    const between = text.slice(expected, m.index);
    if (between.trim() !== "") fail(`line ${lineAt(text, expected)}`, "unexpectedText");
    const [, close, rawName = "", rawText = ""] = m;
    const name = rawName.toUpperCase();
    const parent = stack[stack.length - 1] as Element;
    if (close) {
      if (lastValue === name) lastValue = undefined;
      else {
        const i = stack.map((e) => e.name).lastIndexOf(name);
        if (i <= 0) fail(`line ${lineAt(text, m.index)}`, "unexpectedClosingTag", { tag: name });
        stack.length = i;
        lastValue = undefined;
      }
      if (rawText.trim() !== "") fail(`line ${lineAt(text, m.index)}`, "unexpectedText");
    } else {
      const value = rawText.trim();
      if (++elements > maxElements)
        throw new DomainError("upload.xmlTooManyElements", { limit: maxElements, field: "file" });
      if (value === "" && stack.length > maxDepth)
        throw new DomainError("upload.xmlTooDeep", { limit: maxDepth, field: "file" });
      const element: Element = {
        name,
        children: [],
        at: m.index,
        ...(value !== "" ? { value: decodeEntities(value) } : {}),
      };
      parent.children.push(element);
      if (value !== "") lastValue = name;
      else {
        stack.push(element);
        lastValue = undefined;
      }
    }
    expected = tag.lastIndex;
    m = tag.exec(text);
  }
  if (text.slice(expected).trim() !== "") fail(`line ${lineAt(text, expected)}`, "unexpectedText");
  if (stack.length > 1)
    fail(`line ${lineAt(text, text.length)}`, "unclosedElement", {
      tag: stack[stack.length - 1]?.name ?? "",
    });
  const ofx = root.children.find((c) => c.name === "OFX");
  if (!ofx) return fail("line 1", "notOfx");
  return ofx;
};

const child = (e: Element | undefined, name: string): Element | undefined =>
  e?.children.find((c) => c.name === name);
const children = (e: Element | undefined, name: string): Element[] =>
  e?.children.filter((c) => c.name === name) ?? [];
const value = (e: Element | undefined, name: string): string | undefined => child(e, name)?.value;
const descendants = (e: Element, name: string): Element[] =>
  e.children.flatMap((c) => (c.name === name ? [c] : descendants(c, name)));

/** `where` is computed only when the file is refused: finding a line number walks the text. */
type Where = () => string;

const dateOf = (text: string, where: Where): string => {
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(text);
  const date = m ? isoDate(Number(m[1]), Number(m[2]), Number(m[3])) : undefined;
  return date ?? fail(where(), "invalidDate", { value: text });
};

const amountOf = (raw: string | undefined, where: Where): Cents => {
  if (raw === undefined) return fail(where(), "missingAmount");
  const t = raw.trim();
  const decimal = t.includes(",") && !t.includes(".") ? "," : ".";
  return decimalToCents(t, decimal) ?? fail(where(), "invalidAmount", { value: raw });
};

/** Where an element (or its child `tag`, when present) is: `line 57 (STMTTRN/TRNAMT)`. */
const where =
  (text: string, e: Element, path: string): Where =>
  () => {
    const tag = path.split("/").at(-1) ?? "";
    return `line ${lineAt(text, (child(e, tag) ?? e).at)} (${path})`;
  };

const transaction = (text: string, trn: Element): BankStatementLine => {
  const posted = value(trn, "DTPOSTED");
  if (!posted) return fail(where(text, trn, "STMTTRN/DTPOSTED")(), "missingDate");
  const bookingDate = dateOf(posted, where(text, trn, "STMTTRN/DTPOSTED"));
  const avail = value(trn, "DTAVAIL");
  const valueDate = avail ? dateOf(avail, where(text, trn, "STMTTRN/DTAVAIL")) : undefined;
  const amount = amountOf(value(trn, "TRNAMT"), where(text, trn, "STMTTRN/TRNAMT"));
  const name = value(trn, "NAME") ?? value(child(trn, "PAYEE"), "NAME");
  const memo = value(trn, "MEMO");
  const texts = [name, memo].filter((t): t is string => !!t).map(squash);
  const unique = [...new Set(texts)];
  const fitid = value(trn, "FITID");
  const checknum = value(trn, "CHECKNUM");
  const reference = value(trn, "REFNUM") ?? (checknum && !/^0+$/.test(checknum) ? checknum : undefined);
  const code = value(trn, "TRNTYPE");
  return {
    bookingDate,
    ...(valueDate ? { valueDate } : {}),
    amount,
    label: unique[0] ?? code ?? "",
    details: unique.slice(1),
    ...(fitid ? { bankId: fitid } : {}),
    ...(reference ? { reference } : {}),
    ...(name ? { counterparty: { name: squash(name) } } : {}),
    ...(code ? { code } : {}),
  };
};

const statement = (text: string, rs: Element): ParsedStatement => {
  const acct = child(rs, "BANKACCTFROM");
  if (!acct) return fail(where(text, rs, "STMTRS/BANKACCTFROM")(), "missingAccount");
  const number = value(acct, "ACCTID")?.replace(/\s+/g, "");
  if (!number) return fail(where(text, acct, "BANKACCTFROM/ACCTID")(), "missingAccount");
  const lists = children(rs, "BANKTRANLIST");
  const lines = lists.flatMap((l) => children(l, "STMTTRN").map((t) => transaction(text, t)));
  const ledger = child(rs, "LEDGERBAL");
  const closingAmount = ledger
    ? amountOf(value(ledger, "BALAMT"), where(text, ledger, "LEDGERBAL/BALAMT"))
    : undefined;
  const asOf = value(ledger, "DTASOF");
  const starts = lists.map((l) => value(l, "DTSTART")).filter((d): d is string => !!d);
  const ends = lists.map((l) => value(l, "DTEND")).filter((d): d is string => !!d);
  const from =
    starts.length > 0 ? starts.map((d) => dateOf(d, where(text, rs, "DTSTART"))).sort()[0] : undefined;
  const to =
    ends.length > 0
      ? ends
          .map((d) => dateOf(d, where(text, rs, "DTEND")))
          .sort()
          .at(-1)
      : undefined;
  const currency = value(rs, "CURDEF");
  const bankCode = value(acct, "BANKID");
  const branchCode = value(acct, "BRANCHID");
  return {
    format: "ofx",
    account: {
      number,
      ...(bankCode ? { bankCode } : {}),
      ...(branchCode ? { branchCode } : {}),
      ...(currency ? { currency } : {}),
    },
    ...(closingAmount !== undefined
      ? {
          closing: {
            amount: closingAmount,
            ...(asOf ? { date: dateOf(asOf, where(text, rs, "DTASOF")) } : {}),
          },
        }
      : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    lines,
  };
};

/** The bank statements of an OFX file (1.x SGML or 2.x XML). */
export const parseOfx = (
  text: string,
  limits: ReadLimits = {},
): { statements: ParsedStatement[]; notices: StatementNotice[] } => {
  const ofx = readTree(text, limits);
  const statements = descendants(ofx, "STMTRS").map((rs) => statement(text, rs));
  const notices: StatementNotice[] = descendants(ofx, "CCSTMTRS").map((cc) => ({
    code: "bankStatement.creditCardSkipped",
    params: {
      account: value(child(cc, "CCACCTFROM"), "ACCTID") ?? "",
      lines: descendants(cc, "STMTTRN").length,
    },
  }));
  if (statements.length === 0) fail("OFX", "noStatement");
  return { statements, notices };
};
