import type { ReleaseEvent, ReleaseVisitEvent } from "@registre/core";
import type { StoredEvent } from "@registre/store";
import type { Selectable } from "kysely";
import { liveSink, type Projector } from "./projector.ts";

export type ReleaseNotesTable = {
  id: string;
  version: string;
  date: string;
  title_fr: string;
  title_en: string;
  body_fr: string;
  body_en: string;
  /** The ISO instant of its last publication; null while a draft. */
  published_at: string | null;
};
export type ReleaseNoteRow = Selectable<ReleaseNotesTable>;
/** Per user: the publication moment of the newest note they have seen. */
export type ReleaseVisitsTable = { user_id: string; up_to: string };

/** The product's release notes (platform-wide) and each member's last visit to them. */
export const releasesProjector: Projector = {
  name: "releases",
  version: 1,
  handles: [
    "ReleaseNoteWritten",
    "ReleaseNoteChanged",
    "ReleaseNotePublished",
    "ReleaseNoteWithdrawn",
    "ReleaseNoteRemoved",
    "ReleaseNotesSeen",
  ],
  tables: [
    {
      name: "release_notes",
      columns:
        "id uuid primary key, version text not null, date text not null, title_fr text not null, " +
        "title_en text not null, body_fr text not null, body_en text not null, published_at text",
      indexes: ["create index {table}_published on {table} (published_at, date)"],
    },
    { name: "release_visits", columns: "user_id text primary key, up_to text not null" },
  ],
  apply: async (db, events, table, sink = liveSink(db)) => {
    const notes = table("release_notes");
    const visits = table("release_visits");
    // Notes written in this batch are kept here (changed in memory by the batch's later events) and
    // written at the end through the sink (COPY in a rebuild); the others are changed in the table.
    const fresh = new Map<string, ReleaseNoteRow>();
    const seen = new Map<string, string>();
    const change = async (id: string, values: Partial<ReleaseNoteRow>) => {
      const row = fresh.get(id);
      if (row) Object.assign(row, values);
      else await db.updateTable(notes).set(values).where("id", "=", id).execute();
    };
    for (const event of events) {
      const e = event as StoredEvent & (ReleaseEvent | ReleaseVisitEvent);
      switch (e.type) {
        case "ReleaseNoteWritten":
        case "ReleaseNoteChanged": {
          const text = {
            version: e.data.version,
            date: e.data.date,
            title_fr: e.data.titleFr,
            title_en: e.data.titleEn,
            body_fr: e.data.bodyFr,
            body_en: e.data.bodyEn,
          };
          if (e.type === "ReleaseNoteWritten")
            fresh.set(e.data.id, { id: e.data.id, ...text, published_at: null });
          else await change(e.data.id, text);
          break;
        }
        case "ReleaseNotePublished":
          await change(e.data.id, { published_at: e.data.at });
          break;
        case "ReleaseNoteWithdrawn":
          await change(e.data.id, { published_at: null });
          break;
        case "ReleaseNoteRemoved":
          if (!fresh.delete(e.data.id)) await db.deleteFrom(notes).where("id", "=", e.data.id).execute();
          break;
        case "ReleaseNotesSeen":
          seen.set(e.data.userId, e.data.upTo);
          break;
        default:
          e satisfies never;
      }
    }
    if (fresh.size > 0) await sink.insert(notes, [...fresh.values()]);
    if (seen.size > 0) {
      const users = [...seen.keys()];
      await db.deleteFrom(visits).where("user_id", "in", users).execute();
      await sink.insert(
        visits,
        users.map((user_id) => ({ user_id, up_to: seen.get(user_id) as string })),
      );
    }
  },
};
