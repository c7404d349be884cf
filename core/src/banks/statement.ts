import { type Decider, DomainError, type DomainEvent } from "../decider.ts";
import type { Cents } from "../money.ts";
import { type BalanceWarning, checkBalances, type IdentifiedLine } from "./import.ts";
import type { BankStatementLine, StatementFormat, StatementNotice } from "./model.ts";

/**
 * One imported (or typed-in) bank statement as one stream, `bankstatement-<id>`: its header (bank,
 * file, period, balances, the import's warnings and notices), its lines numbered from 1 within it —
 * written in chunks so that a 10,000-line file is a few events, not one huge one —, its edits, its
 * deletion (only while no line is matched) and each line's matching to what the books hold.
 * Which lines a bank already has (duplicate safety) is decided by the shell from the bank's lines and
 * serialised per bank by the register stream (`statement-register.ts`).
 */
export const bankStatementStreamId = (id: string): string => `bankstatement-${id}`;

/** How many lines one `BankStatementLinesAdded` event carries at most. */
export const STATEMENT_LINES_PER_EVENT = 2000;

export type StatementSource = "file" | "typed";

/** The original file of an imported statement: kept in the file store under its SHA-256. */
export type StatementFile = {
  readonly name: string;
  readonly format: StatementFormat;
  readonly encoding: string;
  readonly size: number;
  readonly sha256: string;
};

export type StatementBalanceValue = { readonly amount: Cents; readonly date: string | null };

/** A line as kept: its number in the statement, its identity in the bank, and what the file said. */
export type StatementLineRecord = BankStatementLine & { readonly no: number; readonly identity: string };

export type StatementHeader = {
  readonly id: string;
  readonly bankId: string;
  /** The bank's 512 account and journal when imported. */
  readonly account: string;
  readonly journal: string;
  readonly source: StatementSource;
  readonly file: StatementFile | null;
  /** The statement's own id(s) in the file (CAMT Stmt/Id, MT940 :20:), joined. */
  readonly reference: string | null;
  readonly label: string;
  readonly from: string | null;
  readonly to: string | null;
  readonly opening: StatementBalanceValue | null;
  readonly closing: StatementBalanceValue | null;
  readonly warnings: readonly BalanceWarning[];
  readonly notices: readonly StatementNotice[];
  /** Lines of the file the bank already had, left out. */
  readonly alreadyImported: number;
  readonly lineCount: number;
};

/** What a line is matched to: a payment, a deposit or an entry, with the entry line of the 512 movement. */
export type MatchTarget = {
  readonly kind: "payment" | "deposit" | "entry";
  /** The payment's or deposit's id, or the entry's mvt. */
  readonly id: string;
  readonly mvt: string;
  readonly line: number;
};
export type MatchedBy = "user" | "suggestion" | "rule";

export type StatementEdit = {
  readonly label: string;
  readonly reference: string | null;
  readonly from: string | null;
  readonly to: string | null;
  readonly opening: StatementBalanceValue | null;
  readonly closing: StatementBalanceValue | null;
};

export type BankStatementEvent =
  | DomainEvent<"BankStatementImported", StatementHeader>
  | DomainEvent<"BankStatementLinesAdded", { readonly lines: readonly StatementLineRecord[] }>
  | DomainEvent<"BankStatementEdited", StatementEdit & { readonly warnings: readonly BalanceWarning[] }>
  | DomainEvent<"BankStatementDeleted", { readonly bankId: string; readonly lines: number }>
  | DomainEvent<
      "StatementLineMatched",
      { readonly no: number; readonly target: MatchTarget; readonly by: MatchedBy }
    >
  | DomainEvent<"StatementLineUnmatched", { readonly no: number; readonly target: MatchTarget }>;

export type ImportStatementData = Omit<StatementHeader, "lineCount" | "warnings"> & {
  readonly lines: readonly IdentifiedLine[];
  /** The file's balance warnings (several statements of one file checked together); typed-in: computed. */
  readonly warnings?: readonly BalanceWarning[];
};

