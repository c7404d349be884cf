import {
  type CommandMetadata,
  DomainError,
  PLATFORM_ORG,
  type ReleaseCommand,
  type ReleaseVisitCommand,
  releasesDecider,
  releasesStreamId,
  releaseVisitsDecider,
  releaseVisitsStreamId,
} from "@registre/core";
import { type ReleaseNoteRow, readModels } from "@registre/projections";
import { handleCommand } from "../commands.ts";
import type { AppContext } from "../context.ts";

/** The product's release notes: written by the platform administrator, read by every member. */
export const releasesReadModels = ["releases"] as const;

export const runReleases = (ctx: AppContext, command: ReleaseCommand, metadata: CommandMetadata) =>
  handleCommand(ctx, {
    orgId: PLATFORM_ORG,
    streamId: releasesStreamId,
    decider: releasesDecider,
    commands: [command],
    metadata,
    readModels: releasesReadModels,
  });

export const runReleaseVisit = (ctx: AppContext, command: ReleaseVisitCommand, metadata: CommandMetadata) =>
  handleCommand(ctx, {
    orgId: PLATFORM_ORG,
    streamId: releaseVisitsStreamId(command.userId),
    decider: releaseVisitsDecider,
    commands: [command],
    metadata,
    readModels: releasesReadModels,
  });

export const toRelease = (row: ReleaseNoteRow) => ({
  id: row.id,
  version: row.version,
  date: row.date,
  titleFr: row.title_fr,
  titleEn: row.title_en,
  bodyFr: row.body_fr,
  bodyEn: row.body_en,
  published: row.published_at !== null,
  publishedAt: row.published_at,
});

const notes = (ctx: AppContext) =>
  readModels(ctx.database)
    .selectFrom("release_notes")
    .selectAll()
    .orderBy("date", "desc")
    .orderBy("published_at", "desc")
    .orderBy("version", "desc");

/** Every note (drafts too) for the platform administrator; the published ones for anyone else. */
export const listReleases = async (ctx: AppContext, drafts: boolean) => {
  const query = drafts ? notes(ctx) : notes(ctx).where("published_at", "is not", null);
  return { items: (await query.execute()).map(toRelease) };
};

/** A note; a draft is the administrator's only (404 for anyone else, as if it did not exist). */
export const findRelease = async (ctx: AppContext, id: string, drafts: boolean) => {
  const row = await readModels(ctx.database)
    .selectFrom("release_notes")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row || (!drafts && row.published_at === null)) throw new DomainError("release.notFound", { id }, 404);
  return toRelease(row);
};

const lastSeen = async (ctx: AppContext, userId: string): Promise<string | null> =>
  (
    await readModels(ctx.database)
      .selectFrom("release_visits")
      .select("up_to")
      .where("user_id", "=", userId)
      .executeTakeFirst()
  )?.up_to ?? null;

/**
 * What a member reads: the published notes, newest first, each marked new when it was published after
 * the newest note the member had seen; how many are new; and that moment (null: never visited).
 */
export const releaseNews = async (ctx: AppContext, userId: string) => {
  const [seen, { items }] = await Promise.all([lastSeen(ctx, userId), listReleases(ctx, false)]);
  const marked = items.map((note) => ({
    ...note,
    new: seen === null || (note.publishedAt !== null && note.publishedAt > seen),
  }));
  return { lastSeen: seen, unread: marked.filter((n) => n.new).length, items: marked };
};

/**
 * Records that the member has seen the notes published up to `upTo` (the newest the screen showed),
 * never beyond the newest published note; nothing when there is none or nothing new.
 */
export const seeReleases = async (
  ctx: AppContext,
  userId: string,
  upTo: string,
  metadata: CommandMetadata,
) => {
  const newest = await readModels(ctx.database)
    .selectFrom("release_notes")
    .select((eb) => eb.fn.max("published_at").as("at"))
    .where("published_at", "is not", null)
    .executeTakeFirst();
  const at = newest?.at ?? null;
  if (at === null) return;
  await runReleaseVisit(ctx, { type: "SeeReleaseNotes", userId, upTo: upTo < at ? upTo : at }, metadata);
};
