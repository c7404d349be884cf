import { type Decider, DomainError, type DomainEvent } from "../decider.ts";

/**
 * The suggestions a user declined for the lines of one bank statement (stream
 * `bankstatement-declines-<statementId>`): a declined suggestion (its key, `invoice:<id>`,
 * `payment:<id>`…) is no longer offered for that line; it can be offered again (restored). Kept apart
 * from the statement's own stream so that declining never conflicts with an import or a match.
 */
export const suggestionDeclinesStreamId = (statementId: string): string =>
  `bankstatement-declines-${statementId}`;

export type SuggestionDeclinesState = { readonly declined: Readonly<Record<number, readonly string[]>> };

export type SuggestionDeclineCommand =
  | { readonly type: "DeclineSuggestion"; readonly data: { readonly no: number; readonly key: string } }
  | { readonly type: "RestoreSuggestion"; readonly data: { readonly no: number; readonly key: string } };

export type SuggestionDeclineEvent =
  | DomainEvent<"SuggestionDeclined", { readonly no: number; readonly key: string }>
  | DomainEvent<"SuggestionRestored", { readonly no: number; readonly key: string }>;

const KEY = /^(invoice|invoices|payment|deposit|entry|rule):[0-9A-Za-z+:_-]{1,600}$/;

const decide = (
  command: SuggestionDeclineCommand,
  state: SuggestionDeclinesState,
): readonly SuggestionDeclineEvent[] => {
  const { no, key } = command.data;
  if (!Number.isInteger(no) || no < 1) throw new DomainError("statementLine.invalid", { field: "no" });
  if (!KEY.test(key)) throw new DomainError("suggestion.invalidKey", { field: "key" });
  const known = (state.declined[no] ?? []).includes(key);
  if (command.type === "DeclineSuggestion")
    return known ? [] : [{ type: "SuggestionDeclined", data: { no, key } }];
  return known ? [{ type: "SuggestionRestored", data: { no, key } }] : [];
};

const evolve = (state: SuggestionDeclinesState, event: SuggestionDeclineEvent): SuggestionDeclinesState => {
  const { no, key } = event.data;
  const list = (state.declined[no] ?? []).filter((k) => k !== key);
  return {
    declined: { ...state.declined, [no]: event.type === "SuggestionDeclined" ? [...list, key] : list },
  };
};

export const suggestionDeclinesDecider: Decider<
  SuggestionDeclineCommand,
  SuggestionDeclineEvent,
  SuggestionDeclinesState
> = { decide, evolve, initialState: () => ({ declined: {} }) };
