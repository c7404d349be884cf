import { z } from "@hono/zod-openapi";

/** The invitations a user received (/api/user/invitations) and the look-up of a link (/api/invitations). */
export const ReceivedInvitation = z
  .object({
    id: z.uuid(),
    org: z.object({ id: z.uuid(), name: z.string() }),
    email: z.string(),
    profile: z.string(),
    invitedBy: z.string().nullable(),
    invitedAt: z.string(),
    expiresAt: z.string(),
  })
  .openapi("ReceivedInvitation");
export const UserOrganisation = z
  .object({ id: z.uuid(), name: z.string(), siren: z.string(), profile: z.string() })
  .openapi("UserOrganisation");
export const ReceivedInvitationList = z.object({ items: z.array(ReceivedInvitation) });
export const InvitationLookup = z.object({ token: z.string().max(200) });
