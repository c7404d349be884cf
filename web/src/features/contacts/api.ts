/** The contacts' API: the list, one contact, its creation, change, archive and deletion, its records. */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type AnswerOf, api, type BodyOf, type OperationOf, type Schemas } from "../../lib/api-client.ts";
import { apiRequest } from "../../lib/http.ts";
import { useRefreshingMutation } from "../../lib/refreshing-mutation.ts";
import type { RecordPart } from "./paths.ts";

export type ContactSummary = Schemas["ContactSummary"];
export type Contact = Schemas["Contact"];
export type ContactType = Schemas["ContactType"];
export type ContactKind = Schemas["ContactKind"];
export type ContactCreate = BodyOf<OperationOf<"/contacts", "post">>;
export type ContactUpdate = BodyOf<OperationOf<"/contacts/{id}", "put">>;
export type ContactFilter = {
  q: string;
  type: ContactType | null;
  status: "active" | "archived" | "all";
  /** The API's default (by name) when not given. */
  sort?: ContactPreferences["sort"] | undefined;
  page: number;
};

export const contactTypes: readonly ContactType[] = [
  "customer",
  "supplier",
  "prospect",
  "partner",
  "competitor",
  "employee",
  "salesRep",
  "associate",
  "oldCustomer",
  "specialSupplier",
];

export const PAGE_SIZE = 50;
/** The list's sorts (the API's `sort`). */
export { contactListSorts as contactSorts } from "@registre/core/contacts/preferences";

export const contactKeys = {
  all: ["contacts"] as const,
  list: (filter: ContactFilter) => ["contacts", "list", filter] as const,
  one: (id: string) => ["contacts", "one", id] as const,
  history: (id: string) => ["contacts", "history", id] as const,
  settings: ["contacts", "settings"] as const,
};

export const contactsQuery = (filter: ContactFilter) =>
  queryOptions({
    queryKey: contactKeys.list(filter),
    queryFn: ({ signal }) =>
      api.get("/contacts", {
        query: {
          q: filter.q || undefined,
          type: filter.type ?? undefined,
          status: filter.status,
          sort: filter.sort,
          offset: (filter.page - 1) * PAGE_SIZE,
          limit: PAGE_SIZE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const contactQuery = (id: string) =>
  queryOptions({
    queryKey: contactKeys.one(id),
    queryFn: ({ signal }) => api.get("/contacts/{id}", { path: { id }, signal }),
  });

export type ContactHistory = AnswerOf<"/contacts/{id}/histories", "get">;
export const contactHistoryQuery = (id: string) =>
  queryOptions({
    queryKey: contactKeys.history(id),
    queryFn: ({ signal }) => api.get("/contacts/{id}/histories", { path: { id }, signal }),
  });

export const contactSettingsQuery = () =>
  queryOptions({
    queryKey: contactKeys.settings,
    queryFn: ({ signal }) => api.get("/contacts/settings", { signal }),
  });

export const useUpdateContactSettings = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Schemas["ContactSettings"]) => api.put("/contacts/settings", { body: input }),
    onSuccess: (settings) => client.setQueryData(contactKeys.settings, settings),
  });
};

const useRefresh = () => {
  const client = useQueryClient();
  return (contact?: Contact) => {
    if (contact) client.setQueryData(contactKeys.one(contact.id), contact);
    return client.invalidateQueries({ queryKey: contactKeys.all });
  };
};

export const useCreateContact = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: ContactCreate) => api.post("/contacts", { body: input }),
    onSuccess: (contact) => refresh(contact),
  });
};

export const useUpdateContact = (id: string) => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: ContactUpdate) => api.put("/contacts/{id}", { path: { id }, body: input }),
    onSuccess: (contact) => refresh(contact),
  });
};

export const useArchiveContact = (id: string) => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (archive: boolean) =>
      archive
        ? api.post("/contacts/{id}/archive", { path: { id } })
        : api.post("/contacts/{id}/unarchive", { path: { id } }),
    onSuccess: (contact) => refresh(contact),
  });
};

export const useDeleteContact = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.delete("/contacts/{id}", { path: { id } }),
    onSuccess: () => refresh(),
  });
};

/** The API's sub-resource of each record screen. */
export const recordResource: Readonly<Record<RecordPart, string>> = {
  address: "addresses",
  contact: "contacts",
  email: "emails",
  phone: "phones",
  iban: "ibans",
  legal: "legals",
  payment: "paymentTerms",
  note: "notes",
  meta: "metas",
};

const recordUrl = (id: string, part: RecordPart, recordId?: string) =>
  `/contacts/${encodeURIComponent(id)}/${recordResource[part]}${recordId ? `/${encodeURIComponent(recordId)}` : ""}`;

/** Adds (no `recordId`) or changes a record of a contact; the contact is read again after. */
export const useSaveRecord = (id: string, part: RecordPart) =>
  useRefreshingMutation(
    contactKeys.all,
    ({ recordId, body }: { recordId?: string | undefined; body: Record<string, unknown> }) =>
      apiRequest<unknown>(recordUrl(id, part, recordId), { method: recordId ? "PUT" : "POST", body }),
  );

export const useRemoveRecord = (id: string, part: RecordPart) =>
  useRefreshingMutation(contactKeys.all, (recordId: string) =>
    apiRequest<unknown>(recordUrl(id, part, recordId), { method: "DELETE" }),
  );

export type ContactPreferences = Schemas["ContactPreferences"];
export type PreferenceScope = "me" | "org";
const preferenceKeys = {
  all: ["contacts", "preferences"] as const,
  mine: ["contacts", "preferences", "effective"] as const,
};

/** Mine and the organisation's (null when not set). */
export const contactPreferencesQuery = () =>
  queryOptions({
    queryKey: preferenceKeys.all,
    queryFn: ({ signal }) => api.get("/contacts/pref", { signal }),
  });

/** What my contacts open with: mine, else the organisation's, else the defaults. */
export const myContactPreferencesQuery = () =>
  queryOptions({
    queryKey: preferenceKeys.mine,
    queryFn: ({ signal }) => api.get("/contacts/pref/me", { signal }),
    staleTime: 60_000,
  });

export const useSaveContactPreferences = (scope: PreferenceScope) =>
  useRefreshingMutation(preferenceKeys.all, (input: Partial<ContactPreferences>) =>
    api.put("/contacts/pref/{id}", { path: { id: scope }, body: input }),
  );

import type { ContactPanel } from "@registre/core/contacts/preferences";

export type { ContactPanel };
/** `PUT /contacts/{id}/panel/{panel}`: folds a panel of the contact screens away, or shows it again (mine). */
export const useSetContactPanel = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ panel, folded }: { panel: ContactPanel; folded: boolean }) =>
      api.put("/contacts/{id}/panel/{panel}", { path: { id, panel }, body: { folded } }),
    onSuccess: (layout) =>
      client.setQueryData(preferenceKeys.mine, (mine: Schemas["ContactEffectivePreferences"] | undefined) =>
        mine ? { ...mine, foldedPanels: layout.foldedPanels } : mine,
      ),
  });
};
