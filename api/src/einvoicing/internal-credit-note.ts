import {
  type CommandMetadata,
  DomainError,
  documentDecider,
  documentStreamId,
  isLive,
  parisDate,
  planInternalCreditNote,
} from "@registre/core";
import { handleMultiStream, streamDecision } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { loadDocument } from "../documents/context.ts";
import { showValidations, validationPlan } from "../documents/validation.ts";
import { derivedId } from "../ids.ts";

/**
 * The internal credit note of an invoice the platform rejected (213) or the buyer refused (210)
 * (`core/src/documents/internal-credit-note.ts`), one commit: the credit note created and validated
 * with its number and its entry — the validation's own plan, the creation decided before it — and the
 * link recorded on the invoice at the version read. Its id derives from the command's: a retried
 * request answers the first commit. It is marked internal, so the sending reactor leaves it alone.
 * Answers the credit note's id once the read models show it.
 */
export const createInternalCreditNote = async (
  ctx: AppContext,
  orgId: string,
  invoiceId: string,
  metadata: CommandMetadata,
): Promise<string> => {
  const id = derivedId(metadata.commandId, "doc");
  const today = parisDate(new Date(metadata.at));
  const { result } = await handleMultiStream(ctx, {
    orgId,
    metadata,
    readModels: [],
    plan: async () => {
      const origin = await loadDocument(ctx, orgId, invoiceId);
      if (!isLive(origin.state)) throw new DomainError("doc.notFound", { field: "id" }, 404);
      const children = (
        await Promise.all(origin.state.children.map((c) => loadDocument(ctx, orgId, c.docId)))
      ).flatMap((s) => (isLive(s.state) ? [s.state] : []));
      const plan = planInternalCreditNote(origin.state, { id, issueDate: today, children });
      const validation = await validationPlan(ctx, orgId, id, metadata, today, {
        loaded: { state: documentDecider.initialState(), version: 0 },
        before: [plan.create],
      });
      return {
        ...validation,
        streams: [
          ...validation.streams,
          streamDecision(documentStreamId(invoiceId), documentDecider, origin, () => [plan.link]),
        ],
      };
    },
  });
  await showValidations(ctx, orgId, result.checkpoint);
  return id;
};
