/** Bank rules, reconciliation of statement lines and the reconciliation statement: queries and commands. */
import { queryOptions } from "@tanstack/react-query";
import { api, type Schemas } from "../../lib/api-client.ts";
import { getQuery } from "../../lib/queries.ts";
import { allQueries, useRefreshingMutation } from "../../lib/refreshing-mutation.ts";

export type BankRule = Schemas["BankRule"];
export type BankRuleInput = Schemas["BankRuleInput"];
export type MatchSuggestion = Schemas["MatchSuggestion"];
export type LineSuggestions = Schemas["LineSuggestions"];
export type ReconciliationReport = Schemas["ReconciliationReport"];
export type StatementLine = Schemas["BankStatementLine"];

export const reconcileKeys = {
  rules: ["bank-rules"] as const,
  statement: (id: string) => ["bank-statements", "one", id] as const,
  top: (id: string) => ["reconcile", "top", id] as const,
  line: (id: string, no: number) => ["reconcile", "line", id, no] as const,
  report: (bankId: string, date: string) => ["reconcile", "report", bankId, date] as const,
};

export const rulesPath = "/org/banks/rules";
export const reportPath = "/org/banks/reconciliation";
export const reconcilePath = (id: string, no?: number) =>
  `/org/bankstatements/${id}/reconcile${no ? `/${no}` : ""}`;
export const statementPath = (id: string) => `/org/bankstatements/${id}`;

export const rulesQuery = () => getQuery(reconcileKeys.rules, "/banks/rules");
export const statementQuery = (id: string) =>
  getQuery(reconcileKeys.statement(id), "/banks/statements/{id}", { path: { id } });
export const topSuggestionsQuery = (id: string) =>
  getQuery(reconcileKeys.top(id), "/banks/reconcile/{id}/suggestions", { path: { id } });
export const lineSuggestionsQuery = (id: string, no: number) =>
  getQuery(reconcileKeys.line(id, no), "/banks/reconcile/{id}/lines/{no}/suggestions", {
    path: { id, no: String(no) },
  });
export const reportQuery = (bankId: string, date: string) =>
  queryOptions({
    queryKey: reconcileKeys.report(bankId, date),
    queryFn: ({ signal }) => api.get("/banks/reconciliation", { query: { bankId, date }, signal }),
    enabled: bankId !== "" && date !== "",
  });
/** The état de rapprochement as a PDF, under the API's path (`downloadFile` adds the session's token). */
export const reportPdfPath = (bankId: string, date: string) =>
  `/banks/reconciliation/pdf?bankId=${encodeURIComponent(bankId)}&date=${date}`;

// After any reconciliation: the statements, the suggestions, the documents and the books all move.

export const useSaveRule = () =>
  useRefreshingMutation(allQueries, ({ id, ...body }: BankRuleInput & { id: string | null }) =>
    id ? api.put("/banks/rules/{id}", { path: { id }, body }) : api.post("/banks/rules", { body }),
  );
export const useRuleAutomatic = () =>
  useRefreshingMutation(allQueries, ({ id, automatic }: { id: string; automatic: boolean }) =>
    api.put("/banks/rules/{id}/automatic", { path: { id }, body: { automatic } }),
  );
export const useOrderRules = () =>
  useRefreshingMutation(allQueries, (ids: string[]) => api.put("/banks/rules/order", { body: { ids } }));
export const useDeleteRule = () =>
  useRefreshingMutation(allQueries, (id: string) => api.delete("/banks/rules/{id}", { path: { id } }));

type LineRef = { id: string; no: number };
export const useAccept = () =>
  useRefreshingMutation(allQueries, ({ id, no, key }: LineRef & { key: string }) =>
    api.post("/banks/reconcile/{id}/lines/{no}/accept", { path: { id, no: String(no) }, body: { key } }),
  );
export const useDecline = () =>
  useRefreshingMutation(
    allQueries,
    ({ id, no, key, restore }: LineRef & { key: string; restore?: boolean }) =>
      api.post("/banks/reconcile/{id}/lines/{no}/decline", {
        path: { id, no: String(no) },
        body: { key, ...(restore ? { restore } : {}) },
      }),
  );
export const useLineEntry = () =>
  useRefreshingMutation(allQueries, ({ id, no, ...body }: LineRef & Schemas["LineEntryInput"]) =>
    api.post("/banks/reconcile/{id}/lines/{no}/entry", { path: { id, no: String(no) }, body }),
  );
export const useApplyRule = () =>
  useRefreshingMutation(allQueries, ({ id, nos, ruleId }: { id: string; nos: number[]; ruleId?: string }) =>
    api.post("/banks/reconcile/{id}/rules", { path: { id }, body: { nos, ...(ruleId ? { ruleId } : {}) } }),
  );
export const useBulk = () =>
  useRefreshingMutation(allQueries, ({ id, items }: { id: string; items: { no: number; key?: string }[] }) =>
    api.post("/banks/reconcile/{id}/bulk", { path: { id }, body: { items } }),
  );
export const useUnmatch = () =>
  useRefreshingMutation(allQueries, ({ id, no }: LineRef) =>
    api.delete("/banks/statements/{id}/lines/{no}/match", { path: { id, no: String(no) } }),
  );
