import { readModels } from "@registre/projections";
import type { AppContext } from "../context.ts";
import { ProblemError } from "../http/problem.ts";

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
/** The organisation and the user a membership id `{orgId}.{userId}` names. */
export const splitMembershipId = (id: string) => {
  const [orgId = "", userId = ""] = id.split(".");
  return { orgId, userId };
};

/** One membership, 404 `membership.notFound` when the user is not in the organisation. */
export const findMembership = async (ctx: AppContext, id: string) => {
  const { orgId, userId } = splitMembershipId(id);
  const row = await base(ctx)
    .select([...columns])
    .where("m.org_id", "=", orgId)
    .where("m.user_id", "=", userId)
    .executeTakeFirst();
  if (!row) throw new ProblemError(404, "membership.notFound");
  return toMembership(row as Row);
};

/** The memberships, by organisation then user name, a page of them and their count. */
export const listPlatformMemberships = async (
  ctx: AppContext,
  q: { org?: string | undefined; user?: string | undefined; limit: number; offset: number },
) => {
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
  return { items: (rows as Row[]).map(toMembership), total: Number(count.n) };
};

/** The organisations a user belongs to, with the profile in each. */
export const userMemberships = (ctx: AppContext, userId: string) =>
  readModels(ctx.database)
    .selectFrom("memberships")
    .select(["org_id", "profile"])
    .where("user_id", "=", userId)
    .execute();

/** How many owners an organisation has. */
export const ownerCount = async (ctx: AppContext, orgId: string): Promise<number> => {
  const owners = await readModels(ctx.database)
    .selectFrom("memberships")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("org_id", "=", orgId)
    .where("profile", "=", "owner")
    .executeTakeFirstOrThrow();
  return Number(owners.n);
};

/** Gives or takes the platform administrator's right (kept with the sign-in, not in the log). */
export const setPlatformAdmin = (ctx: AppContext, userId: string, platformAdmin: boolean) =>
  ctx.database.db
    .updateTable("credentials")
    .set({ platform_admin: platformAdmin })
    .where("user_id", "=", userId)
    .execute();

/** A closed user's sign-in, gone. */
export const removeCredentials = (ctx: AppContext, userId: string) =>
  ctx.database.db.deleteFrom("credentials").where("user_id", "=", userId).execute();
