import { type IsoDate, isIsoDate } from "../accounting/dates.ts";
import { DomainError, type DomainEvent } from "../decider.ts";
import type { Cents } from "../money.ts";

/**
 * A sales invoice's or credit note's transmission through the organisation's approved platform (the
 * French e-invoicing reform), as events of the document's own stream: submitted (the flow the platform
 * gave it), acknowledged (Ok, or Error with the platform's reasons), each lifecycle status the platform
 * forwards (200 Déposée … 213 Rejetée), or not sent at all — out of the reform's scope (B2C,
 * international: e-reporting), or refused by the platform at its submission. The sending reactor and
 * the sync record them (`api/src/einvoicing/`); the screens show them.
 */

/** The reasons a validated sales invoice is not sent through the platform: it goes to e-reporting. */
export const notSentReasons = ["b2c", "international", "notInDirectory"] as const;
export type NotSentReason = (typeof notSentReasons)[number];

/** What was submitted: the platform's flow, the tracking id (the document's number), the file's hash. */
export type TransmissionSubmission = {
  readonly flowId: string;
  /** The document's number (the platform's trackingId). */
  readonly trackingId: string;
  /** The SHA-256 of the file sent, lower-case hex. */
  readonly sha256: string;
  /** The flow's syntax (`Factur-X`, `CII`). */
  readonly syntax: string;
  /** The flow's profile (`Basic`, `CIUS`, `Extended-CTC-FR`). */
  readonly profile: string;
  /** The reform's processing rule (`B2B`). */
  readonly processingRule: string;
  /** The file's name as sent. */
  readonly fileName: string;
  /** When the platform took it (its `submittedAt`). */
  readonly at: string;
};

/** One reason the platform gives with an acknowledgement. */
export type AcknowledgementDetail = {
  readonly level: "Error" | "Warning";
  readonly item: string;
  readonly reasonCode: string;
  readonly reasonMessage: string;
};

export type TransmissionAcknowledgement = {
  readonly flowId: string;
  readonly status: "Ok" | "Error";
  readonly details: readonly AcknowledgementDetail[];
  /** The flow's `updatedAt` when the acknowledgement was read. */
  readonly at: string;
};

/** A lifecycle status the platform forwarded about the invoice (a CDAR message, its own flow). */
export type LifecycleStatus = {
  /** The flow that carried the status message. */
  readonly flowId: string;
  /** 200 Déposée … 213 Rejetée. */
  readonly code: number;
  /** The status's date-time as the message states it. */
  readonly date: string;
  /** The reason's code (a refusal's, a rejection's), when given. */
  readonly reasonCode: string | null;
  /** The reason's text, when given. */
  readonly reason: string | null;
};

export type TransmissionNotSent = { readonly reason: NotSentReason; readonly at: string };

/**
 * The « Encaissée » status (212) the organisation sent about a payment of one of its invoices of
 * services taxed on receipts: the amount received incl. tax per VAT rate, as the payment moved it from
 * 445740 (`core/src/einvoicing/collected.ts`), in its lifecycle message's flow.
 */
export type CollectedStatus = {
  /** The payment whose allocation it reports: one status per payment. */
  readonly payment: string;
  /** The day the money was received (the payment's date). */
  readonly date: IsoDate;
  /** Per VAT rate ("20.00", "5.50"…), the amount received incl. tax, in cents. */
  readonly amounts: readonly { readonly ratePercent: string; readonly cents: Cents }[];
  readonly total: Cents;
  /** The flow that carried the message, and its tracking id. */
  readonly flowId: string;
  readonly trackingId: string;
  /** When it was submitted. */
  readonly at: string;
};

/**
 * The flow recorded was the platform's duplicate: two servers submitted the document at once, the
 * platform kept the first file and acknowledged the other Error « AlreadyExistingFlow ». Registre had
 * recorded that other one; from now on the transmission is the original flow's, whose acknowledgement
 * and statuses apply to the document.
 */
export type TransmissionFlowReplacement = {
  /** The flow recorded, which the platform refused as a duplicate. */
  readonly from: string;
  /** The original flow, the one the platform kept (found by the document's number). */
  readonly to: string;
  /** The SHA-256 of the original's file, lower-case hex. */
  readonly sha256: string;
  /** When the platform took the original (its `submittedAt`). */
  readonly submittedAt: string;
  /** The platform's reasons for refusing `from` (AlreadyExistingFlow among them). */
  readonly details: readonly AcknowledgementDetail[];
  /** When the platform refused `from` (its acknowledgement's `updatedAt`). */
  readonly at: string;
};

