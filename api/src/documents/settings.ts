import {
  type CommandMetadata,
  type DocumentSettings,
  type DocumentSettingsChanges,
  documentSettingsDecider,
  documentSettingsStreamId,
  seriesOfCounter,
} from "@registre/core";
import { handleCommand, loadAggregate } from "../commands.ts";
import type { AppContext } from "../context.ts";

/** The organisation's document settings, their defaults where nothing was set. */
export const loadDocumentSettings = (ctx: AppContext, orgId: string) =>
  loadAggregate(ctx, orgId, documentSettingsStreamId(orgId), documentSettingsDecider);

/**
 * The series that numbered a document: their counters (`doc:<series>:<year>`) in the organisation's head,
 * exact as of the last commit (no read model to wait for).
 */
export const usedSeries = async (ctx: AppContext, orgId: string): Promise<string[]> => {
  const head = await ctx.database.db
    .selectFrom("org_heads")
    .select("counters")
    .where("org_id", "=", orgId)
    .executeTakeFirst();
  const counters = typeof head?.counters === "string" ? JSON.parse(head.counters) : (head?.counters ?? {});
  const ids = Object.keys(counters as Record<string, number>).flatMap((name) => seriesOfCounter(name) ?? []);
  return [...new Set(ids)].sort();
};

export const settingsAnswer = async (ctx: AppContext, orgId: string, settings?: DocumentSettings) => ({
  ...(settings ?? (await loadDocumentSettings(ctx, orgId)).state),
  usedSeries: await usedSeries(ctx, orgId),
});

export const changeDocumentSettings = async (
  ctx: AppContext,
  orgId: string,
  changes: DocumentSettingsChanges,
  metadata: CommandMetadata,
) => {
  const used = await usedSeries(ctx, orgId);
  const { state } = await handleCommand(ctx, {
    orgId,
    streamId: documentSettingsStreamId(orgId),
    decider: documentSettingsDecider,
    commands: [{ type: "ChangeDocumentSettings", data: changes, context: { usedSeries: used } }],
    metadata,
    readModels: [],
  });
  return state;
};
