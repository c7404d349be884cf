import { type IsoDate, isIsoDate } from "../accounting/dates.ts";
import type { EntryContent, EntryLine } from "../accounting/entry.ts";
import { type LedgerLineFact, lineRef } from "../accounting/lettering.ts";
import { cleanText } from "../accounting/text.ts";
import { type Decider, DomainError } from "../decider.ts";
import type { DocumentState } from "../documents/document.ts";
import type { DocumentPostingAccounts } from "../documents/posting.ts";
import { type Cents, MAX_LINE_CENTS } from "../money.ts";
import { documentDue, documentPaid, isPayable, type VatMove, vatMadeDue } from "./allocation.ts";
import type { ModeTreasury, PaymentModeKind } from "./banking.ts";
import { moneyWay } from "./money-way.ts";
import { remainderLineFact } from "./remainder.ts";

/**
 * A payment (stream `payment-<id>`): money received from a customer or paid to a supplier, recorded
 * when it moved, so recorded and validated at once; its entry, its documents' allocations and their
 * lettering are the same commit. A cancellation is a reversal (its entry reversed, lettering undone),
 * never an edit; a payment received waiting in 5112 / 530 is later taken by a deposit, a payment paid
 * out never (`treasuryRoute`).
 *
 * A **refund** (`refund: true`) is money the other way: paid to a customer for its credit notes (avoirs),
 * or received from a supplier for its credit notes. Its allocations go to credit notes (less any invoice
 * they are netted against) and add up to its amount exactly: a refund leaves no advance.
 */
export const paymentStreamId = (id: string): string => `payment-${id}`;

export type PaymentDirection = "sales" | "purchases";

export type Allocation = {
  readonly doc: string;
  readonly number: string;
  readonly kind: "invoice" | "creditNote";
  /** Settled of the document, positive; a credit note's allocation goes against the payment. */
  readonly amount: Cents;
};

export type PaymentContact = {
  readonly id: string;
  readonly name: string;
  readonly auxiliary: { readonly control: string; readonly code: string };
};

export type RecordedPayment = {
  readonly id: string;
  readonly direction: PaymentDirection;
  readonly date: IsoDate;
  readonly amount: Cents;
  readonly modeId: string;
  readonly modeKind: PaymentModeKind;
  readonly modeLabel: string;
  readonly treasury: ModeTreasury;
  readonly reference: string | null;
  /** A cheque's drawer and bank, for the deposit slip. */
  readonly drawer: string | null;
  readonly drawerBank: string | null;
  readonly contact: PaymentContact;
  readonly allocations: readonly Allocation[];
  readonly entryMvt: string;
  /** Money the other way (to a customer, from a supplier), settling credit notes; absent otherwise. */
  readonly refund?: true;
};

/**
 * A later use of a payment's advance (what its recording left unallocated): allocations to invoices and
 * credit notes of the same contact and side, posted by a 411 / 411 (401 / 401) transfer entry in OD —
 * `line` is its line taking the amount off the advance, lettered with the advance once it is used up.
 */
export type RemainderAllocation = {
  readonly date: IsoDate;
  readonly allocations: readonly Allocation[];
  readonly entryMvt: string;
  readonly line: LedgerLineFact | null;
};

/**
 * A cancellation: the recording's entry reversed (`reversalMvt`) and, when its advance was used since,
 * each transfer's too (`remainderReversals`, in the order of the uses).
 */
export type PaymentCancellation = {
  readonly on: IsoDate;
  readonly reversalMvt: string;
  readonly remainderReversals?: readonly string[];
};

export type PaymentEvent =
  | { type: "PaymentRecorded"; data: RecordedPayment }
  | { type: "PaymentRemainderAllocated"; data: RemainderAllocation }
  | { type: "PaymentCancelled"; data: PaymentCancellation }
  | { type: "PaymentDeposited"; data: { deposit: string; number: string; on: IsoDate } };

