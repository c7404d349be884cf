import {
  type CommandMetadata,
  DomainError,
  documentDecider,
  documentStreamId,
  type TransmissionCommand,
  transmissionCommandTypes,
} from "@registre/core";
import { type CommandPort, readModels } from "@registre/projections";
import { catchUp, handleCommand } from "../commands.ts";
import type { AppContext } from "../context.ts";

/**
 * Recording a document's transmission (`core/src/documents/transmission.ts`) on its stream, under a
 * command id its caller derives (the sending reactor's `reactionMetadata`, the sync's flow and
 * `updatedAt`), so that doing it again records nothing more.
 */

/** A transmission command for a document: the command and the document it is about. */
export type DocumentTransmissionCommand = TransmissionCommand & { readonly docId: string };

/** Records one fact; `duplicate` when the command id was recorded before (nothing done again). */
export const recordTransmission = async (
  ctx: AppContext,
  orgId: string,
  command: DocumentTransmissionCommand,
  metadata: CommandMetadata,
): Promise<{ readonly duplicate: boolean }> => {
  if (await ctx.store.commandResult(orgId, metadata.commandId)) return { duplicate: true };
  const { docId, ...rest } = command;
  await handleCommand(ctx, {
    orgId,
    streamId: documentStreamId(docId),
    decider: documentDecider,
    commands: [rest as TransmissionCommand],
    metadata,
    readModels: [],
  });
  return { duplicate: false };
};

/**
 * The command port of the e-invoicing reactors: a command `{type, data: {docId, ...}}` recorded on
 * the document's stream. Only the transmission's commands pass.
 */
export const transmissionCommandPort = (ctx: () => AppContext): CommandPort => ({
  issue: async ({ orgId, type, data, metadata }) => {
    if (!(transmissionCommandTypes as readonly string[]).includes(type))
      throw new Error(`not a transmission command: ${type}`);
    const { docId, ...rest } = data as { docId: string } & Record<string, unknown>;
    return recordTransmission(
      ctx(),
      orgId,
      { type, docId, data: rest } as unknown as DocumentTransmissionCommand,
      metadata,
    );
  },
});

/**
 * The organisation's validated sales invoice or credit note numbered `number` (a flow's tracking id, a
 * status message's invoice number), from the documents read model caught up to now (503
 * `readModel.behind` otherwise: the caller tries again later); null when none.
 */
export const salesDocumentByNumber = async (
  ctx: AppContext,
  orgId: string,
  number: string,
): Promise<string | null> => {
  await catchUp(ctx, orgId, ["documents"]);
  const row = await readModels(ctx.database)
    .selectFrom("documents")
    .select("id")
    .where("org_id", "=", orgId)
    .where("direction", "=", "sales")
    .where("kind", "in", ["invoice", "creditNote"])
    .where("number", "=", number)
    .where("status", "!=", "draft")
    .executeTakeFirst();
  return row?.id ?? null;
};

/** Whether a refusal means the fact is already there another way (another flow recorded first). */
export const alreadyTransmitted = (error: unknown): boolean =>
  error instanceof DomainError && error.code === "transmission.alreadySubmitted";
