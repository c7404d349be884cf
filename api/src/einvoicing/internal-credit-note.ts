import {
  type CommandMetadata,
  creditNoteImputation,
  type DocumentEvent,
  type DocumentState,
  DomainError,
  documentDecider,
  documentOwnLines,
  documentPaymentDecider,
  documentStreamId,
  type EntryEvent,
  entryDecider,
  entryStreamId,
  isLive,
  letteringDecider,
  letteringStreamId,
  parisDate,
  planInternalCreditNote,
} from "@registre/core";
import { postingContext } from "../accounting/entries.ts";
import { handleMultiStream, loadAggregate, type StreamDecision, streamDecision } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { loadDocument } from "../documents/context.ts";
import { showValidations, validationPlan } from "../documents/validation.ts";
import { derivedId } from "../ids.ts";
import { loadSettledDocuments } from "../payments/payments.ts";

type Numbers = Readonly<Record<string, number>>;

/**
 * The internal credit note of an invoice the platform rejected (213) or the buyer refused (210)
 * (`core/src/documents/internal-credit-note.ts`), one commit: the credit note created and validated
 * with its number and its entry — the validation's own plan, the creation decided before it —, the
 * link recorded on the invoice at the version read, and the credit note imputed on the invoice
 * (`creditNoteImputation`: each document's allocation, the customer's 411 lines lettered), so the
 * invoice reads settled and the credit note used. Its id derives from the command's: a retried
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
      const [origin] = await loadSettledDocuments(ctx, orgId, [invoiceId]);
      if (!origin || !isLive(origin.state)) throw new DomainError("doc.notFound", { field: "id" }, 404);
      const invoice = origin.state;
      const children = (
        await Promise.all(invoice.children.map((c) => loadDocument(ctx, orgId, c.docId)))
      ).flatMap((s) => (isLive(s.state) ? [s.state] : []));
      const plan = planInternalCreditNote(invoice, { id, issueDate: today, children });
      const control = invoice.contact?.auxiliary?.control ?? null;
      const [validation, posting, lettering] = await Promise.all([
        validationPlan(ctx, orgId, id, metadata, today, {
          loaded: { state: documentDecider.initialState(), version: 0 },
          before: [plan.create],
        }),
        postingContext(ctx, orgId),
        control ? loadAggregate(ctx, orgId, letteringStreamId(control), letteringDecider) : null,
      ]);
      const creditNoteStream = validation.streams.find((s) => s.streamId === documentStreamId(id));
      const entryStream = validation.streams.find(
        (s) => s.streamId === entryStreamId(derivedId(metadata.commandId, "entry")),
      );
      if (!creditNoteStream || !entryStream)
        throw new Error("internal credit note: validation streams missing");
      // The imputation reads the credit note as validated and its entry as posted, numbers taken.
      let memo: { readonly numbers: Numbers; readonly value: ReturnType<typeof imputationOf> } | null = null;
      const imputationOf = (numbers: Numbers) => {
        const creditNote = (creditNoteStream.decide(numbers) as DocumentEvent[]).reduce(
          documentDecider.evolve,
          documentDecider.initialState(),
        );
        const entry = (entryStream.decide(numbers) as EntryEvent[]).reduce(
          entryDecider.evolve,
          entryDecider.initialState(),
        );
        if (!isLive(creditNote)) throw new Error("internal credit note: not created");
        return {
          creditNote,
          plan: creditNoteImputation(
            { doc: invoice, ownLines: origin.ownLines },
            { doc: creditNote, ownLines: documentOwnLines(creditNote, entry) },
            today,
            posting.context.chart,
          ),
        };
      };
      const imputation = (numbers: Numbers) => {
        const value = memo?.numbers === numbers ? memo.value : imputationOf(numbers);
        memo = { numbers, value };
        return value;
      };
      const allocated = (
        state: DocumentState,
        commands: ReturnType<typeof imputationOf>["plan"]["invoice"],
      ) => commands.flatMap((c) => documentPaymentDecider.decide(c, state));
      const creditNoteDecision: StreamDecision = {
        ...creditNoteStream,
        decide: (numbers) => {
          const { creditNote, plan: imputed } = imputation(numbers);
          return [...creditNoteStream.decide(numbers), ...allocated(creditNote, imputed.creditNote)];
        },
      };
      const invoiceDecision: StreamDecision = {
        streamId: documentStreamId(invoiceId),
        version: origin.loaded.version,
        decide: (numbers) => {
          const linked = documentDecider.decide(plan.link, invoice);
          const state = linked.reduce(documentDecider.evolve, invoice as DocumentState);
          return [...linked, ...allocated(state, imputation(numbers).plan.invoice)];
        },
      };
      return {
        ...validation,
        guards: { ...posting.guards, ...validation.guards },
        streams: [
          ...validation.streams.map((s) => (s === creditNoteStream ? creditNoteDecision : s)),
          invoiceDecision,
          ...(control && lettering
            ? [
                streamDecision(letteringStreamId(control), letteringDecider, lettering, (numbers) =>
                  imputation(numbers)
                    .plan.lettering.filter((l) => l.account === control)
                    .flatMap((l) => l.commands(lettering.state)),
                ),
              ]
            : []),
        ],
      };
    },
  });
  await showValidations(ctx, orgId, result.checkpoint);
  return id;
};
