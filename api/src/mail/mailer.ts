import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createTransport } from "nodemailer";
import type { Mailer, MailMessage } from "../ports/mailer.ts";

export type MailerOptions = {
  /** `smtp://user:pass@host:port` (STARTTLS when offered) or `smtps://…` (TLS); none: write to the outbox. */
  smtpUrl?: string;
  /** Where each message is written as an .eml file when there is no SMTP server. */
  outboxDir: string;
  /** The sender, `Registre <no-reply@example.fr>` or a bare address. */
  from: string;
  /** The clock that names outbox files. */
  now?: () => Date;
};

/** Sending failed: the SMTP server refused or could not be reached, or the outbox could not be written. */
export class MailError extends Error {
  override readonly name = "MailError";
  readonly code = "mail.sendFailed";
  constructor(cause: unknown) {
    super(`e-mail not sent: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** The address inside `Name <address>`, else the whole text, reduced to characters safe in a file name. */
const fileSafeRecipient = (recipients: string | readonly string[]): string => {
  const to = (typeof recipients === "string" ? recipients : recipients[0]) ?? "";
  const address = /<([^>]*)>/.exec(to)?.[1] ?? to;
  return address.replace(/[^A-Za-z0-9@._+-]/g, "_").slice(0, 100) || "recipient";
};

/** Writes `content` to a new file `<stem>.eml`, or `<stem>_2.eml`, `<stem>_3.eml`… if it exists. */
const writeNewFile = async (dir: string, stem: string, content: Buffer): Promise<string> => {
  for (let attempt = 1; ; attempt++) {
    const file = join(dir, `${stem}${attempt === 1 ? "" : `_${attempt}`}.eml`);
    try {
      await writeFile(file, content, { flag: "wx" });
      return file;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt >= 1000) throw error;
    }
  }
};

/** The message as nodemailer takes it: the platform's address as sender, under the name given. */
const envelope = (from: string, message: MailMessage) => {
  const { fromName, to, cc, attachments, ...rest } = message;
  const address = /<([^>]*)>/.exec(from)?.[1] ?? from;
  return {
    ...rest,
    from: fromName ? { name: fromName, address } : from,
    to: typeof to === "string" ? to : [...to],
    ...(cc?.length && { cc: [...cc] }),
    ...(attachments?.length && {
      attachments: attachments.map((a) => ({
        filename: a.filename,
        content: Buffer.from(a.content),
        contentType: a.contentType,
      })),
    }),
  };
};

const smtpMailer = (smtpUrl: string, from: string): Mailer => {
  if (!/^smtps?:\/\//i.test(smtpUrl)) {
    throw new Error(
      `mail: the SMTP URL must start with smtp:// or smtps://, got "${smtpUrl.split(":")[0]}:"`,
    );
  }
  // A server that does not answer fails the sending within seconds (nodemailer waits 2 minutes by default).
  const transport = createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as Parameters<typeof createTransport>[0]);
  return {
    send: async (message) => {
      try {
        const info = await transport.sendMail(envelope(from, message));
        return { messageId: info.messageId };
      } catch (error) {
        throw new MailError(error);
      }
    },
  };
};

const outboxMailer = (outboxDir: string, from: string, now: () => Date): Mailer => {
  // CRLF line ends: the message exactly as it would travel over SMTP (RFC 5322).
  const transport = createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    send: async (message) => {
      try {
        const info = await transport.sendMail(envelope(from, message));
        if (!Buffer.isBuffer(info.message)) throw new Error("the stream transport gave no buffer");
        await mkdir(outboxDir, { recursive: true });
        const stem = `${now().toISOString().replace(/:/g, "-")}_${fileSafeRecipient(message.to)}`;
        const file = await writeNewFile(outboxDir, stem, info.message);
        return { messageId: info.messageId, file };
      } catch (error) {
        throw new MailError(error);
      }
    },
  };
};

/**
 * The e-mail sender. With `smtpUrl`, messages go to that SMTP server (one connection per message).
 * Without, as in the embedded setup, each message is written to `outboxDir` as an RFC 5322 `.eml`
 * file (`2026-11-23T09-30-00.000Z_jean@example.fr.eml`) that a mail client opens. Either way a
 * failure rejects with a `MailError` whose `code` is `mail.sendFailed`.
 */
export const createMailer = (options: MailerOptions): Mailer =>
  options.smtpUrl
    ? smtpMailer(options.smtpUrl, options.from)
    : outboxMailer(options.outboxDir, options.from, options.now ?? (() => new Date()));
