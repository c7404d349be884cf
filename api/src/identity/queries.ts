import type { AppContext } from "../context.ts";
import { ProblemError } from "../http/problem.ts";
import { revokeUserSessions } from "./sessions.ts";
import { hashToken } from "./tokens.ts";

/** Reads (and the password renewal's writes) of the identity's tables, for the routes' answers. */

/** Whether the user is a platform administrator. */
export const isPlatformAdmin = async (ctx: AppContext, userId: string): Promise<boolean> => {
  const row = await ctx.database.db
    .selectFrom("credentials")
    .select("platform_admin")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.platform_admin === true;
};

const UUID = /^[0-9a-f-]{36}$/i;

/** The names of the users among `userIds` (anything not a user's id skipped), by id. */
export const userNames = async (
  ctx: AppContext,
  userIds: readonly (string | undefined | null)[],
): Promise<Map<string, string>> => {
  const ids = [...new Set(userIds.filter((u): u is string => !!u && UUID.test(u)))];
  if (ids.length === 0) return new Map();
  const rows = await ctx.database.db
    .selectFrom("users")
    .select(["user_id", "name"])
    .where("user_id", "in", ids)
    .execute();
  return new Map(rows.map((u) => [u.user_id, u.name]));
};

/** The account a sign-in names: its user and password hash, if an account has the address. */
export const credentialsOf = (ctx: AppContext, email: string) =>
  ctx.database.db
    .selectFrom("credentials")
    .select(["user_id", "password_hash"])
    .where("email", "=", email)
    .executeTakeFirst();

/** The signed-in user's account; 503 `readModel.behind` when the users read model does not show it yet. */
export const userAccount = async (ctx: AppContext, userId: string) => {
  const user = await ctx.database.db
    .selectFrom("users")
    .selectAll()
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!user) throw new ProblemError(503, "readModel.behind");
  return {
    id: user.user_id,
    email: user.email,
    name: user.name,
    createdAt: new Date(user.created_at).toISOString(),
  };
};

/** Who writes a help request: the user's name and address, and the organisation's name when in one. */
export const helpSender = async (ctx: AppContext, userId: string, orgId: string | null) => {
  const [user, org] = await Promise.all([
    ctx.database.db
      .selectFrom("users as u")
      .innerJoin("credentials as c", "c.user_id", "u.user_id")
      .select(["u.name", "c.email"])
      .where("u.user_id", "=", userId)
      .executeTakeFirst(),
    orgId
      ? ctx.database.db
          .selectFrom("organisations")
          .select("name")
          .where("org_id", "=", orgId)
          .executeTakeFirst()
      : undefined,
  ]);
  return user && { name: user.name, email: user.email, org: org?.name };
};

/** A member of an organisation as answered: the user, the profile, since when. */
export type Member = { id: string; name: string; email: string; role: string; createdAt: string };

/** The organisation's members by name; with `userId`, that one alone (none when not a member). */
export const organisationMembers = async (
  ctx: AppContext,
  orgId: string,
  userId?: string,
): Promise<Member[]> => {
  let query = ctx.database.db
    .selectFrom("memberships as m")
    .innerJoin("users as u", "u.user_id", "m.user_id")
    .select(["u.user_id", "u.name", "u.email", "m.profile", "m.added_at"])
    .where("m.org_id", "=", orgId);
  if (userId !== undefined) query = query.where("m.user_id", "=", userId);
  const rows = await query.orderBy("u.name").execute();
  return rows.map((r) => ({
    id: r.user_id,
    name: r.name,
    email: r.email,
    role: r.profile,
    createdAt: new Date(r.added_at).toISOString(),
  }));
};

/** Whether the user is a member of the organisation. */
export const isMember = async (ctx: AppContext, orgId: string, userId: string): Promise<boolean> =>
  (await ctx.database.db
    .selectFrom("memberships")
    .select("user_id")
    .where("org_id", "=", orgId)
    .where("user_id", "=", userId)
    .executeTakeFirst()) !== undefined;

/** Whom a password renewal writes to: the account's user and name, if an account has the address. */
export const renewalRecipient = (ctx: AppContext, email: string) =>
  ctx.database.db
    .selectFrom("credentials as c")
    .innerJoin("users as u", "u.user_id", "c.user_id")
    .select(["c.user_id", "u.name"])
    .where("c.email", "=", email)
    .executeTakeFirst();

/** Keeps a renewal's token (its hash) for the user, valid until `expiresAt`. */
export const recordRenewal = async (ctx: AppContext, userId: string, token: string, expiresAt: Date) => {
  await ctx.database.db
    .insertInto("password_renewals")
    .values({ token_hash: hashToken(token), user_id: userId, expires_at: expiresAt })
    .execute();
};

/**
 * Uses a renewal's token once, before it expires: the new password saved and every session of the user
 * ended, in one transaction; 422 `identity.renewTokenInvalid` for a token unknown, used or expired.
 */
export const renewPassword = async (ctx: AppContext, token: string, passwordHash: string, now: Date) => {
  await ctx.database.db.transaction().execute(async (trx) => {
    const renewal = await trx
      .updateTable("password_renewals")
      .set({ used_at: now })
      .where("token_hash", "=", hashToken(token))
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .returning("user_id")
      .executeTakeFirst();
    if (!renewal) throw new ProblemError(422, "identity.renewTokenInvalid");
    await trx
      .updateTable("credentials")
      .set({ password_hash: passwordHash, updated_at: now })
      .where("user_id", "=", renewal.user_id)
      .execute();
    await revokeUserSessions({ ...ctx.database, db: trx }, renewal.user_id, now);
  });
};
