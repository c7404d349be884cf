import type { IsoDate } from "../accounting/dates.ts";
import {
  checkVolume,
  counterFor,
  type EntryCommand,
  type EntryContent,
  type EntryState,
  entryDecider,
  type PostingContext,
  reversalOf,
  VOLUME_COUNTER,
  volumeOf,
} from "../accounting/entry.ts";
import type { LedgerLineFact } from "../accounting/lettering.ts";
import type { ContactState } from "../contacts/contact.ts";
import { DomainError } from "../decider.ts";
import { type DocumentState, isLive } from "../documents/document.ts";
import { documentContact } from "../documents/header.ts";
import type { DocumentPostingAccounts } from "../documents/posting.ts";
import type { DocumentPaymentCommand } from "./allocation.ts";
import { type BankingState, bankingView, modeTreasury } from "./banking.ts";
import { moneyWay } from "./money-way.ts";
import {
  type PaymentCommand,
  type PaymentContact,
  type PaymentDirection,
  type PaymentEvent,
  type PaymentState,
  paymentAllocations,
  paymentDecider,
  paymentPosting,
  paymentVatMoves,
} from "./payment.ts";
import {
  type LetteringDecision,
  letterSets,
  type SettledDocument,
  settledSets,
} from "./payment-lettering.ts";
import { advanceLetteringSet, advanceLineFact, remainderPosting } from "./remainder.ts";

/**
 * A payment's commands as pure plans: from the states the shell loaded, the counters its one commit takes
 * and each stream's commands — the payment's, its entries' given the numbers handed out, each document's
 * at the version read, and each lettering account's decided on that stream as the shell then loads it.
 * Recording a payment, using its advance, cancelling it. The shell loads, guards and commits.
 */

type Numbers = Readonly<Record<string, number>>;

/** A payment command's one commit, stream by stream. */
export type PaymentCommitPlan = {
  /** The gapless counters taken: each entry's journal's, and the volume's lines. */
  readonly counters: Numbers;
  /** The payment's stream. */
  readonly payment: readonly PaymentCommand[];
  /** The entries it posts, each a new stream, drafted and validated given the numbers handed out. */
  readonly entries: readonly {
    readonly mvt: string;
    readonly commands: (numbers: Numbers) => EntryCommand[];
  }[];
  /** Each document's stream, at the version read (an allocation or a release; none still guards it). */
  readonly documents: readonly {
    readonly id: string;
    readonly commands: readonly DocumentPaymentCommand[];
  }[];
  readonly lettering: readonly LetteringDecision[];
};

/** The counter a new entry's number comes from once drafted: its journal's, for its fiscal year. */
const draftedCounter = (drafted: EntryCommand, posting: PostingContext): string =>
  counterFor(
    entryDecider
      .decide(drafted, entryDecider.initialState())
      .reduce(entryDecider.evolve, entryDecider.initialState()),
    posting.fiscal,
  );

/**
 * A new entry of a payment (its origin): drafted, then validated with the number its journal's counter
 * hands out (`rank` places it among the commit's entries of that journal); the commit's lines `added`
 * checked against the organisation's yearly volume.
 */
const postedEntry = (
  payment: string,
  content: EntryContent,
  mvt: string,
  posting: PostingContext,
  validatedOn: IsoDate,
) => {
  const drafted: EntryCommand = {
    type: "DraftEntry",
    data: { ...content, mvt, origin: { kind: "payment", payment } },
    context: posting,
  };
  const counter = draftedCounter(drafted, posting);
  return {
    counter,
    commands:
      (rank: number, added: number) =>
      (numbers: Numbers): EntryCommand[] => {
        checkVolume(numbers[VOLUME_COUNTER] ?? 1, added);
        return [
          drafted,
          {
            type: "ValidateEntry",
            data: { sequence: (numbers[counter] ?? 0) + rank, validatedOn },
            context: posting,
          },
        ];
      },
  };
};

/** Each document's allocation of its line (none when the payment posts it none). */
const allocations = (
  docs: readonly SettledDocument[],
  lines: Readonly<Record<string, LedgerLineFact | undefined>>,
  payment: string,
  date: IsoDate,
): PaymentCommitPlan["documents"] =>
  docs.map((d) => {
    const line = lines[d.id];
    return {
      id: d.id,
      commands: line
        ? [
            {
              type: "AllocatePayment",
              data: { payment, date, amount: line.debit + line.credit, lines: [line] },
            },
          ]
        : [],
    };
  });

