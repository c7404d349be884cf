/**
 * The local platform's data: the values of the Flow service's OpenAPI document (XP Z12-013 annex A) it
 * answers with, and what it keeps beside them (accounts, directory entries, tokens, faults).
 */

export const FLOW_SYNTAXES = ["CII", "UBL", "Factur-X", "CDAR", "FRR"] as const;
export type FlowSyntax = (typeof FLOW_SYNTAXES)[number];

export const PROCESSING_RULES = [
  "B2B",
  "B2BInt",
  "B2C",
  "OutOfScope",
  "ArchiveOnly",
  "NotApplicable",
] as const;
export type ProcessingRule = (typeof PROCESSING_RULES)[number];

export const FLOW_PROFILES = ["Basic", "CIUS", "Extended-CTC-FR"] as const;
export type FlowProfile = (typeof FLOW_PROFILES)[number];

export const FLOW_TYPES = [
  "CustomerInvoice",
  "SupplierInvoice",
  "StateInvoice",
  "CustomerInvoiceLC",
  "SupplierInvoiceLC",
  "StateCustomerInvoiceLC",
  "StateSupplierInvoiceLC",
  "AggregatedCustomerTransactionReport",
  "UnitaryCustomerTransactionReport",
  "AggregatedCustomerPaymentReport",
  "UnitaryCustomerPaymentReport",
  "UnitarySupplierTransactionReport",
  "MultiFlowReport",
] as const;
export type FlowType = (typeof FLOW_TYPES)[number];

export const FLOW_DIRECTIONS = ["In", "Out"] as const;
export type FlowDirection = (typeof FLOW_DIRECTIONS)[number];

export const ACK_STATUSES = ["Pending", "Ok", "Error"] as const;
export type AckStatus = (typeof ACK_STATUSES)[number];

/** The reason codes of the OpenAPI document's ReasonCodeEnum. */
export const REASON_CODES = [
  "EmptyAttachement",
  "AttachmentTypeError",
  "EmptyFlow",
  "OtherTechnicalError",
  "InvalidSchema",
  "FileSizeExceeded",
  "FlowTypeError",
  "AlreadyExistingFlow",
  "VirusFound",
  "ChecksumMismatch",
  "InvoiceLCInvalidStatus",
  "InvoiceLCStatusError",
  "InvoiceLCRuleError",
  "InvoiceLCAccessDenied",
  "InvoiceLCAmountError",
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

export type AcknowledgementDetail = {
  level: "Error" | "Warning";
  item: string;
  reasonCode: ReasonCode;
  reasonMessage: string;
};

export type Acknowledgement = { status: AckStatus; details?: AcknowledgementDetail[] };

/** A flow as the OpenAPI document's `Flow` shows it (its properties, no other). */
export type Flow = {
  flowId: string;
  submittedAt: string;
  updatedAt: string;
  trackingId?: string;
  flowType: FlowType;
  processingRule?: ProcessingRule;
  processingRuleSource?: "Input" | "Computed";
  flowDirection: FlowDirection;
  flowSyntax: FlowSyntax;
  flowProfile?: FlowProfile;
  acknowledgement: Acknowledgement;
};

/** What the platform read of an invoice (CII, UBL or the CII a Factur-X embeds) to route it. */
export type InvoiceFacts = {
  number: string;
  typeCode: string;
  /** YYYYMMDD (format 102). */
  issueDate: string;
  sellerSiren: string | null;
  sellerName: string | null;
  buyerSiren: string | null;
  buyerName: string | null;
};

/** What the platform read of a lifecycle message (CDAR) to forward it. */
export type LifecycleFacts = {
  /** The referenced invoice's number (MDT-87). */
  invoiceNumber: string;
  /** The referenced invoice's seller (MDT-129, else the recipient with role SE). */
  sellerSiren: string | null;
  /** The role of the message's issuer (MDT-40): SE, BY, WK… */
  issuerRole: string | null;
  /** The status it carries (MDT-105). */
  statusCode: string | null;
};

/** A stored flow: the Flow, whose account it is, its file, and what was read of it. */
export type StoredFlow = {
  flow: Flow;
  /** The SIREN of the account the flow belongs to (its sender for Out flows, its receiver for In flows). */
  owner: string;
  /** The file's name (FlowInfo's name, else the multipart part's). */
  fileName: string;
  contentType: string;
  /** The file, base64. */
  file: string;
  /** The file's SHA-256, computed. */
  sha256: string;
  /** The SHA-256 the sender declared, if any. */
  declaredSha256: string | null;
  invoice: InvoiceFacts | null;
  lifecycle: LifecycleFacts | null;
  /** The flow this one was made from (an In flow's Out flow, a lifecycle message's invoice flow). */
  sourceFlowId: string | null;
};

export type Account = {
  siren: string;
  siret: string | null;
  name: string;
  clientId: string;
  clientSecret: string;
  webhook: { url: string; secret: string } | null;
  idInstance: number;
};

/** A business reachable through another platform (never delivered here). */
export type DirectoryEntry = {
  siren: string;
  siret: string | null;
  name: string;
  platformId: string;
  idInstance: number;
};

export type Token = { token: string; siren: string; expiresAt: number };

export type Faults = { down: boolean; ackError: ReasonCode | null; slowMs: number };

/** This platform's own identifier in the directory lines it writes for its accounts. */
export const LOCAL_PLATFORM_ID = "9999";
