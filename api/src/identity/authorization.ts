import type { Right } from "@registre/core";
import { readModels } from "@registre/projections";
import type { AppContext } from "../context.ts";
import { ProblemError } from "../http/problem.ts";

/** The organisation's authorisation items (named sets of rights) and their assignments to members, read. */

const itemOf = (r: { item_id: string; name: string; rights: Right[] }) => ({
  id: r.item_id,
  name: r.name,
  rights: r.rights,
});

const assignmentOf = (r: { assignment_id: string; item_id: string; user_id: string }) => ({
  id: r.assignment_id,
  itemId: r.item_id,
  userId: r.user_id,
});

/** The items by name. */
export const listAuthItems = async (ctx: AppContext, orgId: string) =>
  (
    await readModels(ctx.database)
      .selectFrom("auth_items")
      .selectAll()
      .where("org_id", "=", orgId)
      .orderBy("name")
      .execute()
  ).map(itemOf);

/** One item; 404 `auth.itemNotFound`. */
export const findAuthItem = async (ctx: AppContext, orgId: string, itemId: string) => {
  const row = await readModels(ctx.database)
    .selectFrom("auth_items")
    .selectAll()
    .where("org_id", "=", orgId)
    .where("item_id", "=", itemId)
    .executeTakeFirst();
  if (!row) throw new ProblemError(404, "auth.itemNotFound");
  return itemOf(row);
};

/** The assignments. */
export const listAuthAssignments = async (ctx: AppContext, orgId: string) =>
  (
    await readModels(ctx.database)
      .selectFrom("auth_assignments")
      .selectAll()
      .where("org_id", "=", orgId)
      .execute()
  ).map(assignmentOf);

/** One assignment; 404 `auth.assignmentNotFound`. */
export const findAuthAssignment = async (ctx: AppContext, orgId: string, assignmentId: string) => {
  const row = await readModels(ctx.database)
    .selectFrom("auth_assignments")
    .selectAll()
    .where("org_id", "=", orgId)
    .where("assignment_id", "=", assignmentId)
    .executeTakeFirst();
  if (!row) throw new ProblemError(404, "auth.assignmentNotFound");
  return assignmentOf(row);
};
