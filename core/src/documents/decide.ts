import type { IsoDate } from "../accounting/dates.ts";
import { isIsoDate } from "../accounting/dates.ts";
import { requiredText } from "../accounting/text.ts";
import { type Decider, DomainError } from "../decider.ts";
import { type AttachmentCommand, decideAttachment } from "../files/attachments.ts";
import { checkDepositsWithin } from "./deposits.ts";
import {
  type DepositDeduction,
  type DocumentChild,
  type DocumentContact,
  type DocumentDirection,
  type DocumentEmail,
  type DocumentEvent,
  type DocumentKind,
  type DocumentOrigin,
  type DocumentState,
  type DocumentStatus,
  documentDirections,
  documentKinds,
  evolveDocument,
  initialDocumentState,
  isLive,
  type LiveDocument,
} from "./document.ts";
import { checkDueDate, dueDate } from "./due.ts";
import { type HeaderInput, normaliseHeader, normaliseHeaderChanges } from "./header.ts";
import { canTransition, checkDraft, checkTransition, numberedAt } from "./lifecycle.ts";
import { checkLineOrder, isPriced, type LineInput, normaliseLine } from "./lines.ts";
import { documentProblems, type SellerIdentity } from "./mentions.ts";
import { type DocumentSeries, formatDocumentNumber, seriesFor } from "./numbering.ts";
import { sameLine, withSaleRegime, withSaleRegimes } from "./sale-regime.ts";
import { documentTotalsOf } from "./self-assessment.ts";
import { type DocumentShareCommand, decideShare } from "./shares.ts";
import { decideTransmission, type TransmissionCommand } from "./transmission.ts";

/**
 * The document decider. Facts it cannot read in its own stream come in the command: the numbering
 * (a series and the value its gapless counter handed out, under the organisation's lock), the
 * contact's snapshot, a deposit invoice's state, the seller's identity.
 */

/** The series and the counter value a number is made of; the shell takes the counter in the same commit. */
export type Numbering = { readonly series: DocumentSeries; readonly sequence: number };

export type CreateDocument = {
  readonly type: "CreateDocument";
  readonly data: {
    readonly id: string;
    readonly kind: DocumentKind;
    readonly direction: DocumentDirection;
    readonly header: HeaderInput;
    readonly contact?: DocumentContact | null | undefined;
    readonly lines?: readonly LineInput[] | undefined;
    readonly origin?: DocumentOrigin | null | undefined;
    readonly depositOn?: string | null | undefined;
    /** Required for the kinds numbered at creation (`numberedAt`), refused for the others. */
    readonly numbering?: Numbering | null | undefined;
    /** An internal credit note (`planInternalCreditNote`): a sales credit note of an invoice only. */
    readonly internal?: boolean | undefined;
  };
};

export type ValidateDocument = {
  readonly type: "ValidateDocument";
  readonly data: {
    readonly validatedOn: IsoDate;
    /** The entry's id, posted in the same commit; null when the shell posts nothing. */
    readonly entryMvt: string | null;
    /** Sales: the series and its counter value; purchases: none (the supplier's number is kept). */
    readonly numbering: Numbering | null;
  };
  readonly context: {
    readonly seller: SellerIdentity;
    /** The issue date of the series' last validated document: numbers follow dates. */
    readonly lastIssueDate: IsoDate | null;
  };
};

