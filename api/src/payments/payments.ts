import {
  advanceLineFact,
  bankingStreamId,
  type CommandMetadata,
  type DocumentState,
  DomainError,
  documentPaymentDecider,
  documentStreamId,
  type EntryCommand,
  entryDecider,
  entryStreamId,
  evolveDocument,
  type IsoDate,
  isLive,
  type LedgerLineFact,
  type LetteringCommand,
  letteringDecider,
  letteringSetOf,
  letteringStreamId,
  lineRef,
  modeTreasury,
  moneyWay,
  organisationStreamId,
  type PaymentDirection,
  paymentAllocations,
  paymentDecider,
  paymentPosting,
  paymentStreamId,
  paymentVatMoves,
  reversalOf,
  VOLUME_COUNTER,
  volumeOf,
} from "@registre/core";
import { readModels } from "@registre/projections";
import {
  draftedCounter,
  ledgerReadModels,
  postedEntryDecision,
  postingContext,
} from "../accounting/entries.ts";
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
  /** Money the other way, settling credit notes: paid to the customer, received from the supplier. */
  readonly refund?: boolean | undefined;
};

export const loadPayment = (ctx: AppContext, orgId: string, id: string) =>
  loadAggregate(ctx, orgId, paymentStreamId(id), paymentDecider);

