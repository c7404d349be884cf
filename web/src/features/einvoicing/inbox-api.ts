/** The inbox of invoices received through the approved platform, and the buyer's statuses (/einvoicing/received…). */

import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, type Schemas } from "../../lib/api-client.ts";

export type ReceivedInvoice = Schemas["ReceivedInvoice"];
export type BuyerStatusInput = Schemas["BuyerStatusInput"];
export type BuyerStatusCode = BuyerStatusInput["code"];
export type ReceivedState = ReceivedInvoice["state"];

/** The statuses a buyer sends, in the order of an invoice's life. */
export const buyerStatusCodes = [204, 205, 207, 210, 211] as const satisfies readonly BuyerStatusCode[];

export const INBOX_PAGE_SIZE = 50;
export const inboxPath = "/org/einvoicing/inbox";

const keys = {
  all: ["einvoicing-received"] as const,
  list: (state: ReceivedState | null, page: number) => ["einvoicing-received", "list", state, page] as const,
  ofDoc: (docId: string) => ["einvoicing-received", "doc", docId] as const,
  reasons: ["einvoicing-received", "reasons"] as const,
};

export const receivedListQuery = (state: ReceivedState | null, page: number) =>
  queryOptions({
    queryKey: keys.list(state, page),
    queryFn: ({ signal }) =>
      api.get("/einvoicing/received", {
        query: {
          state: state ?? undefined,
          offset: (page - 1) * INBOX_PAGE_SIZE,
          limit: INBOX_PAGE_SIZE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The received invoice a draft purchase invoice came from; null when it came otherwise. */
export const receivedOfDocQuery = (docId: string) =>
  queryOptions({
    queryKey: keys.ofDoc(docId),
    queryFn: async ({ signal }) =>
      (await api.get("/einvoicing/received", { query: { docId, limit: 1 }, signal })).items[0] ?? null,
  });

export const buyerStatusReasonsQuery = () =>
  queryOptions({
    queryKey: keys.reasons,
    queryFn: ({ signal }) => api.get("/einvoicing/received/reasons", { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useSendBuyerStatus = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: BuyerStatusInput }) =>
      api.post("/einvoicing/received/{id}/status", { path: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
};
