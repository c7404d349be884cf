import { isValidIBAN } from "ibantools";
import type { Cents } from "../../money.ts";
import {
  type BankStatementLine,
  type Counterparty,
  type ParsedStatement,
  type StatementBalance,
  StatementFormatError,
  type StatementFormatReason,
} from "../model.ts";
import { decimalToCents } from "./amounts.ts";
import { compactIban, fullYear, isoDate, numberedLines, squash } from "./text.ts";

/**
 * SWIFT MT940: statements between `:20:` and a `-` line, fields `:tag:` continued on the next lines;
 * `:61:` a line (value date, optional booking date, D/C/RD/RC, decimal-comma amount, type, references),
 * the `:86:` after it its information — the German structured form (`?20`–`?29` remittance, `?30` BIC,
 * `?31` IBAN, `?32`/`?33` name, SEPA keywords EREF+/SVWZ+…) is read into its parts. Header lines
 * before the first `:20:` (SWIFT blocks, bank banners) are skipped.
 */

const fail = (
  line: number,
  reason: StatementFormatReason,
  params: Record<string, string | number> = {},
): never => {
  throw new StatementFormatError("mt940", `line ${line}`, reason, params);
};

type Field = { tag: string; line: number; lines: string[] };

const BALANCE = /^([CD])(\d{2})(\d{2})(\d{2})([A-Z]{3})(\d+,\d*)$/;
const LINE =
  /^(\d{2})(\d{2})(\d{2})(\d{2})?(\d{2})?(RC|RD|EC|ED|C|D)([A-Z])?(\d+,\d*)([NSF][A-Z0-9]{3})(.*)$/;

const date = (line: number, yy: string | undefined, mm: string | undefined, dd: string | undefined): string =>
  isoDate(fullYear(Number(yy)), Number(mm), Number(dd)) ??
  fail(line, "invalidDate", { value: `${yy}${mm}${dd}` });

const amount = (line: number, text: string): Cents =>
  decimalToCents(text, ",") ?? fail(line, "invalidAmount", { value: text });

const balance = (field: Field): StatementBalance & { currency: string } => {
  const m = BALANCE.exec((field.lines[0] ?? "").trim());
  if (!m) return fail(field.line, "invalidBalance", { tag: field.tag });
  const value = amount(field.line, m[6] ?? "");
  return {
    amount: m[1] === "D" ? -value : value,
    date: date(field.line, m[2], m[3], m[4]),
    currency: m[5] ?? "",
  };
};

const SEPA_KEYS = /(EREF|KREF|MREF|CRED|SVWZ|ABWA|ABWE|DEBT|COAM|OAMT|SQTP|PURP|BREF|RREF)\+/g;
const NOREF = /^(NONREF|NOTPROVIDED)$/i;

type Info = { label: string; details: string[]; reference?: string; counterparty?: Counterparty };

/** The `:86:` text: German structured subfields when it starts `NNN?`, else free text. */
const information = (lines: readonly string[]): Info => {
  const joined = lines.join("");
  if (!/^\d{3}\?/.test(joined)) {
    const text = squash(lines.join(" "));
    return { label: text, details: [] };
  }
  const parts = new Map<string, string>();
  for (const m of joined.slice(3).matchAll(/\?(\d{2})([^?]*)/g)) parts.set(m[1] ?? "", m[2] ?? "");
  const range = (from: number, to: number): string =>
    [...parts.entries()]
      .filter(([k]) => Number(k) >= from && Number(k) <= to)
      .map(([, v]) => v)
      .join("");
  const posting = squash(parts.get("00") ?? "");
  const remittance = range(20, 29) + range(60, 63);
  const keyed = new Map<string, string>();
  const keys = [...remittance.matchAll(SEPA_KEYS)];
  keys.forEach((k, i) => {
    const start = (k.index ?? 0) + k[0].length;
    const end = keys[i + 1]?.index ?? remittance.length;
    keyed.set(k[1] ?? "", squash(remittance.slice(start, end)));
  });
  const free = squash(keys.length > 0 ? remittance.slice(0, keys[0]?.index ?? 0) : remittance);
  const label = keyed.get("SVWZ") || free || squash(remittance) || posting;
  const details = [posting, squash(remittance)].filter((t) => t !== "" && t !== label);
  const eref = keyed.get("EREF");
  const name = squash(range(32, 33));
  const iban = compactIban(parts.get("31") ?? "");
  const bic = (parts.get("30") ?? "").trim();
  const counterparty =
    name || iban
      ? { ...(name ? { name } : {}), ...(iban ? { iban } : {}), ...(bic ? { bic } : {}) }
      : undefined;
  return {
    label,
    details,
    ...(eref && !NOREF.test(eref) ? { reference: eref } : {}),
    ...(counterparty ? { counterparty } : {}),
  };
};

