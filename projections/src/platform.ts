import type { OrganisationArchived } from "@registre/core";
import type { StoredEvent } from "@registre/store";
import type { Selectable } from "kysely";
import type { Projector, Timestamp } from "./projector.ts";

/** `organisation_archives`: the organisations the platform administrator closed, when, by whom, why. */
export type OrganisationArchivesTable = {
  org_id: string;
  reason: string | null;
  archived_by: string | null;
  archived_at: Timestamp;
};
export type OrganisationArchiveRow = Selectable<OrganisationArchivesTable>;

/** What the platform administration keeps of its own decisions: the organisations it archived. */
export const platformProjector: Projector = {
  name: "platform",
  version: 1,
  handles: ["OrganisationArchived"],
  tables: [
    {
      name: "organisation_archives",
      columns: "org_id uuid primary key, reason text, archived_by uuid, archived_at timestamptz not null",
    },
  ],
  apply: async (db, events, table) => {
    for (const event of events) {
      const e = event as StoredEvent & OrganisationArchived;
      await db
        .insertInto(table("organisation_archives"))
        .values({
          org_id: e.orgId,
          reason: e.data.reason,
          archived_by: e.metadata.userId ?? null,
          archived_at: e.metadata.at,
        })
        .onConflict((oc) => oc.column("org_id").doNothing())
        .execute();
    }
  },
};
