import type { InvitationEvent, Profile } from "@registre/core";
import type { StoredEvent } from "@registre/store";
import type { Selectable } from "kysely";
import type { Projector, Timestamp } from "./projector.ts";

export type InvitationStatus = "pending" | "accepted" | "declined" | "revoked";

/** `invitations`: every invitation of every organisation, with its answer. */
export type InvitationsTable = {
  org_id: string;
  invitation_id: string;
  email: string;
  profile: Profile;
  status: InvitationStatus;
  invited_at: Timestamp;
  invited_by: string | null;
  expires_at: Timestamp;
  answered_at: Timestamp | null;
  /** Who accepted it. */
  user_id: string | null;
};
export type InvitationRow = Selectable<InvitationsTable>;

const answers = {
  InvitationAccepted: "accepted",
  InvitationDeclined: "declined",
  InvitationRevoked: "revoked",
} as const;

/**
 * Invitations of every organisation: the organisation's users screen lists its pending ones, and an
 * invited user's screen lists those addressed to their e-mail (across organisations, by the e-mail
 * index). Whether one has expired is read against the clock at query time, not projected.
 */
export const invitationsProjector: Projector = {
  name: "invitations",
  version: 1,
  handles: ["MemberInvited", "InvitationAccepted", "InvitationDeclined", "InvitationRevoked"],
  tables: [
    {
      name: "invitations",
      columns: `org_id uuid not null, invitation_id uuid not null, email text not null, profile text not null,
        status text not null, invited_at timestamptz not null, invited_by uuid, expires_at timestamptz not null,
        answered_at timestamptz, user_id uuid, primary key (org_id, invitation_id)`,
      indexes: ["create index on {table} (email, status)"],
    },
  ],
  apply: async (db, events, table) => {
    const t = table("invitations");
    for (const event of events) {
      const e = event as StoredEvent & InvitationEvent;
      if (e.type === "MemberInvited") {
        const invitedBy = e.metadata.userId;
        await db
          .insertInto(t)
          .values({
            org_id: e.orgId,
            invitation_id: e.data.invitationId,
            email: e.data.email,
            profile: e.data.profile,
            status: "pending",
            invited_at: e.metadata.at,
            // Only a user id: the shell may record a command without one (the CLI, the demo seed).
            invited_by: invitedBy && /^[0-9a-f-]{36}$/i.test(invitedBy) ? invitedBy : null,
            expires_at: e.data.expiresAt,
          })
          .execute();
        continue;
      }
      await db
        .updateTable(t)
        .set({
          status: answers[e.type],
          answered_at: e.metadata.at,
          ...(e.type === "InvitationAccepted" && { user_id: e.data.userId }),
        })
        .where("org_id", "=", e.orgId)
        .where("invitation_id", "=", e.data.invitationId)
        .execute();
    }
  },
};
