import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { parseEml } from "../mail/parse-eml.testing.ts";

export type ReceivedMail = {
  mailFrom: string;
  rcptTo: string[];
  raw: string;
  parsed: ReturnType<typeof parseEml>;
};

/**
 * A real SMTP server in the test process, on a random port: it keeps what it receives, and refuses any
 * recipient whose address starts with `refuse` (550 on RCPT TO). `close` takes it down: the next
 * sendings meet a refused connection.
 */
export const startSmtpServer = async () => {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo: (address, _session, callback) => {
      if (address.address.startsWith("refuse")) {
        const error = new Error(`5.1.1 <${address.address}>: mailbox unavailable`) as Error & {
          responseCode: number;
        };
        error.responseCode = 550;
        callback(error);
      } else callback();
    },
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          parsed: parseEml(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  let open = true;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () =>
      open
        ? new Promise<void>((resolve) => {
            open = false;
            server.close(() => resolve());
          })
        : Promise.resolve(),
  };
};
