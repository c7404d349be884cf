import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppContext } from "../context.ts";
import { accessRoute, PUBLIC, SESSION } from "../http/access.ts";
import { commandMetadata, validationHook } from "../http/openapi.ts";
import { ProblemError } from "../http/problem.ts";
import { problemResponses } from "../http/schemas.ts";
import type { AuthEnv } from "../identity/auth.ts";
import { answerInvitation, invitationByToken, userInvitations } from "../identity/invitations.ts";
import { userOrganisations } from "../identity/users.ts";

const ReceivedInvitation = z
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
const UserOrganisation = z
  .object({ id: z.uuid(), name: z.string(), siren: z.string(), profile: z.string() })
  .openapi("UserOrganisation");
const IdParam = z.object({ id: z.uuid().openapi({ param: { name: "id", in: "path" } }) });
const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/**
 * The invited user's side: the invitations addressed to the e-mail of their account (shown on
 * /user/orgs), accepting and declining them, and the public look-up of an e-mailed link.
 */
export const invitationRoutes = (ctx: AppContext) => {
  const app = new OpenAPIHono<AuthEnv>({ defaultHook: validationHook });

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "get",
      path: "/user/invitations",
      operationId: "listUserInvitations",
      tags: ["Session"],
      summary: "The invitations waiting for the signed-in user (addressed to their account's e-mail)",
      responses: {
        200: json(z.object({ items: z.array(ReceivedInvitation) }), "Pending, newest first"),
        ...problemResponses(401),
      },
    }),
    async (c) => c.json({ items: await userInvitations(ctx, c.get("session").userId) }, 200),
  );

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "post",
      path: "/user/invitations/{id}/accept",
      operationId: "acceptInvitation",
      tags: ["Session"],
      summary: "Accepts: the user becomes a member with the invited profile",
      request: { params: IdParam },
      responses: {
        200: json(UserOrganisation, "The organisation joined"),
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
      path: "/user/invitations/{id}/decline",
      operationId: "declineInvitation",
      tags: ["Session"],
      request: { params: IdParam },
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

  app.openapi(
    accessRoute(ctx, PUBLIC, {
      method: "post",
      path: "/invitations/lookup",
      operationId: "lookUpInvitation",
      tags: ["Session"],
      summary: "The invitation an e-mailed link names (the token is sent in the body, never in a URL)",
      request: {
        body: {
          content: { "application/json": { schema: z.object({ token: z.string().max(200) }) } },
          required: true,
        },
      },
      responses: {
        200: json(ReceivedInvitation, "While it can be answered"),
        ...problemResponses(404, 422),
      },
    }),
    async (c) => c.json(await invitationByToken(ctx, c.req.valid("json").token), 200),
  );

  return app;
};
