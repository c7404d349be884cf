import type { ReferenceEvent } from "@registre/core";
import type { StoredEvent } from "@registre/store";
import type { Selectable } from "kysely";
import { liveSink, type Projector } from "./projector.ts";

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
  apply: async (db, events, table, sink = liveSink(db)) => {
    const entries = table("reference_entries");
    // Entries added in this batch: kept here (changed or removed in memory by later events) and written
    // at the end through the sink (COPY in a rebuild); the others are changed in the table.
    const fresh = new Map<string, ReferenceEntryRow>();
    const add = (row: ReferenceEntryRow) => fresh.set(`${row.kind}|${row.code}`, row);
    for (const event of events) {
      const e = event as StoredEvent & ReferenceEvent;
      switch (e.type) {
        case "ReferenceListSeeded":
          for (const entry of e.data.entries)
            add({ kind: e.data.kind, code: entry.code, label: entry.label, label_en: entry.labelEn });
          break;
        case "ReferenceEntryAdded":
          add({ kind: e.data.kind, code: e.data.code, label: e.data.label, label_en: e.data.labelEn });
          break;
        case "ReferenceEntryChanged": {
          const row = fresh.get(`${e.data.kind}|${e.data.code}`);
          if (row) Object.assign(row, { label: e.data.label, label_en: e.data.labelEn });
          else
            await db
              .updateTable(entries)
              .set({ label: e.data.label, label_en: e.data.labelEn })
              .where("kind", "=", e.data.kind)
              .where("code", "=", e.data.code)
              .execute();
          break;
        }
        case "ReferenceEntryRemoved":
          if (!fresh.delete(`${e.data.kind}|${e.data.code}`))
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
    if (fresh.size > 0) await sink.insert(entries, [...fresh.values()]);
  },
};
