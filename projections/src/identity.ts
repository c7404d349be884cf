import type { MemberAdded, MemberRemoved, Profile, UserRegistered, UserRenamed } from "@registre/core";
import type { StoredEvent } from "@registre/store";
import { type Selectable, sql } from "kysely";
import type { Projector, Timestamp } from "./projector.ts";

/** `users`: who each user is. */
export type UsersTable = { user_id: string; email: string; name: string; created_at: Timestamp };
export type UserRow = Selectable<UsersTable>;
/** `memberships`: who belongs to which organisation, with which profile. */
export type MembershipsTable = { org_id: string; user_id: string; profile: Profile; added_at: Timestamp };
export type MembershipRow = Selectable<MembershipsTable>;

/** Users, platform-wide: who they are (their credentials live in the identity shell's own table). */
export const usersProjector: Projector = {
  name: "users",
  version: 1,
  handles: ["UserRegistered", "UserRenamed"],
  tables: [
    {
      name: "users",
      columns:
        "user_id uuid primary key, email text not null, name text not null, created_at timestamptz not null",
    },
  ],
  apply: async (db, events, table) => {
    for (const event of events) {
      const e = event as StoredEvent & (UserRegistered | UserRenamed);
      if (e.type === "UserRegistered")
        await db
          .insertInto(table("users"))
          .values({
            user_id: e.data.userId,
            email: e.data.email,
            name: e.data.name,
            created_at: e.metadata.at,
          })
          .execute();
      else
        await db
          .updateTable(table("users"))
          .set({ name: e.data.name })
          .where("user_id", "=", e.streamId.slice("user-".length))
          .execute();
    }
  },
};

/** Who belongs to which organisation, with which profile. */
export const membershipsProjector: Projector = {
  name: "memberships",
  version: 1,
  handles: ["MemberAdded", "MemberRemoved"],
  tables: [
    {
      name: "memberships",
      columns:
        "org_id uuid not null, user_id uuid not null, profile text not null, added_at timestamptz not null, primary key (org_id, user_id)",
      indexes: ["create index on {table} (user_id)"],
    },
  ],
  apply: async (db, events, table) => {
    for (const event of events) {
      const e = event as StoredEvent & (MemberAdded | MemberRemoved);
      if (e.type === "MemberAdded")
        await db
          .insertInto(table("memberships"))
          .values({
            org_id: e.orgId,
            user_id: e.data.userId,
            profile: e.data.profile,
            added_at: e.metadata.at,
          })
          .onConflict((oc) =>
            oc.columns(["org_id", "user_id"]).doUpdateSet({ profile: sql.ref("excluded.profile") }),
          )
          .execute();
      else
        await db
          .deleteFrom(table("memberships"))
          .where("org_id", "=", e.orgId)
          .where("user_id", "=", e.data.userId)
          .execute();
    }
  },
};