/** The platform refused the submission itself (not transient: a 4xx with its error). */
export type TransmissionRefusal = {
  readonly errorCode: string;
  readonly errorMessage: string;
  readonly at: string;
};

export type TransmissionEvent =
  | DomainEvent<"DocumentTransmissionSubmitted", TransmissionSubmission>
  | DomainEvent<"DocumentTransmissionAcknowledged", TransmissionAcknowledgement>
  | DomainEvent<"DocumentLifecycleStatusReceived", LifecycleStatus>
  | DomainEvent<"DocumentTransmissionNotSent", TransmissionNotSent>
  | DomainEvent<"DocumentTransmissionRefused", TransmissionRefusal>
  | DomainEvent<"DocumentCollectedStatusSent", CollectedStatus>
  | DomainEvent<"DocumentTransmissionFlowReplaced", TransmissionFlowReplacement>;

export const transmissionEventTypes: readonly TransmissionEvent["type"][] = [
  "DocumentTransmissionSubmitted",
  "DocumentTransmissionAcknowledged",
  "DocumentLifecycleStatusReceived",
  "DocumentTransmissionNotSent",
  "DocumentTransmissionRefused",
  "DocumentCollectedStatusSent",
  "DocumentTransmissionFlowReplaced",
];

export type TransmissionCommand =
  | {
      readonly type: "RecordTransmissionSubmitted";
      /** `on`: the day of the submission, the document's `sent` status then. */
      readonly data: TransmissionSubmission & { readonly on: IsoDate };
    }
  | { readonly type: "RecordTransmissionAcknowledgement"; readonly data: TransmissionAcknowledgement }
  | { readonly type: "RecordLifecycleStatus"; readonly data: LifecycleStatus }
  | { readonly type: "RecordTransmissionNotSent"; readonly data: TransmissionNotSent }
  | { readonly type: "RecordTransmissionRefused"; readonly data: TransmissionRefusal }
  | { readonly type: "RecordCollectedStatusSent"; readonly data: CollectedStatus }
  | { readonly type: "RecordTransmissionFlowReplaced"; readonly data: TransmissionFlowReplacement };

export const transmissionCommandTypes: readonly TransmissionCommand["type"][] = [
  "RecordTransmissionSubmitted",
  "RecordTransmissionAcknowledgement",
  "RecordLifecycleStatus",
  "RecordTransmissionNotSent",
  "RecordTransmissionRefused",
  "RecordCollectedStatusSent",
  "RecordTransmissionFlowReplaced",
];

/** The transmission as the document's state keeps it. */
export type DocumentTransmission = {
  readonly submission: TransmissionSubmission | null;
  readonly acknowledgement: TransmissionAcknowledgement | null;
  readonly statuses: readonly LifecycleStatus[];
  readonly notSent: TransmissionNotSent | null;
  readonly refusal: TransmissionRefusal | null;
  /** The 212 statuses sent, one per payment (absent in states stored before they existed: none). */
  readonly collected?: readonly CollectedStatus[];
  /** The duplicate flow first recorded, when the transmission was moved to the original (absent: none). */
  readonly replaced?: TransmissionFlowReplacement;
};

export const noTransmission: DocumentTransmission = {
  submission: null,
  acknowledgement: null,
  statuses: [],
  notSent: null,
  refusal: null,
};

export const evolveTransmission = (
  transmission: DocumentTransmission,
  event: TransmissionEvent,
): DocumentTransmission => {
  switch (event.type) {
    case "DocumentTransmissionSubmitted":
      return { ...transmission, submission: event.data, notSent: null, refusal: null };
    case "DocumentTransmissionAcknowledged":
      return { ...transmission, acknowledgement: event.data };
    case "DocumentLifecycleStatusReceived":
      return { ...transmission, statuses: [...transmission.statuses, event.data] };
    case "DocumentTransmissionNotSent":
      return { ...transmission, notSent: event.data };
    case "DocumentTransmissionRefused":
      return { ...transmission, refusal: event.data };
    case "DocumentCollectedStatusSent":
      return { ...transmission, collected: [...(transmission.collected ?? []), event.data] };
    case "DocumentTransmissionFlowReplaced": {
      const { to, sha256, submittedAt } = event.data;
      const submission = transmission.submission && {
        ...transmission.submission,
        flowId: to,
        sha256,
        at: submittedAt,
      };
      // The duplicate's acknowledgement is not the document's: the original's is awaited.
      const acknowledgement =
        transmission.acknowledgement?.flowId === to ? transmission.acknowledgement : null;
      return { ...transmission, submission, acknowledgement, replaced: event.data };
    }
    default:
      return event satisfies never;
  }
};

