import {
  type CommandMetadata,
  type EInvoice,
  type ReceivedFlowCommand,
  type ReceivedFlowState,
  receivedFlowDecider,
  receivedFlowStreamId,
} from "@registre/core";
import { handleCommand, loadAggregate } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { importSupplierInvoice } from "../documents/einvoice/import.ts";
import { derivedId } from "../ids.ts";
import { isPlatformError } from "../ports/index.ts";
import type { SupplierFile } from "../readers/supplier-file.ts";

/**
 * Receiving (issue 25, point 3): an In SupplierInvoice flow the sync job (`einvoicing-sync`) reads from
 * the organisation's platform becomes a draft purchase invoice through the existing import
 * (`documents/einvoice/import.ts`: the original attached, the supplier matched by SIREN, VAT number or
 * name — else created from the file's seller, the platform having routed it by the directory), and is
 * recorded on its own stream `einvoicing-received-<id>` (`core/src/einvoicing/received.ts`), which the
 * inbox lists (`einvoicing_inbox`). A file that is not an invoice, hostile or too large is recorded as
 * refused with its code, never thrown: the sync goes on with the next flow.
 *
 * Never twice for one flow: the received id and both commands' ids derive from the organisation and
 * the flowId. The import (one commit: supplier, draft, original) and the record are two commits, each
 * idempotent under its command id: a call that stopped between them is finished by the next call, which
 * finds the import's commit and records it; two calls at once make one draft and one record.
 */

/** What receiving needs of a flow (the platform's `Flow`, XP Z12-013 annex A). */
export type ReceivedFlow = {
  readonly flowId: string;
  readonly trackingId?: string | undefined;
  readonly submittedAt?: string | undefined;
  readonly updatedAt?: string | undefined;
  readonly flowSyntax?: string | undefined;
  readonly flowType?: string | undefined;
};

/** What receiving needs of the platform (`EInvoicingPlatform`): the flow's original file. */
export type ReceivedFlowFiles = {
  readonly getFlowFile: (
    flowId: string,
    kind: "Original",
  ) => Promise<{ readonly bytes: Uint8Array; readonly contentType: string; readonly name: string | null }>;
};

/** What became of a received flow. */
export type ReceivedFlowOutcome =
  | { readonly state: "imported"; readonly receivedId: string; readonly docId: string }
  | { readonly state: "refused"; readonly receivedId: string; readonly code: string };

/** A received flow's id in Registre, from the organisation and the platform's flowId. */
export const receivedIdOf = (orgId: string, flowId: string) =>
  derivedId(`einvoicing-received\u0000${orgId}\u0000${flowId}`, "received");

const metadataOf = (ctx: AppContext, orgId: string, flowId: string, step: string): CommandMetadata => ({
  commandId: derivedId(`einvoicing-received\u0000${orgId}\u0000${flowId}`, step),
  at: ctx.clock().toISOString(),
});

const outcomeOf = (receivedId: string, state: ReceivedFlowState): ReceivedFlowOutcome | null =>
  state.status === "imported"
    ? { state: "imported", receivedId, docId: state.docId }
    : state.status === "refused"
      ? { state: "refused", receivedId, code: state.code }
      : null;

/** A refusal is an error with a stable code and a 4xx status; anything else (5xx, 429, a crash) is for later. */
const refusalOf = (error: unknown): { code: string; field: string | null } | null => {
  if (isPlatformError(error)) return error.transient ? null : { code: error.errorCode, field: null };
  const e = error as { code?: unknown; status?: unknown; params?: { field?: unknown }; transient?: unknown };
  if (typeof e?.code !== "string" || e.transient === true) return null;
  const status = typeof e.status === "number" ? e.status : 422;
  if (status >= 500 || status === 429) return null;
  return { code: e.code, field: typeof e.params?.field === "string" ? e.params.field : null };
};

const XML_SOURCES = new Set(["cii", "ubl"]);

const invoiceOf = (invoice: EInvoice) => ({
  number: invoice.number,
  issueDate: invoice.issueDate,
  typeCode: invoice.typeCode,
  sellerName: invoice.seller.name,
  sellerSiren: invoice.seller.siren,
  buyerSiren: invoice.buyer.siren,
  totalCents: invoice.totals.grandTotal,
  currency: invoice.currency,
});