const statementLine = (field: Field, info: Field | undefined): BankStatementLine => {
  const first = (field.lines[0] ?? "").trim();
  const m = LINE.exec(first);
  if (!m) return fail(field.line, "invalidLine");
  const valueDate = date(field.line, m[1], m[2], m[3]);
  let bookingDate = valueDate;
  if (m[4] && m[5]) {
    const valueMonth = Number(m[2]);
    const month = Number(m[4]);
    let year = fullYear(Number(m[1]));
    if (valueMonth === 12 && month === 1) year += 1;
    if (valueMonth === 1 && month === 12) year -= 1;
    bookingDate =
      isoDate(year, month, Number(m[5])) ?? fail(field.line, "invalidDate", { value: `${m[4]}${m[5]}` });
  }
  const mark = m[6] ?? "";
  const value = amount(field.line, m[8] ?? "");
  const credit = mark === "C" || mark === "RD" || mark === "EC";
  const [customer = "", bank = ""] = (m[10] ?? "").split("//");
  const supplementary = field.lines.slice(1).map(squash).filter(Boolean);
  const parsed = info ? information(info.lines) : { label: "", details: [] as string[] };
  const own = customer.trim().replace(/^[A-Z]{4}\+$/, "");
  const reference = parsed.reference ?? (own && !NOREF.test(own) ? own : undefined);
  const label = parsed.label || supplementary[0] || customer.trim() || (m[9] ?? "");
  return {
    bookingDate,
    valueDate,
    amount: credit ? value : -value,
    label,
    details: [...parsed.details, ...supplementary.filter((s) => s !== label)],
    ...(bank.trim() ? { bankId: bank.trim() } : {}),
    ...(reference ? { reference } : {}),
    ...(parsed.counterparty ? { counterparty: parsed.counterparty } : {}),
    code: m[9] ?? "",
  };
};

const account = (field: Field | undefined, fallbackLine: number): ParsedStatement["account"] => {
  const raw = (field?.lines[0] ?? "").trim();
  if (!raw) return fail(fallbackLine, "missingAccount");
  const compact = raw.replace(/\s+/g, "").toUpperCase();
  if (isValidIBAN(compact)) return { iban: compact };
  const withoutCurrency = compact.replace(/[A-Z]{3}$/, "");
  if (isValidIBAN(withoutCurrency)) return { iban: withoutCurrency };
  return { number: compact };
};

const statement = (fields: Field[], firstLine: number): ParsedStatement => {
  const get = (tag: string) => fields.find((f) => f.tag === tag);
  const openingField = fields.find((f) => f.tag === "60F" || f.tag === "60M");
  const closingField = fields.find((f) => f.tag === "62F" || f.tag === "62M");
  if (!openingField) return fail(firstLine, "missingOpeningBalance");
  if (!closingField) return fail(firstLine, "missingClosingBalance");
  const opening = balance(openingField);
  const closing = balance(closingField);
  const lines: BankStatementLine[] = [];
  fields.forEach((f, i) => {
    if (f.tag !== "61") return;
    const next = fields[i + 1];
    lines.push(statementLine(f, next?.tag === "86" ? next : undefined));
  });
  const reference = [get("20")?.lines[0]?.trim(), get("28C")?.lines[0]?.trim()].filter(Boolean).join("/");
  return {
    format: "mt940",
    ...(reference ? { reference } : {}),
    account: { ...account(get("25"), firstLine), currency: opening.currency },
    opening: { amount: opening.amount, ...(opening.date ? { date: opening.date } : {}) },
    closing: { amount: closing.amount, ...(closing.date ? { date: closing.date } : {}) },
    lines,
  };
};

/** The statements of an MT940 file. */
export const parseMt940 = (text: string): ParsedStatement[] => {
  const all = numberedLines(text);
  const start = all.findIndex((l) => l.text.startsWith(":20:"));
  if (start < 0) return fail(1, "notMt940");
  const statements: ParsedStatement[] = [];
  let fields: Field[] = [];
  let firstLine = 0;
  const close = () => {
    if (fields.length > 0) statements.push(statement(fields, firstLine));
    fields = [];
  };
  for (const { line, text: raw } of all.slice(start)) {
    const l = raw.replace(/\s+$/, "");
    if (/^-(XXX|\})?$/.test(l.trim()) || /^\{?-?\}$/.test(l.trim())) {
      close();
      continue;
    }
    const tag = /^:(\d{2}[A-Z]?):(.*)$/.exec(l);
    if (tag) {
      if (tag[1] === "20" && fields.length > 0) close();
      if (fields.length === 0) {
        if (tag[1] !== "20") fail(line, "expectedStatementStart");
        firstLine = line;
      }
      fields.push({ tag: tag[1] ?? "", line, lines: [tag[2] ?? ""] });
    } else if (l.trim() !== "" && fields.length > 0) (fields[fields.length - 1] as Field).lines.push(l);
  }
  close();
  return statements;
};
