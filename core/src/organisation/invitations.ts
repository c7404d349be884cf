import { DomainError } from "../decider.ts";
import { type Profile, profiles } from "../identity/rights.ts";
import { normaliseEmail } from "../identity/user.ts";
import { validateEmail } from "../validation/email.ts";
import type {
  InvitationEvent,
  OrganisationEvent,
  OrganisationState,
  PendingInvitation,
} from "./organisation.ts";

/** How long an invitation can be accepted. */
export const INVITATION_TTL_DAYS = 14;

/**
 * Invites an address. `at` is the shell's clock (the command's time); `memberIdOfEmail` is the user
 * registered under that address when the shell found one, so that an existing member is not invited
 * again. Whether the address is registered changes nothing else.
 */
export type InviteMember = {
  readonly type: "InviteMember";
  readonly data: {
    readonly invitationId: string;
    readonly email: string;
    readonly profile: Profile;
    readonly at: string;
    readonly userIdOfEmail?: string | null | undefined;
  };
};
/** The user `userId`, signed in under `email`, accepts at `at`. */
export type AcceptInvitation = {
  readonly type: "AcceptInvitation";
  readonly data: {
    readonly invitationId: string;
    readonly userId: string;
    readonly email: string;
    readonly at: string;
  };
};
export type DeclineInvitation = {
  readonly type: "DeclineInvitation";
  readonly data: { readonly invitationId: string; readonly email: string };
};
export type RevokeInvitation = {
  readonly type: "RevokeInvitation";
  readonly data: { readonly invitationId: string };
};
export type InvitationCommand = InviteMember | AcceptInvitation | DeclineInvitation | RevokeInvitation;

type Active = Extract<OrganisationState, { status: "active" }>;

const DAY_MS = 24 * 3600 * 1000;

const activeOrganisation = (state: OrganisationState): Active => {
  if (state.status !== "active") throw new DomainError("organisation.notFound", {}, 404);
  return state;
};

const instant = (iso: string): number => {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) throw new DomainError("validation.invalid", { value: iso });
  return time;
};

/**
 * A pending invitation, only to its own addressee: another address is told "not found", exactly as
 * for an id that does not exist, so nobody learns whom an organisation invited.
 */
const pendingFor = (state: Active, invitationId: string, email?: string): PendingInvitation => {
  const invitation = state.invitations[invitationId];
  if (!invitation || (email !== undefined && invitation.email !== normaliseEmail(email)))
    throw new DomainError("invitation.notFound", {}, 404);
  return invitation;
};

const invite = (command: InviteMember, state: OrganisationState): InvitationEvent[] => {
  const org = activeOrganisation(state);
  const { invitationId, profile, at, userIdOfEmail } = command.data;
  const email = normaliseEmail(command.data.email);
  const invalid = validateEmail(email);
  if (invalid) throw new DomainError(invalid, { value: command.data.email });
  if (!profiles.includes(profile)) throw new DomainError("organisation.unknownProfile", { profile });
  if (userIdOfEmail && org.members[userIdOfEmail])
    throw new DomainError("organisation.alreadyMember", {}, 409);
  // A new invitation of the same address replaces the pending one (the earlier link stops working).
  const replaced = Object.entries(org.invitations)
    .filter(([, pending]) => pending.email === email)
    .map(([id]): InvitationEvent => ({ type: "InvitationRevoked", data: { invitationId: id } }));
  const expiresAt = new Date(instant(at) + INVITATION_TTL_DAYS * DAY_MS).toISOString();
  return [...replaced, { type: "MemberInvited", data: { invitationId, email, profile, expiresAt } }];
};

const accept = (command: AcceptInvitation, state: OrganisationState): OrganisationEvent[] => {
  const org = activeOrganisation(state);
  const { invitationId, userId, email, at } = command.data;
  const invitation = pendingFor(org, invitationId, email);
  if (instant(at) >= instant(invitation.expiresAt)) throw new DomainError("invitation.expired", {}, 409);
  if (org.members[userId]) throw new DomainError("organisation.alreadyMember", {}, 409);
  return [
    { type: "InvitationAccepted", data: { invitationId, userId } },
    { type: "MemberAdded", data: { userId, profile: invitation.profile } },
  ];
};

/** The decisions on invitations: invite, accept (which adds the member), decline, revoke. */
export const decideInvitation = (
  command: InvitationCommand,
  state: OrganisationState,
): OrganisationEvent[] => {
  switch (command.type) {
    case "InviteMember":
      return invite(command, state);
    case "AcceptInvitation":
      return accept(command, state);
    case "DeclineInvitation": {
      const org = activeOrganisation(state);
      pendingFor(org, command.data.invitationId, command.data.email);
      return [{ type: "InvitationDeclined", data: { invitationId: command.data.invitationId } }];
    }
    case "RevokeInvitation": {
      const org = activeOrganisation(state);
      pendingFor(org, command.data.invitationId);
      return [{ type: "InvitationRevoked", data: { invitationId: command.data.invitationId } }];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
};
