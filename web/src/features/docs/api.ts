/** The sales and purchase documents (/docs…): lists, one document, its changes, checks, statistics, history. */

import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, type Schemas } from "../../lib/api-client.ts";
import { today } from "../../lib/day.ts";
import { useRefreshingMutation } from "../../lib/refreshing-mutation.ts";
import type { Direction, DocKind, DocStatus } from "./model.ts";

export type DocSummary = Schemas["DocumentSummary"];
export type Doc = Schemas["Document"];
export type DocLine = Doc["lines"][number];
export type DocList = Schemas["DocumentList"];
export type DocTemplate = Schemas["DocumentTemplate"];
export type CreateDocInput = Schemas["CreateDocumentInput"];
export type UpdateDocInput = Schemas["UpdateDocumentInput"];
export type DocLineInput = Schemas["DocumentLineInput"];
export type DocCheck = Schemas["DocumentValidationCheck"];
export type BulkReport = Schemas["BulkDocumentValidationReport"];
export type DocStats = Schemas["DocumentStats"];
export type DocHistory = Schemas["DocumentHistoryList"];

export const docSorts = ["-date", "date", "-number", "number", "contact", "-totalInclTax"] as const;
export type DocSort = (typeof docSorts)[number];

export type DocFilter = {
  sort: DocSort;
  direction: Direction;
  kinds: readonly DocKind[];
  status: DocStatus | null;
  contactId: string | null;
  from: string;
  to: string;
  minTotal: number | null;
  maxTotal: number | null;
  /** Validated, unpaid, past their due date. */
  late: boolean;
  q: string;
  page: number;
};
export const PAGE_SIZE = 50;

const keys = {
  all: ["docs"] as const,
  list: (filter: unknown) => ["docs", "list", filter] as const,
  one: (id: string) => ["docs", "one", id] as const,
  template: (type: string) => ["docs", "template", type] as const,
  check: (id: string) => ["docs", "check", id] as const,
  stats: (type: string, from: string, to: string) => ["docs", "stats", type, from, to] as const,
  history: (id: string) => ["docs", "history", id] as const,
  contact: (id: string, direction: Direction) => ["docs", "contact", id, direction] as const,
};

