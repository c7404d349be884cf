import { PLATFORM_ORG, type UserCommand, userDecider, userStreamId } from "@registre/core";
import { alreadyAppended, handleCommand } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { accessRoute, PLATFORM } from "../http/access.ts";
import { commandMetadata, resourceApp } from "../http/openapi.ts";
import { ProblemError } from "../http/problem.ts";
import { findPlatformUser } from "../identity/platform.ts";
import {
  ownerCount,
  removeCredentials,
  setPlatformAdmin,
  userMemberships,
} from "../identity/platform-memberships.ts";
import { revokeUserSessions } from "../identity/sessions.ts";
import { registerUser } from "../identity/users.ts";
import { runOrganisationCommands } from "../organisations.ts";
import { answer, body, errors, UuidParam } from "../schemas/common.ts";
import { PlatformUser } from "../schemas/platform.ts";
import { PlatformUserChange, PlatformUserInput } from "../schemas/platform-admin.ts";

const tags = ["Platform"];

/**
 * The platform administrator creates, changes and closes user accounts. Closing one is safe: the user
 * leaves every organisation (refused while the last owner of one), its sign-in and sessions go, its
 * history stays (UserClosed on its stream). Mounted at /registre.
 */
export const platformUserRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  const runUser = (userId: string, command: UserCommand, metadata: ReturnType<typeof commandMetadata>) =>
    handleCommand(ctx, {
      orgId: PLATFORM_ORG,
      streamId: userStreamId(userId),
      decider: userDecider,
      commands: [command],
      metadata,
      readModels: ["users"],
    });

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "post",
      path: "/users",
      operationId: "createPlatformUser",
      tags,
      request: body(PlatformUserInput),
      responses: { 201: answer(PlatformUser, "The user created"), ...errors },
    }),
    async (c) => {
      const input = c.req.valid("json");
      const id = await registerUser(ctx, input, commandMetadata(c, ctx));
      return c.json(await findPlatformUser(ctx, id), 201);
    },
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "put",
      path: "/users/{id}",
      operationId: "changePlatformUser",
      tags,
      request: { params: UuidParam, ...body(PlatformUserChange) },
      responses: { 200: answer(PlatformUser, "The user changed"), ...errors },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const change = c.req.valid("json");
      await findPlatformUser(ctx, id);
      if (change.platformAdmin === false && id === c.get("session").userId)
        throw new ProblemError(409, "platform.ownAdminRight", { field: "platformAdmin" });
      if (change.name !== undefined)
        await runUser(id, { type: "RenameUser", data: { name: change.name } }, commandMetadata(c, ctx));
      if (change.platformAdmin !== undefined) await setPlatformAdmin(ctx, id, change.platformAdmin);
      return c.json(await findPlatformUser(ctx, id), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "delete",
      path: "/users/{id}",
      operationId: "closePlatformUser",
      tags,
      request: { params: UuidParam },
      responses: { 204: { description: "Closed: out of every organisation, no sign-in" }, ...errors },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const metadata = commandMetadata(c, ctx);
      // A retry whose first answer was lost: the user was closed by it, which is what it answers.
      if (await alreadyAppended(ctx, PLATFORM_ORG, metadata)) return c.body(null, 204);
      await findPlatformUser(ctx, id);
      if (id === c.get("session").userId) throw new ProblemError(409, "platform.closeSelf");
      const memberships = await userMemberships(ctx, id);
      // Each organisation refuses to lose its last owner (409 organisation.lastOwner) before anything goes.
      for (const m of memberships)
        if (m.profile === "owner" && (await ownerCount(ctx, m.org_id)) <= 1)
          throw new ProblemError(409, "organisation.lastOwner");
      for (const m of memberships)
        await runOrganisationCommands(
          ctx,
          m.org_id,
          [{ type: "RemoveMember", data: { userId: id } }],
          metadata,
        );
      await runUser(id, { type: "CloseUser", data: {} }, metadata);
      await revokeUserSessions(ctx.database, id, new Date());
      await removeCredentials(ctx, id);
      return c.body(null, 204);
    },
  );
  return app;
};
