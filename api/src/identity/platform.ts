import { readModels, type StreamHistoryRow } from "@registre/projections";
import type { AppContext } from "../context.ts";
import { ProblemError } from "../http/problem.ts";

/** What the platform's administrators read: every user, the organisations a user is in, the log. */

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

/**
 * A page of an organisation's or a user's log, newest first in the store's order; `next` is the
 * position to ask before for older ones.
 */
export const platformLogPage = async (
  ctx: AppContext,
  column: "org_id" | "user_id",
  id: string,
  before: number | undefined,
) => {
  let query = readModels(ctx.database)
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

const usersBase = (ctx: AppContext) =>
  readModels(ctx.database).selectFrom("users as u").innerJoin("credentials as c", "c.user_id", "u.user_id");

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

/** The users by name, a page of them, searched by name or address, each with how many organisations it is in. */
export const listPlatformUsers = async (
  ctx: AppContext,
  { q, limit, offset }: { q?: string | undefined; limit: number; offset: number },
) => {
  let query = usersBase(ctx);
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
  return { items: rows.map((r) => ({ ...toUser(r), orgs: Number(r.orgs ?? 0) })), total: Number(count.n) };
};

/** One user; 404 `user.notFound`. */
export const findPlatformUser = async (ctx: AppContext, id: string) => {
  const row = await usersBase(ctx)
    .select(["u.user_id", "u.name", "u.email", "u.created_at", "c.platform_admin"])
    .where("u.user_id", "=", id)
    .executeTakeFirst();
  if (!row) throw new ProblemError(404, "user.notFound");
  return toUser(row);
};

/** The organisations a user is in, by name, with the user's profile in each. */
export const platformUserOrganisations = async (ctx: AppContext, userId: string) =>
  (await readModels(ctx.database)
    .selectFrom("memberships as m")
    .innerJoin("organisations as o", "o.org_id", "m.org_id")
    .select(["o.org_id as id", "o.name", "o.siren", "m.profile"])
    .where("m.user_id", "=", userId)
    .orderBy("o.name")
    .execute()) as { id: string; name: string; siren: string; profile: string }[];

/** 404 `organisation.notFound` unless the organisation exists. */
export const requirePlatformOrganisation = async (ctx: AppContext, id: string): Promise<void> => {
  const row = await readModels(ctx.database)
    .selectFrom("organisations")
    .select("org_id")
    .where("org_id", "=", id)
    .executeTakeFirst();
  if (!row) throw new ProblemError(404, "organisation.notFound");
};