export type PaymentInput = {
  readonly id: string;
  readonly direction: PaymentDirection;
  readonly date: string;
  readonly amount: Cents;
  readonly reference?: string | null | undefined;
  readonly drawer?: string | null | undefined;
  readonly drawerBank?: string | null | undefined;
  readonly allocations: readonly { readonly doc: string; readonly amount: Cents }[];
  readonly entryMvt: string;
  /** A refund of credit notes: money to the customer (sales), from the supplier (purchases). */
  readonly refund?: boolean | undefined;
};

export type PaymentCommand =
  | {
      type: "RecordPayment";
      data: PaymentInput;
      /**
       * The mode as the banking stream resolves it — its treasury for the money's way
       * (`modeTreasury(banking, modeId, moneyWay(direction, refund))`) —, the contact's account, the
       * documents allocated.
       */
      context: {
        readonly mode: { readonly id: string; readonly kind: PaymentModeKind; readonly label: string };
        readonly treasury: ModeTreasury;
        readonly contact: PaymentContact | null;
        readonly documents: Readonly<Record<string, DocumentState>>;
      };
    }
  | {
      type: "AllocatePaymentRemainder";
      data: {
        readonly date: string;
        readonly allocations: readonly { readonly doc: string; readonly amount: Cents }[];
        readonly entryMvt: string;
      };
      /** The documents allocated, as their streams read. */
      context: { readonly documents: Readonly<Record<string, DocumentState>> };
    }
  | { type: "CancelPayment"; data: PaymentCancellation }
  | { type: "DepositPayment"; data: { deposit: string; number: string; on: IsoDate } };

export type PaymentState =
  | { readonly status: "none" }
  | (RecordedPayment & {
      readonly status: "validated" | "cancelled";
      readonly cancelled: PaymentCancellation | null;
      readonly deposit: { readonly id: string; readonly number: string; readonly on: IsoDate } | null;
      /** The advance's later uses, oldest first (`allocations` stays what the recording allocated). */
      readonly remainders?: readonly RemainderAllocation[];
    });

/**
 * The signed sum of the allocations in the money's direction: invoices less credit notes for a payment,
 * credit notes less invoices for a refund; at most the payment's amount (a refund's: exactly).
 */
export const allocatedOf = (
  allocations: readonly Pick<Allocation, "kind" | "amount">[],
  refund = false,
): Cents =>
  allocations.reduce((s, a) => s + ((a.kind === "creditNote") !== refund ? -a.amount : a.amount), 0);

const optional = (value: string | null | undefined, field: string, max: number): string | null => {
  const clean = cleanText(value ?? "");
  if (clean.length > max) throw new DomainError("validation.tooLong", { field, max });
  return clean || null;
};

/** Every allocation of the payment: the recording's and its advance's later uses. */
export const paymentAllocations = (state: PaymentState): Allocation[] =>
  state.status === "none"
    ? []
    : [...state.allocations, ...(state.remainders ?? []).flatMap((r) => r.allocations)];

/** What the payment has left unallocated: the contact's advance (0 once cancelled). */
export const paymentRemainder = (state: PaymentState): Cents =>
  state.status === "validated" ? state.amount - allocatedOf(paymentAllocations(state), state.refund) : 0;

const checkAllocations = (
  direction: PaymentDirection,
  contact: PaymentContact,
  requested: readonly { readonly doc: string; readonly amount: Cents }[],
  documents: Readonly<Record<string, DocumentState>>,
  already: ReadonlySet<string> = new Set(),
): Allocation[] => {
  const seen = new Set<string>(already);
  return requested.map((a, i): Allocation => {
    const field = `allocations.${i}.amount`;
    if (seen.has(a.doc)) throw new DomainError("payment.documentTwice", { field: `allocations.${i}.doc` });
    seen.add(a.doc);
    const doc = documents[a.doc];
    if (!doc || !isPayable(doc))
      throw new DomainError("payment.documentNotPayable", { field: `allocations.${i}.doc` }, 409);
    if (doc.direction !== direction || doc.contact?.id !== contact.id)
      throw new DomainError("payment.documentOtherContact", {
        field: `allocations.${i}.doc`,
        number: doc.number ?? "",
      });
    if (!Number.isSafeInteger(a.amount) || a.amount <= 0)
      throw new DomainError("payment.invalidAmount", { field });
    const due = documentDue(doc);
    if (a.amount > due)
      throw new DomainError("payment.allocationExceedsDue", { field, number: doc.number ?? "", due });
    return { doc: a.doc, number: doc.number ?? "", kind: doc.kind as Allocation["kind"], amount: a.amount };
  });
};

