import type { Cents } from "../../money.ts";
import {
  type BankStatementLine,
  type ParsedStatement,
  StatementFormatError,
  type StatementFormatReason,
  type StatementNotice,
} from "../model.ts";
import { groupedToCents } from "./amounts.ts";
import { fullYear, isoDate, numberedLines, squash } from "./text.ts";

/**
 * QIF (Quicken Interchange Format), cash account types (`!Type:Bank`, `Cash`, `CCard`, `Oth A`,
 * `Oth L`): records of `D` date, `T`/`U` amount, `P` payee, `M` memo, `N` number, ended by `^`.
 * QIF has no account identity and no balances. Its dates follow the writer's locale: the day/month
 * order is read from the file (a part above 12), else taken from the caller, else day first, said
 * in a notice.
 */

export type QifDateOrder = "dmy" | "mdy";
export type QifOptions = { readonly dateOrder?: QifDateOrder; readonly decimal?: "." | "," };

const fail = (
  line: number,
  reason: StatementFormatReason,
  params: Record<string, string | number> = {},
): never => {
  throw new StatementFormatError("qif", `line ${line}`, reason, params);
};

const CASH_TYPES = new Set(["bank", "cash", "ccard", "oth a", "oth l"]);

type Raw = { line: number; fields: { code: string; value: string; line: number }[] };

const dateParts = (text: string): [string, string, string] | undefined => {
  const m = /^\s*(\d{1,4})\s*[/.-]\s*(\d{1,2})\s*(?:[/.\-']|'\s*)\s*(\d{1,4})\s*$/.exec(text);
  return m ? [m[1] ?? "", m[2] ?? "", m[3] ?? ""] : undefined;
};

const yearOf = (text: string): number => (text.length <= 2 ? fullYear(Number(text)) : Number(text));

/** The statement of a QIF file (QIF holds one account's transactions). */
export const parseQif = (
  text: string,
  options: QifOptions = {},
): { statements: ParsedStatement[]; notices: StatementNotice[] } => {
  const records: Raw[] = [];
  let current: Raw | undefined;
  let inCash = false;
  let sawType = false;
  for (const { line, text: raw } of numberedLines(text)) {
    const l = raw.replace(/^\ufeff/, "").trimEnd();
    if (l.trim() === "") continue;
    if (l.startsWith("!")) {
      const type = /^!Type:\s*(.+)$/i.exec(l);
      if (type) {
        sawType = true;
        inCash = CASH_TYPES.has((type[1] ?? "").trim().toLowerCase());
        if (!inCash) fail(line, "unsupportedQifType", { type: (type[1] ?? "").trim() });
      } else inCash = false;
      continue;
    }
    if (!sawType) fail(line, "notQif");
    if (!inCash) continue;
    if (l.trim() === "^") {
      if (current) records.push(current);
      current = undefined;
      continue;
    }
    current ??= { line, fields: [] };
    current.fields.push({ code: l[0] ?? "", value: l.slice(1), line });
  }
  if (!sawType) fail(1, "notQif");
  if (current) records.push(current);

  const dates = records.flatMap((r) => r.fields.filter((f) => f.code === "D"));
  let order = options.dateOrder;
  const notices: StatementNotice[] = [];
  if (!order) {
    const parts = dates
      .map((d) => dateParts(d.value))
      .filter((p): p is [string, string, string] => !!p && p[0].length < 4);
    const dayFirst = parts.some((p) => Number(p[0]) > 12);
    const monthFirst = parts.some((p) => Number(p[1]) > 12);
    if (dayFirst && monthFirst) fail(dates[0]?.line ?? 1, "mixedDateOrder");
    order = monthFirst ? "mdy" : "dmy";
    if (!dayFirst && !monthFirst && parts.length > 0)
      notices.push({ code: "bankStatement.dateOrderAssumed", params: { order } });
  }
  const amounts = records.flatMap((r) => r.fields.filter((f) => f.code === "T" || f.code === "U"));
  const decimal =
    options.decimal ??
    (amounts.some((a) => /,\d{1,2}\s*$/.test(a.value) || /\.\d{3}.*,/.test(a.value)) ? "," : ".");

  const lines: BankStatementLine[] = records.map((r) => {
    const get = (code: string) => r.fields.find((f) => f.code === code);
    const d = get("D");
    if (!d) return fail(r.line, "missingDate");
    const p = dateParts(d.value);
    if (!p) return fail(d.line, "invalidDate", { value: d.value });
    const [a, b, c] = p;
    const date =
      a.length === 4
        ? isoDate(Number(a), Number(b), Number(c))
        : order === "mdy"
          ? isoDate(yearOf(c), Number(a), Number(b))
          : isoDate(yearOf(c), Number(b), Number(a));
    if (!date) return fail(d.line, "invalidDate", { value: d.value });
    const t = get("T") ?? get("U");
    if (!t) return fail(r.line, "missingAmount");
    const amount: Cents | undefined = groupedToCents(t.value, decimal);
    if (amount === undefined) return fail(t.line, "invalidAmount", { value: t.value });
    const payee = squash(get("P")?.value ?? "");
    const memo = squash(get("M")?.value ?? "");
    const number = (get("N")?.value ?? "").trim();
    const texts = [...new Set([payee, memo].filter(Boolean))];
    return {
      bookingDate: date,
      amount,
      label: texts[0] ?? "",
      details: texts.slice(1),
      ...(number ? { reference: number } : {}),
      ...(payee ? { counterparty: { name: payee } } : {}),
    };
  });
  const sorted = lines.map((l) => l.bookingDate).sort();
  return {
    statements: [
      {
        format: "qif",
        account: {},
        ...(sorted[0] ? { from: sorted[0], to: sorted[sorted.length - 1] } : {}),
        lines,
      },
    ],
    notices,
  };
};
