import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type AnswerOf, api, type Schemas } from "../../lib/api-client.ts";
import { addOrganisationUserProfileValues } from "../../lib/api-types.ts";
import { getQuery } from "../../lib/queries.ts";
import { useRefreshingMutation } from "../../lib/refreshing-mutation.ts";
import type { Right } from "./rights.ts";

/** The profiles an organisation member can be given (docs/api-identity.md), as the API lists them. */
export const memberProfiles = addOrganisationUserProfileValues;
export type MemberProfile = (typeof memberProfiles)[number];

export type Member = Schemas["OrganisationUser"];
/** An invitation of the organisation waiting for its answer. */
export type Invitation = Schemas["OrganisationInvitation"];
export type ProfileRights = AnswerOf<"/contacts/users/available", "get">["items"][number];
/** A custom role of the organisation: an authorization item. */
export type AuthItem = Schemas["AuthorizationItem"];
export type Assignment = Schemas["AuthorizationAssignment"];

export const rightsKeys = {
  members: ["contacts", "users"] as const,
  invitations: ["contacts", "invitations"] as const,
  profiles: ["contacts", "users", "available"] as const,
  items: ["auth", "items"] as const,
  assignments: ["auth", "assignments"] as const,
};

export const membersQuery = () => getQuery(rightsKeys.members, "/contacts/users");

export const invitationsQuery = () => getQuery(rightsKeys.invitations, "/contacts/invitations");

export const profilesQuery = () =>
  queryOptions({
    queryKey: rightsKeys.profiles,
    queryFn: ({ signal }) => api.get("/contacts/users/available", { signal }),
    staleTime: 5 * 60_000,
  });

export const authItemsQuery = () => getQuery(rightsKeys.items, "/auth/items");

export const assignmentsQuery = () => getQuery(rightsKeys.assignments, "/auth/assignments");

/** `POST /contacts/users` invites: the person becomes a member once they accept. */
export const useInviteMember = () =>
  useRefreshingMutation(rightsKeys.invitations, (input: { email: string; profile: MemberProfile }) =>
    api.post("/contacts/users", { body: input }),
  );

export const useRevokeInvitation = () =>
  useRefreshingMutation(rightsKeys.invitations, (invitationId: string) =>
    api.delete("/contacts/invitations/{id}", { path: { id: invitationId } }),
  );

export const useRemoveMember = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.delete("/contacts/users/{id}", { path: { id: userId } }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: rightsKeys.members }),
        client.invalidateQueries({ queryKey: rightsKeys.assignments }),
      ]),
  });
};

export const useCreateItem = () =>
  useRefreshingMutation(rightsKeys.items, (input: { name: string; rights: Right[] }) =>
    api.post("/auth/items", { body: input }),
  );

export const useUpdateItem = () =>
  useRefreshingMutation(
    rightsKeys.items,
    ({ itemId, ...body }: { itemId: string; name?: string; rights?: Right[] }) =>
      api.put("/auth/items/{id}", { path: { id: itemId }, body }),
  );

export const useDeleteItem = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => api.delete("/auth/items/{id}", { path: { id: itemId } }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: rightsKeys.items }),
        client.invalidateQueries({ queryKey: rightsKeys.assignments }),
      ]),
  });
};

/**
 * Brings a member's assignments to `itemIds`: creates the missing ones, deletes the others. Resolves
 * once every call has answered; the assignments are refetched either way.
 */
export const useSetAssignments = () =>
  useRefreshingMutation(
    rightsKeys.assignments,
    async (input: { userId: string; itemIds: string[]; current: Assignment[] }) => {
      const wanted = new Set(input.itemIds);
      const held = new Set(input.current.map((assignment) => assignment.itemId));
      const removals = input.current.filter((assignment) => !wanted.has(assignment.itemId));
      const additions = input.itemIds.filter((itemId) => !held.has(itemId));
      await Promise.all([
        ...removals.map((assignment) =>
          api.delete("/auth/assignments/{id}", { path: { id: assignment.id } }),
        ),
        ...additions.map((itemId) =>
          api.post("/auth/assignments", { body: { itemId, userId: input.userId } }),
        ),
      ]);
    },
    "settled",
  );
