import { createHash } from "node:crypto";
import {
  type BuyerStatusCode,
  type BuyerStatusInput,
  buildCdar,
  buyerStatusRefusal,
  type CommandMetadata,
  DomainError,
  parisDate,
  receivedFlowDecider,
  receivedFlowStreamId,
} from "@registre/core";
import { readModels } from "@registre/projections";
import { alreadyAppended, handleCommand, loadAggregate } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { ProblemError } from "../http/problem-error.ts";
import { derivedId } from "../ids.ts";
import { type EInvoicingPlatform, PlatformError } from "../ports/einvoicing.ts";
import { INBOX_READ_MODELS } from "./inbox.ts";

/**
 * The buyer's statuses (issue 25, point 3): from a supplier invoice received through the platform, the
 * organisation tells its supplier it took the invoice in hand (204), approved (205), disputed (207),
 * refused it (210, a reason from the reform's list required) or sent the payment (211). Each is a
 * lifecycle message (`buildCdar`, valid against the D22B schema) submitted as a flow of syntax CDAR
 * (the platform types it SupplierInvoiceLC and forwards it to the seller), then recorded on the
 * received flow's stream with its date and flow.
 *
 * Never sent twice: the flow's tracking id derives from the command id (the request's Idempotency-Key),
 * and before submitting, the platform is asked for a flow with that tracking id — a retry whose first
 * attempt reached the platform but not the record takes that flow instead of sending another. The
 * checks (a refused flow, a refusal without its reason, anything after a refusal) run before anything
 * is sent, and again when the status is recorded.
 */

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** The platform's failure as the route answers it: 503 when trying again may work, else the platform's refusal. */
const platformProblem = (error: unknown): unknown =>
  error instanceof PlatformError
    ? error.transient
      ? new ProblemError(503, "einvoicing.platformUnavailable", { retryAfter: 60 })
      : new ProblemError(424, "einvoicing.platformRefused", { errorCode: error.errorCode.slice(0, 80) })
    : error;

export const sendBuyerStatus = async (
  ctx: AppContext,
  orgId: string,
  receivedId: string,
  input: BuyerStatusInput,
  metadata: CommandMetadata,
  platform: () => Promise<Pick<EInvoicingPlatform, "submitFlow" | "searchFlows"> | null>,
): Promise<void> => {
  const streamId = receivedFlowStreamId(receivedId);
  // A retried request whose answer was lost: its status is recorded, nothing is sent again.
  if (await alreadyAppended(ctx, orgId, metadata, INBOX_READ_MODELS)) return;
  const { state } = await loadAggregate(ctx, orgId, streamId, receivedFlowDecider);
  const refusal = buyerStatusRefusal(state, input);
  if (refusal) throw refusal;
  if (state.status !== "imported") throw new DomainError("einvoicing.receivedNotFound", { field: "id" }, 404);
  const code = input.code as BuyerStatusCode;
  const organisation = await readModels(ctx.database)
    .selectFrom("organisations")
    .select(["name", "siren"])
    .where("org_id", "=", orgId)
    .executeTakeFirst();
  const seller = state.invoice;
  if (!organisation || !/^\d{9}$/.test(organisation.siren) || !seller.sellerSiren)
    throw new DomainError("einvoicing.buyerIdentity", { field: "id" });
  const reasonCode = input.reasonCode ?? null;
  const reason = input.reason?.trim() || null;
  const xml = buildCdar({
    status: code,
    issuedAt: metadata.at,
    invoice: {
      number: seller.number,
      issueDate: seller.issueDate,
      typeCode: seller.typeCode,
      receivedAt: state.receivedAt,
    },
    seller: { siren: seller.sellerSiren, name: seller.sellerName },
    buyer: { siren: organisation.siren, name: organisation.name },
    from: "buyer",
    reason: reasonCode ? { code: reasonCode, text: reason } : null,
    ...(code === 211 && { payment: { cents: seller.totalCents, day: parisDate(metadata.at) } }),
  });
  const connected = await platform();
  if (!connected) throw new ProblemError(409, "einvoicing.notConnected");
  const trackingId = derivedId(metadata.commandId, "buyer-status");
  const bytes = new TextEncoder().encode(xml);
  const name = `${seller.number.replace(/[^\w.-]+/g, "_").slice(0, 60)}-CDV-${code}.xml`;
  let flowId: string;
  try {
    const sent = (await connected.searchFlows({ trackingId, flowDirection: ["Out"] }, 10)).find(
      (f) => f.trackingId === trackingId && f.flowId,
    );
    flowId =
      sent?.flowId ??
      (
        await connected.submitFlow(
          { trackingId, name, flowSyntax: "CDAR", processingRule: "B2B", sha256: sha256(bytes) },
          { bytes, name, contentType: "application/xml" },
        )
      ).flowId ??
      trackingId;
  } catch (error) {
    throw platformProblem(error);
  }
  await handleCommand(ctx, {
    orgId,
    streamId,
    decider: receivedFlowDecider,
    commands: [
      {
        type: "RecordBuyerStatus",
        data: { code, reasonCode, reason, flowId, trackingId, at: metadata.at },
      },
    ],
    metadata,
    readModels: INBOX_READ_MODELS,
  });
};
