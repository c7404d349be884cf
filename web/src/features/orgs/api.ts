import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../lib/http.ts";

export const vatRegimes = ["reel_normal", "reel_simplifie", "mini_reel", "franchise"] as const;
export type VatRegime = (typeof vatRegimes)[number];

export const isVatRegime = (value: unknown): value is VatRegime =>
  typeof value === "string" && (vatRegimes as readonly string[]).includes(value);

export type Org = {
  id: string;
  name: string;
  siren: string;
  vatNumber: string | null;
  fiscalYearStartMonth: number;
  /** One of {@link vatRegimes}; typed as string so that a regime added server-side still renders. */
  vatRegime: string;
  vatOnDebits: boolean;
  createdAt: string;
  updatedAt: string;
};

export type OrgList = { items: Org[]; total: number };

export type OrgSettingsInput = {
  vatNumber?: string | null;
  fiscalYearStartMonth?: number;
  vatRegime?: VatRegime;
  vatOnDebits?: boolean;
};

export type CreateOrgInput = { name: string; siren: string } & OrgSettingsInput;
export type UpdateOrgInput = Partial<CreateOrgInput>;

export type OrgHistoryEvent = {
  streamId: string;
  version: number;
  type: string;
  at: string;
  userId: string | null;
  summary: Record<string, unknown>;
};

export type OrgHistory = { items: OrgHistoryEvent[] };

export const orgKeys = {
  all: ["orgs"] as const,
  list: () => [...orgKeys.all, "list"] as const,
  detail: (id: string) => [...orgKeys.all, "detail", id] as const,
  history: (id: string) => [...orgKeys.all, "detail", id, "history"] as const,
};

const orgPath = (id: string): string => `/registre/orgs/${encodeURIComponent(id)}`;

export const orgsQueryOptions = () =>
  queryOptions({
    queryKey: orgKeys.list(),
    queryFn: ({ signal }) => apiRequest<OrgList>("/registre/orgs", { signal }),
  });

export const orgQueryOptions = (id: string) =>
  queryOptions({
    queryKey: orgKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<Org>(orgPath(id), { signal }),
  });

export const orgHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: orgKeys.history(id),
    queryFn: ({ signal }) => apiRequest<OrgHistory>(`${orgPath(id)}/history`, { signal }),
  });

export const useCreateOrg = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateOrgInput) => apiRequest<Org>("/registre/orgs", { method: "POST", body: input }),
    onSuccess: (org) => {
      queryClient.setQueryData(orgKeys.detail(org.id), org);
      return queryClient.invalidateQueries({ queryKey: orgKeys.list() });
    },
  });
};

export const useUpdateOrg = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateOrgInput) => apiRequest<Org>(orgPath(id), { method: "PUT", body: input }),
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
export type OrgMember = { id: string; name: string; email: string; role: string; createdAt: string };
export type OrgMembers = { items: OrgMember[] };

/** One event of the platform log: of an organisation, or done by a user. */
export type LogEntry = {
  orgId: string | null;
  streamId: string;
  version: number;
  type: string;
  at: string;
  userId: string | null;
  summary: Record<string, unknown>;
};
export type Log = { items: LogEntry[] };

export const orgPlatformKeys = {
  members: (id: string) => [...orgKeys.all, "detail", id, "members"] as const,
  log: (id: string) => [...orgKeys.all, "detail", id, "log"] as const,
};

export const orgMembersQueryOptions = (id: string) =>
  queryOptions({
    queryKey: orgPlatformKeys.members(id),
    queryFn: ({ signal }) => apiRequest<OrgMembers>(`${orgPath(id)}/users`, { signal }),
  });

export const orgLogQueryOptions = (id: string) =>
  queryOptions({
    queryKey: orgPlatformKeys.log(id),
    queryFn: ({ signal }) => apiRequest<Log>(`${orgPath(id)}/logs`, { signal }),
  });
