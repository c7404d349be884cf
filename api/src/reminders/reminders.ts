import {
  type CommandMetadata,
  DomainError,
  dueReminderLevel,
  isLive,
  type LiveDocument,
  parisDate,
  type ReminderSettingsChanges,
  reminderSettingsDecider,
  reminderSettingsStreamId,
} from "@registre/core";
import { readModels } from "@registre/projections";
import { loadAggregate, orgStreamRunner } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { loadDocument } from "../documents/context.ts";
import { withLateness } from "../documents/late.ts";
import { ProblemError } from "../http/problem.ts";
import { childMetadata, derivedId } from "../ids.ts";
import { mailDraft, sendDocumentMail } from "../mail/document-mail.ts";

export const loadReminderSettings = (ctx: AppContext, orgId: string) =>
  loadAggregate(ctx, orgId, reminderSettingsStreamId(orgId), reminderSettingsDecider);

const runReminderSettings = orgStreamRunner({
  streamId: reminderSettingsStreamId,
  decider: reminderSettingsDecider,
  readModels: [],
});

export const changeReminderSettings = async (
  ctx: AppContext,
  orgId: string,
  changes: ReminderSettingsChanges,
  metadata: CommandMetadata,
) =>
  (await runReminderSettings(ctx, orgId, { type: "ChangeReminderSettings", data: changes }, metadata)).state;

const parsedState = (state: unknown): LiveDocument | undefined =>
  (typeof state === "string" ? JSON.parse(state) : state) as LiveDocument | undefined;

/**
 * The late sales invoices (validated, something left due, due date passed), oldest due first, each with
 * its days late, penalty and indemnity, the reminder levels sent and the level due now.
 */
export const lateInvoices = async (ctx: AppContext, orgId: string, only?: string) => {
  const today = parisDate(ctx.clock());
  let rowsQuery = readModels(ctx.database).selectFrom("documents").selectAll().where("org_id", "=", orgId);
  if (only) rowsQuery = rowsQuery.where("id", "=", only);
  const [{ state: settings }, rows] = await Promise.all([
    loadReminderSettings(ctx, orgId),
    rowsQuery
      .where("direction", "=", "sales")
      .where("kind", "=", "invoice")
      .where("validated_on", "is not", null)
      .where("due", ">", 0)
      .where("due_date", "<", today)
      .orderBy("due_date", "asc")
      .orderBy("position", "asc")
      .limit(1000)
      .execute(),
  ]);
  return rows.map((row) => {
    const figures = withLateness(ctx, row);
    const sent = [...(parsedState(row.state)?.reminderLevels ?? [])];
    return {
      ...figures,
      remindersSent: sent,
      lastEmailedOn: parsedState(row.state)?.lastEmailedOn ?? null,
      dueLevel: dueReminderLevel(figures.daysLate ?? 0, settings.levels, sent),
    };
  });
};

export type ReminderOutcome =
  | {
      readonly id: string;
      readonly sent: true;
      readonly level: number;
      readonly messageId: string;
      readonly to: string[];
    }
  | {
      readonly id: string;
      readonly sent: false;
      readonly code: string;
      readonly params: Record<string, string | number>;
    };

/**
 * Sends an invoice's due reminder (the level its lateness reached, above every level sent) with the
 * level's default template in the contact's language, to the contact's first address, and records it.
 * The command id derives from the invoice and the level: a level is recorded once, whoever sends it.
 */
export const sendReminder = async (
  ctx: AppContext,
  orgId: string,
  docId: string,
  metadata: CommandMetadata,
): Promise<ReminderOutcome> => {
  try {
    const { state } = await loadDocument(ctx, orgId, docId);
    if (!isLive(state)) throw new DomainError("doc.notFound", {}, 404);
    const [[late], { state: settings }] = await Promise.all([
      lateInvoices(ctx, orgId, docId),
      loadReminderSettings(ctx, orgId),
    ]);
    // The levels sent as the invoice's stream has them (the read model may lag behind it).
    const level = late
      ? dueReminderLevel(late.daysLate ?? 0, settings.levels, state.reminderLevels ?? [])
      : null;
    if (!late || level === null) throw new DomainError("reminders.notLate", { id: docId }, 409);
    const draft = await mailDraft(ctx, orgId, state, { reminderLevel: level });
    const sent = await sendDocumentMail(
      ctx,
      orgId,
      state,
      { ...draft, reminderLevel: level },
      {
        ...childMetadata(metadata, `reminder:${docId}:${level}`),
        commandId: reminderCommandId(docId, level),
      },
    );
    return { id: docId, sent: true, level, messageId: sent.messageId, to: [...sent.to] };
  } catch (error) {
    if (error instanceof DomainError || error instanceof ProblemError)
      return { id: docId, sent: false, code: error.code, params: { ...error.params } };
    throw error;
  }
};

/** One command id per invoice and level: the store records a level's reminder once. */
export const reminderCommandId = (docId: string, level: number): string =>
  derivedId(docId, "reminder", level);
