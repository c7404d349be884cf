import {
  type CommandMetadata,
  organisationStreamId,
  parisDate,
  remainderAllocationPlan,
} from "@registre/core";
import { postingContext } from "../accounting/entries.ts";
import { handleMultiStream } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { loadOrganisation, postingAccountsOf } from "../documents/context.ts";
import { derivedId } from "../ids.ts";
import { loadPayment, loadSettledDocuments, paymentCommitStreams, paymentReadModels } from "./payments.ts";

export type RemainderBody = {
  readonly date?: string | null | undefined;
  readonly allocations: readonly { readonly docId: string; readonly amount: number }[];
};

/**
 * Uses a validated payment's advance (what it left unallocated) on invoices and credit notes of its
 * contact, one commit: `PaymentRemainderAllocated` on `payment-<id>`; its transfer entry (411 / 411 or
 * 401 / 401, with the VAT on receipts it makes due) drafted and validated in OD; `DocumentPaymentAllocated`
 * on each document at the version read; the lettering of each document now settled (its own line with
 * every allocation line, across the entries) and, once the advance is used up, of the advance line with
 * the transfers' lines. Refused beyond the advance left (`payment.remainderExceeded`).
 */
export const allocatePaymentRemainder = async (
  ctx: AppContext,
  orgId: string,
  id: string,
  input: RemainderBody,
  metadata: CommandMetadata,
): Promise<void> => {
  const mvt = derivedId(metadata.commandId, "entry");
  const date = input.date ?? parisDate(ctx.clock());
  await handleMultiStream(ctx, {
    orgId,
    metadata,
    readModels: [...paymentReadModels],
    plan: async () => {
      const [loaded, posting, org, docs] = await Promise.all([
        loadPayment(ctx, orgId, id),
        postingContext(ctx, orgId),
        loadOrganisation(ctx, orgId),
        loadSettledDocuments(
          ctx,
          orgId,
          input.allocations.map((a) => a.docId),
        ),
      ]);
      const plan = remainderAllocationPlan({
        id,
        mvt,
        date,
        allocations: input.allocations,
        payment: loaded.state,
        documents: docs,
        accounts: postingAccountsOf(org.state),
        posting: posting.context,
        validatedOn: parisDate(ctx.clock()),
      });
      return {
        guards: { ...posting.guards, [organisationStreamId(orgId)]: org.version },
        counters: plan.counters,
        streams: await paymentCommitStreams(ctx, orgId, id, plan, { payment: loaded, documents: docs }),
      };
    },
  });
};
