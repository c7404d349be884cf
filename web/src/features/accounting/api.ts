import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type AnswerOf, api, type BodyOf, type OperationOf, type Schemas } from "../../lib/api-client.ts";
import {
  closingStepStatusValues,
  journalKindValues,
  yearEndAdjustmentKindValues,
} from "../../lib/api-types.ts";

/**
 * The shapes of `/api/accounting` (api/src/routes/accounting/), taken from the generated OpenAPI
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
};
export const entryOrigin = (entry: Pick<EntrySummary, "origin">): EntryOrigin => {
  const origin: EntryOrigin = {};
  for (const key of ["kind", "of", "yearId", "adjustment"] as const) {
    const value = entry.origin[key];
    if (typeof value === "string") origin[key] = value;
  }
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
  balance: (range: { yearId: string } | { start: string; end: string }) =>
    ["accounting", "reports", "balance", range] as const,
  ledger: (filter: { start: string; end: string; account: string }) =>
    ["accounting", "reports", "ledger", filter] as const,
};

// ---- Accounts ----

export const accountsQuery = (filter: AccountFilter) =>
  queryOptions({
    queryKey: accountingKeys.accountList(filter),
    queryFn: ({ signal }) =>
      api.get("/accounting/accounts", {
        query: { q: filter.q, class: filter.class, kind: filter.kind },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The whole chart, for pickers: rarely changes, kept for a while. */
export const chartQuery = () =>
  queryOptions({
    ...accountsQuery({ q: "", class: null, kind: null }),
    staleTime: 5 * 60_000,
  });

export const accountQuery = (number: string) =>
  queryOptions({
    queryKey: accountingKeys.account(number),
    queryFn: ({ signal }) => api.get("/accounting/accounts/{id}", { path: { id: number }, signal }),
  });

export type AccountCreate = BodyOf<OperationOf<"/accounting/accounts", "post">>;
export type AccountUpdate = BodyOf<OperationOf<"/accounting/accounts/{id}", "put">>;

export const useCreateAccount = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AccountCreate) => api.post("/accounting/accounts", { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountingKeys.accounts }),
  });
};

export const useUpdateAccount = (number: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AccountUpdate) =>
      api.put("/accounting/accounts/{id}", { path: { id: number }, body: input }),
    onSuccess: (account) => {
      client.setQueryData(accountingKeys.account(number), account);
      return client.invalidateQueries({ queryKey: accountingKeys.accounts });
    },
  });
};

export const useDeleteAccount = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (number: string) => api.delete("/accounting/accounts/{id}", { path: { id: number } }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountingKeys.accounts }),
  });
};

// ---- Journals ----

export const journalsQuery = () =>
  queryOptions({
    queryKey: accountingKeys.journals,
    queryFn: ({ signal }) => api.get("/accounting/journals", { signal }),
    staleTime: 60_000,
  });

export const journalQuery = (code: string) =>
  queryOptions({
    queryKey: accountingKeys.journal(code),
    queryFn: ({ signal }) => api.get("/accounting/journals/{id}", { path: { id: code }, signal }),
  });

export type JournalCreate = {
  code: string;
  label: string;
  labelEn?: string;
  kind: JournalKind;
  vat?: boolean;
  account?: string | null;
};
export type JournalUpdate = { label?: string; labelEn?: string; vat?: boolean; account?: string | null };

export const useCreateJournal = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: JournalCreate) => api.post("/accounting/journals", { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountingKeys.journals }),
  });
};

export const useUpdateJournal = (code: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: JournalUpdate) =>
      api.put("/accounting/journals/{id}", { path: { id: code }, body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountingKeys.journals }),
  });
};

export const useDeleteJournal = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.delete("/accounting/journals/{id}", { path: { id: code } }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountingKeys.journals }),
  });
};

// ---- Entries ----

