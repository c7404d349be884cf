import { infiniteQueryOptions, keepPreviousData, queryOptions } from "@tanstack/react-query";
import { type AnswerOf, api, type Schemas } from "../../../lib/api-client.ts";
import { apiRequest } from "../../../lib/http.ts";
import { getQuery } from "../../../lib/queries.ts";
import { type UsersListParams, usersApiQuery } from "./list-params.ts";

export type PlatformUser = Schemas["PlatformUser"];

/** A row of the platform's user list: the user and how many organisations they belong to. */
export type PlatformUserList = AnswerOf<"/registre/users", "get">;
export type PlatformUserRow = PlatformUserList["items"][number];

/** An organisation a user is a member of, with the user's profile in it. */
export type UserOrgs = AnswerOf<"/registre/users/{id}/orgs", "get">;
export type UserOrg = UserOrgs["items"][number];

export const userKeys = {
  all: ["users"] as const,
  list: (params: UsersListParams) => [...userKeys.all, "list", params] as const,
  detail: (id: string) => [...userKeys.all, "detail", id] as const,
  orgs: (id: string) => [...userKeys.all, "detail", id, "orgs"] as const,
  log: (id: string) => [...userKeys.all, "detail", id, "log"] as const,
};

export const usersQueryOptions = (params: UsersListParams) =>
  queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) =>
      apiRequest<PlatformUserList>(`/registre/users${usersApiQuery(params)}`, { signal }),
    // Keeps the current page on screen while the next one (or the next search) loads.
    placeholderData: keepPreviousData,
  });

export const userQueryOptions = (id: string) =>
  getQuery(userKeys.detail(id), "/registre/users/{id}", { path: { id } });

export const userOrgsQueryOptions = (id: string) =>
  getQuery(userKeys.orgs(id), "/registre/users/{id}/orgs", { path: { id } });

/** What a user did, a page at a time (newest first; each page's `next` asks for the older ones). */
export const userLogQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: userKeys.log(id),
    queryFn: ({ signal, pageParam }) =>
      api.get("/registre/users/{id}/logs", {
        path: { id },
        query: pageParam === null ? {} : { before: pageParam },
        signal,
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next,
  });
