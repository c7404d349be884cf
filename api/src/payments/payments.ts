import {
  bankingStreamId,
  type CommandMetadata,
  type DocumentState,
  DomainError,
  documentOwnEntry,
  documentOwnLines,
  documentPaymentDecider,
  documentStreamId,
  entryDecider,
  entryStreamId,
  type LetteringDecision,
  letteringDecider,
  letteringStreamId,
  organisationStreamId,
  type PaymentCommitPlan,
  type PaymentDirection,
  type PaymentRecordingInput,
  type PaymentRequest,
  type PaymentState,
  parisDate,
  paymentCancellationPlan,
  paymentCancellationTarget,
  paymentDecider,
  paymentRecordingPlan,
  paymentStreamId,
  type SettledDocument,
} from "@registre/core";
import { readModels } from "@registre/projections";
import { ledgerReadModels, postingContext } from "../accounting/entries.ts";
import {
  handleMultiStream,
  loadAggregate,
  type MultiStreamPlan,
  type StreamDecision,
  streamDecision,
} from "../commands.ts";
import { loadContact } from "../contacts/commands.ts";
import type { AppContext } from "../context.ts";
import {
  documentReadModels,
  loadDocument,
  loadOrganisation,
  postingAccountsOf,
} from "../documents/context.ts";
import { derivedId } from "../ids.ts";
import { loadBanking } from "./banking.ts";

/** The read models a payment command's answer reads. */
export const paymentReadModels = ["payments", ...documentReadModels, ...ledgerReadModels] as const;

export type PaymentBody = PaymentRequest;

export const loadPayment = (ctx: AppContext, orgId: string, id: string) =>
  loadAggregate(ctx, orgId, paymentStreamId(id), paymentDecider);

/** Each document as loaded, with its own third-party lines read from its entry (its side of the lettering set). */
export const loadSettledDocuments = async (
  ctx: AppContext,
  orgId: string,
  ids: readonly string[],
): Promise<(SettledDocument & { readonly loaded: Awaited<ReturnType<typeof loadDocument>> })[]> => {
  const docs = await Promise.all(ids.map(async (id) => ({ id, loaded: await loadDocument(ctx, orgId, id) })));
  return Promise.all(
    docs.map(async (d) => {
      const mvt = documentOwnEntry(d.loaded.state);
      const entry = mvt ? await loadAggregate(ctx, orgId, entryStreamId(mvt), entryDecider) : null;
      return {
        ...d,
        state: d.loaded.state,
        ownLines: entry ? documentOwnLines(d.loaded.state, entry.state) : [],
      };
    }),
  );
};

/** The lettering accounts' decisions as streams of the commit, each decided on its stream as loaded. */
export const letteringStreams = async (
  ctx: AppContext,
  orgId: string,
  lettering: readonly LetteringDecision[],
): Promise<StreamDecision[]> =>
  Promise.all(
    lettering.map(async ({ account, commands }) => {
      const loaded = await loadAggregate(ctx, orgId, letteringStreamId(account), letteringDecider);
      return streamDecision(letteringStreamId(account), letteringDecider, loaded, () =>
        commands(loaded.state),
      );
    }),
  );

/**
 * A payment command's plan (core `payment-plan.ts`) as the streams of its commit: the payment's at the
 * version read, its new entries, each document's at the version read, and the lettering accounts'.
 */
export const paymentCommitStreams = async (
  ctx: AppContext,
  orgId: string,
  id: string,
  plan: PaymentCommitPlan,
  loaded: {
    readonly payment: { readonly state: PaymentState; readonly version: number };
    readonly documents: readonly {
      readonly id: string;
      readonly loaded: { readonly state: DocumentState; readonly version: number };
    }[];
  },
): Promise<StreamDecision[]> => [
  streamDecision(paymentStreamId(id), paymentDecider, loaded.payment, () => plan.payment),
  ...plan.entries.map((e) =>
    streamDecision(
      entryStreamId(e.mvt),
      entryDecider,
      { state: entryDecider.initialState(), version: 0 },
      e.commands,
    ),
  ),
  ...plan.documents.map((d) => {
    const doc = loaded.documents.find((l) => l.id === d.id);
    if (!doc) throw new Error(`document ${d.id} not loaded`);
    return streamDecision(documentStreamId(d.id), documentPaymentDecider, doc.loaded, () => d.commands);
  }),
  ...(await letteringStreams(ctx, orgId, plan.lettering)),
];

/**
 * Records a payment, one commit: the payment on `payment-<id>`; its entry drafted and validated in its
 * mode's journal (`entry-<mvt>`, numbered from the journal's counter); each allocated document's
 * `DocumentPaymentAllocated` at the version read (two payments of one invoice conflict and the second is
 * decided again on what is then due); and the lettering of every document its allocations now settle
 * (`lettering-<account>`). The banking stream, the chart, journals, calendar and organisation are
 * guarded. Answers the payment's id.
 */
