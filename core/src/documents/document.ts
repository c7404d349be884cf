import type { IsoDate } from "../accounting/dates.ts";
import type { LedgerLineFact } from "../accounting/lettering.ts";
import type { ContactAddress, ContactPaymentTerms } from "../contacts/contact.ts";
import type { DomainEvent } from "../decider.ts";
import { type AttachedFile, type AttachmentEvent, evolveFiles } from "../files/attachments.ts";
import type { Cents } from "../money.ts";
import type { DocumentLine } from "./lines.ts";
import { type DocumentShare, type DocumentShareEvent, evolveShares } from "./shares.ts";
import {
  type DocumentTransmission,
  evolveTransmission,
  noTransmission,
  type TransmissionEvent,
  transmissionEventTypes,
} from "./transmission.ts";

/**
 * A commercial document (stream `doc-<id>`): a quote, an order, a delivery slip, an invoice or a
 * credit note, on the sales or the purchases side. A draft changes freely; out of draft its content
 * never changes again (an invoice is corrected by a credit note, never edited).
 */
export const documentStreamId = (id: string): string => `doc-${id}`;

export const documentKinds = ["quote", "order", "delivery", "invoice", "creditNote"] as const;
export type DocumentKind = (typeof documentKinds)[number];
export const documentDirections = ["sales", "purchases"] as const;
export type DocumentDirection = (typeof documentDirections)[number];

export const documentStatuses = [
  "draft",
  "validated",
  "sent",
  "accepted",
  "refused",
  "cancelled",
  "delivered",
] as const;
export type DocumentStatus = (typeof documentStatuses)[number];

/** The contact as it stood when the document named it: a document never follows later changes. */
export type DocumentContact = {
  readonly id: string;
  readonly kind: "company" | "person";
  readonly name: string;
  readonly siren: string | null;
  readonly vatNumber: string | null;
  readonly billingAddress: Omit<ContactAddress, "id" | "kind"> | null;
  /** Printed when it differs from the billing address (2026 mention). */
  readonly deliveryAddress: Omit<ContactAddress, "id" | "kind"> | null;
  /** The contact's auxiliary account for the document's side: 411000/CALPHA, 401000/FBETA, 404000/… */
  readonly auxiliary: { readonly control: string; readonly code: string } | null;
  readonly paymentTerms: ContactPaymentTerms | null;
  /**
   * A supplier's option for the débits (its VAT on services due at invoicing, so deductible then);
   * absent or false: deductible when paid (445640 until then).
   */
  readonly vatOnDebits?: boolean | undefined;
};

/** The header fields a draft's user edits. Dates are calendar dates. */
export type DocumentHeader = {
  readonly issueDate: IsoDate;
  /** Delivery or service date, when it differs from the issue date (mention 10°). */
  readonly deliveryDate: IsoDate | null;
  /** A quote's end of validity. */
  readonly expiryDate: IsoDate | null;
  /** The due date; null: computed from the payment terms at validation (`dueDate`). */
  readonly dueDate: IsoDate | null;
  /** A delivery or completion deadline promised. */
  readonly deadline: IsoDate | null;
  readonly reference: string | null;
  readonly label: string | null;
  /** The customer's purchase order number (a mandatory mention when the buyer issued one). */
  readonly customerReference: string | null;
  readonly notes: string | null;
  /** Purchases: the supplier's own invoice number and date, the piece the entry references. */
  readonly supplierNumber: string | null;
  readonly supplierDate: IsoDate | null;
};

export const headerFields = [
  "issueDate",
  "deliveryDate",
  "expiryDate",
  "dueDate",
  "deadline",
  "reference",
  "label",
  "customerReference",
  "notes",
  "supplierNumber",
  "supplierDate",
] as const satisfies readonly (keyof DocumentHeader)[];

/** How a document came to be: from another (transformed), copied, crediting an invoice. */
export type DocumentOrigin = {
  readonly relation: "transform" | "duplicate" | "creditNote" | "deposit";
  readonly docId: string;
  readonly kind: DocumentKind;
  readonly number: string | null;
  /** The origin's issue date: a credit note names its invoice by number and date (CGI 289-I-5). */
  readonly issueDate: IsoDate;
};

