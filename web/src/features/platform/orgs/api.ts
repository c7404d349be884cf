import { infiniteQueryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type AnswerOf, api, type BodyOf, type OperationOf, type Schemas } from "../../../lib/api-client.ts";
import {
  createOrganisationVatRegimeValues,
  updateOrganisationVatPeriodicityValues,
} from "../../../lib/api-types.ts";
import { getQuery } from "../../../lib/queries.ts";

/** The VAT regimes, as the API's OpenAPI document lists them. */
export const vatRegimes = createOrganisationVatRegimeValues;
export type VatRegime = (typeof vatRegimes)[number];

export const isVatRegime = (value: unknown): value is VatRegime =>
  typeof value === "string" && (vatRegimes as readonly string[]).includes(value);

/** How often the VAT return is filed: the CA3 monthly or quarterly, the CA12 yearly. */
export const vatPeriodicities = updateOrganisationVatPeriodicityValues;
export type VatPeriodicity = (typeof vatPeriodicities)[number];

/**
 * The periodicities a regime files (as the API checks them): the réel simplifié the yearly CA12, the
 * réel normal and the mini-réel the CA3, monthly or quarterly; the franchise files none.
 */
export const periodicitiesOf = (regime: VatRegime): readonly VatPeriodicity[] =>
  regime === "franchise"
    ? vatPeriodicities
    : vatPeriodicities.filter((p) => (regime === "reel_simplifie") === (p === "yearly"));

/** A new regime keeps the periodicity when it fits, else takes the regime's default (as the API does). */
export const fittingPeriodicity = (regime: VatRegime, current: VatPeriodicity): VatPeriodicity => {
  const fits = periodicitiesOf(regime);
  return fits.includes(current) ? current : regime === "reel_simplifie" ? "yearly" : "monthly";
};

export type Org = Schemas["Organisation"];
export type OrgList = AnswerOf<"/registre/orgs", "get">;

export type CreateOrgInput = BodyOf<OperationOf<"/registre/orgs", "post">>;
export type UpdateOrgInput = BodyOf<OperationOf<"/registre/orgs/{id}", "put">>;
export type OrgSettingsInput = Omit<UpdateOrgInput, "name" | "siren">;

export type OrgHistoryEvent = Schemas["HistoryItem"];
export type OrgHistory = AnswerOf<"/registre/orgs/{id}/history", "get">;

export const orgKeys = {
  all: ["orgs"] as const,
  list: () => [...orgKeys.all, "list"] as const,
  detail: (id: string) => [...orgKeys.all, "detail", id] as const,
  history: (id: string) => [...orgKeys.all, "detail", id, "history"] as const,
};

export const orgsQueryOptions = () => getQuery(orgKeys.list(), "/registre/orgs");

export const orgQueryOptions = (id: string) =>
  getQuery(orgKeys.detail(id), "/registre/orgs/{id}", { path: { id } });

export const orgHistoryQueryOptions = (id: string) =>
  getQuery(orgKeys.history(id), "/registre/orgs/{id}/history", { path: { id } });

export const useCreateOrg = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateOrgInput) => api.post("/registre/orgs", { body: input }),
    onSuccess: (org) => {
      queryClient.setQueryData(orgKeys.detail(org.id), org);
      return queryClient.invalidateQueries({ queryKey: orgKeys.list() });
    },
  });
};

export const useUpdateOrg = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateOrgInput) => api.put("/registre/orgs/{id}", { path: { id }, body: input }),
    onSuccess: (org) => {
      queryClient.setQueryData(orgKeys.detail(id), org);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: orgKeys.list() }),
        queryClient.invalidateQueries({ queryKey: orgKeys.history(id) }),
      ]);
    },
  });
};

/** A member of an organisation, as the platform administration lists them. */
export type OrgMembers = AnswerOf<"/registre/orgs/{id}/users", "get">;
export type OrgMember = OrgMembers["items"][number];

/** One event of the platform log: of an organisation, or done by a user. */
export type LogEntry = Schemas["LogItem"];
export type Log = AnswerOf<"/registre/orgs/{id}/logs", "get">;

export const orgPlatformKeys = {
  members: (id: string) => [...orgKeys.all, "detail", id, "members"] as const,
  log: (id: string) => [...orgKeys.all, "detail", id, "log"] as const,
};

export const orgMembersQueryOptions = (id: string) =>
  getQuery(orgPlatformKeys.members(id), "/registre/orgs/{id}/users", { path: { id } });

/** An organisation's log, a page at a time (newest first; each page's `next` asks for the older ones). */
export const orgLogQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: orgPlatformKeys.log(id),
    queryFn: ({ signal, pageParam }) =>
      api.get("/registre/orgs/{id}/logs", {
        path: { id },
        query: pageParam === null ? {} : { before: pageParam },
        signal,
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next,
  });
