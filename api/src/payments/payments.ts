import {
  bankingStreamId,
  type CommandMetadata,
  checkVolume,
  counterFor,
  type DocumentState,
  DomainError,
  documentPaymentDecider,
  documentStreamId,
  type EntryCommand,
  entryDecider,
  entryStreamId,
  evolveDocument,
  isLive,
  type LedgerLineFact,
  type LetteringCommand,
  letteringDecider,
  letteringSetOf,
  letteringStreamId,
  lineRef,
  modeTreasury,
  organisationStreamId,
  type PaymentDirection,
  parisDate,
  paymentDecider,
  paymentPosting,
  paymentStreamId,
  paymentVatMoves,
  reversalOf,
  VOLUME_COUNTER,
  volumeOf,
} from "@registre/core";
import { ledgerReadModels, postingContext } from "../accounting/entries.ts";
import { handleMultiStream, loadAggregate, type StreamDecision, streamDecision } from "../commands.ts";
import type { AppContext } from "../context.ts";
import {
  contactSnapshot,
  documentReadModels,
  loadDocument,
  loadOrganisation,
  postingAccountsOf,
} from "../documents/context.ts";
import { derivedId } from "../ids.ts";
import { loadBanking } from "./banking.ts";

/** The read models a payment command's answer reads. */
export const paymentReadModels = ["payments", ...documentReadModels, ...ledgerReadModels] as const;

export type PaymentBody = {
  readonly date: string;
  readonly amount: number;
  readonly modeId?: string | null | undefined;
  readonly contactId?: string | null | undefined;
  readonly reference?: string | null | undefined;
  readonly drawer?: string | null | undefined;
  readonly drawerBank?: string | null | undefined;
  readonly allocations?: readonly { readonly docId: string; readonly amount: number }[] | undefined;
};

export const loadPayment = (ctx: AppContext, orgId: string, id: string) =>
  loadAggregate(ctx, orgId, paymentStreamId(id), paymentDecider);

/** The third-party lines a validated document's entry posted for its contact: its side of the lettering set. */
const documentOwnLines = async (
  ctx: AppContext,
  orgId: string,
  doc: DocumentState,
): Promise<LedgerLineFact[]> => {
  if (!isLive(doc) || !doc.validation?.entryMvt || !doc.contact?.auxiliary) return [];
  const { control, code } = doc.contact.auxiliary;
  const mvt = doc.validation.entryMvt;
  const entry = await loadAggregate(ctx, orgId, entryStreamId(mvt), entryDecider);
  if (entry.state.status !== "validated") return [];
  const { content } = entry.state;
  return content.lines.flatMap((l, i) =>
    l.account === control && l.auxiliary === code
      ? [
          {
            ref: lineRef(mvt, i + 1),
            account: l.account,
            auxiliary: l.auxiliary,
            date: content.date,
            debit: l.debit,
            credit: l.credit,
          },
        ]
      : [],
  );
};