export type DocumentCommand =
  | CreateDocument
  | { readonly type: "SetDocumentContact"; readonly data: { readonly contact: DocumentContact } }
  | { readonly type: "ChangeDocumentHeader"; readonly data: HeaderInput }
  | {
      readonly type: "AddDocumentLine";
      readonly data: { readonly line: LineInput; readonly position?: number | undefined };
    }
  | { readonly type: "ChangeDocumentLine"; readonly data: { readonly line: LineInput } }
  | { readonly type: "RemoveDocumentLine"; readonly data: { readonly lineId: string } }
  | { readonly type: "ReorderDocumentLines"; readonly data: { readonly order: readonly string[] } }
  | { readonly type: "DeductDeposit"; readonly data: { readonly deduction: DepositDeduction } }
  | { readonly type: "RemoveDepositDeduction"; readonly data: { readonly docId: string } }
  | ValidateDocument
  | {
      readonly type: "ChangeDocumentStatus";
      readonly data: { readonly status: DocumentStatus; readonly on: IsoDate };
    }
  /** On the origin, in the commit that creates the child (transform, credit note, deposit, duplicate). */
  | { readonly type: "LinkChildDocument"; readonly data: DocumentChild & { readonly on: IsoDate } }
  | {
      readonly type: "AddDocumentHistoryEntry";
      readonly data: { readonly id: string; readonly date: IsoDate; readonly text: string };
    }
  | {
      readonly type: "ChangeDocumentHistoryEntry";
      readonly data: { readonly id: string; readonly date: IsoDate; readonly text: string };
    }
  | { readonly type: "RemoveDocumentHistoryEntry"; readonly data: { readonly id: string } }
  /** After the mailer accepted the message: the sending on the document's history. */
  | { readonly type: "RecordDocumentEmail"; readonly data: DocumentEmail }
  | { readonly type: "DeleteDocument"; readonly data: Record<string, never> }
  | AttachmentCommand
  | DocumentShareCommand
  | TransmissionCommand;

export type DocumentCommandType = DocumentCommand["type"];

const existing = (state: DocumentState): LiveDocument => {
  if (!isLive(state)) throw new DomainError("doc.notFound", {}, 404);
  return state;
};

const draft = (state: DocumentState): LiveDocument => {
  const doc = existing(state);
  checkDraft(doc);
  return doc;
};

const oneOf = <T extends string>(values: readonly T[], value: string, field: string): T => {
  if (!(values as readonly string[]).includes(value))
    throw new DomainError("validation.notAllowed", { field, value });
  return value as T;
};

const create = (command: CreateDocument, state: DocumentState): DocumentEvent[] => {
  if (state.status !== "none") throw new DomainError("doc.exists", {}, 409);
  const d = command.data;
  const kind = oneOf(documentKinds, d.kind, "kind");
  const direction = oneOf(documentDirections, d.direction, "direction");
  const header = normaliseHeader(d.header);
  const lines = withSaleRegimes(
    { direction, contact: d.contact ?? null },
    (d.lines ?? []).map(normaliseLine),
  );
  const ids = new Set(lines.map((l) => l.id));
  if (ids.size !== lines.length) throw new DomainError("doc.duplicateLineId", { field: "lines" }, 409);
  const atCreation = numberedAt(kind, direction) === "creation";
  if (atCreation && !d.numbering)
    throw new DomainError("doc.numberingRequired", { field: "numbering", kind });
  if (!atCreation && d.numbering)
    throw new DomainError("doc.numberedAtValidation", { field: "numbering", kind });
  const series = d.numbering ? seriesFor([d.numbering.series], kind, direction, d.numbering.series.id) : null;
  const depositOn = d.depositOn ?? null;
  if (depositOn !== null && kind !== "invoice")
    throw new DomainError("validation.notAllowed", { field: "depositOn", value: kind });
  const internal = d.internal === true;
  if (internal && (kind !== "creditNote" || direction !== "sales" || d.origin?.relation !== "creditNote"))
    throw new DomainError("validation.notAllowed", { field: "internal", value: kind });
  return [
    {
      type: "DocumentCreated",
      data: {
        id: requiredText(d.id, "id", 100),
        kind,
        direction,
        number:
          series && d.numbering
            ? formatDocumentNumber(series.format, header.issueDate, d.numbering.sequence)
            : null,
        series: series?.id ?? null,
        header,
        contact: d.contact ?? null,
        lines,
        origin: d.origin ?? null,
        depositOn,
        ...(internal && { internal: true as const }),
      },
    },
  ];
};