/** The lifecycle statuses of the reform (XP Z12-012): 200 Déposée … 213 Rejetée. */
export const lifecycleStatusCodes = [
  200, 201, 202, 203, 204, 205, 206, 207, 208, 209, 210, 211, 212, 213,
] as const;

const SHA256 = /^[a-f0-9]{64}$/;
const RATE = /^\d{1,3}\.\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** The document as far as its transmission needs it. */
export type TransmittedDocument = {
  readonly kind: string;
  readonly direction: string;
  readonly validation: { readonly number: string } | null;
  readonly transmission?: DocumentTransmission | undefined;
  readonly internal?: true | undefined;
};

/** Only a validated sales invoice or credit note is transmitted; an internal credit note never. */
const transmissible = (doc: TransmittedDocument): { readonly number: string } => {
  if (doc.direction !== "sales" || (doc.kind !== "invoice" && doc.kind !== "creditNote"))
    throw new DomainError("transmission.notTransmissible", { kind: doc.kind }, 409);
  if (doc.internal) throw new DomainError("transmission.internal", {}, 409);
  if (!doc.validation) throw new DomainError("transmission.notValidated", { kind: doc.kind }, 409);
  return doc.validation;
};

const instant = (value: string, field: string): void => {
  if (!INSTANT.test(value) || Number.isNaN(Date.parse(value)))
    throw new DomainError("validation.invalidDate", { field, value });
};

const submitted = (t: DocumentTransmission, flowId?: string): TransmissionSubmission => {
  if (!t.submission) throw new DomainError("transmission.notSubmitted", {}, 409);
  if (flowId !== undefined && t.submission.flowId !== flowId)
    throw new DomainError("transmission.otherFlow", { field: "flowId", flowId: t.submission.flowId }, 409);
  return t.submission;
};

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The transmission's rules. A document is submitted once: the same flow recorded again records
 * nothing (a reaction given again), another flow is refused. An acknowledgement or a status needs the
 * submission (a status for a document never submitted is refused); each flow's status is recorded once.
 * « Not sent » and a refusal are for a document not submitted, each recorded once as it stands. A 212
 * (collected) is for a submitted invoice, recorded once per payment. The flow recorded is replaced by
 * the original only when the platform refused it as a duplicate (AlreadyExistingFlow), and once.
 * `sentOn`: the day the document becomes `sent`, with its first submission (the decider adds the change).
 */
