import { type Decider, DomainError, type DomainEvent } from "../decider.ts";
import type { BankCsvMapping } from "./formats/csv.ts";

/**
 * A bank's statements register (stream `bankstatements-<bankId>`): every import of a statement into the
 * bank, and every deletion, also writes here at the version read, so two imports into one bank never
 * decide on the same lines at once (the second conflicts, reads the bank's lines again and adds only
 * what the first did not). It keeps the number of live lines, which the shell compares with the lines
 * read model before trusting it for identities, and the CSV column mapping the bank's files use.
 */
export const bankStatementsRegisterStreamId = (bankId: string): string => `bankstatements-${bankId}`;

export type StatementRegisterState = {
  /** Lines of the bank's live statements. */
  readonly lines: number;
  readonly statements: Readonly<Record<string, number>>;
  readonly csvMapping: BankCsvMapping | null;
};

export type StatementRegisterEvent =
  | DomainEvent<"BankStatementRegistered", { readonly statement: string; readonly lines: number }>
  | DomainEvent<"BankStatementUnregistered", { readonly statement: string; readonly lines: number }>
  | DomainEvent<"BankCsvMappingSaved", { readonly mapping: BankCsvMapping }>;

export type StatementRegisterCommand =
  | {
      readonly type: "RegisterBankStatement";
      readonly data: { readonly statement: string; readonly lines: number };
    }
  | { readonly type: "UnregisterBankStatement"; readonly data: { readonly statement: string } }
  | { readonly type: "SaveBankCsvMapping"; readonly data: { readonly mapping: BankCsvMapping } };

const canonical = (value: unknown): string =>
  JSON.stringify(value, (_k, v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

const decide = (
  command: StatementRegisterCommand,
  state: StatementRegisterState,
): readonly StatementRegisterEvent[] => {
  switch (command.type) {
    case "RegisterBankStatement": {
      const { statement, lines } = command.data;
      if (statement in state.statements)
        throw new DomainError("bankStatement.exists", { id: statement }, 409);
      return [{ type: "BankStatementRegistered", data: { statement, lines } }];
    }
    case "UnregisterBankStatement": {
      const lines = state.statements[command.data.statement];
      if (lines === undefined) throw new DomainError("bankStatement.notFound", {}, 404);
      return [{ type: "BankStatementUnregistered", data: { statement: command.data.statement, lines } }];
    }
    case "SaveBankCsvMapping":
      return canonical(state.csvMapping) === canonical(command.data.mapping)
        ? []
        : [{ type: "BankCsvMappingSaved", data: { mapping: command.data.mapping } }];
  }
};

const evolve = (state: StatementRegisterState, event: StatementRegisterEvent): StatementRegisterState => {
  switch (event.type) {
    case "BankStatementRegistered":
      return {
        ...state,
        lines: state.lines + event.data.lines,
        statements: { ...state.statements, [event.data.statement]: event.data.lines },
      };
    case "BankStatementUnregistered": {
      const { [event.data.statement]: _gone, ...statements } = state.statements;
      return { ...state, lines: state.lines - event.data.lines, statements };
    }
    case "BankCsvMappingSaved":
      return { ...state, csvMapping: event.data.mapping };
  }
};

export const statementRegisterDecider: Decider<
  StatementRegisterCommand,
  StatementRegisterEvent,
  StatementRegisterState
> = {
  decide,
  evolve,
  initialState: () => ({ lines: 0, statements: {}, csvMapping: null }),
};
