import { hasRight, type Profile, profileRights, type Right, unionRights } from "@registre/core";
import type { Context, MiddlewareHandler } from "hono";
import type { AppContext } from "../context.ts";
import { ProblemError } from "../http/problem.ts";
import { findSessionAccess, type Session, type SessionLookupEnv } from "./sessions.ts";

export type AuthEnv = { Variables: { session: Session; rights: readonly Right[] } };

const bearer = (c: Context): string | undefined => {
  const header = c.req.header("authorization");
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
};

/** The rights of a member in an organisation: their profile's, joined with their authorization items'. */
export const rightsIn = async (ctx: AppContext, userId: string, orgId: string | null): Promise<Right[]> => {
  if (!orgId) return [];
  const membership = await ctx.database.db
    .selectFrom("memberships")
    .select("profile")
    .where("org_id", "=", orgId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!membership) return [];
  const items = await ctx.database.db
    .selectFrom("auth_assignments as a")
    .innerJoin("auth_items as i", (join) =>
      join.onRef("i.org_id", "=", "a.org_id").onRef("i.item_id", "=", "a.item_id"),
    )
    .select("i.rights")
    .where("a.org_id", "=", orgId)
    .where("a.user_id", "=", userId)
    .execute();
  return unionRights(profileRights(membership.profile as Profile), ...items.map((i) => i.rights as Right[]));
};

/** 401 without a live session; sets `session` and `rights` for the handlers. */
export const requireSession =
  (ctx: AppContext): MiddlewareHandler<AuthEnv> =>
  async (c, next) => {
    const token = bearer(c);
    // One statement: the session, and the profile and items that make its rights; none when the
    // idempotency middleware already read them for this token.
    const earlier = (c as unknown as Context<SessionLookupEnv>).get("sessionLookup");
    const access = !token
      ? null
      : earlier?.token === token
        ? earlier.access
        : await findSessionAccess(ctx.database, token, ctx.clock());
    if (!access) throw new ProblemError(401, "identity.unauthenticated");
    const { profile, items, ...session } = access;
    c.set("session", session);
    c.set("rights", profile ? unionRights(profileRights(profile as Profile), ...items) : []);
    await next();
  };

/**
 * 401 without a session, 403 when the session's organisation grants no `bit` on `code`. Every
 * organisation route declares its resource code and bit through this.
 */
export const requireRight = (ctx: AppContext, code: string, bit: number): MiddlewareHandler<AuthEnv> => {
  const session = requireSession(ctx);
  return async (c, next) =>
    session(c, async () => {
      if (!hasRight(c.get("rights"), code, bit)) throw new ProblemError(403, "identity.forbidden", { code });
      await next();
    });
};