const decide = (command: DocumentCommand, state: DocumentState): DocumentEvent[] => {
  switch (command.type) {
    case "CreateDocument":
      return create(command, state);
    case "SetDocumentContact": {
      const doc = draft(state);
      const { contact } = command.data;
      const events: DocumentEvent[] =
        JSON.stringify(doc.contact) === JSON.stringify(contact)
          ? []
          : [{ type: "DocumentContactSet", data: { contact } }];
      // Each line takes the regime the customer decides (set again, it corrects an outdated line).
      for (const line of doc.lines) {
        if (!isPriced(line)) continue;
        const decided = withSaleRegime({ direction: doc.direction, contact }, line, line);
        if (!sameLine(decided, line)) events.push({ type: "DocumentLineChanged", data: { line: decided } });
      }
      return events;
    }
    case "ChangeDocumentHeader": {
      const doc = draft(state);
      const cleaned = normaliseHeaderChanges(command.data);
      const changes = Object.fromEntries(
        Object.entries(cleaned).filter(
          ([key, value]) => doc.header[key as keyof typeof doc.header] !== value,
        ),
      );
      return Object.keys(changes).length === 0 ? [] : [{ type: "DocumentHeaderChanged", data: { changes } }];
    }
    case "AddDocumentLine": {
      const doc = draft(state);
      const line = withSaleRegime(doc, normaliseLine(command.data.line));
      if (doc.lines.some((l) => l.id === line.id))
        throw new DomainError("doc.duplicateLineId", { field: "id", id: line.id }, 409);
      const position = command.data.position ?? doc.lines.length;
      if (!Number.isInteger(position) || position < 0 || position > doc.lines.length)
        throw new DomainError("validation.notAllowed", { field: "position", value: String(position) });
      return [{ type: "DocumentLineAdded", data: { line, position } }];
    }
    case "ChangeDocumentLine": {
      const doc = draft(state);
      const given = normaliseLine(command.data.line);
      const current = doc.lines.find((l) => l.id === given.id);
      if (!current) throw new DomainError("doc.lineNotFound", { id: given.id }, 404);
      const line = withSaleRegime(doc, given, current);
      return JSON.stringify(current) === JSON.stringify(line)
        ? []
        : [{ type: "DocumentLineChanged", data: { line } }];
    }
    case "RemoveDocumentLine": {
      const doc = draft(state);
      if (!doc.lines.some((l) => l.id === command.data.lineId))
        throw new DomainError("doc.lineNotFound", { id: command.data.lineId }, 404);
      return [{ type: "DocumentLineRemoved", data: { lineId: command.data.lineId } }];
    }
    case "ReorderDocumentLines": {
      const doc = draft(state);
      const order = checkLineOrder(doc.lines, command.data.order);
      return order.every((id, i) => doc.lines[i]?.id === id)
        ? []
        : [{ type: "DocumentLinesReordered", data: { order } }];
    }
    case "DeductDeposit": {
      const doc = draft(state);
      const { deduction } = command.data;
      if (doc.kind !== "invoice" || doc.depositOn !== null)
        throw new DomainError("doc.depositNotDeductible", { kind: doc.kind }, 409);
      if (doc.deposits.some((d) => d.docId === deduction.docId))
        throw new DomainError("doc.depositAlreadyDeducted", { number: deduction.number }, 409);
      return [{ type: "DocumentDepositDeducted", data: { deduction } }];
    }
    case "RemoveDepositDeduction": {
      const doc = draft(state);
      if (!doc.deposits.some((d) => d.docId === command.data.docId))
        throw new DomainError("doc.depositNotFound", { id: command.data.docId }, 404);
      return [{ type: "DocumentDepositDeductionRemoved", data: { docId: command.data.docId } }];
    }
    case "ValidateDocument":
      return validateDocument(command, state);
    case "ChangeDocumentStatus": {
      const doc = existing(state);
      const { status, on } = command.data;
      if (!isIsoDate(on)) throw new DomainError("validation.invalidDate", { field: "on", value: on });
      if (status === doc.status) return [];
      checkTransition(doc, status);
      return [{ type: "DocumentStatusChanged", data: { from: doc.status, to: status, on } }];
    }
    case "LinkChildDocument": {
      const doc = existing(state);
      const { on, ...child } = command.data;
      if (doc.children.some((c) => c.docId === child.docId)) return [];
      const events: DocumentEvent[] = [{ type: "DocumentChildLinked", data: child }];
      // A quote turned into an order or an invoice was accepted.
      if (
        doc.kind === "quote" &&
        child.relation === "transform" &&
        (doc.status === "draft" || doc.status === "sent")
      )
        events.push({ type: "DocumentStatusChanged", data: { from: doc.status, to: "accepted", on } });
      return events;
    }
    case "AddDocumentHistoryEntry":
    case "ChangeDocumentHistoryEntry": {
      const doc = existing(state);
      const { id, date } = command.data;
      if (!isIsoDate(date)) throw new DomainError("validation.invalidDate", { field: "date", value: date });
      const entry = {
        id: requiredText(id, "id", 100),
        date,
        text: requiredText(command.data.text, "text", 2000),
      };
      const current = doc.history.find((h) => h.id === id);
      if (command.type === "AddDocumentHistoryEntry") {
        if (current) throw new DomainError("doc.historyEntryExists", { id }, 409);
        return [{ type: "DocumentHistoryEntryAdded", data: entry }];
      }
      if (!current) throw new DomainError("doc.historyEntryNotFound", { id }, 404);
      return JSON.stringify(current) === JSON.stringify(entry)
        ? []
        : [{ type: "DocumentHistoryEntryChanged", data: entry }];
    }
    case "RemoveDocumentHistoryEntry": {
      const doc = existing(state);
      if (!doc.history.some((h) => h.id === command.data.id))
        throw new DomainError("doc.historyEntryNotFound", { id: command.data.id }, 404);
      return [{ type: "DocumentHistoryEntryRemoved", data: { id: command.data.id } }];
    }
    case "RecordDocumentEmail":
      return recordEmail(command.data, state);
    case "DeleteDocument": {
      const doc = draft(state);
      if (doc.children.length > 0)
        throw new DomainError("doc.hasChildren", { count: doc.children.length }, 409);
      return [{ type: "DocumentDeleted", data: { id: doc.id } }];
    }
    case "AttachFile":
    case "DetachFile":
      return decideAttachment(command, existing(state).files ?? []);
    case "ShareDocument":
    case "RevokeDocumentShare":
      return decideShare(command, existing(state).shares ?? []);
    case "RecordTransmissionSubmitted":
    case "RecordTransmissionAcknowledgement":
    case "RecordLifecycleStatus":
    case "RecordTransmissionNotSent":
    case "RecordTransmissionRefused":
    case "RecordCollectedStatusSent":
    case "RecordTransmissionFlowReplaced":
      return recordTransmission(command, existing(state));
    default:
      return command satisfies never;
  }
};

