import {
  bankingDecider,
  bankingStreamId,
  bankingView,
  type CommandMetadata,
  type DocumentSettings,
  type DocumentSettingsChanges,
  documentSettingsDecider,
  documentSettingsStreamId,
  type SellerMentionWarning,
  sellerMentionWarnings,
  seriesOfCounter,
} from "@registre/core";
import { loadAggregate, orgStreamRunner, takenCounters } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { type Locale, translate } from "../http/messages.ts";
import { loadOrganisation } from "./context.ts";

/** The organisation's document settings, their defaults where nothing was set. */
export const loadDocumentSettings = (ctx: AppContext, orgId: string) =>
  loadAggregate(ctx, orgId, documentSettingsStreamId(orgId), documentSettingsDecider);

/**
 * The series that numbered a document: their counters (`doc:<series>:<year>`) in the organisation's head,
 * exact as of the last commit (no read model to wait for).
 */
export const usedSeries = async (ctx: AppContext, orgId: string): Promise<string[]> => {
  const ids = Object.keys(await takenCounters(ctx, orgId)).flatMap((name) => seriesOfCounter(name) ?? []);
  return [...new Set(ids)].sort();
};

/** The settings' field each warning is about. */
const warningFields: Record<SellerMentionWarning, string> = {
  legalForm: "legalMentions",
  shareCapital: "legalMentions",
  registration: "legalMentions",
  bankDetails: "printBankDetails",
};

/**
 * The seller's mentions the organisation's invoices should print and its settings leave out
 * (`sellerMentionWarnings`), each with its field and its sentence in the reader's language: warnings,
 * never refusals.
 */
export const sellerWarnings = async (
  ctx: AppContext,
  orgId: string,
  locale: Locale,
  settings?: DocumentSettings,
) => {
  const [org, banking, current] = await Promise.all([
    loadOrganisation(ctx, orgId),
    loadAggregate(ctx, orgId, bankingStreamId(orgId), bankingDecider),
    settings ? undefined : loadDocumentSettings(ctx, orgId),
  ]);
  const modes = Object.values(bankingView(banking.state).modes);
  return sellerMentionWarnings({
    name: org.state.status === "active" ? org.state.name : "",
    settings: settings ?? current?.state ?? (await loadDocumentSettings(ctx, orgId)).state,
    paidByTransfer: modes.some((m) => m.kind === "transfer"),
  }).map((warning) => {
    const code = `docSettings.mention.${warning}`;
    return { code, field: warningFields[warning], message: translate(code, locale) };
  });
};

export const settingsAnswer = async (
  ctx: AppContext,
  orgId: string,
  locale: Locale,
  settings?: DocumentSettings,
) => {
  const state = settings ?? (await loadDocumentSettings(ctx, orgId)).state;
  return {
    ...state,
    usedSeries: await usedSeries(ctx, orgId),
    warnings: await sellerWarnings(ctx, orgId, locale, state),
  };
};

const runDocumentSettings = orgStreamRunner({
  streamId: documentSettingsStreamId,
  decider: documentSettingsDecider,
  readModels: [],
});

export const changeDocumentSettings = async (
  ctx: AppContext,
  orgId: string,
  changes: DocumentSettingsChanges,
  metadata: CommandMetadata,
) => {
  const used = await usedSeries(ctx, orgId);
  const { state } = await runDocumentSettings(
    ctx,
    orgId,
    { type: "ChangeDocumentSettings", data: changes, context: { usedSeries: used } },
    metadata,
  );
  return state;
};
