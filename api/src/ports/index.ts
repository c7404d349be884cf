/**
 * The ports: the outside world as the API sees it, owned by its foundation — features import these
 * interfaces from here, never from one another, and the adapters (`mail/mailer.ts`, `files/store.ts`,
 * `files/attachments.ts`, `einvoicing/http-adapter.ts`) implement them. The context (`context.ts`) holds
 * the wired ones; the billing provider's adapter is `billing/stripe.ts`.
 */
export type {
  BillingCard,
  BillingCharge,
  BillingChargeOutcome,
  BillingCustomer,
  BillingEvent,
  BillingProvider,
} from "./billing.ts";
export { BillingSignatureError } from "./billing.ts";
export type {
  Acknowledgement,
  AcknowledgementDetail,
  CallOptions,
  DirectoryLine,
  DownloadedFlowFile,
  EInvoicingPlatform,
  EInvoicingPlatforms,
  Facility,
  Flow,
  FlowAckStatus,
  FlowDirection,
  FlowFile,
  FlowFileKind,
  FlowInfo,
  FlowProfile,
  FlowSyntax,
  FlowType,
  FullFlowInfo,
  LegalUnit,
  PlatformConnection,
  PlatformErrorDetails,
  ProcessingRule,
  SearchFlowFilters,
  WebhookCallbackContent,
} from "./einvoicing.ts";
export { isPlatformError, PlatformError } from "./einvoicing.ts";
export type { FileStore, StorageProvider } from "./file-store.ts";
export type { MailAttachment, Mailer, MailMessage, OutgoingMail, SentMail } from "./mailer.ts";
export type { OriginalFile, StoreOriginal } from "./original-file.ts";
