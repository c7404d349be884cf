import type { LedgerLineFact } from "../accounting/lettering.ts";
import { type Decider, DomainError } from "../decider.ts";
import {
  type DocumentEvent,
  type DocumentPayment,
  type DocumentState,
  evolveDocument,
  initialDocumentState,
  isLive,
  type LiveDocument,
} from "../documents/document.ts";
import { codeRate, type DocumentPostingAccounts, documentVatParts } from "../documents/posting.ts";
import { documentTotalsOf } from "../documents/self-assessment.ts";
import type { Cents } from "../money.ts";
import type { VatCodeRate, VatKind } from "../vat/code.ts";

/**
 * A payment seen from the invoices and credit notes it settles: what each has been paid, what is
 * left, its payment status, the VAT on receipts each payment makes due, and when its lettering set
 * is complete. The document's stream records each allocation (`DocumentPaymentAllocated`), so two
 * payments of one invoice conflict on its stream rather than pay it twice.
 */

/** What the allocations paid towards the document (its own sign: a credit note's refunds are positive). */
export const documentPaid = (doc: LiveDocument): Cents =>
  (doc.payments ?? []).reduce((s, p) => s + p.amount, 0);

/** What the document's third party owes (or is owed): incl. tax, less deposits, less payments. */
export const documentSettled = (doc: LiveDocument): Cents => {
  const t = documentTotalsOf(doc);
  return t.totalInclTax - t.deposits;
};

export const documentDue = (doc: LiveDocument): Cents => documentSettled(doc) - documentPaid(doc);

export type PaymentStatus = "unpaid" | "partial" | "paid";

/** Unpaid, partially paid (the amount due shown beside), paid: for validated invoices and credit notes. */
export const paymentStatus = (doc: LiveDocument): PaymentStatus => {
  const paid = documentPaid(doc);
  if (paid > 0 && documentDue(doc) <= 0) return "paid";
  return paid > 0 ? "partial" : "unpaid";
};

/** Payable: a validated (or sent) invoice or credit note. */
export const isPayable = (doc: DocumentState): doc is LiveDocument =>
  isLive(doc) && (doc.kind === "invoice" || doc.kind === "creditNote") && doc.validation !== null;

/** Half up, exact in integers: round(a × b / c) for c > 0. */
const mulDiv = (a: Cents, b: Cents, c: Cents): Cents => {
  const num = BigInt(a) * BigInt(b);
  const den = BigInt(c);
  const q = num / den;
  const r = num % den;
  return Number(2n * (r < 0n ? -r : r) >= den ? q + (num < 0n ? -1n : 1n) : q);
};

/** VAT moved from the pending account to the due (or deductible) one by a payment, with its base and code. */
export type VatMove = {
  readonly from: string;
  readonly to: string;
  readonly amount: Cents;
  /** The base of the VAT moved (the part's base in the same proportion), in the amount's sign. */
  readonly base: Cents;
  readonly rate: VatCodeRate;
  readonly kind: VatKind;
};

/**
 * VAT on receipts (CGI 269-2-c): the part of the document's pending VAT that a payment moving its paid
 * amount from `before` to `after` makes due, per rate — on sales from 445740 to that rate's collected
 * account; on purchases of services from a supplier without the débits option, from 445640 to 445660
 * (deductible when paid, CGI 271-I-2). The VAT due after a payment is the pending VAT in proportion of
 * what is paid, rounded once: payments add up to the whole VAT to the cent when the document is paid;
 * the base moves the same way. Amounts in the document's own sign; the posting orients them.
 */
export const vatMadeDue = (
  doc: LiveDocument,
  accounts: DocumentPostingAccounts,
  before: Cents,
  after: Cents,
): VatMove[] => {
  const total = documentSettled(doc);
  if (total <= 0) return [];
  const share = (amount: Cents, paid: Cents) => mulDiv(amount, Math.min(Math.max(paid, 0), total), total);
  const moves: VatMove[] = [];
  for (const part of documentVatParts(doc, accounts)) {
    if (part.exigibility !== "payment" || part.vat === 0) continue;
    const rate = codeRate(part.vatRate);
    const to =
      doc.direction === "purchases"
        ? accounts.vatDeductible
        : rate === "0"
          ? accounts.vatCollected["20"]
          : accounts.vatCollected[rate];
    const amount = share(part.vat, after) - share(part.vat, before);
    const base = share(part.base, after) - share(part.base, before);
    if (amount !== 0) moves.push({ from: part.account, to, amount, base, rate, kind: part.kind });
  }
  return moves;
};

export type DocumentPaymentCommand =
  | {
      type: "AllocatePayment";
      data: DocumentPayment;
    }
  | { type: "ReleasePayment"; data: { payment: string } };

/**
 * The payment side of a document's stream: an allocation is refused on a document not payable or
 * beyond what it has left to pay; a payment allocates once; releasing one that did not allocate
 * writes nothing.
 */
export const documentPaymentDecider: Decider<DocumentPaymentCommand, DocumentEvent, DocumentState> = {
  decide: (command, state) => {
    switch (command.type) {
      case "AllocatePayment": {
        if (!isPayable(state))
          throw new DomainError("payment.documentNotPayable", { field: "allocations" }, 409);
        const { amount, payment } = command.data;
        if ((state.payments ?? []).some((p) => p.payment === payment))
          throw new DomainError("payment.documentTwice", {
            field: "allocations",
            number: state.number ?? "",
          });
        const due = documentDue(state);
        if (amount <= 0 || amount > due)
          throw new DomainError("payment.allocationExceedsDue", {
            field: "allocations",
            number: state.number ?? "",
            due,
          });
        return [{ type: "DocumentPaymentAllocated", data: command.data }];
      }
      case "ReleasePayment":
        return isLive(state) && (state.payments ?? []).some((p) => p.payment === command.data.payment)
          ? [{ type: "DocumentPaymentReleased", data: { payment: command.data.payment } }]
          : [];
      default:
        return command satisfies never;
    }
  },
  evolve: evolveDocument,
  initialState: initialDocumentState,
};

/**
 * The document's lettering set once its allocations equal what it owes: its own third-party line(s)
 * (from its entry) and every allocated payment line; null while something is due.
 */
export const letteringSetOf = (
  doc: LiveDocument,
  ownLines: readonly LedgerLineFact[],
): LedgerLineFact[] | null => {
  if (documentDue(doc) !== 0 || documentPaid(doc) === 0) return null;
  return [...ownLines, ...(doc.payments ?? []).flatMap((p) => p.lines)];
};