export const entriesQuery = (filter: EntryFilter) =>
  queryOptions({
    queryKey: accountingKeys.entryList(filter),
    queryFn: ({ signal }) =>
      api.get("/accounting/entries", {
        query: {
          journal: filter.journal,
          status: filter.status,
          start: filter.start,
          end: filter.end,
          q: filter.q,
          limit: entriesPageSize,
          offset: (Math.max(1, filter.page) - 1) * entriesPageSize,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const entryQuery = (mvt: string) =>
  queryOptions({
    queryKey: accountingKeys.entry(mvt),
    queryFn: ({ signal }) => api.get("/accounting/entries/mvt/{mvt}", { path: { mvt }, signal }),
  });

export const draftsQuery = () =>
  queryOptions({
    queryKey: accountingKeys.drafts,
    queryFn: ({ signal }) => api.get("/accounting/entries/validate", { signal }),
  });

/** Whatever an entry changes: lists, drafts, reports and the year's statements. */
const invalidateBooks = (client: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    client.invalidateQueries({ queryKey: accountingKeys.entries }),
    client.invalidateQueries({ queryKey: accountingKeys.reports }),
    client.invalidateQueries({ queryKey: accountingKeys.years }),
  ]);

export const useCreateEntry = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EntryInput & { validate?: boolean }) =>
      api.post("/accounting/entries", { body: input }),
    onSuccess: (entry) => {
      client.setQueryData(accountingKeys.entry(entry.mvt), entry);
      return invalidateBooks(client);
    },
  });
};

export const useUpdateEntry = (mvt: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EntryInput) =>
      api.put("/accounting/entries/mvt/{mvt}", { path: { mvt }, body: input }),
    onSuccess: (entry) => {
      client.setQueryData(accountingKeys.entry(mvt), entry);
      return invalidateBooks(client);
    },
  });
};

export const useDeleteEntry = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (mvt: string) => api.delete("/accounting/entries/mvt/{mvt}", { path: { mvt } }),
    onSuccess: (_, mvt) => {
      client.removeQueries({ queryKey: accountingKeys.entry(mvt) });
      return invalidateBooks(client);
    },
  });
};

export const useValidateEntry = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (mvt: string) => api.post("/accounting/entries/{mvt}/validate", { path: { mvt } }),
    onSuccess: (entry) => {
      client.setQueryData(accountingKeys.entry(entry.mvt), entry);
      return invalidateBooks(client);
    },
  });
};

export type ValidationOutcome = AnswerOf<"/accounting/entries/validate", "put">;

export const useValidateEntries = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (mvts: string[]) => api.put("/accounting/entries/validate", { body: { mvts } }),
    onSuccess: () => invalidateBooks(client),
  });
};

export const useReverseEntry = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ mvt, date }: { mvt: string; date: string }) =>
      api.post("/accounting/entries/{mvt}/reverse", { path: { mvt }, body: { date } }),
    onSuccess: (entry) => {
      client.setQueryData(accountingKeys.entry(entry.mvt), entry);
      return invalidateBooks(client);
    },
  });
};

export const useLetter = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (lines: string[]) => api.put("/accounting/entries/mark", { body: { lines } }),
    onSuccess: () => invalidateBooks(client),
  });
};

export const useUnletter = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { account: string; code: string }) =>
      api.put("/accounting/entries/unmark", { body: input }),
    onSuccess: () => invalidateBooks(client),
  });
};

// ---- Fiscal years ----

export const yearsQuery = () =>
  queryOptions({
    queryKey: accountingKeys.years,
    queryFn: ({ signal }) => api.get("/accounting/balance-sheet", { signal }),
  });

export const yearQuery = (id: string) =>
  queryOptions({
    queryKey: accountingKeys.year(id),
    queryFn: ({ signal }) => api.get("/accounting/balance-sheet/{id}", { path: { id }, signal }),
  });

export const statementsQuery = (id: string) =>
  queryOptions({
    queryKey: accountingKeys.statements(id),
    queryFn: ({ signal }) => api.get("/accounting/balance-sheet/{id}/calculate", { path: { id }, signal }),
  });

export const stepsQuery = (id: string) =>
  queryOptions({
    queryKey: accountingKeys.steps(id),
    queryFn: ({ signal }) => api.get("/accounting/balance-sheet/{id}/steps", { path: { id }, signal }),
  });

export const useOpenYear = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { start?: string; end?: string }) =>
      api.post("/accounting/balance-sheet", { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountingKeys.years }),
  });
};

export const useLockPeriods = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (lockedUntil: string) =>
      api.put("/accounting/balance-sheet/{id}", { path: { id }, body: { lockedUntil } }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountingKeys.years }),
  });
};

export const useGenerateOpening = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.get("/accounting/balance-sheet/{id}/createan", { path: { id } }),
    onSuccess: () => invalidateBooks(client),
  });
};

