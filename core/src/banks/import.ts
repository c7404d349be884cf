import { DomainError } from "../decider.ts";
import type { Cents } from "../money.ts";
import { centsText } from "./formats/amounts.ts";
import type { BankStatementLine, ParsedStatement, StatementAccount } from "./model.ts";

/**
 * What an import checks before anything is written, and how its lines join the lines a bank already
 * has: the balances (a gap is a warning with its figures, never a refusal), the account (a file for
 * another account is refused), and each line's identity, so that importing a file twice or two files
 * that overlap never doubles a line.
 */

export type BalanceWarning =
  | {
      readonly code: "bankStatement.balanceGap";
      readonly statement: number;
      readonly opening: Cents;
      readonly movements: Cents;
      readonly expectedClosing: Cents;
      readonly closing: Cents;
      readonly gap: Cents;
    }
  | {
      readonly code: "bankStatement.chainGap";
      readonly statement: number;
      readonly previousClosing: Cents;
      readonly opening: Cents;
      readonly gap: Cents;
    };

/**
 * Opening + Σ lines = closing for each statement that states both, and each statement's opening equal
 * to the closing of the one before it in the same file. Statements are numbered from 1.
 */
export const checkBalances = (statements: readonly ParsedStatement[]): BalanceWarning[] => {
  const warnings: BalanceWarning[] = [];
  statements.forEach((s, i) => {
    const previous = statements[i - 1];
    if (previous?.closing && s.opening && previous.closing.amount !== s.opening.amount)
      warnings.push({
        code: "bankStatement.chainGap",
        statement: i + 1,
        previousClosing: previous.closing.amount,
        opening: s.opening.amount,
        gap: s.opening.amount - previous.closing.amount,
      });
    if (!s.opening || !s.closing) return;
    const movements = s.lines.reduce((sum, l) => sum + l.amount, 0);
    const expectedClosing = s.opening.amount + movements;
    if (expectedClosing !== s.closing.amount)
      warnings.push({
        code: "bankStatement.balanceGap",
        statement: i + 1,
        opening: s.opening.amount,
        movements,
        expectedClosing,
        closing: s.closing.amount,
        gap: s.closing.amount - expectedClosing,
      });
  });
  return warnings;
};

/** The figures of a warning as text, for a message ("15568.27 + -12.99 = 15555.28 ≠ 15121.12"). */
export const balanceWarningFigures = (w: BalanceWarning): Record<string, string | number> =>
  w.code === "bankStatement.balanceGap"
    ? {
        statement: w.statement,
        opening: centsText(w.opening),
        movements: centsText(w.movements),
        expectedClosing: centsText(w.expectedClosing),
        closing: centsText(w.closing),
        gap: centsText(w.gap),
      }
    : {
        statement: w.statement,
        previousClosing: centsText(w.previousClosing),
        opening: centsText(w.opening),
        gap: centsText(w.gap),
      };

/** The bank account a statement is imported into. */
export type BankAccountIdentity = { readonly iban: string; readonly currency?: string };

const compact = (t: string): string => t.replace(/[\s-]+/g, "").toUpperCase();
const stripZeros = (t: string): string => t.replace(/^0+/, "");

/**
 * Refuses a statement of another account (`bankStatement.otherAccount`) or currency
 * (`bankStatement.otherCurrency`), naming what the file says and what the bank is. An IBAN is compared
 * whole; an account number (OFX, MT940, CFONB) with the IBAN's national part (BBAN): a French IBAN
 * holds the bank code, branch code and account number the French formats write. A file that names no
 * account (QIF, CSV) passes.
 */
export const checkStatementAccount = (account: StatementAccount, bank: BankAccountIdentity): void => {
  const iban = compact(bank.iban);
  const bban = iban.slice(4);
  const refuse = (found: string): never => {
    throw new DomainError("bankStatement.otherAccount", { field: "file", expected: iban, found });
  };
  if (account.iban) {
    if (compact(account.iban) !== iban) refuse(compact(account.iban));
  } else if (account.number) {
    const number = compact(account.number).replace(/[^A-Z0-9]/g, "");
    const direct = number === iban || (number.length >= 8 && bban.includes(number));
    const french =
      account.bankCode !== undefined &&
      iban.startsWith("FR") &&
      bban.startsWith(account.bankCode) &&
      (account.branchCode === undefined || bban.slice(5, 10) === account.branchCode.padStart(5, "0")) &&
      stripZeros(bban.slice(10, 21)) === stripZeros(number.slice(0, 11));
    const matches = account.bankCode !== undefined && iban.startsWith("FR") ? french : direct;
    if (!matches) refuse(number);
  }
  if (bank.currency && account.currency && account.currency.toUpperCase() !== bank.currency.toUpperCase())
    throw new DomainError("bankStatement.otherCurrency", {
      field: "file",
      expected: bank.currency.toUpperCase(),
      found: account.currency.toUpperCase(),
    });
};

/** A label as compared for identity: case, accents and spacing set aside. */
export const identityLabel = (label: string): string =>
  label
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, " ")
    .trim();

/**
 * The identity of each line of one import, in order: the bank's own id when the line has one
 * (`id:<bankId>`), else its booking date, amount and label and its rank among the lines of the same
 * import that share all three (`dal:2014-01-05|-75425|LABEL|1`). Two imports covering the same days
 * give the same identities to the same lines whatever else they hold.
 */
export const lineIdentities = (lines: readonly BankStatementLine[]): string[] => {
  const seen = new Map<string, number>();
  return lines.map((l) => {
    if (l.bankId) return `id:${l.bankId}`;
    const key = `${l.bookingDate}|${l.amount}|${identityLabel(l.label)}`;
    const rank = (seen.get(key) ?? 0) + 1;
    seen.set(key, rank);
    return `dal:${key}|${rank}`;
  });
};

export type IdentifiedLine = { readonly identity: string; readonly line: BankStatementLine };

/**
 * The lines of an import that a bank does not have yet: identities already known (`existing`) are
 * left out, and so is a second line of the same identity inside the import (a bank id repeated).
 */
export const newStatementLines = (
  existing: ReadonlySet<string>,
  lines: readonly BankStatementLine[],
): { added: IdentifiedLine[]; alreadyImported: number } => {
  const identities = lineIdentities(lines);
  const known = new Set(existing);
  const added: IdentifiedLine[] = [];
  identities.forEach((identity, i) => {
    if (known.has(identity)) return;
    known.add(identity);
    added.push({ identity, line: lines[i] as BankStatementLine });
  });
  return { added, alreadyImported: lines.length - added.length };
};
