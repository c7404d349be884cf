import { createHash } from "node:crypto";
import {
  buildCdar,
  type CdarParty,
  type CollectedReport,
  collectedCdar,
  collectedStatusesDue,
  type DocumentEvent,
  type DocumentPostingAccounts,
  type LiveDocument,
} from "@registre/core";
import { type CommandPort, type Reactor, reactionMetadata } from "@registre/projections";
import type { StoredEvent } from "@registre/store";
import { derivedId } from "../ids.ts";
import type { EInvoicingPlatform } from "../ports/index.ts";
import { oneAtATime } from "./one-at-a-time.ts";

/**
 * The collected-status reactor (issue 25, point 4): when an invoice of services taxed on receipts, sent
 * through the platform, is paid, the organisation sends the platform the « Encaissée » status (212) with
 * the amount received per VAT rate — the split its payment posted from 445740
 * (`core/src/einvoicing/collected.ts`) —, as a lifecycle message (CDAR, valid against the D22B schema),
 * then records it on the invoice's stream (amounts, date, flow). It reacts to each allocation, and to
 * the platform's acknowledgement of the invoice (a payment allocated before the platform accepted the
 * invoice is reported then: a platform refuses a status about an invoice it has not accepted).
 *
 * Never sent twice: the message's tracking id derives from the invoice and the payment — whichever event
 * leads to it —, and before submitting the platform is searched for a flow with that tracking id, so a
 * crash between the submission and its record, or a replay, finds the flow and records it; the record's
 * command id derives from the reactor and the event (`reactionMetadata`), and the invoice's stream takes
 * one 212 per payment. A platform out of reach, or refusing the message, throws: the runner holds the
 * organisation and tries again with back-off.
 */
export const COLLECTED_REACTOR = "einvoicing_collected";

export type CollectedDependencies = {
  readonly commands: CommandPort;
  /** The organisation's platform; null when it has no connection (then nothing is sent). */
  readonly platformOf: (orgId: string) => Promise<EInvoicingPlatform | null>;
  /** The document's stream, its events in order. */
  readonly documentEvents: (orgId: string, docId: string) => Promise<readonly DocumentEvent[]>;
  /** The organisation as the message's seller, and the accounts its documents and payments post to. */
  readonly sellerOf: (
    orgId: string,
  ) => Promise<{ readonly party: CdarParty; readonly accounts: DocumentPostingAccounts } | null>;
  readonly clock: () => Date;
};

/** The tracking id of the 212 about one payment of one invoice: the same whichever event leads to it. */
export const collectedTrackingId = (docId: string, payment: string): string =>
  derivedId(`${docId}\u0000${payment}`, "collected-212");

export const collectedReactor = (deps: CollectedDependencies): Reactor => {
  // One document's reactions one after the other in this process (a batch given to two loops at once):
  // the second reads the first's record and sends nothing.
  const serially = oneAtATime();

  const send = async (
    e: StoredEvent,
    platform: EInvoicingPlatform,
    doc: LiveDocument,
    report: CollectedReport,
    seller: CdarParty,
  ): Promise<void> => {
    const at = deps.clock();
    const trackingId = collectedTrackingId(doc.id, report.payment);
    const step = `212:${report.payment}`;
    const requestId = (part: string) => derivedId(trackingId, part);
    const sent = (
      await platform.searchFlows({ trackingId, flowDirection: ["Out"] }, 10, {
        requestId: requestId("search"),
      })
    ).find((f) => f.trackingId === trackingId && f.flowId);
    let flowId = sent?.flowId ?? null;
    let submittedAt = sent?.submittedAt ?? sent?.updatedAt ?? null;
    if (!flowId) {
      const bytes = new TextEncoder().encode(buildCdar(collectedCdar(doc, report, seller, at.toISOString())));
      const number = (doc.validation?.number ?? doc.id).replace(/[^\w.-]+/g, "_").slice(0, 60);
      const name = `${number}-CDV-212.xml`;
      const answer = await platform.submitFlow(
        {
          trackingId,
          name,
          flowSyntax: "CDAR",
          processingRule: "B2B",
          sha256: createHash("sha256").update(bytes).digest("hex"),
        },
        { bytes, name, contentType: "application/xml" },
        { requestId: requestId("submit") },
      );
      flowId = answer.flowId ?? trackingId;
      submittedAt = answer.submittedAt ?? null;
    }
    await deps.commands.issue({
      orgId: e.orgId,
      type: "RecordCollectedStatusSent",
      data: { docId: doc.id, ...report, flowId, trackingId, at: submittedAt ?? at.toISOString() },
      metadata: reactionMetadata(COLLECTED_REACTOR, e, at, step),
    });
  };

  const react = async (e: StoredEvent, platform: EInvoicingPlatform): Promise<void> => {
    const docId = e.streamId.slice("doc-".length);
    const seller = await deps.sellerOf(e.orgId);
    if (!seller) return;
    const { document, due } = collectedStatusesDue(
      await deps.documentEvents(e.orgId, docId),
      seller.accounts,
    );
    for (const report of due) await send(e, platform, document as LiveDocument, report, seller.party);
  };

  return {
    name: COLLECTED_REACTOR,
    handles: ["DocumentPaymentAllocated", "DocumentTransmissionAcknowledged"],
    react: async (events) => {
      // One organisation's events: its platform asked once.
      let platform: EInvoicingPlatform | null | undefined;
      for (const e of events) {
        if (!e.streamId.startsWith("doc-")) continue;
        platform ??= await deps.platformOf(e.orgId);
        if (!platform) return;
        const ready = platform;
        await serially(`${e.orgId}/${e.streamId}`, () => react(e, ready));
      }
    },
  };
};
