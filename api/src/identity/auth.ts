import { hasRight, type Profile, profileRights, type Right } from "@registre/core";
import type { Context, MiddlewareHandler } from "hono";
import type { AppContext } from "../context.ts";
import { ProblemError } from "../http/problem.ts";
import { findSession, type Session } from "./sessions.ts";

export type AuthEnv = { Variables: { session: Session; rights: readonly Right[] } };

const bearer = (c: Context): string | undefined => {
  const header = c.req.header("authorization");
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
};

/** The rights of a user in an organisation: from the profile of their membership. */
export const rightsIn = async (ctx: AppContext, userId: string, orgId: string | null): Promise<Right[]> => {
  if (!orgId) return [];
  const membership = await ctx.database.db
    .selectFrom("memberships")
    .select("profile")
    .where("org_id", "=", orgId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return membership ? profileRights(membership.profile as Profile) : [];
};

/** 401 without a live session; sets `session` and `rights` for the handlers. */
export const requireSession =
  (ctx: AppContext): MiddlewareHandler<AuthEnv> =>
  async (c, next) => {
    const token = bearer(c);
    const session = token ? await findSession(ctx.database, token, ctx.clock()) : null;
    if (!session) throw new ProblemError(401, "identity.unauthenticated");
    c.set("session", session);
    c.set("rights", await rightsIn(ctx, session.userId, session.orgId));
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