/** The third-party lines a validated document's entry posted for its contact: its side of the lettering set. */
export const documentOwnLines = async (
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

type LetteringState = ReturnType<typeof letteringDecider.initialState>;

/** A commit's lettering commands, per account, decided on each lettering stream as loaded. */
export type LetteringPlan = Map<string, (state: LetteringState) => LetteringCommand[]>;

/**
 * The lettering sets `lines` settle, one per document a payment `payment` allocates (its line
 * `lines[doc]`, on `date`): the document's own third-party lines and every allocation line it now
 * has, when they balance — two lines at least.
 */
export const settledSets = async (
  ctx: AppContext,
  orgId: string,
  docs: readonly { readonly id: string; readonly loaded: { readonly state: DocumentState } }[],
  lines: Readonly<Record<string, LedgerLineFact | undefined>>,
  payment: string,
  date: IsoDate,
): Promise<LedgerLineFact[][]> => {
  const sets: LedgerLineFact[][] = [];
  for (const d of docs) {
    const line = lines[d.id];
    if (!line || !isLive(d.loaded.state)) continue;
    const after = evolveDocument(d.loaded.state, {
      type: "DocumentPaymentAllocated",
      data: { payment, date, amount: line.debit + line.credit, lines: [line] },
    });
    if (!isLive(after)) continue;
    const set = letteringSetOf(after, await documentOwnLines(ctx, orgId, d.loaded.state));
    if (set && set.length >= 2 && set.reduce((s, l) => s + l.debit - l.credit, 0) === 0) sets.push(set);
  }
  return sets;
};

/**
 * `LetterLines` for each set, grouped per account; a set one line of which was lettered by hand
 * meanwhile is left to the user (the payment is recorded all the same).
 */
export const letterSets = (
  sets: readonly (readonly LedgerLineFact[])[],
  chart: { readonly accounts: Readonly<Record<string, { readonly lettrable?: boolean } | undefined>> },
): LetteringPlan => {
  const lettering: LetteringPlan = new Map();
  for (const set of sets) {
    const account = set[0]?.account ?? "";
    const previous = lettering.get(account);
    lettering.set(account, (state) => [
      ...(previous?.(state) ?? []),
      ...(set.some((l) => state.letteredLines.has(l.ref))
        ? []
        : [
            {
              type: "LetterLines" as const,
              data: {
                account,
                lettrable: chart.accounts[account]?.lettrable ?? false,
                lines: [...set],
                requested: set.map((l) => l.ref),
              },
            },
          ]),
    ]);
  }
  return lettering;
};

/** The lettering streams' commands, grouped per account, as streams of the commit. */
export const letteringStreams = async (
  ctx: AppContext,
  orgId: string,
  byAccount: LetteringPlan,
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
  await handleMultiStream(ctx, {
    orgId,
    metadata,
    readModels: [...paymentReadModels],
    plan: () => paymentPlan(ctx, orgId, direction, input, { id, mvt }),
  });
  return id;
};

/**
 * The plan of a payment's commit (see `recordPayment`), made again on every retry: what another commit
 * that records a payment with more streams (a statement line matched to it) starts from.
 */
export const paymentPlan = async (
  ctx: AppContext,
  orgId: string,
  direction: PaymentDirection,
  input: PaymentBody,
  { id, mvt }: { readonly id: string; readonly mvt: string },
) => {
  const allocations = input.allocations ?? [];
  const [banking, posting, org, docs] = await Promise.all([
    loadBanking(ctx, orgId),
    postingContext(ctx, orgId),
    loadOrganisation(ctx, orgId),
    Promise.all(
      allocations.map(async (a) => ({ id: a.docId, loaded: await loadDocument(ctx, orgId, a.docId) })),
    ),
  ]);
  // Where the money goes: a cheque received waits in 5112 for a deposit, one issued leaves the bank.
  const treasury = modeTreasury(banking.state, input.modeId, moneyWay(direction, input.refund));
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
      refund: input.refund,
    },
    context: { mode: { id: mode.id, kind: mode.kind, label: mode.label }, treasury, contact, documents },
  };
  const [recorded] = paymentDecider.decide(record, paymentDecider.initialState());
  if (recorded?.type !== "PaymentRecorded") throw new Error("payment not recorded");
  const payment = recorded.data;
  const accounts = postingAccountsOf(org.state);
  const { entry, lines } = paymentPosting(payment, paymentVatMoves(payment.allocations, documents, accounts));
  const drafted: EntryCommand = {
    type: "DraftEntry",
    data: { ...entry, mvt, origin: { kind: "payment", payment: id } },
    context: posting.context,
  };
  const entryCounter = draftedCounter(drafted, posting);
  const added = volumeOf(entry);
  // Each document after this payment: settled ones make their lettering set.
  const lettering = letterSets(
    await settledSets(ctx, orgId, docs, lines, id, payment.date),
    posting.context.chart,
  );
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
      postedEntryDecision(ctx, posting, { mvt, drafted, counter: entryCounter }, { added }),
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
  const reversal = derivedId(metadata.commandId, "reversal");
  await handleMultiStream(ctx, {
    orgId,
    metadata,
    readModels: [...paymentReadModels],
    plan: async () => {
      const loaded = await loadPayment(ctx, orgId, id);
      const payment = loaded.state;
      if (payment.status === "none") throw new DomainError("payment.notFound", {}, 404);
      // Its advance's uses since: each transfer reversed with the recording's entry.
      const uses = payment.remainders ?? [];
      const cancel = {
        type: "CancelPayment" as const,
        data: {
          on,
          reversalMvt: reversal,
          ...(uses.length > 0 && {
            remainderReversals: uses.map((_, i) => derivedId(metadata.commandId, `reversal-${i + 1}`)),
          }),
        },
      };
      // Decided first: a cancelled or deposited payment is refused before anything is read.
      if (paymentDecider.decide(cancel, payment).length === 0)
        return { streams: [streamDecision(paymentStreamId(id), paymentDecider, loaded, () => [cancel])] };
      // Matched to a bank statement's line, its entry is the bank's movement: the match goes first.
      const matched = await readModels(ctx.database)
        .selectFrom("bank_statement_lines")
        .select(["no", "booking_date"])
        .where("org_id", "=", orgId)
        .where("match_mvt", "=", payment.entryMvt)
        .executeTakeFirst();
      if (matched)
        throw new DomainError("payment.reconciled", { no: matched.no, date: matched.booking_date }, 409);
      const docIds = [...new Set(paymentAllocations(payment).map((a) => a.doc))];
      const [posting, originals, docs] = await Promise.all([
        postingContext(ctx, orgId),
        Promise.all(
          [
            { mvt: payment.entryMvt, reversal },
            ...uses.map((u, i) => ({ mvt: u.entryMvt, reversal: cancel.data.remainderReversals?.[i] ?? "" })),
          ].map(async (e) => ({
            ...e,
            loaded: await loadAggregate(ctx, orgId, entryStreamId(e.mvt), entryDecider),
          })),
        ),
        Promise.all(docIds.map(async (doc) => ({ id: doc, loaded: await loadDocument(ctx, orgId, doc) }))),
      ]);
      // Each reversal numbered from its journal's counter: the n-th of a counter takes first + n.
      const taken: Record<string, number> = {};
      let added = 0;
      const reversals = originals.map((o) => {
        const content = reversalOf(o.loaded.state, on);
        const drafted: EntryCommand = {
          type: "DraftEntry",
          data: { ...content, mvt: o.reversal, origin: { kind: "payment", payment: id } },
          context: posting.context,
        };
        const counter = draftedCounter(drafted, posting);
        const index = taken[counter] ?? 0;
        taken[counter] = index + 1;
        added += volumeOf(content);
        return { mvt: o.reversal, drafted, counter, index };
      });
      // The payment's lines that are lettered — its documents' allocation lines, its advance and the
      // transfers' lines taken off it: their sets are undone.
      const advance = advanceLineFact(payment);
      const refs = [
        ...docs.flatMap((d) =>
          isLive(d.loaded.state)
            ? (d.loaded.state.payments ?? []).filter((p) => p.payment === id).flatMap((p) => p.lines)
            : [],
        ),
        ...(advance ? [advance] : []),
        ...uses.flatMap((u) => (u.line ? [u.line] : [])),
      ];
      const lettering: LetteringPlan = new Map();
      for (const account of new Set(refs.map((l) => l.account)))
        lettering.set(account, (state) =>
          [
            ...new Set(
              refs.filter((l) => l.account === account).flatMap((l) => state.letteredLines.get(l.ref) ?? []),
            ),
          ].map((code) => ({ type: "UnletterLines" as const, data: { account, code } })),
        );
      return {
        guards: posting.guards,
        counters: { ...taken, [VOLUME_COUNTER]: added },
        streams: [
          streamDecision(paymentStreamId(id), paymentDecider, loaded, () => [cancel]),
          ...reversals.map((r) =>
            postedEntryDecision(
              ctx,
              posting,
              { mvt: r.mvt, drafted: r.drafted, counter: r.counter, rank: r.index },
              { added },
            ),
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
