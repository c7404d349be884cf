/** Banks, payment modes, payments and deposits: the queries and commands of their screens. */
import { queryOptions } from "@tanstack/react-query";
import { api, type Schemas } from "../../lib/api-client.ts";
import { getQuery } from "../../lib/queries.ts";
import { allQueries, useRefreshingMutation } from "../../lib/refreshing-mutation.ts";
import { can, type Permission } from "../../lib/session.ts";
import { useSession } from "../../lib/session-store.ts";

export type Bank = Schemas["Bank"];
export type PaymentMode = Schemas["PaymentMode"];
export type Payment = Schemas["Payment"];
export type Deposit = Schemas["Deposit"];
export type Direction = "sales" | "purchases";

export const paymentKeys = {
  banks: ["banks"] as const,
  modes: ["payment-modes"] as const,
  payments: ["payments"] as const,
  list: (direction: Direction, query: Record<string, unknown>) => ["payments", direction, query] as const,
  payment: (id: string) => ["payments", "one", id] as const,
  history: (id: string) => ["payments", "history", id] as const,
  deposits: ["deposits"] as const,
  init: (bankId: string) => ["deposits", "init", bankId] as const,
  deposit: (id: string) => ["deposits", "one", id] as const,
};

/** The resource codes of these screens (spec section 6). */
export type PaymentRight = "banks" | "paymentmodes" | "sales.payments" | "purchases.payments";
export const useCanPay = (): ((code: PaymentRight, action: Permission) => boolean) => {
  const session = useSession();
  return (code, action) => can(session, code, action);
};

export const banksQuery = () =>
  queryOptions({ queryKey: paymentKeys.banks, queryFn: ({ signal }) => api.get("/banks", { signal }) });
export const modesQuery = () => getQuery(paymentKeys.modes, "/payments/modes");
export const paymentsQuery = (direction: Direction, query: { docId?: string; contactId?: string } = {}) =>
  queryOptions({
    queryKey: paymentKeys.list(direction, query),
    queryFn: ({ signal }) =>
      direction === "sales"
        ? api.get("/payments/sales", { query: { limit: 200, ...query }, signal })
        : api.get("/payments/purchases", { query: { limit: 200, ...query }, signal }),
  });
export const paymentQuery = (id: string) =>
  getQuery(paymentKeys.payment(id), "/payments/{id}", { path: { id } });
export const paymentHistoryQuery = (id: string) =>
  getQuery(paymentKeys.history(id), "/payments/{id}/histories", { path: { id } });
export const depositsQuery = () => getQuery(paymentKeys.deposits, "/accounting/deposits");
export const depositInitQuery = (bankId: string) =>
  getQuery(paymentKeys.init(bankId), "/accounting/deposits/init", { query: bankId ? { bankId } : {} });
export const depositQuery = (id: string) =>
  getQuery(paymentKeys.deposit(id), "/accounting/deposits/{id}", { path: { id } });

// After a payment, a deposit or a bank: every list that shows them, the documents and the books.

export const useCreateBank = () =>
  useRefreshingMutation(allQueries, (body: Schemas["BankInput"]) => api.post("/banks", { body }));
export const useCloseBank = () =>
  useRefreshingMutation(allQueries, ({ id, closed }: { id: string; closed: boolean }) =>
    api.put("/banks/{id}/closed", { path: { id }, body: { closed } }),
  );
export const useSaveMode = () =>
  useRefreshingMutation(allQueries, ({ id, ...body }: Schemas["PaymentModeInput"] & { id: string | null }) =>
    id ? api.put("/payments/modes/{id}", { path: { id }, body }) : api.post("/payments/modes", { body }),
  );
export const useDeleteMode = () =>
  useRefreshingMutation(allQueries, (id: string) => api.delete("/payments/modes/{id}", { path: { id } }));
export const useRecordPayment = (direction: Direction) =>
  useRefreshingMutation(allQueries, (body: Schemas["PaymentInput"]) =>
    direction === "sales" ? api.post("/payments/sales", { body }) : api.post("/payments/purchases", { body }),
  );
export const useCancelPayment = () =>
  useRefreshingMutation(allQueries, ({ id, date }: { id: string; date: string }) =>
    api.put("/payments/{id}/cancel", { path: { id }, body: { date } }),
  );
export const useRecordDeposit = () =>
  useRefreshingMutation(allQueries, (body: Schemas["DepositInput"]) =>
    api.post("/accounting/deposits", { body }),
  );

export const paymentsPath = (direction: Direction) => `/org/${direction}/payments`;
export const paymentPath = (id: string) => `/org/payments/${id}`;
export const depositsPath = "/org/accounting/deposits";
export const depositPath = (id: string) => `${depositsPath}/${id}`;
export const banksPath = "/org/banks";
export const modesPath = "/org/paymentsmodes";
