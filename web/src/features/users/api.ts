import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { apiRequest } from "../../lib/http.ts";
import type { Log } from "../orgs/api.ts";
import { type UsersListParams, usersApiQuery } from "./list-params.ts";

export type PlatformUser = {
  id: string;
  name: string;
  email: string;
  platformAdmin: boolean;
  createdAt: string;
};

/** A row of the platform's user list: the user and how many organisations they belong to. */
export type PlatformUserRow = PlatformUser & { orgs: number };
export type PlatformUserList = { items: PlatformUserRow[]; total: number };

/** An organisation a user is a member of, with the user's profile in it. */
export type UserOrg = { id: string; name: string; siren: string; profile: string };
export type UserOrgs = { items: UserOrg[] };

export const userKeys = {
  all: ["users"] as const,
  list: (params: UsersListParams) => [...userKeys.all, "list", params] as const,
  detail: (id: string) => [...userKeys.all, "detail", id] as const,
  orgs: (id: string) => [...userKeys.all, "detail", id, "orgs"] as const,
  log: (id: string) => [...userKeys.all, "detail", id, "log"] as const,
};

const userPath = (id: string): string => `/registre/users/${encodeURIComponent(id)}`;

export const usersQueryOptions = (params: UsersListParams) =>
  queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) =>
      apiRequest<PlatformUserList>(`/registre/users${usersApiQuery(params)}`, { signal }),
    // Keeps the current page on screen while the next one (or the next search) loads.
    placeholderData: keepPreviousData,
  });

export const userQueryOptions = (id: string) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<PlatformUser>(userPath(id), { signal }),
  });

export const userOrgsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: userKeys.orgs(id),
    queryFn: ({ signal }) => apiRequest<UserOrgs>(`${userPath(id)}/orgs`, { signal }),
  });

export const userLogQueryOptions = (id: string) =>
  queryOptions({
    queryKey: userKeys.log(id),
    queryFn: ({ signal }) => apiRequest<Log>(`${userPath(id)}/logs`, { signal }),
  });