export const useCloseYear = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.get("/accounting/balance-sheet/{id}/validate", {
        path: { id },
        query: { confirm: "irreversible" },
      }),
    onSuccess: () => invalidateBooks(client),
  });
};

// ---- Reports ----

export type BalanceRange = { yearId: string } | { start: string; end: string };

export const balanceQuery = (range: BalanceRange) =>
  queryOptions({
    queryKey: accountingKeys.balance(range),
    queryFn: ({ signal }) => api.post("/accounting/reports/balance", { body: range, signal }),
    placeholderData: keepPreviousData,
  });

export const ledgerPage = (
  filter: { start: string; end: string; account: string },
  after: LedgerCursor | null,
  signal: AbortSignal,
  limit = 200,
) =>
  api.post("/accounting/reports/generalledger", {
    body: {
      start: filter.start,
      end: filter.end,
      ...(filter.account ? { account: filter.account } : {}),
      ...(after ? { after } : {}),
      limit,
    },
    signal,
  });

// ---- Closing file: the checklist and the year-end adjustments ----

export const closingStepStatuses = closingStepStatusValues;
export type ClosingStep = Schemas["ClosingStep"];
export type ClosingStepStatus = ClosingStep["status"];
/** The standard steps, in the order they are usually done; the interface words them by id. */
export const standardClosingSteps = [
  "stock",
  "accruals",
  "prepayments",
  "depreciation",
  "provisions",
  "bankReconciliation",
  "thirdParties",
  "vat",
  "corporateTax",
  "suspense",
] as const;
export type StandardClosingStep = (typeof standardClosingSteps)[number];
export type ClosingStepChange = BodyOf<OperationOf<"/accounting/balance-sheet/steps/{id}", "put">>;

export const adjustmentKinds = yearEndAdjustmentKindValues;
/** A year-end adjustment (écriture d'inventaire): a two-line entry of the OD journal. */
export type Adjustment = Schemas["YearEndAdjustment"];
export type AdjustmentKind = Adjustment["kind"];
export type AdjustmentInput = Omit<Schemas["YearEndAdjustmentInput"], "yearId" | "kind">;

export const closingKeys = {
  steps: (yearId: string) => [...accountingKeys.year(yearId), "closing-steps"] as const,
  adjustments: (yearId: string) => [...accountingKeys.year(yearId), "adjustments"] as const,
};

export const closingStepsQuery = (yearId: string) =>
  queryOptions({
    queryKey: closingKeys.steps(yearId),
    queryFn: ({ signal }) => api.get("/accounting/balance-sheet/steps", { query: { yearId }, signal }),
  });

export const adjustmentsQuery = (yearId: string) =>
  queryOptions({
    queryKey: closingKeys.adjustments(yearId),
    queryFn: ({ signal }) =>
      api.get("/accounting/balance-sheet/{id}/lines", { path: { id: yearId }, signal }),
  });

export const useAddClosingStep = (yearId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (label: string) => api.post("/accounting/balance-sheet/steps", { body: { yearId, label } }),
    onSuccess: () => client.invalidateQueries({ queryKey: closingKeys.steps(yearId) }),
  });
};

export const useUpdateClosingStep = (step: Pick<ClosingStep, "key" | "yearId">) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: ClosingStepChange) =>
      api.put("/accounting/balance-sheet/steps/{id}", { path: { id: step.key }, body: change }),
    onSuccess: (saved) => {
      client.setQueryData(
        closingKeys.steps(step.yearId),
        (list: AnswerOf<"/accounting/balance-sheet/steps", "get"> | undefined) =>
          list ? { items: list.items.map((s) => (s.key === saved.key ? saved : s)) } : list,
      );
      return client.invalidateQueries({ queryKey: closingKeys.steps(step.yearId) });
    },
  });
};

/** An adjustment is an entry: the books, the reports and the year's views change with it. */
export const useAddAdjustment = (yearId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdjustmentInput & { kind: AdjustmentKind }) =>
      api.post("/accounting/balance-sheet/lines", { body: { yearId, ...input } }),
    onSuccess: () => invalidateBooks(client),
  });
};

export const useChangeAdjustment = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdjustmentInput & { id: string }) =>
      api.put("/accounting/balance-sheet/lines", { body: input }),
    onSuccess: () => invalidateBooks(client),
  });
};
