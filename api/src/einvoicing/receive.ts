import type { AppContext } from "../context.ts";

/**
 * Receiving (issue 25, point 3): an In SupplierInvoice flow the sync job (`einvoicing-sync`) reads from
 * the organisation's platform becomes a draft purchase invoice through the existing import, never twice
 * for one flowId, and is recorded in the organisation's inbox (imported as a document, or refused with
 * its reason). Being written by H4: the signature is final, the body lands next.
 */

/** What receiving needs of a flow (the platform's `Flow`, OpenAPI XP Z12-013 annex A). */
export type ReceivedFlow = {
  readonly flowId: string;
  readonly trackingId?: string | undefined;
  readonly submittedAt?: string | undefined;
  readonly updatedAt?: string | undefined;
  readonly flowSyntax?: string | undefined;
  readonly flowType?: string | undefined;
};

/** What receiving needs of the platform: the flow's original file. */
export type ReceivedFlowFiles = {
  readonly getFlowFile: (flowId: string, docType: "Original") => Promise<unknown>;
};

/** What became of a received flow. */
export type ReceivedFlowOutcome =
  | { readonly state: "imported"; readonly receivedId: string; readonly docId: string }
  | { readonly state: "refused"; readonly receivedId: string; readonly code: string };

/**
 * Imports one received flow; a second call (or a concurrent one) for the same flowId answers the first
 * outcome and creates nothing more. A file that is not an invoice, hostile or too large is recorded as
 * refused (never thrown); only a transient platform error is thrown, for the sync to retry later.
 */
export const importReceivedFlow = async (
  _ctx: AppContext,
  _orgId: string,
  flow: ReceivedFlow,
  _platform: ReceivedFlowFiles,
): Promise<ReceivedFlowOutcome> => {
  throw new Error(`importReceivedFlow(${flow.flowId}): being written (H4)`);
};
