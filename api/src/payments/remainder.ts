import {
  advanceLetteringSet,
  type CommandMetadata,
  DomainError,
  documentPaymentDecider,
  documentStreamId,
  type EntryCommand,
  organisationStreamId,
  type PaymentEvent,
  parisDate,
  paymentDecider,
  paymentStreamId,
  paymentVatMoves,
  remainderPosting,
  VOLUME_COUNTER,
  volumeOf,
} from "@registre/core";
import { draftedCounter, postedEntryDecision, postingContext } from "../accounting/entries.ts";
import { handleMultiStream, streamDecision } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { loadDocument, loadOrganisation, postingAccountsOf } from "../documents/context.ts";
import { derivedId } from "../ids.ts";
import { letteringStreams, letterSets, loadPayment, paymentReadModels, settledSets } from "./payments.ts";

/** The journal a use of an advance posts in: a transfer between two lines of the third party's account. */
export const REMAINDER_JOURNAL = "OD";

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
        Promise.all(
          input.allocations.map(async (a) => ({
            id: a.docId,
            loaded: await loadDocument(ctx, orgId, a.docId),
          })),
        ),
      ]);
      if (loaded.state.status === "none") throw new DomainError("payment.notFound", {}, 404);
      const documents = Object.fromEntries(docs.map((d) => [d.id, d.loaded.state]));
      const command = {
        type: "AllocatePaymentRemainder" as const,
        data: {
          date,
          allocations: input.allocations.map((a) => ({ doc: a.docId, amount: a.amount })),
          entryMvt: mvt,
        },
        context: { documents },
      };
      const [event] = paymentDecider.decide(command, loaded.state);
      if (event?.type !== "PaymentRemainderAllocated") throw new Error("remainder not allocated");
      const after = paymentDecider.evolve(loaded.state, event as PaymentEvent);
      if (after.status === "none") throw new Error("payment lost");
      const accounts = postingAccountsOf(org.state);
      const { entry, lines } = remainderPosting(
        after,
        event.data,
        paymentVatMoves(event.data.allocations, documents, accounts),
        REMAINDER_JOURNAL,
      );
      const drafted: EntryCommand = {
        type: "DraftEntry",
        data: { ...entry, mvt, origin: { kind: "payment", payment: id } },
        context: posting.context,
      };
      const entryCounter = draftedCounter(drafted, posting);
      const added = volumeOf(entry);
      // The documents now settled, and the advance once used up: their lettering sets.
      const sets = await settledSets(ctx, orgId, docs, lines, id, date);
      const advance = advanceLetteringSet(after);
      if (advance) sets.push(advance);
      const lettering = letterSets(sets, posting.context.chart);
      return {
        guards: { ...posting.guards, [organisationStreamId(orgId)]: org.version },
        counters: { [entryCounter]: 1, [VOLUME_COUNTER]: added },
        streams: [
          streamDecision(paymentStreamId(id), paymentDecider, loaded, () => [command]),
          postedEntryDecision(ctx, posting, { mvt, drafted, counter: entryCounter }, { added }),
          ...docs.map((d) =>
            streamDecision(documentStreamId(d.id), documentPaymentDecider, d.loaded, () => {
              const line = lines[d.id];
              return line
                ? [
                    {
                      type: "AllocatePayment" as const,
                      data: { payment: id, date, amount: line.debit + line.credit, lines: [line] },
                    },
                  ]
                : [];
            }),
          ),
          ...(await letteringStreams(ctx, orgId, lettering)),
        ],
      };
    },
  });
};
