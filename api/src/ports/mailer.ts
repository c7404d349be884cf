/**
 * The mailer port: how Registre sends e-mail (documents, reminders, invitations, password renewals, the
 * help forms). Its adapter is `mail/mailer.ts` (SMTP, or .eml files in DATA_DIR/outbox without one).
 */

/** A file sent with a message (a document's PDF, its Factur-X…). */
export type MailAttachment = { filename: string; content: Uint8Array; contentType: string };

export type MailMessage = {
  to: string | readonly string[];
  cc?: readonly string[] | undefined;
  /** Where answers go (the organisation's address), the sender staying the platform's. */
  replyTo?: string | undefined;
  /** The sender's display name, its address the platform's (`Atelier Démo SARL <no-reply@…>`). */
  fromName?: string | undefined;
  subject: string;
  text: string;
  html?: string | undefined;
  attachments?: readonly MailAttachment[] | undefined;
};

/** A message as the handlers write it. */
export type OutgoingMail = MailMessage;

export type SentMail = {
  messageId: string;
  /** The .eml file written, in outbox mode. */
  file?: string;
};

/**
 * Sends a message, or throws (the adapter's `MailError`: the server refused it or could not be
 * reached). It has no idempotency key: SMTP has none, so a caller that must not send twice records the
 * sending (a document's `DocumentEmailed`) and looks for it before sending again.
 */
export type Mailer = { readonly send: (message: MailMessage) => Promise<SentMail> };
