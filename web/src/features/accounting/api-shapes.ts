import { type QueryClient, type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import type { AnswerOf, Schemas } from "../../lib/api-client.ts";
import { journalKindValues } from "../../lib/api-types.ts";

/**
 * The shapes of `/api/accounting` (api/src/routes/accounting.ts), taken from the generated OpenAPI
 * types: a route that changes on the server fails this feature's typecheck. Amounts are integer cents.
 */

export type Account = Schemas["Account"];
export type AccountKind = Account["kind"];

export const journalKinds = journalKindValues;
export type Journal = Schemas["Journal"];
export type JournalKind = Journal["kind"];

export type EntrySummary = Schemas["EntrySummary"];
export type EntryStatus = EntrySummary["status"];
export type Entry = Schemas["Entry"];
export type EntryLine = Entry["lines"][number];
export type EntryInput = Schemas["EntryInput"];

/** What made an entry, as its `origin` says (a free record in the API: read field by field). */
export type EntryOrigin = {
  kind?: string;
  /** The entry a reversal reverses. */
  of?: string;
  yearId?: string;
  /** A year-end adjustment's kind (origin `adjustment`). */
  adjustment?: string;
  /** The sales or purchase document a posted entry comes from (origin `document`). */
  doc?: string;
  /** The payment (origin `payment`) or the deposit (origin `deposit`) that posted it. */
  payment?: string;
  deposit?: string;
  /** The VAT return it settles (origin `vatReturn`). */
  period?: string;
  /** The bank statement and its line it was booked from (origin `statementLine`). */
  statement?: string;
  no?: number;
};
const textKeys = [
  "kind",
  "of",
  "yearId",
  "adjustment",
  "doc",
  "payment",
  "deposit",
  "period",
  "statement",
] as const;
export const entryOrigin = (entry: Pick<EntrySummary, "origin">): EntryOrigin => {
  const origin: EntryOrigin = {};
  for (const key of textKeys) {
    const value = entry.origin[key];
    if (typeof value === "string") origin[key] = value;
  }
  const no = entry.origin.no;
  if (typeof no === "number" && Number.isInteger(no)) origin.no = no;
  return origin;
};

export type FiscalYear = Schemas["FiscalYear"];

export type TrialBalance = AnswerOf<"/accounting/reports/balance", "post">;
export type TrialBalanceRow = TrialBalance["rows"][number];

export type IncomeStatement = Schemas["IncomeStatement"];
export type BalanceSheet = Schemas["BalanceSheet"];
export type StatementSection = IncomeStatement["sections"][number];
export type StatementLine = StatementSection["lines"][number];
export type YearStatements = AnswerOf<"/accounting/balance-sheet/{id}/calculate", "get">;
export type YearEndWarning = AnswerOf<"/accounting/balance-sheet/{id}/steps", "get">["warnings"][number];

export type LedgerPage = Schemas["GeneralLedgerPage"];
export type LedgerRow = LedgerPage["rows"][number];
export type LedgerCursor = NonNullable<LedgerPage["next"]>;

export type AccountFilter = { q: string; class: number | null; kind: AccountKind | null };
export type EntryFilter = {
  journal: string | null;
  status: EntryStatus | null;
  start: string;
  end: string;
  q: string;
  page: number;
};
export const entriesPageSize = 50;

export const accountingKeys = {
  all: ["accounting"] as const,
  accounts: ["accounting", "accounts"] as const,
  accountList: (filter: AccountFilter) => ["accounting", "accounts", "list", filter] as const,
  account: (number: string) => ["accounting", "accounts", "detail", number] as const,
  journals: ["accounting", "journals"] as const,
  journal: (code: string) => ["accounting", "journals", "detail", code] as const,
  entries: ["accounting", "entries"] as const,
  entryList: (filter: EntryFilter) => ["accounting", "entries", "list", filter] as const,
  entry: (mvt: string) => ["accounting", "entries", "detail", mvt] as const,
  drafts: ["accounting", "entries", "drafts"] as const,
  years: ["accounting", "years"] as const,
  year: (id: string) => ["accounting", "years", "detail", id] as const,
  statements: (id: string) => ["accounting", "years", "detail", id, "statements"] as const,
  steps: (id: string) => ["accounting", "years", "detail", id, "steps"] as const,
  reports: ["accounting", "reports"] as const,
  balance: (range: ({ yearId: string } | { start: string; end: string }) & { provisional?: boolean }) =>
    ["accounting", "reports", "balance", range] as const,
  ledger: (filter: { start: string; end: string; account: string; provisional?: boolean }) =>
    ["accounting", "reports", "ledger", filter] as const,
};

/** Whatever an entry changes: lists, drafts, reports and the year's statements. */
export const invalidateBooks = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: accountingKeys.entries }),
    client.invalidateQueries({ queryKey: accountingKeys.reports }),
    client.invalidateQueries({ queryKey: accountingKeys.years }),
  ]);

/**
 * A change of the books: once the server has answered, `onAnswer` (to set the answer where it shows) and
 * the queries under `key` marked stale — by default, whatever an entry changes (`invalidateBooks`).
 */
export const useBooksMutation = <Input, Output>(
  mutationFn: (input: Input) => Promise<Output>,
  {
    key,
    onAnswer,
  }: { key?: QueryKey; onAnswer?: (client: QueryClient, output: Output, input: Input) => void } = {},
) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (output: Output, input: Input) => {
      onAnswer?.(client, output, input);
      return key ? client.invalidateQueries({ queryKey: key }) : invalidateBooks(client);
    },
  });
};
