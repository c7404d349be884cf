import { z } from "@hono/zod-openapi";
import { type Profile, profiles } from "@registre/core";

/** The people who use the organisation's books and the invitations sent to others (/api/contacts). */
export const ContactUser = z
  .object({ id: z.uuid(), name: z.string(), email: z.string(), role: z.string(), createdAt: z.string() })
  .openapi("OrganisationUser");
export const Invitation = z
  .object({
    id: z.uuid(),
    email: z.string(),
    profile: z.string(),
    status: z.literal("pending"),
    invitedAt: z.string(),
    expiresAt: z.string(),
  })
  .openapi("OrganisationInvitation");
export const ContactUserList = z.object({ items: z.array(ContactUser) });
export const InvitationList = z.object({ items: z.array(Invitation) });
export const ProfileList = z.object({
  items: z.array(
    z.object({
      profile: z.string(),
      rights: z.array(z.object({ c: z.string(), r: z.number() })),
    }),
  ),
});
export const InviteInput = z.object({
  email: z.string().max(254),
  profile: z.enum(profiles as [Profile, ...Profile[]]),
});
export const SentInvitation = Invitation.extend({
  emailSent: z.boolean().openapi({ description: "False when the mail server refused it" }),
});
