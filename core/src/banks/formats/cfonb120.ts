import type { Cents } from "../../money.ts";
import {
  type BankStatementLine,
  type ParsedStatement,
  StatementFormatError,
  type StatementFormatReason,
} from "../model.ts";
import { unitsToCents } from "./amounts.ts";
import { fullYear, isoDate, numberedLines, squash } from "./text.ts";

/**
 * CFONB 120 ("relevé de compte 120 caractères", the French banks' statement): records of 120
 * characters, `01` old balance, `04` operation, `05` complement of the `04` before it (LIB label,
 * NPY/NBE payer/payee name, REF/RCN references…), `07` new balance. Amounts are 14 digits whose last
 * one is a sign letter (`{` A–I positive 0–9, `}` J–R negative 0–9), with the number of decimals in
 * column 20. Blank lines between records are skipped.
 */

const fail = (
  line: number,
  reason: StatementFormatReason,
  params: Record<string, string | number> = {},
): never => {
  throw new StatementFormatError("cfonb120", `line ${line}`, reason, params);
};

const POSITIVE = "{ABCDEFGHI";
const NEGATIVE = "}JKLMNOPQR";

/** A CFONB amount field: 13 digits and the sign letter, at `decimals` decimals. */
export const cfonbAmount = (field: string, decimals: number): Cents | undefined => {
  const last = field.slice(-1);
  const digits = field.slice(0, -1).replace(/ /g, "0");
  const pos = POSITIVE.indexOf(last);
  const neg = NEGATIVE.indexOf(last);
  if (pos < 0 && neg < 0) return undefined;
  const value = unitsToCents(`${digits}${pos >= 0 ? pos : neg}`, decimals);
  if (value === undefined) return undefined;
  return neg >= 0 && value !== 0 ? -value : value;
};

const date = (line: number, text: string): string => {
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(text);
  return (
    (m ? isoDate(fullYear(Number(m[3])), Number(m[2]), Number(m[1])) : undefined) ??
    fail(line, "invalidDate", { value: text })
  );
};

type Header = { bank: string; branch: string; currency: string; decimals: number; account: string };
const header = (line: number, r: string): Header => {
  const decimals = Number(r.slice(19, 20));
  if (!/^\d$/.test(r.slice(19, 20))) fail(line, "invalidDecimals", { value: r.slice(19, 20) });
  return {
    bank: r.slice(2, 7).trim(),
    branch: r.slice(11, 16).trim(),
    currency: r.slice(16, 19).trim(),
    decimals,
    account: r.slice(21, 32).trim(),
  };
};

const amountAt = (line: number, r: string, decimals: number): Cents =>
  cfonbAmount(r.slice(90, 104), decimals) ?? fail(line, "invalidAmount", { value: r.slice(90, 104) });

type Open = {
  line: number;
  head: Header;
  opening: { amount: Cents; date: string };
  lines: { line: BankStatementLine; extra: string[]; names: string[]; refs: string[] }[];
};

/** The statements of a CFONB 120 file, one per `01`…`07` block. */
export const parseCfonb120 = (text: string): ParsedStatement[] => {
  const statements: ParsedStatement[] = [];
  let open: Open | undefined;
  for (const { line, text: raw } of numberedLines(text)) {
    if (raw.trim() === "") continue;
    const r = raw.padEnd(120, " ");
    if (raw.length > 120 && raw.slice(120).trim() !== "") fail(line, "recordTooLong", { length: raw.length });
    const code = r.slice(0, 2);
    if (code === "01") {
      if (open) fail(line, "missingClosingBalance", { opened: open.line });
      const head = header(line, r);
      open = {
        line,
        head,
        opening: { amount: amountAt(line, r, head.decimals), date: date(line, r.slice(34, 40)) },
        lines: [],
      };
      continue;
    }
    if (!open)
      return fail(
        line,
        code === "04" || code === "05" || code === "07" ? "missingOldBalance" : "unknownRecord",
        { code },
      );
    const head = header(line, r);
    if (head.account !== open.head.account) fail(line, "otherAccountRecord", { account: head.account });
    if (code === "04") {
      const label = squash(r.slice(48, 79));
      const reference = r.slice(104, 120).trim();
      const valueDate = r.slice(42, 48).trim();
      open.lines.push({
        line: {
          bookingDate: date(line, r.slice(34, 40)),
          ...(valueDate ? { valueDate: date(line, valueDate) } : {}),
          amount: amountAt(line, r, head.decimals),
          label,
          details: [],
          ...(reference ? { reference } : {}),
          code: r.slice(32, 34).trim(),
        },
        extra: [],
        names: [],
        refs: [],
      });
    } else if (code === "05") {
      const last = open.lines[open.lines.length - 1];
      if (!last) return fail(line, "complementWithoutOperation");
      const qualifier = r.slice(45, 48);
      const info = squash(r.slice(48, 118));
      if (info === "") continue;
      if (qualifier === "NPY" || qualifier === "NBE") last.names.push(info);
      else if (qualifier === "REF" || qualifier === "RCN") last.refs.push(info);
      else if (qualifier === "LIB" || qualifier.trim() === "") last.extra.push(info);
      else last.extra.push(`${qualifier.trim()} ${info}`);
    } else if (code === "07") {
      const closing = { amount: amountAt(line, r, head.decimals), date: date(line, r.slice(34, 40)) };
      const { bank, branch, account, currency } = open.head;
      statements.push({
        format: "cfonb120",
        account: { number: account, bankCode: bank, branchCode: branch, currency },
        opening: open.opening,
        closing,
        from: open.opening.date,
        to: closing.date,
        lines: open.lines.map(({ line: l, extra, names, refs }) => {
          const name = names[0];
          const reference = l.reference ?? refs[0];
          return {
            ...l,
            details: [...extra, ...refs.filter((ref) => ref !== reference), ...names.slice(1)],
            ...(reference ? { reference } : {}),
            ...(name ? { counterparty: { name } } : {}),
          };
        }),
      });
      open = undefined;
    } else fail(line, "unknownRecord", { code });
  }
  if (open) fail(open.line, "missingClosingBalance");
  if (statements.length === 0) fail(1, "notCfonb120");
  return statements;
};
