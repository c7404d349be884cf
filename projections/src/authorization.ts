import type { AuthorizationEvent, Right } from "@registre/core";
import type { StoredEvent } from "@registre/store";
import { type Selectable, sql } from "kysely";
import type { Projector } from "./projector.ts";

/** `auth_items`: an organisation's authorization items (a name and rights per resource code). */
export type AuthItemsTable = { org_id: string; item_id: string; name: string; rights: Right[] };
export type AuthItemRow = Selectable<AuthItemsTable>;
/** `auth_assignments`: which member holds which item. */
export type AuthAssignmentsTable = {
  org_id: string;
  assignment_id: string;
  item_id: string;
  user_id: string;
};
export type AuthAssignmentRow = Selectable<AuthAssignmentsTable>;

/** An organisation's authorization items and who they are assigned to (rights checks read these). */
// jsonb from text cast in SQL: both drivers then store the same value (postgres.js would encode a string again).
export const authorizationProjector: Projector = {
  name: "authorization",
  version: 1,
  handles: [
    "AuthItemCreated",
    "AuthItemChanged",
    "AuthItemDeleted",
    "AuthAssignmentCreated",
    "AuthAssignmentChanged",
    "AuthAssignmentDeleted",
  ],
  tables: [
    {
      name: "auth_items",
      columns:
        "org_id uuid not null, item_id uuid not null, name text not null, rights jsonb not null, primary key (org_id, item_id)",
    },
    {
      name: "auth_assignments",
      columns:
        "org_id uuid not null, assignment_id uuid not null, item_id uuid not null, user_id uuid not null, primary key (org_id, assignment_id)",
      indexes: ["create index on {table} (org_id, user_id)"],
    },
  ],
  apply: async (db, events, table) => {
    const items = table("auth_items");
    const assignments = table("auth_assignments");
    for (const event of events) {
      const e = event as StoredEvent & AuthorizationEvent;
      switch (e.type) {
        case "AuthItemCreated":
        case "AuthItemChanged":
          await db
            .insertInto(items)
            .values({
              org_id: e.orgId,
              item_id: e.data.itemId,
              name: e.data.name,
              rights: sql`(${JSON.stringify(e.data.rights)}::text)::jsonb`,
            })
            .onConflict((oc) =>
              oc
                .columns(["org_id", "item_id"])
                .doUpdateSet({ name: sql.ref("excluded.name"), rights: sql.ref("excluded.rights") }),
            )
            .execute();
          break;
        case "AuthItemDeleted":
          await db
            .deleteFrom(items)
            .where("org_id", "=", e.orgId)
            .where("item_id", "=", e.data.itemId)
            .execute();
          break;
        case "AuthAssignmentCreated":
        case "AuthAssignmentChanged":
          await db
            .insertInto(assignments)
            .values({
              org_id: e.orgId,
              assignment_id: e.data.assignmentId,
              item_id: e.data.itemId,
              user_id: e.data.userId,
            })
            .onConflict((oc) =>
              oc.columns(["org_id", "assignment_id"]).doUpdateSet({ item_id: sql.ref("excluded.item_id") }),
            )
            .execute();
          break;
        case "AuthAssignmentDeleted":
          await db
            .deleteFrom(assignments)
            .where("org_id", "=", e.orgId)
            .where("assignment_id", "=", e.data.assignmentId)
            .execute();
          break;
        default: {
          const never: never = e;
          return never;
        }
      }
    }
  },
};
