import type { AppContext } from "../context.ts";
import { accessRoute, PUBLIC, SESSION } from "../http/access.ts";
import { commandMetadata, resourceApp } from "../http/openapi.ts";
import { ProblemError } from "../http/problem.ts";
import { problemResponses } from "../http/schemas.ts";
import { answerInvitation, invitationByToken, userInvitations } from "../identity/invitations.ts";
import { userOrganisations } from "../identity/users.ts";
import { answer, UuidParam } from "../schemas/common.ts";
import {
  InvitationLookup,
  ReceivedInvitation,
  ReceivedInvitationList,
  UserOrganisation,
} from "../schemas/invitations.ts";

/**
 * The invited user's side: the invitations addressed to the e-mail of their account (shown on
 * /user/orgs), accepting and declining them. Mounted at /user/invitations.
 */
export const receivedInvitationRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "get",
      path: "/",
      operationId: "listUserInvitations",
      tags: ["Session"],
      summary: "The invitations waiting for the signed-in user (addressed to their account's e-mail)",
      responses: {
        200: answer(ReceivedInvitationList, "Pending, newest first"),
        ...problemResponses(401),
      },
    }),
    async (c) => c.json({ items: await userInvitations(ctx, c.get("session").userId) }, 200),
  );

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "post",
      path: "/{id}/accept",
      operationId: "acceptInvitation",
      tags: ["Session"],
      summary: "Accepts: the user becomes a member with the invited profile",
      request: { params: UuidParam },
      responses: {
        200: answer(UserOrganisation, "The organisation joined"),
        ...problemResponses(401, 404, 409),
      },
    }),
    async (c) => {
      const userId = c.get("session").userId;
      const { orgId } = await answerInvitation(
        ctx,
        userId,
        c.req.valid("param").id,
        "accept",
        commandMetadata(c, ctx),
      );
      const joined = (await userOrganisations(ctx, userId)).find((o) => o.id === orgId);
      if (!joined) throw new ProblemError(404, "organisation.notFound");
      return c.json(joined, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "post",
      path: "/{id}/decline",
      operationId: "declineInvitation",
      tags: ["Session"],
      request: { params: UuidParam },
      responses: { 204: { description: "Declined" }, ...problemResponses(401, 404) },
    }),
    async (c) => {
      await answerInvitation(
        ctx,
        c.get("session").userId,
        c.req.valid("param").id,
        "decline",
        commandMetadata(c, ctx),
      );
      return c.body(null, 204);
    },
  );

  return app;
};

/** The public look-up of an e-mailed invitation link. Mounted at /invitations. */
export const invitationLookupRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  app.openapi(
    accessRoute(ctx, PUBLIC, {
      method: "post",
      path: "/lookup",
      operationId: "lookUpInvitation",
      tags: ["Session"],
      summary: "The invitation an e-mailed link names (the token is sent in the body, never in a URL)",
      request: {
        body: {
          content: { "application/json": { schema: InvitationLookup } },
          required: true,
        },
      },
      responses: {
        200: answer(ReceivedInvitation, "While it can be answered"),
        ...problemResponses(404, 422),
      },
    }),
    async (c) => c.json(await invitationByToken(ctx, c.req.valid("json").token), 200),
  );

  return app;
};