/** The lettering streams' commands, grouped per account, as streams of the commit. */
const letteringStreams = async (
  ctx: AppContext,
  orgId: string,
  byAccount: Map<string, (state: ReturnType<typeof letteringDecider.initialState>) => LetteringCommand[]>,
): Promise<StreamDecision[]> =>
  Promise.all(
    [...byAccount].map(async ([account, commands]) => {
      const loaded = await loadAggregate(ctx, orgId, letteringStreamId(account), letteringDecider);
      return streamDecision(letteringStreamId(account), letteringDecider, loaded, () =>
        commands(loaded.state),
      );
    }),
  );

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
  const allocations = input.allocations ?? [];
  await handleMultiStream(ctx, {
    orgId,
    metadata,
    readModels: [...paymentReadModels],
    plan: async () => {
      const [banking, posting, org, docs] = await Promise.all([
        loadBanking(ctx, orgId),
        postingContext(ctx, orgId),
        loadOrganisation(ctx, orgId),
        Promise.all(
          allocations.map(async (a) => ({ id: a.docId, loaded: await loadDocument(ctx, orgId, a.docId) })),
        ),
      ]);
      const treasury = modeTreasury(banking.state, input.modeId);
      const mode = banking.view.modes[input.modeId ?? ""];
      if (!mode) throw new DomainError("payment.modeMissing", { field: "modeId" });
      const documents = Object.fromEntries(docs.map((d) => [d.id, d.loaded.state]));
      const first = docs[0]?.loaded.state;
      let contact = null;
      if (input.contactId) {
        const snapshot = await contactSnapshot(ctx, orgId, input.contactId, direction);
        contact = snapshot.auxiliary
          ? { id: snapshot.id, name: snapshot.name, auxiliary: snapshot.auxiliary }
          : null;
      } else if (first && isLive(first) && first.contact?.auxiliary)
        contact = { id: first.contact.id, name: first.contact.name, auxiliary: first.contact.auxiliary };
      else if (!first) throw new DomainError("payment.contactMissing", { field: "contactId" });
      const record = {
        type: "RecordPayment" as const,
        data: {
          id,
          direction,
          date: input.date,
          amount: input.amount,
          reference: input.reference,
          drawer: input.drawer,
          drawerBank: input.drawerBank,
          allocations: allocations.map((a) => ({ doc: a.docId, amount: a.amount })),
          entryMvt: mvt,
        },
        context: { mode: { id: mode.id, kind: mode.kind, label: mode.label }, treasury, contact, documents },
      };
      const [recorded] = paymentDecider.decide(record, paymentDecider.initialState());
      if (recorded?.type !== "PaymentRecorded") throw new Error("payment not recorded");
      const payment = recorded.data;
      const accounts = postingAccountsOf(org.state);
      const { entry, lines } = paymentPosting(
        payment,
        paymentVatMoves(payment.allocations, documents, accounts),
      );
      const drafted: EntryCommand = {
        type: "DraftEntry",
        data: { ...entry, mvt, origin: { kind: "payment", payment: id } },
        context: posting.context,
      };
      const entryCounter = counterFor(
        entryDecider
          .decide(drafted, entryDecider.initialState())
          .reduce(entryDecider.evolve, entryDecider.initialState()),
        posting.context.fiscal,
      );
      const added = volumeOf(entry);
      // Each document after this payment: settled ones make their lettering set.
      const lettering = new Map<
        string,
        (state: ReturnType<typeof letteringDecider.initialState>) => LetteringCommand[]
      >();
      const sets: LedgerLineFact[][] = [];
      for (const d of docs) {
        const line = lines[d.id];
        if (!line || !isLive(d.loaded.state)) continue;
        const after = evolveDocument(d.loaded.state, {
          type: "DocumentPaymentAllocated",
          data: { payment: id, date: payment.date, amount: line.debit + line.credit, lines: [line] },
        });
        if (!isLive(after)) continue;
        const set = letteringSetOf(after, await documentOwnLines(ctx, orgId, d.loaded.state));
        const balanced = set && set.reduce((s, l) => s + l.debit - l.credit, 0) === 0;
        if (set && balanced && set.length >= 2) sets.push(set);
      }
      for (const set of sets) {
        const account = set[0]?.account ?? "";
        const previous = lettering.get(account);
        lettering.set(account, (state) => [
          ...(previous?.(state) ?? []),
          // A line lettered by hand meanwhile: the set is left for the user, the payment is recorded.
          ...(set.some((l) => state.letteredLines[l.ref])
            ? []
            : [
                {
                  type: "LetterLines" as const,
                  data: {
                    account,
                    lettrable: posting.context.chart.accounts[account]?.lettrable ?? false,
                    lines: set,
                    requested: set.map((l) => l.ref),
                  },
                },
              ]),
        ]);
      }
      return {
        guards: {
          ...posting.guards,
          [organisationStreamId(orgId)]: org.version,
          [bankingStreamId(orgId)]: banking.version,
        },
        counters: { [entryCounter]: 1, [VOLUME_COUNTER]: added },
        streams: [
          streamDecision(
            paymentStreamId(id),
            paymentDecider,
            { state: paymentDecider.initialState(), version: 0 },
            () => [record],
          ),
          streamDecision(
            entryStreamId(mvt),
            entryDecider,
            { state: entryDecider.initialState(), version: 0 },
            (numbers) => {
              checkVolume(numbers[VOLUME_COUNTER] ?? 1, added);
              return [
                drafted,
                {
                  type: "ValidateEntry" as const,
                  data: { sequence: numbers[entryCounter] ?? 0, validatedOn: parisDate(ctx.clock()) },
                  context: posting.context,
                },
              ];
            },
          ),
          ...docs.map((d) =>
            streamDecision(documentStreamId(d.id), documentPaymentDecider, d.loaded, () => {
              const line = lines[d.id];
              return line
                ? [
                    {
                      type: "AllocatePayment" as const,
                      data: {
                        payment: id,
                        date: payment.date,
                        amount: line.debit + line.credit,
                        lines: [line],
                      },
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
  return id;
};

/**
 * Cancels a validated payment, one commit: `PaymentCancelled`; its entry's reversal drafted and
 * validated (origin the payment); each document's allocation released; and the lettering sets its lines
 * were in undone. Never an edit: the payment and its entry stay in the books.
 */
export const cancelPayment = async (
  ctx: AppContext,
  orgId: string,
  id: string,
  on: string,
  metadata: CommandMetadata,
): Promise<void> => {
  const reversal = derivedId(metadata.commandId, "reversal");
  await handleMultiStream(ctx, {
    orgId,
    metadata,
    readModels: [...paymentReadModels],
    plan: async () => {
      const loaded = await loadPayment(ctx, orgId, id);
      const payment = loaded.state;
      if (payment.status === "none") throw new DomainError("payment.notFound", {}, 404);
      // Decided first: a cancelled or deposited payment is refused before anything is read.
      const cancel = { type: "CancelPayment" as const, data: { on, reversalMvt: reversal } };
      if (paymentDecider.decide(cancel, payment).length === 0)
        return { streams: [streamDecision(paymentStreamId(id), paymentDecider, loaded, () => [cancel])] };
      const [posting, original, docs] = await Promise.all([
        postingContext(ctx, orgId),
        loadAggregate(ctx, orgId, entryStreamId(payment.entryMvt), entryDecider),
        Promise.all(
          payment.allocations.map(async (a) => ({
            id: a.doc,
            loaded: await loadDocument(ctx, orgId, a.doc),
          })),
        ),
      ]);
      const content = reversalOf(original.state, on);
      const drafted: EntryCommand = {
        type: "DraftEntry",
        data: { ...content, mvt: reversal, origin: { kind: "payment", payment: id } },
        context: posting.context,
      };
      const entryCounter = counterFor(
        entryDecider
          .decide(drafted, entryDecider.initialState())
          .reduce(entryDecider.evolve, entryDecider.initialState()),
        posting.context.fiscal,
      );
      const added = volumeOf(content);
      // The payment's lines that are lettered: their sets are undone.
      const refs = docs.flatMap((d) =>
        isLive(d.loaded.state)
          ? (d.loaded.state.payments ?? []).filter((p) => p.payment === id).flatMap((p) => p.lines)
          : [],
      );
      const lettering = new Map<
        string,
        (state: ReturnType<typeof letteringDecider.initialState>) => LetteringCommand[]
      >();
      for (const account of new Set(refs.map((l) => l.account)))
        lettering.set(account, (state) =>
          [
            ...new Set(
              refs.filter((l) => l.account === account).flatMap((l) => state.letteredLines[l.ref] ?? []),
            ),
          ].map((code) => ({ type: "UnletterLines" as const, data: { account, code } })),
        );
      return {
        guards: posting.guards,
        counters: { [entryCounter]: 1, [VOLUME_COUNTER]: added },
        streams: [
          streamDecision(paymentStreamId(id), paymentDecider, loaded, () => [cancel]),
          streamDecision(
            entryStreamId(reversal),
            entryDecider,
            { state: entryDecider.initialState(), version: 0 },
            (numbers) => {
              checkVolume(numbers[VOLUME_COUNTER] ?? 1, added);
              return [
                drafted,
                {
                  type: "ValidateEntry" as const,
                  data: { sequence: numbers[entryCounter] ?? 0, validatedOn: parisDate(ctx.clock()) },
                  context: posting.context,
                },
              ];
            },
          ),
          ...docs.map((d) =>
            streamDecision(documentStreamId(d.id), documentPaymentDecider, d.loaded, () => [
              { type: "ReleasePayment" as const, data: { payment: id } },
            ]),
          ),
          ...(await letteringStreams(ctx, orgId, lettering)),
        ],
      };
    },
  });
};
