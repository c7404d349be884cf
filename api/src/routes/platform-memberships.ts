import type { Profile } from "@registre/core";
import { alreadyAppended } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { accessRoute, PLATFORM } from "../http/access.ts";
import { commandMetadata, resourceApp } from "../http/openapi.ts";
import { findPlatformUser, requirePlatformOrganisation } from "../identity/platform.ts";
import {
  findMembership,
  listPlatformMemberships,
  splitMembershipId,
} from "../identity/platform-memberships.ts";
import { runOrganisationCommands } from "../organisations.ts";
import { answer, body, errors } from "../schemas/common.ts";
import {
  Membership,
  MembershipChange,
  MembershipInput,
  MembershipList,
  MembershipParam,
  MembershipQuery,
} from "../schemas/platform-admin.ts";

const tags = ["Platform"];

/**
 * Who belongs to which organisation, as the platform administrator manages it: a membership is the pair
 * `{orgId}.{userId}`; adding, changing a profile and removing go through the organisation's own commands
 * (its last owner cannot go). Mounted at /registre/orgs/users.
 */
export const platformMembershipRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "get",
      path: "/",
      operationId: "listPlatformMemberships",
      tags,
      request: { query: MembershipQuery },
      responses: { 200: answer(MembershipList, "Memberships, by organisation then user name"), ...errors },
    }),
    async (c) => {
      return c.json(await listPlatformMemberships(ctx, c.req.valid("query")), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "post",
      path: "/",
      operationId: "addPlatformMembership",
      tags,
      request: body(MembershipInput),
      responses: { 201: answer(Membership, "The user added to the organisation"), ...errors },
    }),
    async (c) => {
      const { orgId, userId, profile } = c.req.valid("json");
      await requirePlatformOrganisation(ctx, orgId);
      await findPlatformUser(ctx, userId);
      const metadata = commandMetadata(c, ctx);
      await runOrganisationCommands(
        ctx,
        orgId,
        [{ type: "AddMember", data: { userId, profile: profile as Profile } }],
        metadata,
      );
      return c.json(await findMembership(ctx, `${orgId}.${userId}`), 201);
    },
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "get",
      path: "/{id}",
      operationId: "getPlatformMembership",
      tags,
      request: { params: MembershipParam },
      responses: { 200: answer(Membership, "The membership"), ...errors },
    }),
    async (c) => c.json(await findMembership(ctx, c.req.valid("param").id), 200),
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "put",
      path: "/{id}",
      operationId: "changePlatformMembership",
      tags,
      request: { params: MembershipParam, ...body(MembershipChange) },
      responses: { 200: answer(Membership, "The membership with its new profile"), ...errors },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const current = await findMembership(ctx, id);
      const profile = c.req.valid("json").profile as Profile;
      if (profile !== current.profile)
        // Out and in again in one append: the organisation refuses to lose its last owner.
        await runOrganisationCommands(
          ctx,
          current.orgId,
          [
            { type: "RemoveMember", data: { userId: current.userId } },
            { type: "AddMember", data: { userId: current.userId, profile } },
          ],
          commandMetadata(c, ctx),
        );
      return c.json(await findMembership(ctx, id), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "delete",
      path: "/{id}",
      operationId: "removePlatformMembership",
      tags,
      request: { params: MembershipParam },
      responses: { 204: { description: "The user is no longer in the organisation" }, ...errors },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const metadata = commandMetadata(c, ctx);
      // A retry whose first answer was lost: the member was removed by it, which is what it answers.
      if (await alreadyAppended(ctx, splitMembershipId(id).orgId, metadata)) return c.body(null, 204);
      const current = await findMembership(ctx, id);
      await runOrganisationCommands(
        ctx,
        current.orgId,
        [{ type: "RemoveMember", data: { userId: current.userId } }],
        metadata,
      );
      return c.body(null, 204);
    },
  );
  return app;
};