/** A transmission's fact; its first submission makes a validated invoice `sent`, as an e-mail does. */
const recordTransmission = (command: TransmissionCommand, doc: LiveDocument): DocumentEvent[] => {
  const { events, sentOn } = decideTransmission(command, doc);
  return sentOn !== null && canTransition(doc.kind, doc.status, "sent")
    ? [...events, { type: "DocumentStatusChanged", data: { from: doc.status, to: "sent", on: sentOn } }]
    : events;
};

/**
 * Whether a document may be sent by e-mail now: an invoice or credit note once validated (a draft has no
 * number); a reminder only for a validated sales invoice, at a level above every level sent.
 */
export const checkEmailable = (doc: LiveDocument, reminderLevel: number | null): void => {
  if ((doc.kind === "invoice" || doc.kind === "creditNote") && !doc.validation)
    throw new DomainError("doc.mailNotValidated", { kind: doc.kind }, 409);
  if (reminderLevel === null) return;
  if (doc.kind !== "invoice" || doc.direction !== "sales")
    throw new DomainError("doc.reminderNotInvoice", { kind: doc.kind }, 409);
  const sent = doc.reminderLevels ?? [];
  if (sent.some((level) => level >= reminderLevel))
    throw new DomainError("doc.reminderAlreadySent", { level: Math.max(...sent) }, 409);
};

