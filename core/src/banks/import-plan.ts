import { DomainError } from "../decider.ts";
import {
  type BalanceWarning,
  type BankAccountIdentity,
  checkBalances,
  checkStatementAccount,
  type IdentifiedLine,
  newStatementLines,
} from "./import.ts";
import type { ParsedStatement, ParsedStatementFile, StatementNotice } from "./model.ts";

/**
 * What importing a read file into a bank would do, decided before anything is written: the file's
 * statements of this bank's account (a file of several accounts — CFONB and CAMT files from EBICS
 * often hold all of a company's — gives the others back as notices; a file with none of them is
 * refused), the lines the bank does not have yet with their identities, the balance warnings and the
 * notices. The caller appends the lines (and nothing when `added` is empty).
 */

export type StatementImportPlan = {
  readonly statements: readonly ParsedStatement[];
  readonly added: readonly IdentifiedLine[];
  readonly alreadyImported: number;
  readonly warnings: readonly BalanceWarning[];
  readonly notices: readonly StatementNotice[];
  /** The days the statements cover: each one's stated period (both its ends), else its lines' dates. */
  readonly from?: string;
  readonly to?: string;
  /**
   * The days the bank's lines are read in to know which of the file's it has already: its lines' days
   * and its period (a line booked outside the stated period is still looked for where it is).
   */
  readonly window: { readonly from?: string; readonly to?: string };
};

const accountText = (s: ParsedStatement): string =>
  s.account.iban ?? [s.account.bankCode, s.account.branchCode, s.account.number].filter(Boolean).join(" ");

export const planStatementImport = (
  file: ParsedStatementFile,
  bank: BankAccountIdentity,
  existing: ReadonlySet<string>,
): StatementImportPlan => {
  const mine: ParsedStatement[] = [];
  const others: StatementNotice[] = [];
  let firstRefusal: unknown;
  for (const s of file.statements) {
    try {
      checkStatementAccount(s.account, bank);
      mine.push(s);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      firstRefusal ??= error;
      if (error.code === "bankStatement.otherAccount")
        others.push({
          code: "bankStatement.otherAccountSkipped",
          params: { account: accountText(s), lines: s.lines.length },
        });
      else throw error;
    }
  }
  if (mine.length === 0) throw firstRefusal ?? new DomainError("bankStatement.empty", { field: "file" });
  const { added, alreadyImported } = newStatementLines(
    existing,
    mine.flatMap((s) => s.lines),
  );
  // A statement's own period when it states one (CAMT Stmt/FrToDt, OFX DTSTART/DTEND): a line booked
  // outside it does not stretch it; else what its lines' dates cover.
  const sorted = (days: readonly (string | undefined)[]) => days.filter((d): d is string => !!d).sort();
  const days = sorted(
    mine.flatMap((s) =>
      s.from && s.to ? [s.from, s.to] : [s.from, s.to, ...s.lines.map((l) => l.bookingDate)],
    ),
  );
  const all = sorted(mine.flatMap((s) => [s.from, s.to, ...s.lines.map((l) => l.bookingDate)]));
  return {
    statements: mine,
    added,
    alreadyImported,
    warnings: checkBalances(mine),
    notices: [...file.notices, ...others],
    ...(days[0] ? { from: days[0], to: days[days.length - 1] } : {}),
    window: all[0] ? { from: all[0], to: all[all.length - 1] } : {},
  };
};