/** One kind per call (the API filters one kind): invoices and credit notes are one list, the kind left out. */
export const docsQuery = (filter: DocFilter) =>
  queryOptions({
    queryKey: keys.list(filter),
    queryFn: ({ signal }) =>
      api.get("/docs", {
        query: {
          direction: filter.direction,
          kind: filter.kinds.length === 1 ? filter.kinds[0] : undefined,
          status: filter.status,
          contactId: filter.contactId,
          from: filter.from || undefined,
          to: filter.to || undefined,
          minTotal: filter.minTotal,
          maxTotal: filter.maxTotal,
          late: filter.late ? "true" : undefined,
          sort: filter.sort,
          q: filter.q.trim() || undefined,
          limit: PAGE_SIZE,
          offset: (filter.page - 1) * PAGE_SIZE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The drafts to validate (invoices and credit notes), oldest first. */
export const draftsToValidateQuery = (direction: Direction) =>
  queryOptions({
    queryKey: keys.list({ direction, status: "draft", validate: true }),
    queryFn: ({ signal }) =>
      api.get("/docs", { query: { direction, status: "draft", sort: "date", limit: 500 }, signal }),
  });

export const docQuery = (id: string) =>
  queryOptions({
    queryKey: keys.one(id),
    queryFn: ({ signal }) => api.get("/docs/{id}", { path: { id }, signal }),
  });

export const docTemplateQuery = (direction: Direction, kind: DocKind) =>
  queryOptions({
    queryKey: keys.template(`${direction}-${kind}`),
    queryFn: ({ signal }) =>
      api.get("/docs/create/{type}", { path: { type: `${direction}-${kind}` }, signal }),
  });

export const docCheckQuery = (id: string) =>
  queryOptions({
    queryKey: keys.check(id),
    queryFn: ({ signal }) => api.get("/docs/{id}/validate", { path: { id }, signal }),
  });

export const docStatsQuery = (direction: Direction, kind: DocKind, from: string, to: string) =>
  queryOptions({
    queryKey: keys.stats(`${direction}-${kind}`, from, to),
    // The route answers a side and kind with these counts (a management report's type with a report).
    queryFn: async ({ signal }) =>
      (await api.get("/docs/stats/{type}", {
        path: { type: `${direction}-${kind}` },
        query: { from, to },
        signal,
      })) as DocStats,
  });

export const docHistoryQuery = (id: string) =>
  queryOptions({
    queryKey: keys.history(id),
    queryFn: ({ signal }) => api.get("/docs/histories", { query: { docId: id }, signal }),
  });

/** A contact's documents on one side, with each unpaid invoice's days late, penalty and indemnity. */
export type ContactDoc = Schemas["ContactDocument"];
export const contactDocsQuery = (contactId: string, direction: Direction) =>
  queryOptions({
    queryKey: keys.contact(contactId, direction),
    queryFn: ({ signal }) =>
      direction === "sales"
        ? api.get("/contacts/{id}/sales", { path: { id: contactId }, signal })
        : api.get("/contacts/{id}/purchases", { path: { id: contactId }, signal }),
  });

/** Each change answers the document: it goes straight into the cache of its detail. */
const useDocMutation = <I>(call: (input: I) => Promise<Doc>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (doc) => {
      client.setQueryData(keys.one(doc.id), doc);
      void client.invalidateQueries({ queryKey: keys.all, predicate: (q) => q.queryKey[1] !== "one" });
    },
  });
};

export const useCreateDoc = () =>
  useDocMutation((input: CreateDocInput) => api.post("/docs", { body: input }));
export const useUpdateDoc = (id: string) =>
  useDocMutation((input: UpdateDocInput) => api.put("/docs/{id}", { path: { id }, body: input }));
export const useDocStatus = (id: string) =>
  useDocMutation((status: DocStatus) => api.put("/docs/{id}/status/{status}", { path: { id, status } }));

export const useDeleteDoc = () =>
  useRefreshingMutation(keys.all, (id: string) => api.delete("/docs/{id}", { path: { id } }));

export const useBulkValidate = () =>
  useRefreshingMutation(keys.all, (ids: string[]) => api.put("/docs/validate", { body: { ids } }), "settled");

export const useAddHistoryNote = () =>
  useRefreshingMutation(keys.all, (input: Schemas["DocumentHistoryInput"]) =>
    api.post("/docs/histories", { body: input }),
  );
export const useChangeHistoryNote = () =>
  useRefreshingMutation(keys.all, ({ id, ...body }: Schemas["DocumentHistoryChange"] & { id: string }) =>
    api.put("/docs/histories/{id}", { path: { id }, body }),
  );
export const useRemoveHistoryNote = () =>
  useRefreshingMutation(keys.all, (id: string) => api.delete("/docs/histories/{id}", { path: { id } }));

export type TransformInput =
  | { relation: "transform"; kind: DocKind; quantities?: Record<string, string> | undefined }
  | { relation: "duplicate" }
  | { relation: "creditNote"; quantities?: Record<string, string> | undefined }
  | { relation: "deposit"; percent: string };

/**
 * A new draft made from this document in one commit with the link on it (POST /docs with `from`):
 * transformed (every remaining quantity), duplicated, or a credit note of the whole invoice.
 */
export const useDocTransform = (origin: Pick<Doc, "id" | "kind" | "direction">) =>
  useDocMutation((input: TransformInput) => {
    const common = { direction: origin.direction, issueDate: today() };
    const body: CreateDocInput =
      input.relation === "transform"
        ? {
            ...common,
            kind: input.kind,
            from: {
              relation: "transform",
              docId: origin.id,
              kind: input.kind,
              ...(input.quantities && { quantities: input.quantities }),
            },
          }
        : input.relation === "deposit"
          ? {
              ...common,
              kind: "invoice",
              from: { relation: "deposit", docId: origin.id, percent: input.percent },
            }
          : input.relation === "duplicate"
            ? { ...common, kind: origin.kind, from: { relation: "duplicate", docId: origin.id } }
            : {
                ...common,
                kind: "creditNote",
                from: {
                  relation: "creditNote",
                  docId: origin.id,
                  selection: input.quantities
                    ? { kind: "lines", quantities: input.quantities }
                    : { kind: "whole" },
                },
              };
    return api.post("/docs", { body });
  });

/**
 * The internal credit note of an invoice the platform rejected (213) or the buyer refused (210): made and
 * validated in one commit (`POST /docs/{id}/internal-credit-note`), never transmitted. Answers it.
 */
export const useInternalCreditNote = (invoiceId: string) => {
  const client = useQueryClient();
  const mutation = useDocMutation(() =>
    api.post("/docs/{id}/internal-credit-note", { path: { id: invoiceId } }),
  );
  return {
    ...mutation,
    mutate: (variables: undefined, options: { onSuccess: (created: Doc) => void }) =>
      mutation.mutate(variables, {
        onSuccess: (created) => {
          void client.invalidateQueries({ queryKey: keys.one(invoiceId) });
          options.onSuccess(created);
        },
      }),
  };
};

/** Deducts a deposit invoice of the order on this draft final invoice (`POST /docs/{id}/deposits`). */
export const useDeductDeposit = (id: string) =>
  useDocMutation((docId: string) => api.post("/docs/{id}/deposits", { path: { id }, body: { docId } }));

/** Takes a deposit off this draft invoice (`DELETE /docs/{id}/deposits/{depositId}`). */
export const useRemoveDeposit = (id: string) =>
  useDocMutation((depositId: string) =>
    api.delete("/docs/{id}/deposits/{depositId}", { path: { id, depositId } }),
  );
