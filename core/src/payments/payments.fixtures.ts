import type { DocumentEvent, DocumentPayment, DocumentState } from "../documents/document.ts";
import { evolveDocument, initialDocumentState } from "../documents/document.ts";
import { alpha, created, priced, validated } from "../documents/documents.fixtures.ts";
import { deciderSpecification } from "../testing/decider-specification.ts";
import { bankingDecider, bankingView, modeTreasury } from "./banking.ts";
import { moneyWay } from "./money-way.ts";
import { type PaymentCommand, type PaymentInput, paymentDecider } from "./payment.ts";

export const paymentSpec = deciderSpecification(paymentDecider);

export const banking = bankingView(bankingDecider.initialState());

/** A validated sales invoice of 2,400.00 € incl. tax (2,000 + 20 % VAT), goods or services. */
export const invoiceEvents = (
  id = "d-1",
  number = "FA2025-00001",
  nature: "goods" | "services" = "goods",
  kind: "invoice" | "creditNote" = "invoice",
): DocumentEvent[] => [
  created({ id, kind, lines: [priced({ nature })] }),
  {
    ...validated(number),
    data: { ...(validated(number).data as object), entryMvt: `m-${id}` },
  } as DocumentEvent,
];

export const docState = (...events: DocumentEvent[]): DocumentState =>
  events.reduce(evolveDocument, initialDocumentState());

export const paidBy = (
  payment: string,
  amount: number,
  lines: DocumentPayment["lines"] = [],
): DocumentEvent => ({
  type: "DocumentPaymentAllocated",
  data: { payment, date: "2025-02-01", amount, lines },
});

export const contact = { id: alpha.id, name: alpha.name, auxiliary: { control: "411000", code: "CALPHA" } };

export const record = (
  data: Partial<PaymentInput> = {},
  documents: Record<string, DocumentState> = { "d-1": docState(...invoiceEvents()) },
  modeId = "transfer",
): PaymentCommand => ({
  type: "RecordPayment",
  data: {
    id: "p-1",
    direction: "sales",
    date: "2025-02-01",
    amount: 240000,
    allocations: [{ doc: "d-1", amount: 240000 }],
    entryMvt: "e-1",
    ...data,
  },
  context: {
    mode: {
      id: modeId,
      kind: banking.modes[modeId]?.kind ?? "other",
      label: banking.modes[modeId]?.label ?? "",
    },
    treasury: modeTreasury(banking, modeId, moneyWay(data.direction ?? "sales", data.refund)),
    contact,
    documents,
  },
});
