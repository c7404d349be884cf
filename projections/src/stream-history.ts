import { type Selectable, sql } from "kysely";
import type { Projector, Timestamp } from "./projector.ts";
import { eventTimeFromLog, liveSink } from "./projector.ts";

/** `stream_history`: every event of every stream, who did it and when. */
export type StreamHistoryTable = {
  org_id: string;
  stream_id: string;
  version: number;
  position: number;
  type: string;
  at: Timestamp;
  user_id: string | null;
  data: unknown;
};
export type StreamHistoryRow = Selectable<StreamHistoryTable>;

/** Who did what when, per stream: every event of every stream, the "history" screens' source. */
export const streamHistoryProjector: Projector = {
  name: "stream_history",
  // 2: indexes for the platform logs (an organisation's events, a user's actions, newest first).
  // 3: those indexes in the store's order, for the logs' pages (keyset on the position).
  // 4: `at` as a Date whatever the sink (COPY kept the microseconds an INSERT's Date drops).
  version: 4,
  tables: [
    {
      name: "stream_history",
      columns: `org_id uuid not null, stream_id text not null, version bigint not null, position bigint not null,
        type text not null, at timestamptz not null, user_id text, data jsonb not null,
        primary key (org_id, stream_id, version)`,
      // The user index spans organisations: platform administration reads it, never an organisation.
      indexes: [
        "create index on {table} (org_id, position desc)",
        "create index on {table} (user_id, position desc)",
      ],
    },
  ],
  apply: async (db, events, table, sink = liveSink(db)) => {
    await sink.insert(
      table("stream_history"),
      events.map((e) => ({
        org_id: e.orgId,
        stream_id: e.streamId,
        version: e.version,
        position: e.position,
        type: e.type,
        at: new Date(e.metadata.at),
        user_id: e.metadata.userId ?? null,
        data: e.data,
      })),
    );
  },
  // A row per event, its columns read from the event's: one INSERT … SELECT.
  rebuildFromLog: async (db, table, log) => {
    const time = eventTimeFromLog("e");
    await sql`
      insert into ${sql.table(table("stream_history"))} (org_id, stream_id, version, position, type, at, user_id, data)
      select org_id, stream_id, stream_version, position, type, ${time.at}, metadata::json ->> 'userId', data::jsonb
      from ${log} e ${time.join}`.execute(db);
  },
};