/** What a payment is recorded with (`POST /payments…`): allocations name documents by id. */
export type PaymentRequest = {
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

export type PaymentRecordingInput = {
  /** The payment's id and its entry's, derived from the command's. */
  readonly id: string;
  readonly mvt: string;
  readonly direction: PaymentDirection;
  readonly request: PaymentRequest;
  readonly banking: BankingState;
  /** The contact the request names (`contactId`) as loaded; unread without one. */
  readonly contact: ContactState | null;
  /** Each allocation's document, in the request's order. */
  readonly documents: readonly SettledDocument[];
  readonly accounts: DocumentPostingAccounts;
  readonly posting: PostingContext;
  readonly validatedOn: IsoDate;
};

/**
 * Who the payment is with: the contact named (its account on the payment's side; none without one; 404
 * when it is not there), else the first document's; refused without either (`payment.contactMissing`).
 */
const paymentContact = (input: PaymentRecordingInput): PaymentContact | null => {
  const named = input.contact;
  if (input.request.contactId) {
    if (!named || !("identity" in named) || named.status === "merged")
      throw new DomainError("contact.notFound", { field: "contactId" }, 404);
    const snapshot = documentContact(named, input.direction);
    return snapshot.auxiliary
      ? { id: snapshot.id, name: snapshot.name, auxiliary: snapshot.auxiliary }
      : null;
  }
  const first = input.documents[0]?.state;
  if (first && isLive(first) && first.contact?.auxiliary)
    return { id: first.contact.id, name: first.contact.name, auxiliary: first.contact.auxiliary };
  if (!first) throw new DomainError("payment.contactMissing", { field: "contactId" });
  return null;
};

/**
 * The plan of a payment's recording, one commit: `PaymentRecorded` (its mode's treasury: where the money
 * goes — a cheque received waits in 5112 for a deposit, one issued leaves the bank); its entry in the
 * mode's journal; each document's `DocumentPaymentAllocated` of the line the entry posts it; and the
 * lettering of every document its allocations now settle. Refuses as the payment would (no mode, no
 * contact, more than is due…), then as its entry would, before any number is taken.
 */
export const paymentRecordingPlan = (input: PaymentRecordingInput): PaymentCommitPlan => {
  const { id, mvt, direction, request, posting } = input;
  const treasury = modeTreasury(input.banking, request.modeId, moneyWay(direction, request.refund));
  const mode = bankingView(input.banking).modes[request.modeId ?? ""];
  if (!mode) throw new DomainError("payment.modeMissing", { field: "modeId" });
  const documents = Object.fromEntries(input.documents.map((d) => [d.id, d.state]));
  const record: PaymentCommand = {
    type: "RecordPayment",
    data: {
      id,
      direction,
      date: request.date,
      amount: request.amount,
      reference: request.reference,
      drawer: request.drawer,
      drawerBank: request.drawerBank,
      allocations: (request.allocations ?? []).map((a) => ({ doc: a.docId, amount: a.amount })),
      entryMvt: mvt,
      refund: request.refund,
    },
    context: {
      mode: { id: mode.id, kind: mode.kind, label: mode.label },
      treasury,
      contact: paymentContact(input),
      documents,
    },
  };
  const [recorded] = paymentDecider.decide(record, paymentDecider.initialState());
  if (recorded?.type !== "PaymentRecorded") throw new Error("payment not recorded");
  const payment = recorded.data;
  const { entry, lines } = paymentPosting(
    payment,
    paymentVatMoves(payment.allocations, documents, input.accounts),
  );
  const posted = postedEntry(id, entry, mvt, posting, input.validatedOn);
  const added = volumeOf(entry);
  return {
    counters: { [posted.counter]: 1, [VOLUME_COUNTER]: added },
    payment: [record],
    entries: [{ mvt, commands: posted.commands(0, added) }],
    documents: allocations(input.documents, lines, id, payment.date),
    lettering: letterSets(settledSets(input.documents, lines, id, payment.date), posting.chart),
  };
};

/** The journal a use of an advance posts in: a transfer between two lines of the third party's account. */
export const REMAINDER_JOURNAL = "OD";

export type RemainderAllocationInput = {
  readonly id: string;
  /** The transfer entry's id, derived from the command's. */
  readonly mvt: string;
  readonly date: IsoDate;
  readonly allocations: readonly { readonly docId: string; readonly amount: number }[];
  readonly payment: PaymentState;
  /** Each allocation's document, in the request's order. */
  readonly documents: readonly SettledDocument[];
  readonly accounts: DocumentPostingAccounts;
  readonly posting: PostingContext;
  readonly validatedOn: IsoDate;
};

/**
 * The plan of a use of a payment's advance, one commit: `PaymentRemainderAllocated`; its transfer entry
 * in OD (with the VAT on receipts it makes due); each document's allocation; the lettering of each
 * document now settled and, once the advance is used up, of the advance line with the transfers' lines.
 * 404 `payment.notFound`; beyond the advance left, `payment.remainderExceeded`.
 */
export const remainderAllocationPlan = (input: RemainderAllocationInput): PaymentCommitPlan => {
  const { id, mvt, date, payment, posting } = input;
  if (payment.status === "none") throw new DomainError("payment.notFound", {}, 404);
  const documents = Object.fromEntries(input.documents.map((d) => [d.id, d.state]));
  const command: PaymentCommand = {
    type: "AllocatePaymentRemainder",
    data: {
      date,
      allocations: input.allocations.map((a) => ({ doc: a.docId, amount: a.amount })),
      entryMvt: mvt,
    },
    context: { documents },
  };
  const [event] = paymentDecider.decide(command, payment);
  if (event?.type !== "PaymentRemainderAllocated") throw new Error("remainder not allocated");
  const after = paymentDecider.evolve(payment, event as PaymentEvent);
  if (after.status === "none") throw new Error("payment lost");
  const { entry, lines } = remainderPosting(
    after,
    event.data,
    paymentVatMoves(event.data.allocations, documents, input.accounts),
    REMAINDER_JOURNAL,
  );
  const posted = postedEntry(id, entry, mvt, posting, input.validatedOn);
  const added = volumeOf(entry);
  // The documents now settled, and the advance once used up: their lettering sets.
  const sets = settledSets(input.documents, lines, id, date);
  const advance = advanceLetteringSet(after);
  if (advance) sets.push(advance);
  return {
    counters: { [posted.counter]: 1, [VOLUME_COUNTER]: added },
    payment: [command],
    entries: [{ mvt, commands: posted.commands(0, added) }],
    documents: allocations(input.documents, lines, id, date),
    lettering: letterSets(sets, posting.chart),
  };
};

/**
 * What cancelling a payment reverses, decided on the payment alone before anything else is read: its
 * `CancelPayment` (its reversal's id and one per use of its advance: `reversalId(0)`, then `reversalId(n)`
 * for the n-th use), refused for a deposited payment; `alone` when it writes nothing more (already
 * cancelled); the entries to reverse (the recording's, each transfer's) and the documents it allocated.
 * 404 `payment.notFound`.
 */
export const paymentCancellationTarget = (
  payment: PaymentState,
  on: IsoDate,
  reversalId: (rank: number) => string,
) => {
  if (payment.status === "none") throw new DomainError("payment.notFound", {}, 404);
  // Its advance's uses since: each transfer reversed with the recording's entry.
  const uses = payment.remainders ?? [];
  const reversals = uses.map((_, i) => reversalId(i + 1));
  const cancel = {
    type: "CancelPayment" as const,
    data: { on, reversalMvt: reversalId(0), ...(uses.length > 0 && { remainderReversals: reversals }) },
  };
  return {
    payment,
    cancel,
    alone: paymentDecider.decide(cancel, payment).length === 0,
    reversed: [
      { mvt: payment.entryMvt, reversal: reversalId(0) },
      ...uses.map((u, i) => ({ mvt: u.entryMvt, reversal: reversals[i] ?? "" })),
    ],
    documents: [...new Set(paymentAllocations(payment).map((a) => a.doc))],
  };
};

export type PaymentCancellationInput = {
  readonly id: string;
  readonly target: ReturnType<typeof paymentCancellationTarget>;
  /** Each entry reversed, by its id (`target.reversed`), as loaded. */
  readonly entries: Readonly<Record<string, EntryState>>;
  /** Each document it allocated (`target.documents`), as loaded. */
  readonly documents: readonly { readonly id: string; readonly state: DocumentState }[];
  readonly posting: PostingContext;
  readonly validatedOn: IsoDate;
};

/**
 * The plan of a payment's cancellation, one commit: `PaymentCancelled`; each entry's reversal (the
 * recording's and each transfer's) numbered from its journal's counter — the n-th of a counter takes the
 * first number + n —, origin the payment; each document's allocation released; and the lettering sets
 * its lines were in undone: its documents' allocation lines, its advance and the transfers' lines taken
 * off it. Never an edit: the payment and its entries stay in the books.
 */
export const paymentCancellationPlan = (input: PaymentCancellationInput): PaymentCommitPlan => {
  const { id, target, posting } = input;
  const { payment, cancel } = target;
  const on = cancel.data.on;
  const taken: Record<string, number> = {};
  const reversals = target.reversed.map((r) => {
    const content = reversalOf(input.entries[r.mvt] ?? entryDecider.initialState(), on);
    const posted = postedEntry(id, content, r.reversal, posting, input.validatedOn);
    const rank = taken[posted.counter] ?? 0;
    taken[posted.counter] = rank + 1;
    return { mvt: r.reversal, posted, rank, lines: volumeOf(content) };
  });
  const added = reversals.reduce((s, r) => s + r.lines, 0);
  const advance = advanceLineFact(payment);
  const refs = [
    ...input.documents.flatMap((d) =>
      isLive(d.state) ? (d.state.payments ?? []).filter((p) => p.payment === id).flatMap((p) => p.lines) : [],
    ),
    ...(advance ? [advance] : []),
    ...(payment.remainders ?? []).flatMap((u) => (u.line ? [u.line] : [])),
  ];
  return {
    counters: { ...taken, [VOLUME_COUNTER]: added },
    payment: [cancel],
    entries: reversals.map((r) => ({ mvt: r.mvt, commands: r.posted.commands(r.rank, added) })),
    documents: input.documents.map((d) => ({
      id: d.id,
      commands: [{ type: "ReleasePayment", data: { payment: id } }],
    })),
    lettering: [...new Set(refs.map((l) => l.account))].map((account) => ({
      account,
      commands: (state) =>
        [
          ...new Set(
            refs.filter((l) => l.account === account).flatMap((l) => state.letteredLines.get(l.ref) ?? []),
          ),
        ].map((code) => ({ type: "UnletterLines" as const, data: { account, code } })),
    })),
  };
};
