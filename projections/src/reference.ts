import type { ReferenceEvent } from "@registre/core";
import type { StoredEvent } from "@registre/store";
import type { Selectable } from "kysely";
import type { Projector } from "./projector.ts";

export type ReferenceEntriesTable = { kind: string; code: string; label: string; label_en: string };
export type ReferenceEntryRow = Selectable<ReferenceEntriesTable>;

/** The platform's reference lists (units, countries, activities, jobs, BICs), platform-wide. */
export const referenceDataProjector: Projector = {
  name: "reference_data",
  version: 1,
  handles: ["ReferenceListSeeded", "ReferenceEntryAdded", "ReferenceEntryChanged", "ReferenceEntryRemoved"],
  tables: [
    {
      name: "reference_entries",
      columns:
        "kind text not null, code text not null, label text not null, label_en text not null, primary key (kind, code)",
    },
  ],
  apply: async (db, events, table) => {
    const entries = table("reference_entries");
    for (const event of events) {
      const e = event as StoredEvent & ReferenceEvent;
      switch (e.type) {
        case "ReferenceListSeeded":
          if (e.data.entries.length > 0)
            await db
              .insertInto(entries)
              .values(
                e.data.entries.map((entry) => ({
                  kind: e.data.kind,
                  code: entry.code,
                  label: entry.label,
                  label_en: entry.labelEn,
                })),
              )
              .execute();
          break;
        case "ReferenceEntryAdded":
          await db
            .insertInto(entries)
            .values({ kind: e.data.kind, code: e.data.code, label: e.data.label, label_en: e.data.labelEn })
            .execute();
          break;
        case "ReferenceEntryChanged":
          await db
            .updateTable(entries)
            .set({ label: e.data.label, label_en: e.data.labelEn })
            .where("kind", "=", e.data.kind)
            .where("code", "=", e.data.code)
            .execute();
          break;
        case "ReferenceEntryRemoved":
          await db
            .deleteFrom(entries)
            .where("kind", "=", e.data.kind)
            .where("code", "=", e.data.code)
            .execute();
          break;
        default:
          e satisfies never;
      }
    }
  },
};
