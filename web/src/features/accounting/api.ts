import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../lib/http.ts";
import type { Cents } from "./money.ts";

/** The shapes of `/api/accounting` (api/src/routes/accounting.ts). Amounts are integer cents. */

export type AccountKind = "general" | "auxiliary";
export type Account = {
  number: string;
  kind: AccountKind;
  label: string;
  labelEn: string;
  class: number;
  lettrable: boolean;
  collective: boolean;
  control: string | null;
  closed: boolean;
};

export const journalKinds = ["sales", "purchases", "bank", "cash", "misc", "opening"] as const;
export type JournalKind = (typeof journalKinds)[number];
export type Journal = {
  code: string;
  label: string;
  labelEn: string;
  kind: JournalKind;
  vat: boolean;
  account: string | null;
};

export type EntryStatus = "draft" | "validated";
export type EntryOrigin = {
  kind?: string;
  of?: string;
  yearId?: string;
  file?: string;
  number?: string;
  /** A year-end adjustment's kind (origin `adjustment`). */
  adjustment?: string;
};
export type EntrySummary = {
  mvt: string;
  journal: string;
  date: string;
  pieceRef: string;
  pieceDate: string;
  label: string;
  status: EntryStatus;
  number: string | null;
  fiscalYearId: string | null;
  validatedOn: string | null;
  debit: Cents;
  credit: Cents;
  lineCount: number;
  origin: EntryOrigin;
};
export type EntryLine = {
  line: number;
  account: string;
  auxiliary: string | null;
  label: string | null;
  debit: Cents;
  credit: Cents;
  letterCode: string | null;
  letterDate: string | null;
};
export type Entry = EntrySummary & { lines: EntryLine[] };
export type EntryInput = {
  journal: string;
  date: string;
  pieceRef: string;
  pieceDate: string;
  label: string;
  lines: { account: string; auxiliary: string | null; label: string | null; debit: Cents; credit: Cents }[];
};

export type FiscalYear = {
  id: string;
  start: string;
  end: string;
  status: "open" | "closed";
  openingMvt: string | null;
  closedOn: string | null;
};

export type TrialBalanceRow = {
  account: string;
  label: string;
  debit: Cents;
  credit: Cents;
  balanceDebit: Cents;
  balanceCredit: Cents;
};
export type TrialBalance = {
  start: string;
  end: string;
  rows: TrialBalanceRow[];
  totals: { debit: Cents; credit: Cents; balanceDebit: Cents; balanceCredit: Cents };
};

export type StatementLine = { key: string; label: string; labelEn: string; amount: Cents };
export type StatementSection = {
  key: string;
  label: string;
  labelEn: string;
  lines: StatementLine[];
  total: Cents;
};
export type IncomeStatement = {
  sections: StatementSection[];
  netTurnover: Cents;
  operatingResult: Cents;
  financialResult: Cents;
  exceptionalResult: Cents;
  result: Cents;
};
export type BalanceSheet = {
  assets: StatementSection[];
  liabilities: StatementSection[];
  totalAssets: Cents;
  totalLiabilities: Cents;
  result: Cents;
};
export type YearStatements = {
  year: FiscalYear;
  trialBalance: Omit<TrialBalance, "start" | "end">;
  incomeStatement: IncomeStatement;
  balanceSheet: BalanceSheet;
};
export type YearEndWarning = { code: string; count: number; items: string[]; blocking: boolean };

export type LedgerCursor = { account: string; date: string; position: number; line: number };
export type LedgerRow = {
  mvt: string;
  line: number;
  account: string;
  auxiliary: string | null;
  journal: string;
  number: string;
  date: string;
  pieceRef: string;
  label: string;
  debit: Cents;
  credit: Cents;
  /** Signed: debit minus credit since the start of the range. */
  balance: Cents;
  letterCode: string | null;
  letterDate: string | null;
  position: number;
};
export type LedgerPage = { rows: LedgerRow[]; next: LedgerCursor | null };

type List<T> = { items: T[] };

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

const segment = (value: string) => encodeURIComponent(value);

