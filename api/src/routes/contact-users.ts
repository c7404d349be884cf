import { profileRights, profiles, Rights } from "@registre/core";
import type { AppContext } from "../context.ts";
import { accessRoute, right } from "../http/access.ts";
import { answerDeleted } from "../http/deleted.ts";
import { commandMetadata, resourceApp } from "../http/openapi.ts";
import { localeOf, ProblemError } from "../http/problem.ts";
import { problemResponses } from "../http/schemas.ts";
import { inviteMember, organisationInvitations, revokeInvitation } from "../identity/invitations.ts";
import { organisationMembers } from "../identity/queries.ts";
import { runOrganisationCommands } from "../organisations.ts";
import { UuidParam } from "../schemas/common.ts";
import {
  ContactUser,
  ContactUserList,
  InvitationList,
  InviteInput,
  ProfileList,
  SentInvitation,
} from "../schemas/contact-users.ts";

const errors = problemResponses(401, 403, 404, 409);
const CODE = "contacts.users";

/**
 * The people who use the organisation's books (/org/contacts/users): members and their profile. Only
 * the session's organisation is ever read: another organisation's user is "not found". Mounted at
 * /contacts.
 */
export const contactUserRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  const orgOf = (orgId: string | null) => {
    if (!orgId) throw new ProblemError(404, "organisation.notFound");
    return orgId;
  };
  const findMember = async (orgId: string, userId: string) => {
    const [member] = await organisationMembers(ctx, orgId, userId);
    if (!member) throw new ProblemError(404, "user.notFound");
    return member;
  };

  app.openapi(
    accessRoute(ctx, right(CODE, Rights.read), {
      method: "get",
      path: "/users",
      operationId: "listOrganisationUsers",
      tags: ["Organisation users"],
      responses: {
        200: {
          description: "Members",
          content: { "application/json": { schema: ContactUserList } },
        },
        ...errors,
      },
    }),
    async (c) => {
      return c.json({ items: await organisationMembers(ctx, orgOf(c.get("session").orgId)) }, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right(CODE, Rights.read), {
      method: "get",
      path: "/users/available",
      operationId: "listAvailableProfiles",
      tags: ["Organisation users"],
      summary: "The profiles a member can be given, with the rights each grants",
      responses: {
        200: {
          description: "Profiles",
          content: { "application/json": { schema: ProfileList } },
        },
        ...errors,
      },
    }),
    async (c) =>
      c.json({ items: profiles.map((profile) => ({ profile, rights: profileRights(profile) })) }, 200),
  );

  app.openapi(
    accessRoute(ctx, right(CODE, Rights.read), {
      method: "get",
      path: "/users/{id}",
      operationId: "getOrganisationUser",
      tags: ["Organisation users"],
      request: { params: UuidParam },
      responses: {
        200: { description: "A member", content: { "application/json": { schema: ContactUser } } },
        ...errors,
      },
    }),
    async (c) => c.json(await findMember(orgOf(c.get("session").orgId), c.req.valid("param").id), 200),
  );

  app.openapi(
    accessRoute(ctx, right(CODE, Rights.create), {
      method: "post",
      path: "/users",
      operationId: "addOrganisationUser",
      tags: ["Organisation users"],
      summary: "Invites an address: it becomes a member once its user accepts",
      description:
        "The same answer whether an account has that address or not. An e-mail with a link goes to the address " +
        "(to sign in, or to create the account first); a new invitation of the same address replaces the pending one.",
      request: {
        body: {
          content: { "application/json": { schema: InviteInput } },
          required: true,
        },
      },
      responses: {
        201: {
          description: "Invited",
          content: { "application/json": { schema: SentInvitation } },
        },
        ...problemResponses(401, 403, 409, 422, 429),
      },
    }),
    async (c) => {
      const orgId = orgOf(c.get("session").orgId);
      const invitation = await inviteMember(
        c,
        ctx,
        orgId,
        c.req.valid("json"),
        commandMetadata(c, ctx),
        localeOf(c),
      );
      return c.json(invitation, 201);
    },
  );

  app.openapi(
    accessRoute(ctx, right(CODE, Rights.read), {
      method: "get",
      path: "/invitations",
      operationId: "listOrganisationInvitations",
      tags: ["Organisation users"],
      summary: "The invitations waiting for an answer (expired ones are not listed)",
      responses: {
        200: {
          description: "Pending invitations, newest first",
          content: { "application/json": { schema: InvitationList } },
        },
        ...errors,
      },
    }),
    async (c) => c.json({ items: await organisationInvitations(ctx, orgOf(c.get("session").orgId)) }, 200),
  );

  app.openapi(
    accessRoute(ctx, right(CODE, Rights.delete), {
      method: "delete",
      path: "/invitations/{id}",
      operationId: "revokeOrganisationInvitation",
      tags: ["Organisation users"],
      summary: "Withdraws a pending invitation: its link stops working",
      request: { params: UuidParam },
      responses: { 204: { description: "Withdrawn" }, ...errors },
    }),
    async (c) => {
      await revokeInvitation(
        ctx,
        orgOf(c.get("session").orgId),
        c.req.valid("param").id,
        commandMetadata(c, ctx),
      );
      return c.body(null, 204);
    },
  );

  app.openapi(
    accessRoute(ctx, right(CODE, Rights.delete), {
      method: "delete",
      path: "/users/{id}",
      operationId: "removeOrganisationUser",
      tags: ["Organisation users"],
      request: { params: UuidParam },
      responses: { 204: { description: "Removed" }, ...errors },
    }),
    (c) =>
      answerDeleted(c, ctx, async (orgId, metadata) => {
        const userId = c.req.valid("param").id;
        await findMember(orgId, userId);
        await runOrganisationCommands(ctx, orgId, [{ type: "RemoveMember", data: { userId } }], metadata);
      }),
  );
  return app;
};