/** The sending recorded; a draft quote, order or slip, or a validated invoice, is then `sent`. */
const recordEmail = (data: DocumentEmail, state: DocumentState): DocumentEvent[] => {
  const doc = existing(state);
  checkEmailable(doc, data.reminderLevel);
  if (data.to.length === 0) throw new DomainError("mail.missingTo", { field: "to" });
  if (!isIsoDate(data.sentOn))
    throw new DomainError("validation.invalidDate", { field: "sentOn", value: data.sentOn });
  const events: DocumentEvent[] = [{ type: "DocumentEmailed", data }];
  if (data.reminderLevel === null && canTransition(doc.kind, doc.status, "sent"))
    events.push({ type: "DocumentStatusChanged", data: { from: doc.status, to: "sent", on: data.sentOn } });
  return events;
};

/**
 * Validation: a draft invoice or credit note with every mandatory mention, a positive total and
 * deposits within it gets its number (sales: from its series and counter value, its date not before
 * the series' last one; purchases: the supplier's) and its due date, and never changes again.
 */
const validateDocument = (command: ValidateDocument, state: DocumentState): DocumentEvent[] => {
  const doc = existing(state);
  if (doc.validation) throw new DomainError("doc.alreadyValidated", { number: doc.number ?? "" }, 409);
  if (doc.kind !== "invoice" && doc.kind !== "creditNote")
    throw new DomainError(
      "doc.transitionRefused",
      { kind: doc.kind, from: doc.status, to: "validated" },
      409,
    );
  checkDraft(doc);
  const [problem] = documentProblems(doc, command.context.seller);
  if (problem) throw new DomainError(problem.code, { field: problem.field });
  const totals = documentTotalsOf(doc);
  if (totals.totalExclTax < 0 || totals.totalInclTax < 0)
    throw new DomainError("doc.negativeTotal", { field: "lines" });
  if (totals.totalInclTax === 0) throw new DomainError("doc.zeroTotal", { field: "lines" });
  checkDepositsWithin(doc);
  const { validatedOn, numbering, entryMvt } = command.data;
  if (!isIsoDate(validatedOn))
    throw new DomainError("validation.invalidDate", { field: "validatedOn", value: validatedOn });
  const issueDate = doc.header.issueDate;
  let number: string;
  let series: string | null = null;
  let sequence: number | null = null;
  if (doc.direction === "sales") {
    if (!numbering) throw new DomainError("doc.numberingRequired", { field: "numbering", kind: doc.kind });
    const chosen = seriesFor([numbering.series], doc.kind, doc.direction, numbering.series.id);
    const last = command.context.lastIssueDate;
    if (last && issueDate < last) throw new DomainError("doc.dateBeforeLast", { field: "issueDate", last });
    number = formatDocumentNumber(chosen.format, issueDate, numbering.sequence);
    series = chosen.id;
    sequence = numbering.sequence;
  } else {
    number = doc.header.supplierNumber ?? "";
  }
  let due: IsoDate | null = null;
  if (doc.kind === "invoice") {
    due = doc.header.dueDate ?? dueDate(issueDate, doc.contact?.paymentTerms ?? null);
    if (doc.direction === "sales") checkDueDate(issueDate, due);
  }
  return [
    {
      type: "DocumentValidated",
      data: { number, series, sequence, dueDate: due, validatedOn, entryMvt, vatRules: 2 },
    },
  ];
};

export const documentDecider: Decider<DocumentCommand, DocumentEvent, DocumentState> = {
  decide,
  evolve: evolveDocument,
  initialState: initialDocumentState,
};