/**
 * Imports one received flow; a second call (or a concurrent one) for the same flowId answers the first
 * outcome and creates nothing more. A file that is not an invoice, hostile or too large is recorded as
 * refused (never thrown); a transient failure (the platform or the network down, the worker pool busy)
 * is thrown, for the sync to try again later.
 */
export const importReceivedFlow = async (
  ctx: AppContext,
  orgId: string,
  flow: ReceivedFlow,
  platform: ReceivedFlowFiles,
): Promise<ReceivedFlowOutcome> => {
  const receivedId = receivedIdOf(orgId, flow.flowId);
  const streamId = receivedFlowStreamId(receivedId);
  const recorded = async () =>
    outcomeOf(receivedId, (await loadAggregate(ctx, orgId, streamId, receivedFlowDecider)).state);
  const first = await recorded();
  if (first) return first;

  const info = {
    receivedId,
    flowId: flow.flowId,
    trackingId: flow.trackingId ?? null,
    receivedAt: flow.submittedAt ?? flow.updatedAt ?? ctx.clock().toISOString(),
    syntax: flow.flowSyntax ?? null,
  };
  const record = async (command: ReceivedFlowCommand) => {
    try {
      await handleCommand(ctx, {
        orgId,
        streamId,
        decider: receivedFlowDecider,
        commands: [command],
        metadata: metadataOf(ctx, orgId, flow.flowId, "record"),
        readModels: [],
      });
    } catch (error) {
      // Recorded meanwhile by a concurrent call: its outcome is this one's.
      const meanwhile = await recorded();
      if (meanwhile) return meanwhile;
      throw error;
    }
    const outcome = await recorded();
    if (!outcome) throw new Error(`received flow ${flow.flowId}: not recorded`);
    return outcome;
  };
  const refuse = (refusal: { code: string; field: string | null }) =>
    record({ type: "RecordRefusal", data: { ...info, ...refusal } });

  let file: Awaited<ReturnType<ReceivedFlowFiles["getFlowFile"]>>;
  try {
    file = await platform.getFlowFile(flow.flowId, "Original");
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return refuse({ code: "einvoicing.fileUnavailable", field: "file" });
  }
  let bytes = file.bytes;
  const limits = ctx.uploadLimits.supplierInvoice;
  if (bytes.byteLength > limits.bytes) return refuse({ code: "upload.tooLarge", field: "file" });

  let read: SupplierFile;
  try {
    read = await ctx.work.run(
      "supplierFile",
      { bytes, limits },
      {
        moveBytes: true,
        bytesBack: (back) => {
          bytes = back;
        },
      },
    );
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return refuse(refusal);
  }
  // A PDF without an embedded invoice is no e-invoice: the platform should not have delivered it.
  if (!read.invoice) return refuse({ code: "einvoice.notInvoice", field: "file" });

  const importMetadata = metadataOf(ctx, orgId, flow.flowId, "import");
  const xml = XML_SOURCES.has(read.source);
  const original = {
    bytes,
    name: file.name ?? `${read.invoice.number.replace(/[^\w.-]+/g, "_").slice(0, 60)}.${xml ? "xml" : "pdf"}`,
    contentType: xml ? "application/xml" : "application/pdf",
  };
  const run = () =>
    importSupplierInvoice(ctx, orgId, original, read, { createSupplier: true }, importMetadata, "fr");
  let imported: Awaited<ReturnType<typeof run>>;
  try {
    imported = await run();
  } catch (error) {
    // A concurrent call committed the same import first: this one answers it.
    if (await ctx.store.commandResult(orgId, importMetadata.commandId)) imported = await run();
    else {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      return refuse(refusal);
    }
  }
  return record({
    type: "RecordImport",
    data: {
      ...info,
      docId: imported.docId,
      contactId: imported.contactId,
      contactCreated: imported.contactCreated,
      invoice: invoiceOf(read.invoice),
    },
  });
};
