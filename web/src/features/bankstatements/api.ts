/** Bank statements: the queries and commands of their screens (/org/bankstatements…). */
import { queryOptions } from "@tanstack/react-query";
import { api, type Schemas } from "../../lib/api-client.ts";
import { apiRequest } from "../../lib/http.ts";
import { getQuery } from "../../lib/queries.ts";
import { useRefreshingMutation } from "../../lib/refreshing-mutation.ts";
import { can, type Permission } from "../../lib/session.ts";
import { useSession } from "../../lib/session-store.ts";

export type Statement = Schemas["BankStatement"];
export type StatementDetail = Schemas["BankStatementDetail"];
export type StatementLine = Schemas["BankStatementLine"];
export type ImportReport = Schemas["BankStatementImportReport"];
export type CsvMapping = NonNullable<NonNullable<ImportReport["csv"]>["suggested"]>;
export type LineFilter = {
  bankId?: string;
  matched?: "true" | "false";
  from?: string;
  to?: string;
  text?: string;
  amount?: number;
};

export const statementsPath = "/org/bankstatements";
export const statementPath = (id: string) => `${statementsPath}/${id}`;

const keys = {
  all: ["bank-statements"] as const,
  list: (bankId: string) => ["bank-statements", "list", bankId] as const,
  one: (id: string) => ["bank-statements", "one", id] as const,
  lines: (id: string, filter: LineFilter) => ["bank-statements", "lines", id, filter] as const,
};

export type StatementRight = "statements" | "statements.files" | "statements.reconcile";
export const useCanStatements = (): ((code: StatementRight, action: Permission) => boolean) => {
  const session = useSession();
  return (code, action) => can(session, code, action);
};

export const statementsQuery = (bankId = "") =>
  queryOptions({
    queryKey: keys.list(bankId),
    queryFn: ({ signal }) =>
      api.get("/banks/statements", { query: { limit: 500, ...(bankId ? { bankId } : {}) }, signal }),
  });
export const statementQuery = (id: string) =>
  getQuery(keys.one(id), "/banks/statements/{id}", { path: { id } });
export const statementLinesQuery = (statementId: string, filter: LineFilter) =>
  getQuery(keys.lines(statementId, filter), "/banks/statements/lines", {
    query: { statementId, limit: 1000, ...filter },
  });

export type ImportRequest = {
  bankId: string;
  file: File;
  format?: "csv";
  mapping?: CsvMapping;
  dryRun?: boolean;
  /** The request's Idempotency-Key, under which the server reports its progress. */
  key?: string;
};

/** Sends a statement file (its bytes as they are) with the bank and, for a CSV, the mapping. */
export const useImportStatement = () =>
  useRefreshingMutation(keys.all, (r: ImportRequest) => {
    const params = new URLSearchParams({ bankId: r.bankId, fileName: r.file.name || "releve" });
    if (r.format) params.set("format", r.format);
    if (r.mapping) params.set("mapping", JSON.stringify(r.mapping));
    if (r.dryRun) params.set("dryRun", "true");
    return apiRequest<ImportReport>(`/banks/statements/import?${params}`, {
      method: "POST",
      body: r.file,
      ...(r.key && { idempotencyKey: r.key }),
    });
  });

export const useEditStatement = (id: string) =>
  useRefreshingMutation(keys.all, (body: Schemas["BankStatementEdit"]) =>
    api.put("/banks/statements/{id}", { path: { id }, body }),
  );

export const useDeleteStatement = () =>
  useRefreshingMutation(keys.all, (id: string) => api.delete("/banks/statements/{id}", { path: { id } }));

export const useUnmatchLine = () =>
  useRefreshingMutation(keys.all, (l: { statementId: string; no: number }) =>
    api.delete("/banks/statements/{id}/lines/{no}/match", {
      path: { id: l.statementId, no: String(l.no) },
    }),
  );
