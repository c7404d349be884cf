import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../lib/http.ts";
import type { Right } from "./rights.ts";

/** The profiles an organisation member can be given (docs/api-identity.md). */
export const memberProfiles = ["owner", "accountant"] as const;
export type MemberProfile = (typeof memberProfiles)[number];

export type Member = { id: string; name: string; email: string; role?: string; createdAt?: string };
/** An invitation of the organisation waiting for its answer. */
export type Invitation = {
  id: string;
  email: string;
  profile: string;
  status: "pending";
  invitedAt: string;
  expiresAt: string;
};
export type ProfileRights = { profile: string; rights: Right[] };
/** A custom role of the organisation: an authorization item. */
export type AuthItem = { id: string; name: string; rights: Right[] };
export type Assignment = { id: string; itemId: string; userId: string };

type List<T> = { items: T[] };

export const rightsKeys = {
  members: ["contacts", "users"] as const,
  invitations: ["contacts", "invitations"] as const,
  profiles: ["contacts", "users", "available"] as const,
  items: ["auth", "items"] as const,
  assignments: ["auth", "assignments"] as const,
};

export const membersQuery = () =>
  queryOptions({
    queryKey: rightsKeys.members,
    queryFn: ({ signal }) => apiRequest<List<Member>>("/contacts/users", { signal }),
  });

export const invitationsQuery = () =>
  queryOptions({
    queryKey: rightsKeys.invitations,
    queryFn: ({ signal }) => apiRequest<List<Invitation>>("/contacts/invitations", { signal }),
  });

export const profilesQuery = () =>
  queryOptions({
    queryKey: rightsKeys.profiles,
    queryFn: ({ signal }) => apiRequest<List<ProfileRights>>("/contacts/users/available", { signal }),
    staleTime: 5 * 60_000,
  });

export const authItemsQuery = () =>
  queryOptions({
    queryKey: rightsKeys.items,
    queryFn: ({ signal }) => apiRequest<List<AuthItem>>("/auth/items", { signal }),
  });

export const assignmentsQuery = () =>
  queryOptions({
    queryKey: rightsKeys.assignments,
    queryFn: ({ signal }) => apiRequest<List<Assignment>>("/auth/assignments", { signal }),
  });

const id = (value: string) => encodeURIComponent(value);

/** `POST /contacts/users` invites: the person becomes a member once they accept. */
export const useInviteMember = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; profile: MemberProfile }) =>
      apiRequest<Invitation & { emailSent: boolean }>("/contacts/users", { method: "POST", body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: rightsKeys.invitations }),
  });
};

export const useRevokeInvitation = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) =>
      apiRequest<void>(`/contacts/invitations/${id(invitationId)}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: rightsKeys.invitations }),
  });
};

export const useRemoveMember = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => apiRequest<void>(`/contacts/users/${id(userId)}`, { method: "DELETE" }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: rightsKeys.members }),
        client.invalidateQueries({ queryKey: rightsKeys.assignments }),
      ]),
  });
};

export const useCreateItem = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; rights: Right[] }) =>
      apiRequest<AuthItem>("/auth/items", { method: "POST", body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: rightsKeys.items }),
  });
};

export const useUpdateItem = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, ...body }: { itemId: string; name?: string; rights?: Right[] }) =>
      apiRequest<AuthItem>(`/auth/items/${id(itemId)}`, { method: "PUT", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: rightsKeys.items }),
  });
};

export const useDeleteItem = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => apiRequest<void>(`/auth/items/${id(itemId)}`, { method: "DELETE" }),
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
export const useSetAssignments = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { userId: string; itemIds: string[]; current: Assignment[] }) => {
      const wanted = new Set(input.itemIds);
      const held = new Set(input.current.map((assignment) => assignment.itemId));
      const removals = input.current.filter((assignment) => !wanted.has(assignment.itemId));
      const additions = input.itemIds.filter((itemId) => !held.has(itemId));
      await Promise.all([
        ...removals.map((assignment) =>
          apiRequest<void>(`/auth/assignments/${id(assignment.id)}`, { method: "DELETE" }),
        ),
        ...additions.map((itemId) =>
          apiRequest<Assignment>("/auth/assignments", {
            method: "POST",
            body: { itemId, userId: input.userId },
          }),
        ),
      ]);
    },
    onSettled: () => client.invalidateQueries({ queryKey: rightsKeys.assignments }),
  });
};
