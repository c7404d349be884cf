import type { LiveDocument } from "../documents/document.ts";
import { allocate, type Cents } from "../money.ts";
import { documentDue, documentPaid, type PaymentStatus, paymentStatus } from "./allocation.ts";
import { imputedFromDocument } from "./imputation.ts";
import type { Allocation, PaymentState } from "./payment.ts";

/**
 * What settled a validated invoice or credit note, told apart by how (issue 23, the shared document):
 * money — what the customer paid towards an invoice, what was refunded for a credit note — or netting,
 * a credit note deducted from an invoice (and so an invoice from a credit note) within one payment.
 * `paid + credited` is what the document's allocations add up to (`documentPaid`), `due` and `status`
 * are the document's own (`documentDue`, `paymentStatus`): only the split is new here.
 */
export type DocumentSettlement = {
  /** Money: paid by the customer (an invoice), refunded to it (a credit note). */
  readonly paid: Cents;
  /** Netted against documents of the other kind: the credit notes deducted from an invoice. */
  readonly credited: Cents;
  readonly due: Cents;
  readonly status: PaymentStatus;
};

const total = (allocations: readonly Allocation[]): Cents => allocations.reduce((s, a) => s + a.amount, 0);

/**
 * The part of `doc`'s allocation netted in one settlement (a payment's recording, or one later use of
 * its advance): its invoices and credit notes net to the money that moved, so the smaller side is
 * wholly netted and the larger side nets that much, shared between its documents in proportion of
 * their allocations without losing a cent (`allocate`).
 */
const nettedIn = (doc: LiveDocument, allocations: readonly Allocation[]): Cents => {
  const same = allocations.filter((a) => a.kind === doc.kind);
  const other = total(allocations) - total(same);
  const index = same.findIndex((a) => a.doc === doc.id);
  const own = same[index]?.amount ?? 0;
  if (index < 0 || other === 0) return 0;
  if (total(same) <= other) return own;
  return allocate(
    other,
    same.map((a) => a.amount),
  )[index] as Cents;
};

/**
 * A document's settlement from the payments that allocated it (`payments` by id; a payment the
 * document names but that is not given counts as money; a document it is linked with imputed on it,
 * `imputedFromDocument`, is netting). Each payment allocates a document once, in
 * its recording or in one use of its advance: that settlement decides the split.
 */
export const documentSettlement = (
  doc: LiveDocument,
  payments: Readonly<Record<string, PaymentState>>,
): DocumentSettlement => {
  let credited = 0;
  for (const allocation of doc.payments ?? []) {
    // A credit note imputed on its invoice (or the invoice it is imputed on): netting, no money.
    if (imputedFromDocument(doc, allocation.payment)) {
      credited += allocation.amount;
      continue;
    }
    const payment = payments[allocation.payment];
    if (!payment || payment.status === "none") continue;
    const settlement = [payment.allocations, ...(payment.remainders ?? []).map((r) => r.allocations)].find(
      (allocations) => allocations.some((a) => a.doc === doc.id),
    );
    if (settlement) credited += Math.min(nettedIn(doc, settlement), allocation.amount);
  }
  return {
    paid: documentPaid(doc) - credited,
    credited,
    due: documentDue(doc),
    status: paymentStatus(doc),
  };
};