export const decideTransmission = (
  command: TransmissionCommand,
  doc: TransmittedDocument,
): { readonly events: TransmissionEvent[]; readonly sentOn: IsoDate | null } => {
  const { number } = transmissible(doc);
  const t = doc.transmission ?? noTransmission;
  const none = { events: [], sentOn: null };
  switch (command.type) {
    case "RecordTransmissionSubmitted": {
      const { on, ...data } = command.data;
      if (t.submission) {
        if (t.submission.flowId === data.flowId) return none;
        throw new DomainError("transmission.alreadySubmitted", { flowId: t.submission.flowId }, 409);
      }
      if (data.flowId.trim() === "" || data.flowId.length > 36)
        throw new DomainError("validation.notAllowed", { field: "flowId", value: data.flowId });
      if (data.trackingId !== number)
        throw new DomainError("transmission.trackingIdMismatch", { field: "trackingId", number });
      if (!SHA256.test(data.sha256))
        throw new DomainError("validation.notAllowed", { field: "sha256", value: data.sha256 });
      instant(data.at, "at");
      if (!isIsoDate(on)) throw new DomainError("validation.invalidDate", { field: "on", value: on });
      return { events: [{ type: "DocumentTransmissionSubmitted", data }], sentOn: on };
    }
    case "RecordTransmissionAcknowledgement": {
      const data = command.data;
      submitted(t, data.flowId);
      if (data.status !== "Ok" && data.status !== "Error")
        throw new DomainError("validation.notAllowed", { field: "status", value: String(data.status) });
      instant(data.at, "at");
      const recorded = t.acknowledgement;
      if (recorded && recorded.status === data.status && same(recorded.details, data.details)) return none;
      return { events: [{ type: "DocumentTransmissionAcknowledged", data }], sentOn: null };
    }
    case "RecordLifecycleStatus": {
      const data = command.data;
      submitted(t);
      if (!(lifecycleStatusCodes as readonly number[]).includes(data.code))
        throw new DomainError("transmission.invalidStatus", { field: "code", value: data.code });
      instant(data.date, "date");
      if (t.statuses.some((s) => s.flowId === data.flowId)) return none;
      return { events: [{ type: "DocumentLifecycleStatusReceived", data }], sentOn: null };
    }
    case "RecordTransmissionNotSent": {
      const data = command.data;
      if (t.submission)
        throw new DomainError("transmission.alreadySubmitted", { flowId: t.submission.flowId }, 409);
      if (!(notSentReasons as readonly string[]).includes(data.reason))
        throw new DomainError("validation.notAllowed", { field: "reason", value: String(data.reason) });
      instant(data.at, "at");
      if (t.notSent?.reason === data.reason) return none;
      return { events: [{ type: "DocumentTransmissionNotSent", data }], sentOn: null };
    }
    case "RecordTransmissionRefused": {
      const data = command.data;
      if (t.submission)
        throw new DomainError("transmission.alreadySubmitted", { flowId: t.submission.flowId }, 409);
      instant(data.at, "at");
      if (t.refusal && t.refusal.errorCode === data.errorCode && t.refusal.errorMessage === data.errorMessage)
        return none;
      return { events: [{ type: "DocumentTransmissionRefused", data }], sentOn: null };
    }
    case "RecordCollectedStatusSent": {
      const data = command.data;
      submitted(t);
      if (doc.kind !== "invoice")
        throw new DomainError("transmission.notTransmissible", { kind: doc.kind }, 409);
      if ((t.collected ?? []).some((c) => c.payment === data.payment)) return none;
      if (data.flowId.trim() === "" || data.flowId.length > 36)
        throw new DomainError("validation.notAllowed", { field: "flowId", value: data.flowId });
      if (!isIsoDate(data.date))
        throw new DomainError("validation.invalidDate", { field: "date", value: data.date });
      instant(data.at, "at");
      const sum = data.amounts.reduce((s, a) => s + a.cents, 0);
      if (
        data.amounts.length === 0 ||
        data.amounts.some((a) => !Number.isSafeInteger(a.cents) || !RATE.test(a.ratePercent)) ||
        sum !== data.total
      )
        throw new DomainError("validation.notAllowed", { field: "amounts", value: String(data.total) });
      return { events: [{ type: "DocumentCollectedStatusSent", data }], sentOn: null };
    }
    case "RecordTransmissionFlowReplaced":
      return { events: replaceFlow(t, command.data), sentOn: null };
    default:
      return command satisfies never;
  }
};

const ALREADY_EXISTING_FLOW = "AlreadyExistingFlow";

/** Whether an acknowledgement's reasons say the platform refused the flow as a duplicate. */
export const refusedAsDuplicate = (details: readonly { readonly reasonCode: string }[]): boolean =>
  details.some((d) => d.reasonCode === ALREADY_EXISTING_FLOW);

/**
 * The recorded flow, refused by the platform as a duplicate, replaced by the original: only from the
 * flow recorded, only with the platform's AlreadyExistingFlow among its reasons (never a flow it
 * acknowledged Ok); the same replacement again records nothing.
 */
const replaceFlow = (t: DocumentTransmission, data: TransmissionFlowReplacement): TransmissionEvent[] => {
  const recorded = submitted(t);
  if (t.replaced && t.replaced.from === data.from && recorded.flowId === data.to) return [];
  if (recorded.flowId !== data.from)
    throw new DomainError("transmission.otherFlow", { field: "from", flowId: recorded.flowId }, 409);
  if (data.to.trim() === "" || data.to.length > 36 || data.to === data.from)
    throw new DomainError("validation.notAllowed", { field: "to", value: data.to });
  const ack = t.acknowledgement;
  if (!refusedAsDuplicate(data.details) || (ack?.flowId === data.from && ack.status === "Ok"))
    throw new DomainError("transmission.notDuplicate", { field: "details", flowId: data.from }, 409);
  if (!SHA256.test(data.sha256))
    throw new DomainError("validation.notAllowed", { field: "sha256", value: data.sha256 });
  instant(data.submittedAt, "submittedAt");
  instant(data.at, "at");
  return [{ type: "DocumentTransmissionFlowReplaced", data }];
};