const query = (params: Record<string, string | number | null | undefined>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== null && value !== undefined && value !== "") search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : "";
};

// ---- Accounts ----

export const accountsQuery = (filter: AccountFilter) =>
  queryOptions({
    queryKey: accountingKeys.accountList(filter),
    queryFn: ({ signal }) =>
      apiRequest<List<Account>>(
        `/accounting/accounts${query({ q: filter.q, class: filter.class, kind: filter.kind })}`,
        { signal },
      ),
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
    queryFn: ({ signal }) => apiRequest<Account>(`/accounting/accounts/${segment(number)}`, { signal }),
  });

export type AccountCreate =
  | { number: string; label: string; labelEn?: string; lettrable?: boolean; collective?: boolean }
  | { number: string; label: string; control: string };
export type AccountUpdate = { label?: string; labelEn?: string; lettrable?: boolean; closed?: boolean };

export const useCreateAccount = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AccountCreate) =>
      apiRequest<Account>("/accounting/accounts", { method: "POST", body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountingKeys.accounts }),
  });
};

export const useUpdateAccount = (number: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AccountUpdate) =>
      apiRequest<Account>(`/accounting/accounts/${segment(number)}`, { method: "PUT", body: input }),
    onSuccess: (account) => {
      client.setQueryData(accountingKeys.account(number), account);
      return client.invalidateQueries({ queryKey: accountingKeys.accounts });
    },
  });
};

export const useDeleteAccount = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (number: string) =>
      apiRequest<void>(`/accounting/accounts/${segment(number)}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountingKeys.accounts }),
  });
};

// ---- Journals ----

export const journalsQuery = () =>
  queryOptions({
    queryKey: accountingKeys.journals,
    queryFn: ({ signal }) => apiRequest<List<Journal>>("/accounting/journals", { signal }),
    staleTime: 60_000,
  });

export const journalQuery = (code: string) =>
  queryOptions({
    queryKey: accountingKeys.journal(code),
    queryFn: ({ signal }) => apiRequest<Journal>(`/accounting/journals/${segment(code)}`, { signal }),
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
    mutationFn: (input: JournalCreate) =>
      apiRequest<Journal>("/accounting/journals", { method: "POST", body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountingKeys.journals }),
  });
};

export const useUpdateJournal = (code: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: JournalUpdate) =>
      apiRequest<Journal>(`/accounting/journals/${segment(code)}`, { method: "PUT", body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountingKeys.journals }),
  });
};

export const useDeleteJournal = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest<void>(`/accounting/journals/${segment(code)}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountingKeys.journals }),
  });
};

// ---- Entries ----

