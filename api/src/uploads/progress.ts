import type { Database } from "@registre/store";
import type { Context } from "hono";
import type { AppContext } from "../context.ts";

/**
 * How far a long import has gone, for the screen that sent it (`GET /uploads/progress/{key}`, by the
 * request's Idempotency-Key): written to `upload_progress` (migration `2026-11-29T0900-upload-progress`)
 * a few times a second at most, so that any server answers the screen's questions. Advisory: a write
 * that fails is dropped, never the import.
 */

export const uploadPhases = ["reading", "checking", "writing", "projecting", "done"] as const;
export type UploadPhase = (typeof uploadPhases)[number];

type ProgressTable = {
  org_id: string;
  key: string;
  phase: string;
  done: number;
  total: number;
  updated_at: Date;
};

const table = (database: Database) => database.db.withTables<{ upload_progress: ProgressTable }>();

/** Writes at most this often; the last report is always written. */
const EVERY_MS = 250;
/** Rows kept this long after their last report. */
const KEPT_MS = 24 * 60 * 60 * 1000;

export type ProgressReport = (phase: UploadPhase, done?: number, total?: number) => void;

export type Progress = {
  readonly report: ProgressReport;
  /** Writes the last report and waits for it. */
  readonly flush: () => Promise<void>;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A reporter for the request's import; without an Idempotency-Key nobody asks, and nothing is written. */
export const uploadProgress = (ctx: AppContext, orgId: string, c: Context): Progress => {
  const key = c.req.header("idempotency-key")?.toLowerCase();
  if (!key || !UUID.test(key)) return { report: () => {}, flush: async () => {} };
  return progressFor(ctx, orgId, key);
};

export const progressFor = (ctx: AppContext, orgId: string, key: string): Progress => {
  let last: { phase: UploadPhase; done: number; total: number } | undefined;
  let writtenAt = 0;
  let writing: Promise<void> = Promise.resolve();
  let pending = false;
  const write = () => {
    if (pending || !last) return;
    pending = true;
    writing = writing.then(async () => {
      pending = false;
      const now = ctx.clock();
      const row = { ...(last as NonNullable<typeof last>) };
      writtenAt = Date.now();
      try {
        await table(ctx.database)
          .insertInto("upload_progress")
          .values({ org_id: orgId, key, ...row, updated_at: now })
          .onConflict((oc) => oc.columns(["org_id", "key"]).doUpdateSet({ ...row, updated_at: now }))
          .execute();
      } catch {
        // Advisory: the import goes on; the screen shows the next report.
      }
    });
  };
  // The first report of an import purges what old imports left.
  table(ctx.database)
    .deleteFrom("upload_progress")
    .where("updated_at", "<", new Date(ctx.clock().getTime() - KEPT_MS))
    .execute()
    .catch(() => {});
  return {
    report: (phase, done = 0, total = 0) => {
      last = { phase, done, total };
      if (phase === "done" || Date.now() - writtenAt >= EVERY_MS) write();
    },
    flush: async () => {
      write();
      await writing;
    },
  };
};

/** The progress of the organisation's import sent under `key`, or undefined. */
export const readProgress = async (database: Database, orgId: string, key: string) => {
  const row = await table(database)
    .selectFrom("upload_progress")
    .select(["phase", "done", "total", "updated_at"])
    .where("org_id", "=", orgId)
    .where("key", "=", key.toLowerCase())
    .executeTakeFirst();
  return (
    row && { phase: row.phase as UploadPhase, done: row.done, total: row.total, updatedAt: row.updated_at }
  );
};
