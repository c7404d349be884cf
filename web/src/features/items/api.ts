/** The items of the organisation, their prices, tiers and metas. */
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api, type Schemas } from "../../lib/api-client.ts";
import { useRefreshingMutation } from "../../lib/refreshing-mutation.ts";

export type Item = Schemas["Item"];
export type ItemPrices = Schemas["ItemPrices"];
export type CreateItem = Schemas["CreateItemInput"];
export type UpdateItem = Schemas["UpdateItemInput"];
export type SetItemPrices = Schemas["SetItemPricesInput"];
export type ItemUse = Item["use"];
export type ItemKind = Item["kind"];
export type VatRate = Item["vatRate"];
export const itemUses: readonly ItemUse[] = ["sale", "purchase", "both"];
export const itemKinds: readonly ItemKind[] = ["goods", "services", "products", "other"];
export const vatRates: readonly VatRate[] = ["20", "10", "5.5", "2.1", "0", "exempt"];
/** The accounts an item of a kind posts to by default (the API's `defaultItemAccounts`). */
export const defaultAccounts: Record<ItemKind, { sell: string; buy: string }> = {
  goods: { sell: "707000", buy: "607000" },
  services: { sell: "706000", buy: "604000" },
  products: { sell: "701000", buy: "601000" },
  other: { sell: "708000", buy: "606800" },
};

export type ItemFilter = {
  q: string;
  use: "sale" | "purchase" | undefined;
  status: "active" | "archived";
  page: number;
};
export const PAGE_SIZE = 50;

const keys = {
  all: ["items"] as const,
  list: (filter: ItemFilter) => ["items", "list", filter] as const,
  one: (id: string) => ["items", "one", id] as const,
  prices: (id: string) => ["items", "prices", id] as const,
};

export const itemsQuery = (filter: ItemFilter) =>
  queryOptions({
    queryKey: keys.list(filter),
    queryFn: ({ signal }) =>
      api.get("/items", {
        query: {
          ...(filter.q.trim() && { q: filter.q.trim() }),
          ...(filter.use && { use: filter.use }),
          status: filter.status,
          limit: PAGE_SIZE,
          offset: (filter.page - 1) * PAGE_SIZE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const itemQuery = (id: string) =>
  queryOptions({
    queryKey: keys.one(id),
    queryFn: ({ signal }) => api.get("/items/{id}", { path: { id }, signal }),
  });

export const itemPricesQuery = (id: string) =>
  queryOptions({
    queryKey: keys.prices(id),
    queryFn: ({ signal }) => api.get("/items/{id}/prices", { path: { id }, signal }),
  });

export const useCreateItem = () =>
  useRefreshingMutation(keys.all, (input: CreateItem) => api.post("/items", { body: input }));

export const useUpdateItem = (id: string) =>
  useRefreshingMutation(keys.all, (input: UpdateItem) =>
    api.put("/items/{id}", { path: { id }, body: input }),
  );

export const useDeleteItem = () =>
  useRefreshingMutation(keys.all, (id: string) => api.delete("/items/{id}", { path: { id } }));

export const useSetItemPrices = (id: string) =>
  useRefreshingMutation(keys.all, (input: SetItemPrices) =>
    api.put("/items/{id}/prices", { path: { id }, body: input }),
  );

export const useSetItemMeta = () =>
  useRefreshingMutation(keys.all, (input: { itemId: string; key: string; value: string }) =>
    api.post("/items/metas", { body: input }),
  );

export const useRemoveItemMeta = () =>
  useRefreshingMutation(keys.all, (id: string) => api.delete("/items/metas/{id}", { path: { id } }));

export const useBulkPrices = () =>
  useRefreshingMutation(keys.all, (input: Schemas["BulkPriceInput"]) =>
    api.post("/items/bulk/prices", { body: input }),
  );