export type DocumentChild = {
  readonly docId: string;
  readonly kind: DocumentKind;
  readonly relation: DocumentOrigin["relation"];
};

/** One VAT category of a deposit invoice, deducted on the final invoice: net and VAT in cents. */
export type DepositShare = {
  readonly vatRate: string;
  readonly vatExemption: string | null;
  readonly net: Cents;
  readonly vat: Cents;
};
export type DepositDeduction = {
  readonly docId: string;
  readonly number: string;
  readonly issueDate: IsoDate;
  readonly shares: readonly DepositShare[];
};

export type HistoryEntry = { readonly id: string; readonly date: IsoDate; readonly text: string };

/** A document sent by e-mail (the mailer accepted it): to whom, what, with which message id. */
export type DocumentEmail = {
  readonly to: readonly string[];
  readonly cc: readonly string[];
  readonly subject: string;
  /** The Message-ID the mailer gave the message. */
  readonly messageId: string;
  readonly language: "fr" | "en";
  /** The attached files' names, the document's PDF first. */
  readonly attachments: readonly string[];
  /** The template it was written from, null when typed. */
  readonly templateId: string | null;
  /** A reminder of a late invoice: its level (1 friendly … 3 formal notice); null for a plain sending. */
  readonly reminderLevel: number | null;
  readonly sentOn: IsoDate;
};

/** What validation fixes: the number, its series, the due date and the totals as printed. */
export type DocumentValidation = {
  readonly number: string;
  readonly series: string | null;
  readonly sequence: number | null;
  readonly dueDate: IsoDate | null;
  readonly validatedOn: IsoDate;
  /** The entry posted in the same commit (its `mvt`); null for documents that post nothing. */
  readonly entryMvt: string | null;
  /**
   * The VAT rules its entry was posted by: 2 (issue 22) self-assesses purchases from abroad and waits
   * for the payment of services from a supplier without the débits option (445640); absent, validated
   * before: neither, so that its payments and totals follow the entry it posted.
   */
  readonly vatRules?: 2 | undefined;
};

/** The VAT rules of issue 22 apply: a draft (posted by today's rules) or a document validated under them. */
export const underVatRules2 = (doc: { readonly validation: DocumentValidation | null }): boolean =>
  doc.validation === null || doc.validation.vatRules === 2;

export type DocumentEvent =
  | DomainEvent<
      "DocumentCreated",
      {
        readonly id: string;
        readonly kind: DocumentKind;
        readonly direction: DocumentDirection;
        /** Quotes, orders and delivery slips are numbered at creation; invoices at validation. */
        readonly number: string | null;
        readonly series: string | null;
        readonly header: DocumentHeader;
        readonly contact: DocumentContact | null;
        readonly lines: readonly DocumentLine[];
        readonly origin: DocumentOrigin | null;
        /** A deposit invoice (acompte) on this order; null for any other document. */
        readonly depositOn: string | null;
        /**
         * An internal credit note (issue 25): it cancels in the books an invoice the platform rejected
         * (213) or the buyer refused (210); never transmitted, never e-reported. Absent otherwise.
         */
        readonly internal?: true | undefined;
      }
    >
  | DomainEvent<"DocumentContactSet", { readonly contact: DocumentContact }>
  | DomainEvent<"DocumentHeaderChanged", { readonly changes: Partial<DocumentHeader> }>
  | DomainEvent<"DocumentLineAdded", { readonly line: DocumentLine; readonly position: number }>
  | DomainEvent<"DocumentLineChanged", { readonly line: DocumentLine }>
  | DomainEvent<"DocumentLineRemoved", { readonly lineId: string }>
  | DomainEvent<"DocumentLinesReordered", { readonly order: readonly string[] }>
  | DomainEvent<"DocumentDepositDeducted", { readonly deduction: DepositDeduction }>
  | DomainEvent<"DocumentDepositDeductionRemoved", { readonly docId: string }>
  | DomainEvent<"DocumentValidated", DocumentValidation>
  | DomainEvent<
      "DocumentStatusChanged",
      { readonly from: DocumentStatus; readonly to: DocumentStatus; readonly on: IsoDate }
    >
  | DomainEvent<"DocumentChildLinked", DocumentChild>
  | DomainEvent<"DocumentHistoryEntryAdded", HistoryEntry>
  | DomainEvent<"DocumentHistoryEntryChanged", HistoryEntry>
  | DomainEvent<"DocumentHistoryEntryRemoved", { readonly id: string }>
  | DomainEvent<"DocumentEmailed", DocumentEmail>
  | DomainEvent<"DocumentDeleted", { readonly id: string }>
  | AttachmentEvent
  | DocumentShareEvent
  | DomainEvent<"DocumentPaymentAllocated", DocumentPayment>
  | DomainEvent<"DocumentPaymentReleased", { readonly payment: string }>
  | TransmissionEvent;

