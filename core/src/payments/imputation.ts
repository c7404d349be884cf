import type { ChartState } from "../accounting/chart.ts";
import type { IsoDate } from "../accounting/dates.ts";
import type { LedgerLineFact } from "../accounting/lettering.ts";
import { evolveDocument, isLive, type LiveDocument } from "../documents/document.ts";
import { type DocumentPaymentCommand, documentDue, letteringSetOf } from "./allocation.ts";
import { type LetteringDecision, letterSets } from "./payment-lettering.ts";

/**
 * A credit note imputed on the invoice it credits without money moving (the internal credit note of a
 * rejected or refused invoice, `documents/internal-credit-note.ts`): each document records the other as
 * its settlement — the same `DocumentPaymentAllocated` a payment records, named by the other document's
 * id, carried by the other document's own third-party lines —, for what both still have due; and, as a
 * payment's commit does, the lettering set of each document its allocation settles (its own lines with
 * the other's, when they balance), once. No entry: the credit note's posting already reversed the invoice's.
 */
export type Imputed = {
  readonly doc: LiveDocument;
  /** Its own third-party lines (its validation entry's, `documentOwnLines`). */
  readonly ownLines: readonly LedgerLineFact[];
};

type Allocate = Extract<DocumentPaymentCommand, { type: "AllocatePayment" }>;

export type ImputationPlan = {
  readonly invoice: Allocate[];
  readonly creditNote: Allocate[];
  readonly lettering: LetteringDecision[];
};

/** Whether a document's allocation came from a document it is linked with (an imputation), not a payment. */
export const imputedFromDocument = (doc: LiveDocument, payment: string): boolean =>
  doc.origin?.docId === payment || doc.children.some((c) => c.docId === payment);

export const creditNoteImputation = (
  invoice: Imputed,
  creditNote: Imputed,
  date: IsoDate,
  chart: Pick<ChartState, "accounts">,
): ImputationPlan => {
  const amount = Math.min(documentDue(invoice.doc), documentDue(creditNote.doc));
  if (amount <= 0) return { invoice: [], creditNote: [], lettering: [] };
  const allocation = (other: Imputed): Allocate => ({
    type: "AllocatePayment",
    data: { payment: other.doc.id, date, amount, lines: [...other.ownLines] },
  });
  const toInvoice = allocation(creditNote);
  const toCreditNote = allocation(invoice);
  // Each document's set once its allocation settles it; both name the same lines when both are settled.
  const sets = new Map<string, LedgerLineFact[]>();
  for (const [side, command] of [
    [invoice, toInvoice],
    [creditNote, toCreditNote],
  ] as const) {
    const after = evolveDocument(side.doc, { type: "DocumentPaymentAllocated", data: command.data });
    const set = isLive(after) ? letteringSetOf(after, side.ownLines) : null;
    if (!set || set.length < 2 || set.reduce((s, l) => s + l.debit - l.credit, 0) !== 0) continue;
    const unique = [...new Map(set.map((l) => [l.ref, l])).values()];
    sets.set(
      unique
        .map((l) => l.ref)
        .sort()
        .join(" "),
      unique,
    );
  }
  return {
    invoice: [toInvoice],
    creditNote: [toCreditNote],
    lettering: letterSets([...sets.values()], chart),
  };
};