const record = (command: Extract<PaymentCommand, { type: "RecordPayment" }>): RecordedPayment => {
  const { data, context } = command;
  if (!isIsoDate(data.date))
    throw new DomainError("validation.invalidDate", { field: "date", value: data.date });
  if (!Number.isSafeInteger(data.amount) || data.amount <= 0 || data.amount > MAX_LINE_CENTS)
    throw new DomainError("payment.invalidAmount", { field: "amount" });
  if (!context.contact) throw new DomainError("payment.contactAccountMissing", { field: "contactId" });
  const contact = context.contact;
  const allocations = checkAllocations(data.direction, contact, data.allocations, context.documents);
  const refund = data.refund === true;
  const allocated = allocatedOf(allocations, refund);
  if (refund) {
    // Money the other way settles credit notes only: they outweigh what it is netted against.
    if (allocated <= 0) throw new DomainError("payment.refundWithoutCreditNote", { field: "allocations" });
    // A refund leaves no advance: its amount is what its allocations settle, to the cent.
    if (allocated !== data.amount)
      throw new DomainError("payment.refundNotAllocated", {
        field: "amount",
        allocated,
        amount: data.amount,
      });
  } else {
    // Credit notes outweighing the invoices would send money the other way: that is a refund.
    if (allocated < 0)
      throw new DomainError("payment.creditNotesNeedRefund", { field: "refund", allocated: -allocated });
    // Σ allocations ≤ payment: what is left is an advance on the contact.
    if (allocated > data.amount)
      throw new DomainError("payment.overAllocated", {
        field: "allocations",
        allocated,
        amount: data.amount,
      });
  }
  return {
    id: data.id,
    direction: data.direction,
    date: data.date,
    amount: data.amount,
    modeId: context.mode.id,
    modeKind: context.mode.kind,
    modeLabel: context.mode.label,
    treasury: context.treasury,
    reference: optional(data.reference, "reference", 60),
    drawer: optional(data.drawer, "drawer", 100),
    drawerBank: optional(data.drawerBank, "drawerBank", 100),
    contact,
    allocations,
    entryMvt: data.entryMvt,
    ...(refund && { refund: true as const }),
  };
};