/**
 * A payment's allocation to a validated invoice or credit note (`core/src/payments/`): the amount it
 * settles (positive: towards the document's total), and the payment entry's third-party lines that
 * carry it, so that the document's lettering set can be made when its allocations reach its total.
 */
export type DocumentPayment = {
  readonly payment: string;
  readonly date: IsoDate;
  readonly amount: Cents;
  readonly lines: readonly LedgerLineFact[];
};

export type DocumentEventType = DocumentEvent["type"];

/** Every document event type, for projectors' `handles` lists. */
export const documentEventTypes: readonly DocumentEventType[] = [
  "DocumentCreated",
  "DocumentContactSet",
  "DocumentHeaderChanged",
  "DocumentLineAdded",
  "DocumentLineChanged",
  "DocumentLineRemoved",
  "DocumentLinesReordered",
  "DocumentDepositDeducted",
  "DocumentDepositDeductionRemoved",
  "DocumentValidated",
  "DocumentStatusChanged",
  "DocumentChildLinked",
  "DocumentHistoryEntryAdded",
  "DocumentHistoryEntryChanged",
  "DocumentHistoryEntryRemoved",
  "DocumentEmailed",
  "DocumentDeleted",
  "DocumentPaymentAllocated",
  "DocumentPaymentReleased",
  ...transmissionEventTypes,
];

export type LiveDocument = {
  readonly status: DocumentStatus;
  readonly id: string;
  readonly kind: DocumentKind;
  readonly direction: DocumentDirection;
  readonly number: string | null;
  readonly series: string | null;
  readonly header: DocumentHeader;
  readonly contact: DocumentContact | null;
  readonly lines: readonly DocumentLine[];
  readonly deposits: readonly DepositDeduction[];
  readonly depositOn: string | null;
  readonly origin: DocumentOrigin | null;
  readonly children: readonly DocumentChild[];
  readonly validation: DocumentValidation | null;
  readonly history: readonly HistoryEntry[];
  /** The reminder levels sent (absent from states recorded before reminders existed: none). */
  readonly reminderLevels?: readonly number[];
  /** The day of the last e-mail (absent: never sent by e-mail). */
  readonly lastEmailedOn?: IsoDate;
  /** Attached files and share links (absent in states stored before they existed: none). */
  readonly files?: readonly AttachedFile[];
  readonly shares?: readonly DocumentShare[];
  /** Payments allocated to a validated invoice or credit note; absent until the first. */
  readonly payments?: readonly DocumentPayment[];
  /** Its transmission through the approved platform (`transmission.ts`); absent until the first fact. */
  readonly transmission?: DocumentTransmission;
  /** An internal credit note: never transmitted, never e-reported (see `DocumentCreated`). */
  readonly internal?: true;
};

export type DocumentState =
  | { readonly status: "none" }
  | { readonly status: "deleted"; readonly id: string }
  | LiveDocument;

export const initialDocumentState = (): DocumentState => ({ status: "none" });

export const isLive = (state: DocumentState): state is LiveDocument => "kind" in state;

const live = (state: DocumentState, change: (doc: LiveDocument) => DocumentState): DocumentState =>
  isLive(state) ? change(state) : state;

