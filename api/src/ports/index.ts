/**
 * The ports: the outside world as the API sees it, owned by its foundation — features import these
 * interfaces from here, never from one another, and the adapters (`mail/mailer.ts`, `files/store.ts`,
 * `files/attachments.ts`) implement them. The context (`context.ts`) holds the wired ones; the
 * e-invoicing platform and the billing provider have their interfaces, and no adapter yet.
 */
export type { BillingCustomer, BillingEvent, BillingProvider } from "./billing.ts";
export type {
  EInvoiceStatus,
  EInvoiceSubmission,
  EInvoicingPlatform,
  ReceivedEInvoice,
} from "./einvoicing.ts";
export type { FileStore, StorageProvider } from "./file-store.ts";
export type { MailAttachment, Mailer, MailMessage, OutgoingMail, SentMail } from "./mailer.ts";
export type { OriginalFile, StoreOriginal } from "./original-file.ts";