export const entriesQuery = (filter: EntryFilter) =>
  queryOptions({
    queryKey: accountingKeys.entryList(filter),
    queryFn: ({ signal }) =>
      apiRequest<{
        items: EntrySummary[];
        total: number;
        sums: { debit: Cents; credit: Cents };
        /** A text search matched more than `total` entries: total and sums cover the newest that many. */
        capped?: true;
      }>(
        `/accounting/entries${query({
          journal: filter.journal,
          status: filter.status,
          start: filter.start,
          end: filter.end,
          q: filter.q,
          limit: entriesPageSize,
          offset: (Math.max(1, filter.page) - 1) * entriesPageSize,
        })}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

export const entryQuery = (mvt: string) =>
  queryOptions({
    queryKey: accountingKeys.entry(mvt),
    queryFn: ({ signal }) => apiRequest<Entry>(`/accounting/entries/mvt/${segment(mvt)}`, { signal }),
  });

export const draftsQuery = () =>
  queryOptions({
    queryKey: accountingKeys.drafts,
    queryFn: ({ signal }) => apiRequest<List<EntrySummary>>("/accounting/entries/validate", { signal }),
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
      apiRequest<Entry>("/accounting/entries", { method: "POST", body: input }),
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
      apiRequest<Entry>(`/accounting/entries/mvt/${segment(mvt)}`, { method: "PUT", body: input }),
    onSuccess: (entry) => {
      client.setQueryData(accountingKeys.entry(mvt), entry);
      return invalidateBooks(client);
    },
  });
};

export const useDeleteEntry = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (mvt: string) =>
      apiRequest<void>(`/accounting/entries/mvt/${segment(mvt)}`, { method: "DELETE" }),
    onSuccess: (_, mvt) => {
      client.removeQueries({ queryKey: accountingKeys.entry(mvt) });
      return invalidateBooks(client);
    },
  });
};

export const useValidateEntry = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (mvt: string) =>
      apiRequest<Entry>(`/accounting/entries/${segment(mvt)}/validate`, { method: "POST" }),
    onSuccess: (entry) => {
      client.setQueryData(accountingKeys.entry(entry.mvt), entry);
      return invalidateBooks(client);
    },
  });
};

export type ValidationOutcome = {
  validated: string[];
  refused: { mvt: string; code: string; detail: string }[];
};

export const useValidateEntries = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (mvts: string[]) =>
      apiRequest<ValidationOutcome>("/accounting/entries/validate", { method: "PUT", body: { mvts } }),
    onSuccess: () => invalidateBooks(client),
  });
};

export const useReverseEntry = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ mvt, date }: { mvt: string; date: string }) =>
      apiRequest<Entry>(`/accounting/entries/${segment(mvt)}/reverse`, { method: "POST", body: { date } }),
    onSuccess: (entry) => {
      client.setQueryData(accountingKeys.entry(entry.mvt), entry);
      return invalidateBooks(client);
    },
  });
};

export const useLetter = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (lines: string[]) =>
      apiRequest<{ account: string; code: string }>("/accounting/entries/mark", {
        method: "PUT",
        body: { lines },
      }),
    onSuccess: () => invalidateBooks(client),
  });
};

export const useUnletter = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { account: string; code: string }) =>
      apiRequest<void>("/accounting/entries/unmark", { method: "PUT", body: input }),
    onSuccess: () => invalidateBooks(client),
  });
};

// ---- Fiscal years ----

export const yearsQuery = () =>
  queryOptions({
    queryKey: accountingKeys.years,
    queryFn: ({ signal }) =>
      apiRequest<{ items: FiscalYear[]; lockedUntil: string | null }>("/accounting/balance-sheet", {
        signal,
      }),
  });

export const yearQuery = (id: string) =>
  queryOptions({
    queryKey: accountingKeys.year(id),
    queryFn: ({ signal }) => apiRequest<FiscalYear>(`/accounting/balance-sheet/${segment(id)}`, { signal }),
  });

export const statementsQuery = (id: string) =>
  queryOptions({
    queryKey: accountingKeys.statements(id),
    queryFn: ({ signal }) =>
      apiRequest<YearStatements>(`/accounting/balance-sheet/${segment(id)}/calculate`, { signal }),
  });

export const stepsQuery = (id: string) =>
  queryOptions({
    queryKey: accountingKeys.steps(id),
    queryFn: ({ signal }) =>
      apiRequest<{ warnings: YearEndWarning[] }>(`/accounting/balance-sheet/${segment(id)}/steps`, {
        signal,
      }),
  });

export const useOpenYear = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { start?: string; end?: string }) =>
      apiRequest<FiscalYear>("/accounting/balance-sheet", { method: "POST", body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountingKeys.years }),
  });
};

export const useLockPeriods = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (lockedUntil: string) =>
      apiRequest<FiscalYear>(`/accounting/balance-sheet/${segment(id)}`, {
        method: "PUT",
        body: { lockedUntil },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountingKeys.years }),
  });
};

export const useGenerateOpening = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ mvt: string | null }>(`/accounting/balance-sheet/${segment(id)}/createan`),
    onSuccess: () => invalidateBooks(client),
  });
};

export const useCloseYear = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ openingMvt: string | null }>(
        `/accounting/balance-sheet/${segment(id)}/validate?confirm=irreversible`,
      ),
    onSuccess: () => invalidateBooks(client),
  });
};

// ---- Reports ----

export type BalanceRange = { yearId: string } | { start: string; end: string };

export const balanceQuery = (range: BalanceRange) =>
  queryOptions({
    queryKey: accountingKeys.balance(range),
    queryFn: ({ signal }) =>
      apiRequest<TrialBalance>("/accounting/reports/balance", { method: "POST", body: range, signal }),
    placeholderData: keepPreviousData,
  });

export const ledgerPage = (
  filter: { start: string; end: string; account: string },
  after: LedgerCursor | null,
  signal: AbortSignal,
  limit = 200,
) =>
  apiRequest<LedgerPage>("/accounting/reports/generalledger", {
    method: "POST",
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

export const closingStepStatuses = ["todo", "done", "notApplicable"] as const;
export type ClosingStepStatus = (typeof closingStepStatuses)[number];
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
export type ClosingStep = {
  /** `<yearId>.<id>`: what the step routes take. */
  key: string;
  yearId: string;
  id: string;
  standard: boolean;
  /** Null for a standard step; the firm's own wording otherwise. */
  label: string | null;
  status: ClosingStepStatus;
  note: string;
  updatedAt: string | null;
  updatedBy: string | null;
};
export type ClosingStepChange = { status?: ClosingStepStatus; note?: string; label?: string };

export const adjustmentKinds = [
  "stock",
  "accrual",
  "prepayment",
  "depreciation",
  "provision",
  "corporateTax",
  "other",
] as const;
export type AdjustmentKind = (typeof adjustmentKinds)[number];
/** A year-end adjustment (écriture d'inventaire): a two-line entry of the OD journal. */
export type Adjustment = {
  /** The entry's mvt. */
  id: string;
  yearId: string;
  kind: AdjustmentKind;
  date: string;
  pieceRef: string;
  label: string;
  journal: string;
  status: EntryStatus;
  number: string | null;
  amount: Cents;
  lines: { account: string; auxiliary: string | null; debit: Cents; credit: Cents }[];
};
export type AdjustmentInput = {
  label: string;
  date?: string;
  pieceRef?: string;
  debitAccount: string;
  debitAuxiliary?: string | null;
  creditAccount: string;
  creditAuxiliary?: string | null;
  amount: Cents;
};

export const closingKeys = {
  steps: (yearId: string) => [...accountingKeys.year(yearId), "closing-steps"] as const,
  adjustments: (yearId: string) => [...accountingKeys.year(yearId), "adjustments"] as const,
};

export const closingStepsQuery = (yearId: string) =>
  queryOptions({
    queryKey: closingKeys.steps(yearId),
    queryFn: ({ signal }) =>
      apiRequest<List<ClosingStep>>(`/accounting/balance-sheet/steps${query({ yearId })}`, { signal }),
  });

export const adjustmentsQuery = (yearId: string) =>
  queryOptions({
    queryKey: closingKeys.adjustments(yearId),
    queryFn: ({ signal }) =>
      apiRequest<{ items: Adjustment[]; total: Cents }>(
        `/accounting/balance-sheet/${segment(yearId)}/lines`,
        { signal },
      ),
  });

export const useAddClosingStep = (yearId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (label: string) =>
      apiRequest<ClosingStep>("/accounting/balance-sheet/steps", { method: "POST", body: { yearId, label } }),
    onSuccess: () => client.invalidateQueries({ queryKey: closingKeys.steps(yearId) }),
  });
};

export const useUpdateClosingStep = (step: Pick<ClosingStep, "key" | "yearId">) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: ClosingStepChange) =>
      apiRequest<ClosingStep>(`/accounting/balance-sheet/steps/${segment(step.key)}`, {
        method: "PUT",
        body: change,
      }),
    onSuccess: (saved) => {
      client.setQueryData(closingKeys.steps(step.yearId), (list: List<ClosingStep> | undefined) =>
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
      apiRequest<Adjustment>("/accounting/balance-sheet/lines", {
        method: "POST",
        body: { yearId, ...input },
      }),
    onSuccess: () => invalidateBooks(client),
  });
};

export const useChangeAdjustment = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdjustmentInput & { id: string }) =>
      apiRequest<Adjustment>("/accounting/balance-sheet/lines", { method: "PUT", body: input }),
    onSuccess: () => invalidateBooks(client),
  });
};
