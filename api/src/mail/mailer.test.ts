import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createMailer, MailError } from "./mailer.ts";
import { passwordRenewalMessage } from "./messages.ts";
import { parseEml } from "./parse-eml.testing.ts";

const from = "Registre <no-reply@registre.example.fr>";
const renewal = passwordRenewalMessage("fr", {
  name: "Éloïse Müller",
  link: "https://registre.example.fr/password/renew?token=abc123",
  expiresInMinutes: 60,
});
const message = { to: "eloise.muller@example.fr", ...renewal };

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "registre-mail-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("createMailer without an SMTP server: the outbox", () => {
  it("writes each message as a .eml file that parses back to what was sent", async () => {
    const outboxDir = join(dir, "outbox", "nested");
    const mailer = createMailer({ outboxDir, from, now: () => new Date("2026-11-23T09:30:00.000Z") });
    const sent = await mailer.send(message);

    expect(sent.file).toBe(join(outboxDir, "2026-11-23T09-30-00.000Z_eloise.muller@example.fr.eml"));
    expect(await readdir(outboxDir)).toEqual(["2026-11-23T09-30-00.000Z_eloise.muller@example.fr.eml"]);
    const raw = await readFile(sent.file ?? "", "utf8");
    // RFC 5322 on the wire: CRLF line ends only, 7-bit text (non-ASCII is encoded).
    expect(raw).not.toMatch(/[^\r]\n/);
    expect(raw).toMatch(/^[\x20-\x7e\r\n\t]*$/);

    const parsed = parseEml(raw);
    expect(parsed.headers.get("to")).toBe("eloise.muller@example.fr");
    expect(parsed.headers.get("from")).toBe(from);
    expect(parsed.headers.get("subject")).toBe("Réinitialisez votre mot de passe Registre");
    expect(parsed.headers.get("message-id")).toBe(sent.messageId);
    expect(parsed.headers.get("mime-version")).toBe("1.0");
    expect(parsed.text?.replace(/\r\n/g, "\n")).toBe(renewal.text);
    expect(parsed.html?.replace(/\r\n/g, "\n")).toBe(renewal.html);
    expect(parsed.text).toContain("Bonjour Éloïse Müller,");
    expect(parsed.text).toContain("L’équipe Registre");
  });

  it("writes a text-only message too", async () => {
    const outboxDir = join(dir, "text-only");
    const sent = await createMailer({ outboxDir, from }).send({
      to: "Paul Durand <paul@example.fr>",
      subject: "Facture n° 2026-0042 réglée",
      text: "Votre règlement de 1 234,56 € a été reçu. Merci !",
    });
    expect(sent.file).toMatch(/[/\\]\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z_paul@example\.fr\.eml$/);
    const parsed = parseEml(await readFile(sent.file ?? "", "utf8"));
    expect(parsed.headers.get("to")).toBe("Paul Durand <paul@example.fr>");
    expect(parsed.headers.get("subject")).toBe("Facture n° 2026-0042 réglée");
    expect(parsed.text?.trimEnd()).toBe("Votre règlement de 1 234,56 € a été reçu. Merci !");
    expect(parsed.html).toBeUndefined();
  });

  it("never overwrites: two messages in the same millisecond get two files", async () => {
    const outboxDir = join(dir, "same-time");
    const mailer = createMailer({ outboxDir, from, now: () => new Date("2026-11-23T09:30:00.000Z") });
    const first = await mailer.send(message);
    const second = await mailer.send({ ...message, subject: "Deuxième" });
    expect(second.file).toBe(join(outboxDir, "2026-11-23T09-30-00.000Z_eloise.muller@example.fr_2.eml"));
    expect(second.messageId).not.toBe(first.messageId);
    expect(parseEml(await readFile(first.file ?? "", "utf8")).headers.get("subject")).toBe(renewal.subject);
    expect(parseEml(await readFile(second.file ?? "", "utf8")).headers.get("subject")).toBe("Deuxième");
  });

  it("keeps the recipient's file name free of path separators", async () => {
    const outboxDir = join(dir, "odd-recipient");
    const sent = await createMailer({ outboxDir, from, now: () => new Date(0) }).send({
      ...message,
      to: "../../etc/passwd@example.fr",
    });
    expect(sent.file).toBe(join(outboxDir, "1970-01-01T00-00-00.000Z_.._.._etc_passwd@example.fr.eml"));
  });

  it("rejects with mail.sendFailed when the outbox cannot be written", async () => {
    const blocker = join(dir, "a-file");
    await writeFile(blocker, "not a folder");
    const sending = createMailer({ outboxDir: join(blocker, "outbox"), from }).send(message);
    await expect(sending).rejects.toBeInstanceOf(MailError);
    await expect(sending).rejects.toMatchObject({ code: "mail.sendFailed" });
  });
});