const decide = (command: PaymentCommand, state: PaymentState): PaymentEvent[] => {
  switch (command.type) {
    case "RecordPayment":
      if (state.status !== "none") throw new DomainError("payment.exists", {}, 409);
      return [{ type: "PaymentRecorded", data: record(command) }];
    case "AllocatePaymentRemainder": {
      if (state.status === "none") throw new DomainError("payment.notFound", {}, 404);
      if (state.status === "cancelled") throw new DomainError("payment.cancelled", {}, 409);
      const { data } = command;
      // A refund is allocated whole when recorded: it has no advance to use.
      if (state.refund)
        throw new DomainError("payment.remainderExceeded", { field: "allocations", remainder: 0 }, 409);
      if (!isIsoDate(data.date) || data.date < state.date)
        throw new DomainError("payment.remainderBeforeDate", { field: "date", date: state.date });
      if (data.allocations.length === 0)
        throw new DomainError("validation.required", { field: "allocations" });
      const before = paymentAllocations(state);
      const allocations = checkAllocations(
        state.direction,
        state.contact,
        data.allocations,
        command.context.documents,
        new Set(before.map((a) => a.doc)),
      );
      // Σ allocations ≤ payment, whatever the sequence: only the advance left can be used.
      const remainder = paymentRemainder(state);
      const used = allocatedOf(allocations);
      if (used > remainder || allocatedOf(before) + used < 0)
        throw new DomainError("payment.remainderExceeded", { field: "allocations", remainder, used }, 409);
      return [
        {
          type: "PaymentRemainderAllocated",
          data: {
            date: data.date,
            allocations,
            entryMvt: data.entryMvt,
            line: remainderLineFact(state, data.date, data.entryMvt, used),
          },
        },
      ];
    }
    case "CancelPayment": {
      if (state.status === "none") throw new DomainError("payment.notFound", {}, 404);
      if (state.status === "cancelled") return [];
      if (state.deposit) throw new DomainError("payment.deposited", { number: state.deposit.number }, 409);
      // Its advance used since: every transfer is reversed with it, so none is left without its source.
      const uses = state.remainders ?? [];
      if ((command.data.remainderReversals?.length ?? 0) !== uses.length)
        throw new DomainError("payment.remainderAllocated", {}, 409);
      const last = uses.reduce((d, u) => (u.date > d ? u.date : d), state.date);
      if (!isIsoDate(command.data.on) || command.data.on < last)
        throw new DomainError("payment.cancelBeforeDate", { field: "date", date: last });
      return [{ type: "PaymentCancelled", data: command.data }];
    }
    case "DepositPayment": {
      if (state.status === "none") throw new DomainError("payment.notFound", {}, 404);
      if (state.status === "cancelled")
        throw new DomainError("deposit.paymentCancelled", { field: "payments" }, 409);
      // Money paid out (to a supplier, a customer's refund) is the payee's to cash: never deposited.
      if (moneyWay(state.direction, state.refund) === "out")
        throw new DomainError("deposit.paymentOutgoing", {
          field: "payments",
          contact: state.contact.name,
        });
      if (!state.treasury.account.startsWith("511") && !state.treasury.account.startsWith("53"))
        throw new DomainError("deposit.notWaiting", { field: "payments" }, 409);
      if (state.deposit)
        throw new DomainError(
          "deposit.alreadyDeposited",
          { field: "payments", number: state.deposit.number },
          409,
        );
      if (command.data.on < state.date) throw new DomainError("deposit.beforePayment", { field: "date" });
      return [{ type: "PaymentDeposited", data: command.data }];
    }
    default:
      return command satisfies never;
  }
};

const evolve = (state: PaymentState, event: PaymentEvent): PaymentState => {
  switch (event.type) {
    case "PaymentRecorded":
      return { ...event.data, status: "validated", cancelled: null, deposit: null };
    case "PaymentRemainderAllocated":
      return state.status === "none"
        ? state
        : { ...state, remainders: [...(state.remainders ?? []), event.data] };
    case "PaymentCancelled":
      return state.status === "none" ? state : { ...state, status: "cancelled", cancelled: event.data };
    case "PaymentDeposited":
      return state.status === "none"
        ? state
        : { ...state, deposit: { id: event.data.deposit, number: event.data.number, on: event.data.on } };
    default:
      return event satisfies never;
  }
};

export const paymentDecider: Decider<PaymentCommand, PaymentEvent, PaymentState> = {
  decide,
  evolve,
  initialState: () => ({ status: "none" }),
};

export type PaymentPosting = {
  readonly entry: EntryContent;
  /** Per allocated document, the entry's third-party line that carries its allocation. */
  readonly lines: Readonly<Record<string, LedgerLineFact>>;
};

const line = (
  account: string,
  auxiliary: string | null,
  label: string | null,
  amount: Cents,
  side: "debit" | "credit",
): EntryLine => {
  const debitSide = (side === "debit") === amount > 0;
  const abs = Math.abs(amount);
  return { account, auxiliary, label, debit: debitSide ? abs : 0, credit: debitSide ? 0 : abs };
};

