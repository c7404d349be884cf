import { describe, expect, it } from "vitest";
import { refusedOnField, refusedWith } from "../testing/refusals.ts";
import type { DocumentEmail, DocumentEvent } from "./document.ts";
import { create, created, numbering, spec, stateOf, status, validated } from "./documents.fixtures.ts";

const email = (changes: Partial<DocumentEmail> = {}): DocumentEmail => ({
  to: ["compta@alpha.fr"],
  cc: [],
  subject: "Facture FA2025-00001",
  messageId: "<m-1@registre>",
  language: "fr",
  attachments: ["FA2025-00001.pdf"],
  templateId: "default-invoice-fr",
  reminderLevel: null,
  sentOn: "2025-01-10",
  ...changes,
});
const record = (data: DocumentEmail) => ({ type: "RecordDocumentEmail" as const, data });
const emailed = (data: DocumentEmail): DocumentEvent => ({ type: "DocumentEmailed", data });

describe("sending a document by e-mail", () => {
  it("records the sending of a validated invoice, which becomes sent", () => {
    spec
      .given([created(), validated()])
      .when(record(email()))
      .then([emailed(email()), status("validated", "sent", "2025-01-10")]);
  });

  it("records a sending again without a status change once sent", () => {
    spec
      .given([created(), validated(), status("validated", "sent")])
      .when(record(email()))
      .then([emailed(email())]);
  });

  it("sends a draft quote, which becomes sent", () => {
    spec
      .given([created({ kind: "quote", number: "DE2025-00007", series: "sales-quote" })])
      .when(record(email()))
      .then([emailed(email()), status("draft", "sent", "2025-01-10")]);
    expect(create({ kind: "quote", numbering: numbering("quote", 7) }).type).toBe("CreateDocument");
  });

  it("refuses a draft invoice: it has no number yet", () => {
    spec
      .given([created()])
      .when(record(email()))
      .thenThrows(refusedWith("doc.mailNotValidated", { kind: "invoice" }, 409));
  });

  it("refuses a sending without a recipient, naming the field", () => {
    spec
      .given([created(), validated()])
      .when(record(email({ to: [] })))
      .thenThrows(refusedOnField("mail.missingTo", "to"));
  });
});

describe("reminders", () => {
  it("records a reminder's level on the invoice, the status unchanged", () => {
    const reminder = email({ reminderLevel: 1 });
    spec
      .given([created(), validated()])
      .when(record(reminder))
      .then([emailed(reminder)]);
    expect(stateOf(created(), validated(), emailed(reminder)).reminderLevels).toEqual([1]);
  });

  it("never sends a level twice, nor one below a level sent", () => {
    spec
      .given([created(), validated(), emailed(email({ reminderLevel: 2 }))])
      .when(record(email({ reminderLevel: 2 })))
      .thenThrows(refusedWith("doc.reminderAlreadySent", { level: 2 }, 409));
    spec
      .given([created(), validated(), emailed(email({ reminderLevel: 2 }))])
      .when(record(email({ reminderLevel: 1 })))
      .thenThrows(refusedWith("doc.reminderAlreadySent", { level: 2 }, 409));
  });

  it("reminds only of sales invoices", () => {
    spec
      .given([created({ kind: "quote", number: "DE2025-00007", series: "sales-quote" })])
      .when(record(email({ reminderLevel: 1 })))
      .thenThrows(refusedWith("doc.reminderNotInvoice", { kind: "quote" }, 409));
  });
});
