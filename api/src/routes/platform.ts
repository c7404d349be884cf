import type { z } from "@hono/zod-openapi";
import { readModels, type StreamHistoryRow } from "@registre/projections";
import type { AppContext } from "../context.ts";
import { accessRoute, PLATFORM } from "../http/access.ts";
import { resourceApp } from "../http/openapi.ts";
import { ProblemError } from "../http/problem.ts";
import { problemResponses } from "../http/schemas.ts";
import { UuidParam } from "../schemas/common.ts";
import {
  LogList,
  LogQuery,
  PlatformMemberList,
  PlatformUser,
  PlatformUserList,
  PlatformUserOrganisationList,
  PlatformUserQuery,
} from "../schemas/platform.ts";

const errors = problemResponses(401, 403, 404);
const ok = <T extends z.ZodType>(schema: T, description: string) => ({
  200: { description, content: { "application/json": { schema } } },
  ...errors,
});
const LOG_LIMIT = 200;

const toLog = (r: StreamHistoryRow) => ({
  orgId: r.org_id,
  streamId: r.stream_id,
  version: r.version,
  type: r.type,
  at: new Date(r.at).toISOString(),
  userId: r.user_id,
  summary: (r.data ?? {}) as Record<string, unknown>,
});

/** Platform administration of users, and the organisations' members and logs Mounted at /registre. */
export const platformRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  const db = () => readModels(ctx.database);
  /** A page of the log, newest first in the store's order; `next` is the position to ask before for older ones. */
  const logPage = async (column: "org_id" | "user_id", id: string, before: number | undefined) => {
    let query = db()
      .selectFrom("stream_history")
      .selectAll()
      .where(column, "=", id)
      .orderBy("position", "desc")
      .limit(LOG_LIMIT + 1);
    if (before !== undefined) query = query.where("position", "<", before);
    const rows = await query.execute();
    const page = rows.slice(0, LOG_LIMIT);
    const last = page.at(-1);
    return { items: page.map(toLog), next: rows.length > LOG_LIMIT && last ? Number(last.position) : null };
  };
  const usersBase = () =>
    db().selectFrom("users as u").innerJoin("credentials as c", "c.user_id", "u.user_id");
  const users = () =>
    usersBase().select(["u.user_id", "u.name", "u.email", "u.created_at", "c.platform_admin"]);
  const toUser = (r: {
    user_id: string;
    name: string;
    email: string;
    created_at: Date;
    platform_admin: boolean;
  }) => ({
    id: r.user_id,
    name: r.name,
    email: r.email,
    platformAdmin: r.platform_admin,
    createdAt: new Date(r.created_at).toISOString(),
  });
  const findUser = async (id: string) => {
    const row = await users().where("u.user_id", "=", id).executeTakeFirst();
    if (!row) throw new ProblemError(404, "user.notFound");
    return toUser(row);
  };
  const findOrg = async (id: string) => {
    const row = await db()
      .selectFrom("organisations")
      .select("org_id")
      .where("org_id", "=", id)
      .executeTakeFirst();
    if (!row) throw new ProblemError(404, "organisation.notFound");
  };

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "get",
      path: "/users",
      operationId: "listPlatformUsers",
      tags: ["Platform"],
      request: {
        query: PlatformUserQuery,
      },
      responses: ok(PlatformUserList, "Users, by name"),
    }),
    async (c) => {
      const { q, limit, offset } = c.req.valid("query");
      let query = usersBase();
      if (q) {
        const pattern = `%${q.toLowerCase().replace(/[%_\\]/g, "\\$&")}%`;
        query = query.where((eb) =>
          eb.or([eb(eb.fn("lower", ["u.name"]), "like", pattern), eb("u.email", "like", pattern)]),
        );
      }
      const [rows, count] = await Promise.all([
        query
          .select(["u.user_id", "u.name", "u.email", "u.created_at", "c.platform_admin"])
          .select((eb) =>
            eb
              .selectFrom("memberships as m")
              .whereRef("m.user_id", "=", "u.user_id")
              .select((e) => e.fn.countAll<number>().as("n"))
              .as("orgs"),
          )
          .orderBy("u.name")
          .orderBy("u.user_id")
          .limit(limit)
          .offset(offset)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      ]);
      return c.json(
        { items: rows.map((r) => ({ ...toUser(r), orgs: Number(r.orgs ?? 0) })), total: Number(count.n) },
        200,
      );
    },
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "get",
      path: "/users/{id}",
      operationId: "getPlatformUser",
      tags: ["Platform"],
      request: { params: UuidParam },
      responses: ok(PlatformUser, "The user"),
    }),
    async (c) => c.json(await findUser(c.req.valid("param").id), 200),
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "get",
      path: "/users/{id}/orgs",
      operationId: "listPlatformUserOrganisations",
      tags: ["Platform"],
      request: { params: UuidParam },
      responses: ok(PlatformUserOrganisationList, "The user's organisations"),
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await findUser(id);
      const rows = await db()
        .selectFrom("memberships as m")
        .innerJoin("organisations as o", "o.org_id", "m.org_id")
        .select(["o.org_id as id", "o.name", "o.siren", "m.profile"])
        .where("m.user_id", "=", id)
        .orderBy("o.name")
        .execute();
      return c.json({ items: rows as { id: string; name: string; siren: string; profile: string }[] }, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "get",
      path: "/users/{id}/logs",
      operationId: "listPlatformUserLogs",
      tags: ["Platform"],
      request: { params: UuidParam, query: LogQuery },
      responses: ok(LogList, "What the user did, newest first, a page at a time"),
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await findUser(id);
      return c.json(await logPage("user_id", id, c.req.valid("query").before), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "get",
      path: "/orgs/{id}/users",
      operationId: "listPlatformOrganisationUsers",
      tags: ["Platform"],
      request: { params: UuidParam },
      responses: ok(PlatformMemberList, "The organisation's members"),
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await findOrg(id);
      const rows = await db()
        .selectFrom("memberships as m")
        .innerJoin("users as u", "u.user_id", "m.user_id")
        .select(["u.user_id", "u.name", "u.email", "m.profile", "m.added_at"])
        .where("m.org_id", "=", id)
        .orderBy("u.name")
        .execute();
      return c.json(
        {
          items: rows.map((r) => ({
            id: r.user_id,
            name: r.name,
            email: r.email,
            role: r.profile,
            createdAt: new Date(r.added_at).toISOString(),
          })),
        },
        200,
      );
    },
  );

  app.openapi(
    accessRoute(ctx, PLATFORM, {
      method: "get",
      path: "/orgs/{id}/logs",
      operationId: "listPlatformOrganisationLogs",
      tags: ["Platform"],
      request: { params: UuidParam, query: LogQuery },
      responses: ok(LogList, "Every event of the organisation, newest first, a page at a time"),
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      await findOrg(id);
      return c.json(await logPage("org_id", id, c.req.valid("query").before), 200);
    },
  );
  return app;
};