/**
 * The payment's entry, in its mode's journal: the treasury line (512…, or 5112 / 530 until a deposit)
 * for the whole amount; one third-party line (411 + auxiliary, 401 for purchases) per allocation, so
 * each document's lettering set balances on its own; one for the advance left; and, received on
 * invoices with VAT on receipts, the VAT now due moved from 445740 to the rate's collected account.
 */
export const paymentPosting = (payment: RecordedPayment, vat: readonly VatMove[]): PaymentPosting => {
  const sales = payment.direction === "sales";
  const toward: "debit" | "credit" = sales ? "credit" : "debit";
  const other: "debit" | "credit" = sales ? "debit" : "credit";
  const { control, code } = payment.contact.auxiliary;
  const refund = payment.refund === true;
  const numbers = payment.allocations.map((a) => a.number).join(" ");
  const label =
    `${refund ? "Remboursement" : sales ? "Règlement" : "Paiement"} ${payment.contact.name} ${numbers}`
      .trim()
      .slice(0, 200);
  // A refund's money goes the other way: the bank credited for a customer, debited for a supplier.
  const lines: EntryLine[] = [
    line(payment.treasury.account, null, null, refund ? -payment.amount : payment.amount, other),
  ];
  const facts: Record<string, LedgerLineFact> = {};
  for (const a of payment.allocations) {
    const signed = a.kind === "creditNote" ? -a.amount : a.amount;
    const posted = line(control, code, `${payment.contact.name} ${a.number}`.slice(0, 200), signed, toward);
    lines.push(posted);
    facts[a.doc] = {
      ref: lineRef(payment.entryMvt, lines.length),
      account: control,
      auxiliary: code,
      date: payment.date,
      debit: posted.debit,
      credit: posted.credit,
    };
  }
  const advance = payment.amount - allocatedOf(payment.allocations, refund);
  if (advance > 0)
    lines.push(line(control, code, `Acompte ${payment.contact.name}`.slice(0, 200), advance, toward));
  // Per pair of accounts and VAT code: the pending account gives, the due (deductible) one takes, its
  // line tagged with the base paid (what the VAT return reads).
  const byPair = new Map<string, VatMove>();
  for (const m of vat) {
    const key = `${m.from}|${m.to}|${m.rate}|${m.kind}`;
    const seen = byPair.get(key);
    byPair.set(key, seen ? { ...m, amount: seen.amount + m.amount, base: seen.base + m.base } : m);
  }
  for (const m of byPair.values()) {
    if (m.amount === 0) continue;
    // Sales: 445740 debit / 44571x credit; purchases: 445660 debit / 445640 credit.
    const [give, take] = sales ? (["debit", "credit"] as const) : (["credit", "debit"] as const);
    const label = "TVA sur encaissements";
    lines.push(line(m.from, null, label, m.amount, give));
    const due = line(m.to, null, label, m.amount, take);
    lines.push({ ...due, vat: { rate: m.rate, kind: m.kind, regime: "domestic", base: Math.abs(m.base) } });
  }
  return {
    entry: {
      journal: payment.treasury.journal,
      date: payment.date,
      pieceRef: (payment.reference ?? (numbers || "Règlement")).slice(0, 60),
      pieceDate: payment.date,
      label,
      lines,
    },
    lines: facts,
  };
};

/** The VAT on receipts every allocation makes due (each document from what it had paid before). */
export const paymentVatMoves = (
  allocations: readonly Allocation[],
  documents: Readonly<Record<string, DocumentState>>,
  accounts: DocumentPostingAccounts,
): VatMove[] =>
  allocations.flatMap((a) => {
    const doc = documents[a.doc];
    if (!doc || !isPayable(doc)) return [];
    const before = documentPaid(doc);
    const sign = a.kind === "creditNote" ? -1 : 1;
    return vatMadeDue(doc, accounts, before, before + a.amount).map((m) => ({
      ...m,
      amount: sign * m.amount,
    }));
  });
