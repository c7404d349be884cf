import {
  type CommandMetadata,
  checkDeductible,
  DomainError,
  depositDeduction,
  documentStreamId,
  isLive,
  type LiveDocument,
} from "@registre/core";
import type { AppContext } from "../context.ts";
import { runDocument } from "./commands.ts";
import { liveDocument, loadDocument } from "./context.ts";

/**
 * A draft final invoice's deposits (acomptes), by hand: the order's invoice deducts them on its own when it
 * is made (`finalInvoiceDeductions`); a user may take one off (to deduct it on a later invoice of the order)
 * or put one back. The order is the invoice's origin; its deposit invoices are its children.
 */

/** The invoice's order and the order's children, read for the decision. */
const orderOf = async (ctx: AppContext, orgId: string, invoice: LiveDocument) => {
  const origin = invoice.origin;
  if (invoice.kind !== "invoice" || invoice.depositOn !== null || origin?.kind !== "order")
    throw new DomainError("doc.depositNotDeductible", { kind: invoice.kind }, 409);
  const order = await loadDocument(ctx, orgId, origin.docId);
  if (!isLive(order.state)) throw new DomainError("doc.notFound", { field: "docId" }, 404);
  const children = await Promise.all(
    order.state.children.map(async (c) => (await loadDocument(ctx, orgId, c.docId)).state),
  );
  return {
    order: order.state,
    version: order.version,
    children: children.filter(isLive),
  };
};

/** Deducts deposit invoice `depositId` of the invoice's order on draft invoice `invoiceId`. */
export const deductDeposit = (
  ctx: AppContext,
  orgId: string,
  invoiceId: string,
  depositId: string,
  metadata: CommandMetadata,
) =>
  runDocument(
    ctx,
    orgId,
    invoiceId,
    async (state) => {
      if (!isLive(state)) throw new DomainError("doc.notFound", {}, 404);
      const { order, version, children } = await orderOf(ctx, orgId, state);
      const deposit =
        children.find((c) => c.id === depositId) ??
        (await liveDocument(ctx, orgId, depositId).catch(() => {
          throw new DomainError("doc.notFound", { field: "docId" }, 404);
        }));
      checkDeductible(order, children, state, deposit);
      return {
        // A deposit made on the order meanwhile changes its stream: the decision is made again.
        guards: { [documentStreamId(order.id)]: version },
        commands: [{ type: "DeductDeposit", data: { deduction: depositDeduction(deposit) } }],
      };
    },
    metadata,
  );

/** Takes deposit `depositId` off draft invoice `invoiceId`: its amount is due again on this invoice. */
export const removeDepositDeduction = (
  ctx: AppContext,
  orgId: string,
  invoiceId: string,
  depositId: string,
  metadata: CommandMetadata,
) =>
  runDocument(
    ctx,
    orgId,
    invoiceId,
    [{ type: "RemoveDepositDeduction", data: { docId: depositId } }],
    metadata,
  );
