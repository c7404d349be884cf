import type { AttachmentEvent } from "@registre/core";
import type { StoredEvent } from "@registre/store";
import type { Selectable } from "kysely";
import type { Projector, Timestamp } from "./projector.ts";
import { liveSink } from "./projector.ts";

/** `attachments`: the files attached to documents, contacts and items, as their panels list them. */
export type AttachmentsTable = {
  org_id: string;
  file_id: string;
  owner_kind: "doc" | "contact" | "item";
  owner_id: string;
  name: string;
  size: number;
  content_type: string;
  sha256: string;
  attached_at: Timestamp;
  attached_by: string | null;
};
export type AttachmentRow = Selectable<AttachmentsTable>;

const owners = [
  ["doc-", "doc"],
  ["contact-", "contact"],
  ["item-", "item"],
] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The owner a stream is: `doc-<uuid>`, `contact-<uuid>`, `item-<uuid>`; null for any other stream. */
export const attachmentOwner = (
  streamId: string,
): { kind: AttachmentsTable["owner_kind"]; id: string } | null => {
  for (const [prefix, kind] of owners) {
    const id = streamId.slice(prefix.length);
    if (streamId.startsWith(prefix) && UUID.test(id)) return { kind, id };
  }
  return null;
};

/**
 * One row per attached file; a detached file's row goes. Rows of a deleted owner stay (its stream's
 * history names them); the shell reads them only through an owner that exists.
 */
export const attachmentsProjector: Projector = {
  name: "attachments",
  version: 1,
  handles: ["FileAttached", "FileDetached"],
  tables: [
    {
      name: "attachments",
      columns: `org_id uuid not null, file_id uuid not null, owner_kind text not null, owner_id uuid not null,
        name text not null, size bigint not null, content_type text not null, sha256 text not null,
        attached_at timestamptz not null, attached_by text, primary key (org_id, file_id)`,
      indexes: ["create index on {table} (org_id, owner_kind, owner_id, attached_at)"],
    },
  ],
  apply: async (db, events, table, sink = liveSink(db)) => {
    const rows = table("attachments");
    const fresh = new Map<string, Record<string, unknown>>();
    for (const event of events) {
      const e = event as StoredEvent & AttachmentEvent;
      const owner = attachmentOwner(e.streamId);
      if (!owner) continue;
      const key = `${e.orgId}|${e.data.fileId}`;
      if (e.type === "FileAttached") {
        fresh.set(key, {
          org_id: e.orgId,
          file_id: e.data.fileId,
          owner_kind: owner.kind,
          owner_id: owner.id,
          name: e.data.name,
          size: e.data.size,
          content_type: e.data.contentType,
          sha256: e.data.sha256,
          attached_at: e.metadata.at,
          attached_by: e.metadata.userId ?? null,
        });
      } else if (!fresh.delete(key)) {
        await db
          .deleteFrom(rows)
          .where("org_id", "=", e.orgId)
          .where("file_id", "=", e.data.fileId)
          .execute();
      }
    }
    if (fresh.size > 0) await sink.insert(rows, [...fresh.values()]);
  },
};
