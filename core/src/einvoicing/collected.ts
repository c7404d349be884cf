import {
  type DocumentEvent,
  type DocumentPayment,
  type DocumentState,
  evolveDocument,
  initialDocumentState,
  isLive,
  type LiveDocument,
} from "../documents/document.ts";
import type { DocumentPostingAccounts } from "../documents/posting.ts";
import type { CollectedStatus } from "../documents/transmission.ts";
import type { Cents } from "../money.ts";
import { imputedFromDocument } from "../payments/imputation.ts";
import { paymentVatMoves } from "../payments/payment.ts";
import type { CdarMessage, CdarParty } from "./cdar-write.ts";

/**
 * The « Encaissée » status (212, e-invoicing-platforms.md §3): when an invoice of services whose VAT is
 * due on receipts (CGI 269-2-c: no débits option) is paid, its seller tells the platform — which tells
 * the PPF — the amount received per VAT rate. The split is the payment's own: the VAT moves it posts
 * from 445740 (`paymentVatMoves`, the allocation decided on the invoice as it stood before it), each
 * rate's base and VAT together, the amount received incl. tax. Goods, and services under the débits
 * option, move nothing from 445740: no 212. Pure: the shell folds the stream, builds the message
 * (`collectedCdar`) and sends it.
 */

/** What one payment's 212 reports, before it is sent. */
export type CollectedReport = Omit<CollectedStatus, "flowId" | "trackingId" | "at">;

/** A VAT code's rate as the message states it: "20" → "20.00", "5.5" → "5.50". */
const ratePercent = (rate: string): string => {
  const [units = "0", decimals = ""] = rate.split(".");
  return `${units}.${decimals.padEnd(2, "0").slice(0, 2)}`;
};

/** The 212 of one allocation: its services' VAT moves per rate, base and VAT; null when none moves. */
export const collectedReport = (
  before: LiveDocument,
  allocation: DocumentPayment,
  accounts: DocumentPostingAccounts,
): CollectedReport | null => {
  const moves = paymentVatMoves(
    [{ doc: before.id, number: before.number ?? "", kind: "invoice", amount: allocation.amount }],
    { [before.id]: before },
    accounts,
  ).filter((m) => m.kind === "services");
  const byRate = new Map<string, Cents>();
  for (const m of moves) {
    const rate = ratePercent(m.rate);
    byRate.set(rate, (byRate.get(rate) ?? 0) + m.base + m.amount);
  }
  const amounts = [...byRate]
    .filter(([, cents]) => cents !== 0)
    .map(([rate, cents]) => ({ ratePercent: rate, cents }))
    .sort((a, b) => Number.parseFloat(b.ratePercent) - Number.parseFloat(a.ratePercent));
  if (amounts.length === 0) return null;
  return {
    payment: allocation.payment,
    date: allocation.date,
    amounts,
    total: amounts.reduce((s, a) => s + a.cents, 0),
  };
};

/**
 * Whether the document is an invoice whose payments the organisation reports: sent through the platform
 * and accepted by it (its acknowledgement Ok) — a platform refuses a status about an invoice it has not
 * accepted (InvoiceLCRuleError).
 */
const reported = (doc: LiveDocument): boolean =>
  doc.kind === "invoice" &&
  doc.direction === "sales" &&
  !doc.internal &&
  doc.validation !== null &&
  (doc.transmission?.submission ?? null) !== null &&
  doc.transmission?.acknowledgement?.status === "Ok";

/**
 * The 212s a document's stream owes: each payment allocated to the invoice (and not released since)
 * that moved VAT on services from 445740, not reported yet, once the platform accepted the invoice (a
 * payment allocated before that is reported then). `document` is the stream as it now stands.
 */
export const collectedStatusesDue = (
  events: readonly DocumentEvent[],
  accounts: DocumentPostingAccounts,
): { readonly document: DocumentState; readonly due: readonly CollectedReport[] } => {
  let state: DocumentState = initialDocumentState();
  const reports: CollectedReport[] = [];
  for (const event of events) {
    // A credit note imputed on the invoice (an internal one, cancelling it) is no money received.
    if (
      event.type === "DocumentPaymentAllocated" &&
      isLive(state) &&
      !imputedFromDocument(state, event.data.payment)
    ) {
      const report = collectedReport(state, event.data, accounts);
      if (report) reports.push(report);
    }
    state = evolveDocument(state, event);
  }
  if (!isLive(state) || !reported(state)) return { document: state, due: [] };
  const doc = state;
  const allocated = new Set((doc.payments ?? []).map((p) => p.payment));
  const sent = new Set((doc.transmission?.collected ?? []).map((c) => c.payment));
  return {
    document: doc,
    due: reports.filter((r) => allocated.has(r.payment) && !sent.has(r.payment)),
  };
};

/**
 * The lifecycle message of a 212: from the seller to the buyer (and the PPF), about the invoice as it
 * was deposited (its 200's date, else its submission's), with the amounts per rate.
 */
export const collectedCdar = (
  doc: LiveDocument,
  report: CollectedReport,
  seller: CdarParty,
  issuedAt: string,
): CdarMessage => {
  const t = doc.transmission;
  const deposited = t?.statuses.find((s) => s.code === 200)?.date ?? t?.submission?.at ?? issuedAt;
  return {
    status: 212,
    issuedAt,
    invoice: {
      number: doc.validation?.number ?? doc.number ?? "",
      issueDate: doc.header.issueDate,
      typeCode: doc.depositOn !== null ? "386" : "380",
      receivedAt: deposited,
    },
    seller,
    buyer: { siren: (doc.contact?.siren ?? "").replace(/\s+/g, ""), name: doc.contact?.name ?? "" },
    from: "seller",
    amounts: report.amounts.map((a) => ({ cents: a.cents, ratePercent: a.ratePercent })),
  };
};