type Received = { mailFrom: string; rcptTo: string[]; user: string | undefined; raw: string };

describe("createMailer with an SMTP server", () => {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth: (auth, _session, callback) => {
      if (auth.username === "registre" && auth.password === "s3cret") callback(null, { user: auth.username });
      else callback(new Error("Invalid username or password"));
    },
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          user: typeof session.user === "string" ? session.user : undefined,
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  let port = 0;

  beforeAll(async () => {
    await new Promise<void>((resolve, reject) => {
      server.server.once("error", reject);
      server.listen(0, "127.0.0.1", () => resolve());
    });
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  afterEach(() => {
    received.length = 0;
  });

  it("delivers the message to the server, authenticated", async () => {
    const outboxDir = join(dir, "unused-outbox");
    const mailer = createMailer({ smtpUrl: `smtp://registre:s3cret@127.0.0.1:${port}`, outboxDir, from });
    const sent = await mailer.send(message);

    expect(sent.file).toBeUndefined();
    await expect(readdir(outboxDir)).rejects.toMatchObject({ code: "ENOENT" });
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail?.user).toBe("registre");
    expect(mail?.mailFrom).toBe("no-reply@registre.example.fr");
    expect(mail?.rcptTo).toEqual(["eloise.muller@example.fr"]);
    const parsed = parseEml(mail?.raw ?? "");
    expect(parsed.headers.get("to")).toBe("eloise.muller@example.fr");
    expect(parsed.headers.get("subject")).toBe("Réinitialisez votre mot de passe Registre");
    expect(parsed.headers.get("message-id")).toBe(sent.messageId);
    expect(parsed.text?.replace(/\r\n/g, "\n")).toBe(renewal.text);
    expect(parsed.html?.replace(/\r\n/g, "\n")).toBe(renewal.html);
  });

  it("delivers without credentials", async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: dir, from });
    await mailer.send({ to: "paul@example.fr", subject: "Bonjour", text: "Ça marche." });
    expect(received.map((mail) => [mail.user, mail.rcptTo])).toEqual([[undefined, ["paul@example.fr"]]]);
    expect(parseEml(received[0]?.raw ?? "").text?.trimEnd()).toBe("Ça marche.");
  });

  it("rejects with mail.sendFailed when the server refuses the credentials", async () => {
    const mailer = createMailer({ smtpUrl: `smtp://registre:wrong@127.0.0.1:${port}`, outboxDir: dir, from });
    const sending = mailer.send(message);
    await expect(sending).rejects.toBeInstanceOf(MailError);
    await expect(sending).rejects.toMatchObject({ code: "mail.sendFailed" });
    expect(received).toEqual([]);
  });
});

describe("createMailer with an SMTP server that cannot be reached", () => {
  it("rejects with mail.sendFailed, the cause kept", async () => {
    // A port that was free a moment ago: nothing listens there, the connection is refused.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", () => resolve()));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: dir, from });
    const error: unknown = await mailer.send(message).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(MailError);
    expect(error).toMatchObject({ code: "mail.sendFailed", name: "MailError" });
    expect((error as MailError).cause).toMatchObject({ message: expect.stringContaining("ECONNREFUSED") });
  });

  it("refuses a URL that is not smtp:// or smtps://", () => {
    expect(() => createMailer({ smtpUrl: "http://127.0.0.1:25", outboxDir: dir, from })).toThrow(/smtp:\/\//);
  });
});
