import { type AcknowledgementDetail, isLive, refusedAsDuplicate } from "@registre/core";
import type { AppContext } from "../context.ts";
import { loadDocument } from "../documents/context.ts";
import { derivedId } from "../ids.ts";
import type { EInvoicingPlatform, Flow, AcknowledgementDetail as PlatformDetail } from "../ports/index.ts";
import { isPlatformError } from "../ports/index.ts";
import { flowSent, foundFlow } from "./sending.ts";
import { recordTransmission, salesDocumentByNumber } from "./transmission-record.ts";

/**
 * A flow of the organisation's that the platform acknowledged Error « AlreadyExistingFlow » (issue 25,
 * point 2): two servers submitted one invoice at once, the platform kept the first file and refused the
 * other. Most often the document records the original (the sending reactor's search finds it), and the
 * duplicate is nothing to it. But the document may record the duplicate, its server's record having come
 * first: then the original's acknowledgement would be refused as another flow's and the invoice stay
 * « submitted » for ever, though the platform holds it. So the original is looked for as the sending
 * reactor does (by the document's number, not refused as a duplicate) and recorded as the flow carrying
 * the transmission (`DocumentTransmissionFlowReplaced`); its acknowledgement, passed by the sync while
 * the duplicate was recorded, is recorded with it. Its lifecycle statuses apply as they come: they are
 * about the document's number. Every command id derives from the flows, so doing it again records nothing.
 */

/** An acknowledgement's reasons, as long as the document's stream keeps them. */
export const acknowledgementDetails = (details: readonly PlatformDetail[]): AcknowledgementDetail[] =>
  details.map((d) => ({
    level: d.level,
    item: d.item.slice(0, 500),
    reasonCode: String(d.reasonCode).slice(0, 100),
    reasonMessage: d.reasonMessage.slice(0, 1000),
  }));

/** Whether the platform acknowledged the flow Error as the duplicate of another, and for nothing else. */
export const duplicateRefused = (flow: Flow): boolean => {
  const ack = flow.acknowledgement;
  const details = ack?.details ?? [];
  return (
    ack?.status === "Error" &&
    details.length > 0 &&
    details.every((d) => d.reasonCode === "AlreadyExistingFlow")
  );
};

/**
 * The duplicate `flow`'s answer: `replaced` when the document recorded it and now records the original;
 * `later` while the document's submission is not recorded yet and the flow is `recent`; `passed` else.
 */
export const replaceDuplicateFlow = async (
  ctx: AppContext,
  orgId: string,
  platform: EInvoicingPlatform,
  flow: Flow & { readonly flowId: string; readonly trackingId: string },
  recent: boolean,
): Promise<"replaced" | "later" | "passed"> => {
  const docId = await salesDocumentByNumber(ctx, orgId, flow.trackingId);
  if (!docId) return recent ? "later" : "passed";
  const { state } = await loadDocument(ctx, orgId, docId);
  if (!isLive(state)) return "passed";
  const recorded = state.transmission?.submission;
  if (!recorded) return recent ? "later" : "passed";
  // The document records the original (or was moved to it already): the duplicate is nothing to it.
  if (recorded.flowId !== flow.flowId) return "passed";
  const key = (step: string) =>
    derivedId(`einvoicing-sync:${orgId}:${flow.flowId}:${flow.updatedAt ?? ""}`, step);
  const at = ctx.clock();
  const original = await flowSent(platform, flow.trackingId, key("original"));
  if (!original?.flowId || original.flowId === flow.flowId) return recent ? "later" : "passed";
  let found: Awaited<ReturnType<typeof foundFlow>>;
  try {
    found = await foundFlow(platform, original, key("original-file"), at);
  } catch (error) {
    // An original the platform will not hand over (gone, refused) is passed; out of reach, tried again.
    if (isPlatformError(error) && !error.transient) return "passed";
    throw error;
  }
  await recordTransmission(
    ctx,
    orgId,
    {
      type: "RecordTransmissionFlowReplaced",
      docId,
      data: {
        from: flow.flowId,
        to: found.flowId,
        sha256: found.sha256,
        submittedAt: found.submittedAt,
        details: acknowledgementDetails(flow.acknowledgement?.details ?? []),
        at: flow.updatedAt ?? at.toISOString(),
      },
    },
    { commandId: key("replaced"), at: at.toISOString() },
  );
  const ack = original.acknowledgement;
  if (ack && (ack.status === "Ok" || ack.status === "Error") && !refusedAsDuplicate(ack.details ?? [])) {
    // Its own id: the sync's record of it, refused while the duplicate was recorded, keeps its own.
    await recordTransmission(
      ctx,
      orgId,
      {
        type: "RecordTransmissionAcknowledgement",
        docId,
        data: {
          flowId: found.flowId,
          status: ack.status,
          details: acknowledgementDetails(ack.details ?? []),
          at: original.updatedAt ?? at.toISOString(),
        },
      },
      {
        commandId: derivedId(
          `einvoicing-sync:${orgId}:${found.flowId}:${original.updatedAt ?? ""}`,
          "original-acknowledgement",
        ),
        at: at.toISOString(),
      },
    );
  }
  return "replaced";
};