export const evolveDocument = (state: DocumentState, event: DocumentEvent): DocumentState => {
  switch (event.type) {
    case "DocumentCreated": {
      const d = event.data;
      return {
        status: "draft",
        id: d.id,
        kind: d.kind,
        direction: d.direction,
        number: d.number,
        series: d.series,
        header: d.header,
        contact: d.contact,
        lines: d.lines,
        deposits: [],
        depositOn: d.depositOn,
        origin: d.origin,
        children: [],
        validation: null,
        history: [],
        ...(d.internal && { internal: true as const }),
      };
    }
    case "DocumentContactSet":
      return live(state, (doc) => ({ ...doc, contact: event.data.contact }));
    case "DocumentHeaderChanged":
      return live(state, (doc) => ({ ...doc, header: { ...doc.header, ...event.data.changes } }));
    case "DocumentLineAdded":
      return live(state, (doc) => {
        const lines = [...doc.lines];
        lines.splice(event.data.position, 0, event.data.line);
        return { ...doc, lines };
      });
    case "DocumentLineChanged":
      return live(state, (doc) => ({
        ...doc,
        lines: doc.lines.map((l) => (l.id === event.data.line.id ? event.data.line : l)),
      }));
    case "DocumentLineRemoved":
      return live(state, (doc) => ({ ...doc, lines: doc.lines.filter((l) => l.id !== event.data.lineId) }));
    case "DocumentLinesReordered":
      return live(state, (doc) => {
        const byId = new Map(doc.lines.map((l) => [l.id, l]));
        return { ...doc, lines: event.data.order.flatMap((id) => byId.get(id) ?? []) };
      });
    case "DocumentDepositDeducted":
      return live(state, (doc) => ({ ...doc, deposits: [...doc.deposits, event.data.deduction] }));
    case "DocumentDepositDeductionRemoved":
      return live(state, (doc) => ({
        ...doc,
        deposits: doc.deposits.filter((d) => d.docId !== event.data.docId),
      }));
    case "DocumentValidated":
      return live(state, (doc) => ({
        ...doc,
        status: "validated",
        number: event.data.number,
        series: event.data.series ?? doc.series,
        header: { ...doc.header, dueDate: event.data.dueDate },
        validation: event.data,
      }));
    case "DocumentStatusChanged":
      return live(state, (doc) => ({ ...doc, status: event.data.to }));
    case "DocumentChildLinked":
      return live(state, (doc) => ({ ...doc, children: [...doc.children, event.data] }));
    case "DocumentHistoryEntryAdded":
      return live(state, (doc) => ({ ...doc, history: [...doc.history, event.data] }));
    case "DocumentHistoryEntryChanged":
      return live(state, (doc) => ({
        ...doc,
        history: doc.history.map((h) => (h.id === event.data.id ? event.data : h)),
      }));
    case "DocumentHistoryEntryRemoved":
      return live(state, (doc) => ({ ...doc, history: doc.history.filter((h) => h.id !== event.data.id) }));
    case "DocumentEmailed":
      return live(state, (doc) => ({
        ...doc,
        lastEmailedOn: event.data.sentOn,
        ...(event.data.reminderLevel !== null && {
          reminderLevels: [...(doc.reminderLevels ?? []), event.data.reminderLevel],
        }),
      }));
    case "DocumentDeleted":
      return { status: "deleted", id: event.data.id };
    case "FileAttached":
    case "FileDetached":
      return live(state, (doc) => ({ ...doc, files: evolveFiles(doc.files ?? [], event) }));
    case "DocumentShared":
    case "DocumentShareRevoked":
      return live(state, (doc) => ({ ...doc, shares: evolveShares(doc.shares ?? [], event) }));
    case "DocumentPaymentAllocated":
      return live(state, (doc) => ({ ...doc, payments: [...(doc.payments ?? []), event.data] }));
    case "DocumentPaymentReleased":
      return live(state, (doc) => ({
        ...doc,
        payments: (doc.payments ?? []).filter((p) => p.payment !== event.data.payment),
      }));
    case "DocumentTransmissionSubmitted":
    case "DocumentTransmissionAcknowledged":
    case "DocumentLifecycleStatusReceived":
    case "DocumentTransmissionNotSent":
    case "DocumentTransmissionRefused":
    case "DocumentCollectedStatusSent":
    case "DocumentTransmissionFlowReplaced":
      return live(state, (doc) => ({
        ...doc,
        transmission: evolveTransmission(doc.transmission ?? noTransmission, event),
      }));
    default:
      return event satisfies never;
  }
};
