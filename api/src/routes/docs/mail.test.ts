import { parisDate } from "@registre/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../../../../tests/support/databases.ts";
import { embeddedInvoiceXml } from "../../readers/supplier-file.ts";
import { apiHarness } from "../../testing/api-harness.ts";
import { customerBody, documentsOrganisation } from "../../testing/documents-setup.ts";
import { fileForm, tinyPdf } from "../../testing/files.ts";
import { startSmtpServer } from "../../testing/smtp-server.testing.ts";

const today = () => parisDate(new Date());
const NBSP = "\u00a0";

describe.each(databaseKinds)(
  "a document by e-mail (/docs/{id}/mail) through an SMTP server on %s",
  (kind) => {
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    const env: { smtpUrl?: string } = {};
    beforeAll(async () => {
      smtp = await startSmtpServer();
      env.smtpUrl = smtp.url;
    });
    afterAll(() => smtp.close());
    const { harness, call, send, register, join } = apiHarness(kind, env);

    let o: Awaited<ReturnType<typeof documentsOrganisation>>;
    let invoiceId: string;
    let number: string;
    const history = async (id: string) =>
      (await call("GET", `/docs/histories?docId=${id}`, o.token)).body.events as {
        type: string;
        email?: { to: string[]; messageId: string; attachments: string[] };
        userName: string | null;
      }[];

    beforeAll(async () => {
      o = await documentsOrganisation(call, register, "Mail");
      await o.ok("POST", `/contacts/${o.customerId}/emails`, { address: "compta@alpha.fr" });
      const created = await o.ok("POST", "/docs", {
        kind: "invoice",
        direction: "sales",
        issueDate: today(),
        contactId: o.customerId,
        lines: [{ kind: "item", itemId: o.itemId, quantity: "10" }],
      });
      invoiceId = created.id;
      number = (await o.ok("PUT", `/docs/${invoiceId}/status/validated`)).number;
    });

    it("opens the editor with the contact's address and the invoice template rendered in French", async () => {
      const draft = await call("GET", `/docs/${invoiceId}/mail`, o.token);
      expect(draft.status).toBe(200);
      expect(draft.body).toMatchObject({
        to: ["compta@alpha.fr"],
        cc: [],
        contactEmails: ["compta@alpha.fr"],
        language: "fr",
        templateId: "default-invoice-fr",
        subject: `Facture ${number} — Atelier Mail`,
        attachments: [{ name: `${number}.pdf`, contentType: "application/pdf" }],
      });
      expect(draft.body.body).toContain(`facture n°${NBSP}${number}`);
      expect(draft.body.body).toContain(`960,00${NBSP}€ TTC`);
      expect(draft.body.body).not.toContain("{{");
    });

    it("sends the invoice with its PDF through the server and records it on the invoice, which becomes sent", async () => {
      const draft = (await call("GET", `/docs/${invoiceId}/mail`, o.token)).body;
      const sent = await send("POST", `/docs/${invoiceId}/mail`, o.token, {
        ...draft,
        cc: ["direction@alpha.fr"],
      });
      expect(sent.status).toBe(200);
      expect(sent.body).toMatchObject({ detail: "E-mail envoyé.", status: "sent", to: ["compta@alpha.fr"] });
      const mail = smtp.received.at(-1);
      expect(mail?.rcptTo.sort()).toEqual(["compta@alpha.fr", "direction@alpha.fr"]);
      expect(mail?.parsed.headers.get("subject")).toBe(`Facture ${number} — Atelier Mail`);
      expect(mail?.parsed.headers.get("from")).toContain("Atelier Mail");
      expect(mail?.parsed.headers.get("message-id")).toBe(sent.body.messageId);
      expect(mail?.parsed.text).toContain(`960,00${NBSP}€ TTC`);
      const [pdf] = mail?.parsed.attachments ?? [];
      expect(pdf).toMatchObject({ filename: `${number}.pdf`, contentType: "application/pdf" });
      expect(pdf?.content.subarray(0, 5).toString()).toBe("%PDF-");
      // A validated sales invoice goes as its Factur-X: the CII XML embedded in the PDF.
      const embedded = await embeddedInvoiceXml(new Uint8Array(pdf?.content ?? []));
      expect(embedded?.name).toBe("factur-x.xml");
      expect(embedded?.xml).toContain(`<ram:ID>${number}</ram:ID>`);

      const events = await history(invoiceId);
      expect(events[0]?.type).toBe("DocumentStatusChanged");
      expect(events[1]).toMatchObject({
        type: "DocumentEmailed",
        userName: "Mail",
        email: { to: ["compta@alpha.fr"], messageId: sent.body.messageId, attachments: [`${number}.pdf`] },
      });
    });

    it("makes {{shareLink}} a new share link of the invoice when the e-mail is sent, which opens it", async () => {
      const draft = (await call("GET", `/docs/${invoiceId}/mail`, o.token)).body;
      const sent = await send("POST", `/docs/${invoiceId}/mail`, o.token, {
        ...draft,
        body: `${draft.body}\nEn ligne : {{shareLink}}`,
      });
      expect(sent.status).toBe(200);
      const text = smtp.received.at(-1)?.parsed.text ?? "";
      const token = /\/share\/docs\?token=(sh_[\w-]+)/.exec(text)?.[1];
      expect(token, text).toBeDefined();
      expect(text).not.toContain("{{shareLink}}");
      const shared = await call("GET", `/share/docs?token=${token}`, undefined);
      expect(shared.status).toBe(200);
      expect(shared.body).toMatchObject({ number });
      expect((await history(invoiceId)).map((e) => e.type)).toContain("DocumentShared");
    });

    it("carries the document's attached files chosen in the editor after its PDF, and no other document's", async () => {
      const pdf = tinyPdf();
      const res = await harness.app.request(`/api/docs/${invoiceId}/files`, {
        method: "POST",
        headers: { authorization: `Bearer ${o.token}` },
        body: fileForm("Bon de commande signé.pdf", pdf),
      });
      expect(res.status).toBe(201);
      const { fileId } = (await res.json()) as { fileId: string };
      const draft = (await call("GET", `/docs/${invoiceId}/mail`, o.token)).body;
      expect(draft.documentFiles).toEqual([
        { fileId, name: "Bon de commande signé.pdf", size: pdf.length, contentType: "application/pdf" },
      ]);
      const {
        files: _files,
        attachments: _attachments,
        contactEmails: _emails,
        reminderLevel: _level,
        ...input
      } = draft;
      const sent = await send("POST", `/docs/${invoiceId}/mail`, o.token, { ...input, files: [fileId] });
      expect(sent.status).toBe(200);
      expect(sent.body.attachments).toEqual([`${number}.pdf`, "Bon de commande signé.pdf"]);
      const carried = smtp.received.at(-1)?.parsed.attachments ?? [];
      expect(carried.map((a) => a.filename)).toEqual([`${number}.pdf`, "Bon de commande signé.pdf"]);
      expect(Buffer.compare(carried[1]?.content ?? Buffer.alloc(0), Buffer.from(pdf))).toBe(0);
      // Another document's file, or no file at all: 404, nothing sent.
      const before = smtp.received.length;
      const other = await send("POST", `/docs/${invoiceId}/mail`, o.token, {
        ...input,
        files: ["7f000000-0000-4000-8000-000000000000"],
      });
      expect(other.status).toBe(404);
      expect(smtp.received.length).toBe(before);
    });

    it("previews a template with the invoice's own values (not late yet: no indemnity)", async () => {
      const preview = await send("POST", "/emails/templates/preview", o.token, {
        use: "reminder3",
        language: "en",
        subject: "Notice {{number}}",
        body: "{{contactName}} owes {{amountDue}} since {{dueDate}}, plus {{indemnity}}.",
        docId: invoiceId,
      });
      expect(preview.status).toBe(200);
      expect(preview.body.subject).toBe(`Notice ${number}`);
      expect(preview.body.body).toMatch(/^Alpha SARL owes €960\.00 since \d{1,2} \w+ \d{4}, plus €0\.00\.$/);
    });

    it("needs the right to change the document to send it", async () => {
      const accountant = await register("Lecteur");
      await join(o.token, accountant, "accountant");
      const token = (await call("POST", "/user/orgs/change", accountant.token, { orgId: o.orgId })).body
        .token;
      expect((await call("GET", `/docs/${invoiceId}/mail`, token)).status).toBe(200);
      const before = smtp.received.length;
      const refused = await send("POST", `/docs/${invoiceId}/mail`, token, {
        to: ["compta@alpha.fr"],
        subject: "x",
        body: "y",
        language: "fr",
      });
      expect(refused).toMatchObject({
        status: 403,
        body: { code: "identity.forbidden", params: { code: "sales.invoices" } },
      });
      expect(smtp.received.length).toBe(before);
    });

    it("writes to an English-speaking customer in English, a draft quote then sent", async () => {
      const uk = await o.ok("POST", "/contacts", {
        ...customerBody("Gamma Ltd"),
        legal: undefined,
        emails: [{ address: "accounts@gamma.co.uk" }],
        addresses: [
          { kind: "billing", line1: "1 High Street", postalCode: "SW1A 1AA", city: "London", country: "GB" },
        ],
      });
      const quote = await o.ok("POST", "/docs", {
        kind: "quote",
        direction: "sales",
        issueDate: today(),
        contactId: uk.id,
        lines: [{ kind: "item", itemId: o.itemId, quantity: "1" }],
      });
      const draft = (await call("GET", `/docs/${quote.id}/mail`, o.token)).body;
      expect(draft).toMatchObject({
        language: "en",
        to: ["accounts@gamma.co.uk"],
        subject: `Quote ${quote.number} — Atelier Mail`,
      });
      // Consulting for a business in the United Kingdom is outside French VAT (CGI 259-1): no VAT.
      expect(draft.body).toContain("€80.00 including VAT");
      const sent = await send("POST", `/docs/${quote.id}/mail`, o.token, draft, { lang: "en" });
      expect(sent.body).toMatchObject({ detail: "Email sent successfully.", status: "sent" });
    });

    it("refuses no recipient (Missing to), a wrong address (Invalid email) and a draft invoice, sending nothing", async () => {
      const before = smtp.received.length;
      const draft = (await call("GET", `/docs/${invoiceId}/mail`, o.token)).body;
      const none = await send(
        "POST",
        `/docs/${invoiceId}/mail`,
        o.token,
        { ...draft, to: [" "] },
        { lang: "en" },
      );
      expect(none.status).toBe(422);
      expect(none.body).toMatchObject({
        code: "mail.missingTo",
        detail: "Missing to.",
        errors: [{ path: "to" }],
      });
      const wrong = await send("POST", `/docs/${invoiceId}/mail`, o.token, {
        ...draft,
        to: ["compta@alpha.fr", "pas-une-adresse"],
      });
      expect(wrong.status).toBe(422);
      expect(wrong.body).toMatchObject({ code: "validation.invalidEmail", errors: [{ path: "to.1" }] });
      const drafted = await o.ok("POST", "/docs", {
        kind: "invoice",
        direction: "sales",
        issueDate: today(),
        contactId: o.customerId,
      });
      const early = await send("POST", `/docs/${drafted.id}/mail`, o.token, draft);
      expect(early).toMatchObject({ status: 409, body: { code: "doc.mailNotValidated" } });
      expect(smtp.received.length).toBe(before);
    });

    it("answers 424 with the server's reason when it refuses the recipient, records nothing, and sends on retry", async () => {
      const draft = (await call("GET", `/docs/${invoiceId}/mail`, o.token)).body;
      const versions = (await history(invoiceId)).length;
      const refused = await send("POST", `/docs/${invoiceId}/mail`, o.token, {
        ...draft,
        to: ["refuse@alpha.fr"],
      });
      expect(refused.status).toBe(424);
      expect(refused.body.code).toBe("mail.documentNotSent");
      expect(refused.body.params.reason).toMatch(/550/);
      expect(refused.body.detail).toMatch(/^Échec de l’envoi de l’e-mail\u00a0: .*550/);
      expect(await history(invoiceId)).toHaveLength(versions);
      const retried = await send("POST", `/docs/${invoiceId}/mail`, o.token, draft);
      expect(retried.status).toBe(200);
      expect(await history(invoiceId)).toHaveLength(versions + 1);
    });

    it("answers 424 when the server is down, the document unchanged", async () => {
      const draft = (await call("GET", `/docs/${invoiceId}/mail`, o.token)).body;
      const before = await call("GET", `/docs/${invoiceId}`, o.token);
      const versions = (await history(invoiceId)).length;
      await smtp.close();
      const down = await send("POST", `/docs/${invoiceId}/mail`, o.token, draft, { lang: "en" });
      expect(down.status).toBe(424);
      expect(down.body).toMatchObject({ code: "mail.documentNotSent" });
      expect(down.body.detail).toMatch(/^Failed to send email: .*ECONNREFUSED/);
      expect(await history(invoiceId)).toHaveLength(versions);
      expect((await call("GET", `/docs/${invoiceId}`, o.token)).body).toEqual(before.body);
    });
  },
);
