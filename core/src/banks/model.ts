import { DomainError } from "../decider.ts";
import type { Cents } from "../money.ts";

/**
 * The neutral model every bank statement format is read into: an account, its balances when the file
 * gives them, and the lines, amounts in integer cents signed as the bank sees them (+ money in).
 * Dates are YYYY-MM-DD in the bank's own calendar (the date part the file writes, time zones ignored).
 */

export const statementFormats = ["camt053", "ofx", "mt940", "cfonb120", "qif", "csv"] as const;
export type StatementFormat = (typeof statementFormats)[number];

export type StatementAccount = {
  /** Upper case, no spaces. */
  readonly iban?: string;
  /** The account number the file writes when it has no IBAN (OFX ACCTID, MT940 :25:, CFONB bank+branch+account). */
  readonly number?: string;
  /** French bank and branch codes (CFONB, OFX BANKID/BRANCHID) when the file writes them. */
  readonly bankCode?: string;
  readonly branchCode?: string;
  readonly bic?: string;
  /** ISO 4217. */
  readonly currency?: string;
  readonly name?: string;
};

export type StatementBalance = { readonly amount: Cents; readonly date?: string };

export type Counterparty = { readonly name?: string; readonly iban?: string; readonly bic?: string };

export type BankStatementLine = {
  readonly bookingDate: string;
  readonly valueDate?: string;
  readonly amount: Cents;
  /** The main label, one line. */
  readonly label: string;
  /** Further label lines (memo, remittance information, CFONB 05 records…), in file order. */
  readonly details: readonly string[];
  /** The bank's own id for the line (OFX FITID, CAMT AcctSvcrRef/NtryRef, MT940 bank reference), if any. */
  readonly bankId?: string;
  /** The customer's reference (end-to-end id, MT940 customer reference, CFONB reference). */
  readonly reference?: string;
  /** A structured creditor reference (CAMT Strd/CdtrRefInf/Ref). */
  readonly creditorReference?: string;
  readonly counterparty?: Counterparty;
  /** The bank's transaction code (CAMT domain/family, MT940 type, CFONB operation code, OFX TRNTYPE). */
  readonly code?: string;
  /** When one booked entry was split into its details: its place in the entry. */
  readonly batch?: { readonly index: number; readonly count: number };
};

export type ParsedStatement = {
  readonly format: StatementFormat;
  /** The statement's own id when the file gives one (CAMT Stmt/Id, MT940 :20:/:28C:). */
  readonly reference?: string;
  readonly account: StatementAccount;
  readonly opening?: StatementBalance;
  readonly closing?: StatementBalance;
  readonly from?: string;
  readonly to?: string;
  readonly lines: readonly BankStatementLine[];
};

/** Something the reader left aside or assumed, said to the user (an empty credit-card statement, a QIF date order). */
export type StatementNotice = {
  readonly code: string;
  readonly params: Readonly<Record<string, string | number>>;
};

export type ParsedStatementFile = {
  readonly format: StatementFormat;
  readonly encoding: string;
  readonly statements: readonly ParsedStatement[];
  readonly notices: readonly StatementNotice[];
};

/** Why a file cannot be read: each has its French and English text in the API's catalogue. */
export const statementFormatReasons = [
  "unknownFormat",
  "notUtf8",
  "invalidXml",
  "notCamt053",
  "notOfx",
  "notMt940",
  "notCfonb120",
  "notQif",
  "noStatement",
  "unsupportedQifType",
  "unexpectedText",
  "unexpectedClosingTag",
  "unclosedElement",
  "expectedStatementStart",
  "invalidLine",
  "recordTooLong",
  "unknownRecord",
  "invalidDecimals",
  "missingOldBalance",
  "missingOpeningBalance",
  "missingClosingBalance",
  "invalidBalance",
  "otherAccountRecord",
  "complementWithoutOperation",
  "missingAccount",
  "missingDate",
  "invalidDate",
  "mixedDateOrder",
  "missingAmount",
  "invalidAmount",
  "invalidDirection",
  "debitAndCredit",
  "missingLabel",
  "csvMappingMissing",
  "unclosedQuote",
  "csvHeaderNotFound",
  "csvColumnNotFound",
] as const;
export type StatementFormatReason = (typeof statementFormatReasons)[number];

/**
 * A file that cannot be read: `where` names the line (`line 12`) or the element (`Stmt[1]/Ntry[3]/Amt`)
 * where it broke. Nothing of such a file is returned.
 */
export class StatementFormatError extends DomainError {
  constructor(
    readonly format: StatementFormat | "unknown",
    readonly where: string,
    readonly reason: StatementFormatReason,
    params: Readonly<Record<string, string | number>> = {},
  ) {
    super("bankStatement.malformed", { format, where, reason, ...params });
    this.message = `${format}: ${reason} (${where})`;
  }
}