export type BankStatementCommand =
  | { readonly type: "ImportBankStatement"; readonly data: ImportStatementData }
  | { readonly type: "EditBankStatement"; readonly data: StatementEdit }
  | { readonly type: "DeleteBankStatement"; readonly data: Record<string, never> }
  | {
      readonly type: "MatchStatementLine";
      readonly data: { readonly no: number; readonly target: MatchTarget; readonly by: MatchedBy };
    }
  | {
      readonly type: "UnmatchStatementLine";
      readonly data: { readonly no: number };
      /** The period lock of the books (`FiscalState.lockedUntil`), read by the shell. */
      readonly context: { readonly lockedUntil: string | null };
    };

export type StatementLineState = {
  readonly date: string;
  readonly amount: Cents;
  readonly match: MatchTarget | null;
};

export type BankStatementState = {
  readonly status: "none" | "active" | "deleted";
  readonly header: StatementHeader | null;
  readonly lines: readonly StatementLineState[];
  readonly matched: number;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_LABEL = 200;

const checkDay = (value: string | null, field: string): void => {
  if (value !== null && !DAY.test(value)) throw new DomainError("validation.invalidDate", { field, value });
};

const checkBalance = (value: StatementBalanceValue | null, field: string): void => {
  if (value === null) return;
  if (!Number.isSafeInteger(value.amount)) throw new DomainError("bankStatement.invalidBalance", { field });
  checkDay(value.date, field);
};

const checkEdit = (edit: StatementEdit): void => {
  if (edit.label.length > MAX_LABEL) throw new DomainError("validation.tooLong", { field: "label" });
  checkDay(edit.from, "from");
  checkDay(edit.to, "to");
  if (edit.from && edit.to && edit.from > edit.to)
    throw new DomainError("bankStatement.invalidPeriod", { field: "to", from: edit.from, to: edit.to });
  checkBalance(edit.opening, "opening");
  checkBalance(edit.closing, "closing");
};

/** Opening + Σ lines = closing, when both balances are known: the one warning a single statement can have. */
export const statementBalanceWarnings = (
  opening: StatementBalanceValue | null,
  closing: StatementBalanceValue | null,
  amounts: readonly Cents[],
): BalanceWarning[] =>
  checkBalances([
    {
      format: "csv",
      account: {},
      ...(opening ? { opening: { amount: opening.amount } } : {}),
      ...(closing ? { closing: { amount: closing.amount } } : {}),
      lines: amounts.map((amount) => ({ bookingDate: "", amount, label: "", details: [] })),
    },
  ]);

const live = (state: BankStatementState): StatementHeader => {
  if (state.status !== "active" || !state.header) throw new DomainError("bankStatement.notFound", {}, 404);
  return state.header;
};

const lineOf = (state: BankStatementState, no: number): StatementLineState => {
  const line = Number.isInteger(no) ? state.lines[no - 1] : undefined;
  if (!line) throw new DomainError("bankStatement.lineNotFound", { no }, 404);
  return line;
};

const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

const decide = (command: BankStatementCommand, state: BankStatementState): readonly BankStatementEvent[] => {
  switch (command.type) {
    case "ImportBankStatement": {
      if (state.status !== "none")
        throw new DomainError("bankStatement.exists", { id: command.data.id }, 409);
      const { lines, warnings, ...header } = command.data;
      if (lines.length === 0) throw new DomainError("bankStatement.noLines", { field: "lines" });
      checkEdit(header);
      const records: StatementLineRecord[] = lines.map((l, i) => ({
        ...l.line,
        no: i + 1,
        identity: l.identity,
      }));
      for (const r of records) {
        if (!DAY.test(r.bookingDate))
          throw new DomainError("validation.invalidDate", { field: `lines[${r.no - 1}].bookingDate` });
        if (!Number.isSafeInteger(r.amount))
          throw new DomainError("validation.invalidAmount", { field: `lines[${r.no - 1}].amount` });
      }
      return [
        {
          type: "BankStatementImported",
          data: {
            ...header,
            warnings:
              warnings ??
              statementBalanceWarnings(
                header.opening,
                header.closing,
                records.map((r) => r.amount),
              ),
            lineCount: records.length,
          },
        },
        ...chunks(records, STATEMENT_LINES_PER_EVENT).map((chunk) => ({
          type: "BankStatementLinesAdded" as const,
          data: { lines: chunk },
        })),
      ];
    }
    case "EditBankStatement": {
      const header = live(state);
      const edit = command.data;
      checkEdit(edit);
      const same =
        header.label === edit.label &&
        header.reference === edit.reference &&
        header.from === edit.from &&
        header.to === edit.to &&
        JSON.stringify(header.opening) === JSON.stringify(edit.opening) &&
        JSON.stringify(header.closing) === JSON.stringify(edit.closing);
      if (same) return [];
      const warnings = statementBalanceWarnings(
        edit.opening,
        edit.closing,
        state.lines.map((l) => l.amount),
      );
      return [{ type: "BankStatementEdited", data: { ...edit, warnings } }];
    }
    case "DeleteBankStatement": {
      const header = live(state);
      if (state.matched > 0)
        throw new DomainError("bankStatement.hasMatchedLines", { matched: state.matched }, 409);
      return [{ type: "BankStatementDeleted", data: { bankId: header.bankId, lines: state.lines.length } }];
    }
    case "MatchStatementLine": {
      live(state);
      const { no, target, by } = command.data;
      const line = lineOf(state, no);
      if (line.match) {
        if (line.match.mvt === target.mvt && line.match.line === target.line) return [];
        throw new DomainError("statementLine.alreadyMatched", { no }, 409);
      }
      return [{ type: "StatementLineMatched", data: { no, target, by } }];
    }
    case "UnmatchStatementLine": {
      live(state);
      const { no } = command.data;
      const line = lineOf(state, no);
      if (!line.match) throw new DomainError("statementLine.notMatched", { no }, 409);
      const { lockedUntil } = command.context;
      if (lockedUntil !== null && line.date <= lockedUntil)
        throw new DomainError("period.locked", { date: line.date, until: lockedUntil }, 409);
      return [{ type: "StatementLineUnmatched", data: { no, target: line.match } }];
    }
  }
};

const setMatch = (state: BankStatementState, no: number, match: MatchTarget | null): BankStatementState => {
  const lines = state.lines.slice();
  const line = lines[no - 1];
  if (!line) return state;
  lines[no - 1] = { ...line, match };
  return { ...state, lines, matched: state.matched + (match ? 1 : -1) };
};

const evolve = (state: BankStatementState, event: BankStatementEvent): BankStatementState => {
  switch (event.type) {
    case "BankStatementImported":
      return { status: "active", header: event.data, lines: [], matched: 0 };
    case "BankStatementLinesAdded":
      return {
        ...state,
        lines: [
          ...state.lines,
          ...event.data.lines.map((l) => ({ date: l.bookingDate, amount: l.amount, match: null })),
        ],
      };
    case "BankStatementEdited": {
      const { warnings, ...edit } = event.data;
      return state.header ? { ...state, header: { ...state.header, ...edit, warnings } } : state;
    }
    case "BankStatementDeleted":
      return { ...state, status: "deleted" };
    case "StatementLineMatched":
      return setMatch(state, event.data.no, event.data.target);
    case "StatementLineUnmatched":
      return setMatch(state, event.data.no, null);
  }
};

/** Folds many events copying the lines once (a 10,000-line statement's matches one by one would copy it each time). */
const foldEvents = (state: BankStatementState, events: readonly BankStatementEvent[]): BankStatementState => {
  let current = state;
  let lines: StatementLineState[] | null = null;
  for (const event of events) {
    if (event.type === "StatementLineMatched" || event.type === "StatementLineUnmatched") {
      lines ??= current.lines.slice();
      const line = lines[event.data.no - 1];
      if (!line) continue;
      const match = event.type === "StatementLineMatched" ? event.data.target : null;
      lines[event.data.no - 1] = { ...line, match };
      current = { ...current, matched: current.matched + (match ? 1 : -1) };
      continue;
    }
    if (lines) current = { ...current, lines };
    lines = null;
    current = evolve(current, event);
  }
  return lines ? { ...current, lines } : current;
};

export const bankStatementDecider: Decider<BankStatementCommand, BankStatementEvent, BankStatementState> = {
  decide,
  evolve,
  foldEvents,
  initialState: () => ({ status: "none", header: null, lines: [], matched: 0 }),
};
