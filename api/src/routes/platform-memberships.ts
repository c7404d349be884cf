import type { Profile } from "@registre/core";
import { readModels } from "@registre/projections";
import { alreadyAppended } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { accessRoute, PLATFORM } from "../http/access.ts";
import { commandMetadata, resourceApp } from "../http/openapi.ts";
import { ProblemError } from "../http/problem.ts";
import { findPlatformUser, requirePlatformOrganisation } from "../identity/platform.ts";
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

const base = (ctx: AppContext) =>
  readModels(ctx.database)
    .selectFrom("memberships as m")
    .innerJoin("users as u", "u.user_id", "m.user_id")
    .innerJoin("organisations as o", "o.org_id", "m.org_id");
const columns = [
  "m.org_id",
  "m.user_id",
  "o.name as org_name",
  "u.name",
  "u.email",
  "m.profile",
  "m.added_at",
] as const;
type Row = {
  org_id: string;
  user_id: string;
  org_name: string;
  name: string;
  email: string;
  profile: string;
  added_at: Date;
};
const toMembership = (r: Row) => ({
  id: `${r.org_id}.${r.user_id}`,
  orgId: r.org_id,
  orgName: r.org_name,
  userId: r.user_id,
  name: r.name,
  email: r.email,
  profile: r.profile,
  addedAt: new Date(r.added_at).toISOString(),
});
const split = (id: string) => {
  const [orgId = "", userId = ""] = id.split(".");
  return { orgId, userId };
};

/** One membership, 404 `membership.notFound` when the user is not in the organisation. */
const findMembership = async (ctx: AppContext, id: string) => {
  const { orgId, userId } = split(id);
  const row = await base(ctx)
    .select([...columns])
    .where("m.org_id", "=", orgId)
    .where("m.user_id", "=", userId)
    .executeTakeFirst();
  if (!row) throw new ProblemError(404, "membership.notFound");
  return toMembership(row as Row);
};

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
      const q = c.req.valid("query");
      let query = base(ctx);
      if (q.org) query = query.where("m.org_id", "=", q.org);
      if (q.user) query = query.where("m.user_id", "=", q.user);
      const [rows, count] = await Promise.all([
        query
          .select([...columns])
          .orderBy("o.name")
          .orderBy("u.name")
          .orderBy("m.user_id")
          .limit(q.limit)
          .offset(q.offset)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      ]);
      return c.json({ items: (rows as Row[]).map(toMembership), total: Number(count.n) }, 200);
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
      if (await alreadyAppended(ctx, split(id).orgId, metadata)) return c.body(null, 204);
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