export const recordPayment = async (
  ctx: AppContext,
  orgId: string,
  direction: PaymentDirection,
  input: PaymentBody,
  metadata: CommandMetadata,
): Promise<string> => {
  const id = derivedId(metadata.commandId, "payment");
  const mvt = derivedId(metadata.commandId, "entry");
  await handleMultiStream(ctx, {
    orgId,
    metadata,
    readModels: [...paymentReadModels],
    plan: () => paymentPlan(ctx, orgId, direction, input, { id, mvt }),
  });
  return id;
};

/**
 * What a payment's recording is planned on (core `paymentRecordingPlan`), loaded: the banking, the posting
 * context, the organisation, each allocated document with its own entry's lines, the contact named; and
 * the streams it guards (banking, chart, journals, calendar, organisation).
 */
export const loadPaymentRecording = async (
  ctx: AppContext,
  orgId: string,
  direction: PaymentDirection,
  input: PaymentBody,
  { id, mvt }: { readonly id: string; readonly mvt: string },
) => {
  const [banking, posting, org, docs, contact] = await Promise.all([
    loadBanking(ctx, orgId),
    postingContext(ctx, orgId),
    loadOrganisation(ctx, orgId),
    loadSettledDocuments(
      ctx,
      orgId,
      (input.allocations ?? []).map((a) => a.docId),
    ),
    input.contactId ? loadContact(ctx, orgId, input.contactId) : null,
  ]);
  return {
    input: {
      id,
      mvt,
      direction,
      request: input,
      banking: banking.state,
      contact,
      documents: docs,
      accounts: postingAccountsOf(org.state),
      posting: posting.context,
      validatedOn: parisDate(ctx.clock()),
    } satisfies PaymentRecordingInput,
    documents: docs,
    guards: {
      ...posting.guards,
      [organisationStreamId(orgId)]: org.version,
      [bankingStreamId(orgId)]: banking.version,
    },
  };
};

/** A recorded payment's new stream, as the commit appends it. */
export const newPayment = { state: paymentDecider.initialState(), version: 0 } as const;

/** The plan of a payment's commit (see `recordPayment`), made again on every retry. */
export const paymentPlan = async (
  ctx: AppContext,
  orgId: string,
  direction: PaymentDirection,
  input: PaymentBody,
  ids: { readonly id: string; readonly mvt: string },
): Promise<MultiStreamPlan> => {
  const loaded = await loadPaymentRecording(ctx, orgId, direction, input, ids);
  const plan = paymentRecordingPlan(loaded.input);
  return {
    guards: loaded.guards,
    counters: plan.counters,
    streams: await paymentCommitStreams(ctx, orgId, ids.id, plan, {
      payment: newPayment,
      documents: loaded.documents,
    }),
  };
};

/**
 * Cancels a validated payment, one commit: `PaymentCancelled`; its entry's reversal drafted and
 * validated (origin the payment), and each transfer that used its advance reversed too; each document's
 * allocation released; and the lettering sets its lines (and its advance's) were in undone. Never an edit: the payment and its entry stay in the books.
 */
export const cancelPayment = async (
  ctx: AppContext,
  orgId: string,
  id: string,
  on: string,
  metadata: CommandMetadata,
): Promise<void> => {
  await handleMultiStream(ctx, {
    orgId,
    metadata,
    readModels: [...paymentReadModels],
    plan: async () => {
      const loaded = await loadPayment(ctx, orgId, id);
      // Decided first: a cancelled or deposited payment is refused before anything is read.
      const target = paymentCancellationTarget(loaded.state, on, (rank) =>
        derivedId(metadata.commandId, rank === 0 ? "reversal" : `reversal-${rank}`),
      );
      if (target.alone)
        return {
          streams: [streamDecision(paymentStreamId(id), paymentDecider, loaded, () => [target.cancel])],
        };
      // Matched to a bank statement's line, its entry is the bank's movement: the match goes first.
      const matched = await readModels(ctx.database)
        .selectFrom("bank_statement_lines")
        .select(["no", "booking_date"])
        .where("org_id", "=", orgId)
        .where("match_mvt", "=", target.payment.entryMvt)
        .executeTakeFirst();
      if (matched)
        throw new DomainError("payment.reconciled", { no: matched.no, date: matched.booking_date }, 409);
      const [posting, entries, docs] = await Promise.all([
        postingContext(ctx, orgId),
        Promise.all(
          target.reversed.map(
            async (e) =>
              [e.mvt, (await loadAggregate(ctx, orgId, entryStreamId(e.mvt), entryDecider)).state] as const,
          ),
        ),
        Promise.all(
          target.documents.map(async (doc) => ({ id: doc, loaded: await loadDocument(ctx, orgId, doc) })),
        ),
      ]);
      const plan = paymentCancellationPlan({
        id,
        target,
        entries: Object.fromEntries(entries),
        documents: docs.map((d) => ({ id: d.id, state: d.loaded.state })),
        posting: posting.context,
        validatedOn: parisDate(ctx.clock()),
      });
      return {
        guards: posting.guards,
        counters: plan.counters,
        streams: await paymentCommitStreams(ctx, orgId, id, plan, { payment: loaded, documents: docs }),
      };
    },
  });
};
