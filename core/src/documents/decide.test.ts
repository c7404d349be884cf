import { describe, expect, it } from "vitest";
import { refusedOnField, refusedWith } from "../testing/refusals.ts";
import { documentEventTypes, documentStreamId } from "./document.ts";
import {
  alpha,
  change,
  create,
  created,
  freeLine,
  header,
  invoiceWith,
  numbering,
  priced,
  seller,
  spec,
  status,
  validate,
  validated,
} from "./documents.fixtures.ts";
import { documentTransitions } from "./lifecycle.ts";

it("keeps each document in its own stream and names every event type once", () => {
  expect(documentStreamId("x")).toBe("doc-x");
  expect(new Set(documentEventTypes).size).toBe(documentEventTypes.length);
});

describe("creating a document", () => {
  it("creates a draft invoice without a number, its lines cleaned", () => {
    spec
      .given([])
      .when(create({ lines: [freeLine({ unitPrice: "2000", label: "  Marchandises " })] }))
      .then([invoiceWith(priced())]);
  });

  it("numbers a quote at creation, in its series", () => {
    spec
      .given([])
      .when(create({ kind: "quote", numbering: numbering("quote", 7) }))
      .then([created({ kind: "quote", number: "DE2025-00007", series: "sales-quote" })]);
  });

  it("refuses a quote without numbering, an invoice with one, a second creation, a missing issue date", () => {
    spec
      .given([])
      .when(create({ kind: "quote" }))
      .thenThrows(refusedOnField("doc.numberingRequired", "numbering"));
    spec
      .given([])
      .when(create({ numbering: numbering("invoice") }))
      .thenThrows(refusedOnField("doc.numberedAtValidation", "numbering"));
    spec
      .given([created()])
      .when(create())
      .thenThrows(refusedWith("doc.exists", {}, 409));
    spec
      .given([])
      .when(create({ header: { issueDate: "" } }))
      .thenThrows(refusedOnField("validation.required", "issueDate"));
    spec
      .given([])
      .when(create({ kind: "quote", numbering: numbering("order") }))
      .thenThrows(refusedOnField("doc.seriesOtherUse", "series"));
  });
});

describe("a draft", () => {
  const given = spec.given([created()]);

  it("takes lines, changes them, reorders and removes them", () => {
    given
      .when({ type: "AddDocumentLine", data: { line: freeLine() } })
      .then([{ type: "DocumentLineAdded", data: { line: priced(), position: 0 } }]);
    spec
      .given([invoiceWith(priced(), priced({ id: "l2" }))])
      .when({ type: "ReorderDocumentLines", data: { order: ["l2", "l1"] } })
      .then([{ type: "DocumentLinesReordered", data: { order: ["l2", "l1"] } }]);
    spec
      .given([invoiceWith(priced())])
      .when({ type: "ChangeDocumentLine", data: { line: freeLine({ quantity: "2" }) } })
      .then([{ type: "DocumentLineChanged", data: { line: priced({ quantity: "2" }) } }]);
    spec
      .given([invoiceWith(priced())])
      .when({ type: "RemoveDocumentLine", data: { lineId: "l1" } })
      .then([{ type: "DocumentLineRemoved", data: { lineId: "l1" } }]);
  });

  it("refuses a bad order, an unknown line, a repeated line id", () => {
    spec
      .given([invoiceWith(priced(), priced({ id: "l2" }))])
      .when({ type: "ReorderDocumentLines", data: { order: ["l2"] } })
      .thenThrows(refusedOnField("doc.invalidLineOrder", "order"));
    given
      .when({ type: "RemoveDocumentLine", data: { lineId: "x" } })
      .thenThrows(refusedWith("doc.lineNotFound"));
    spec
      .given([invoiceWith(priced())])
      .when({ type: "AddDocumentLine", data: { line: freeLine() } })
      .thenThrows(refusedWith("doc.duplicateLineId"));
  });

  it("changes only the header fields that differ", () => {
    given
      .when({ type: "ChangeDocumentHeader", data: { issueDate: "2025-01-05", reference: " R-1 " } })
      .then([{ type: "DocumentHeaderChanged", data: { changes: { reference: "R-1" } } }]);
    given
      .when({ type: "ChangeDocumentHeader", data: { deliveryDate: "2025-02-30" } })
      .thenThrows(refusedOnField("validation.invalidDate", "deliveryDate"));
  });

  it("is deleted; a status only validation gives is refused", () => {
    given.when({ type: "DeleteDocument", data: {} }).then([{ type: "DocumentDeleted", data: { id: "d-1" } }]);
    given
      .when(change("validated"))
      .thenThrows(refusedWith("doc.validationRequired", { kind: "invoice" }, 409));
    given
      .when(change("sent"))
      .thenThrows(refusedWith("doc.transitionRefused", { kind: "invoice", from: "draft", to: "sent" }));
  });
});

describe("validating an invoice", () => {
  const given = spec.given([invoiceWith(priced())]);

  it("numbers it from its series, computes its due date (30 days by default)", () => {
    given.when(validate()).then([validated()]);
  });

  it("takes the contact's terms: 45 days end of month", () => {
    spec
      .given([
        created({
          lines: [priced()],
          contact: {
            ...alpha,
            paymentTerms: { days: 45, endOfMonth: true, penaltyRate: null, earlyPaymentDiscount: null },
          },
        }),
      ])
      .when(validate())
      .then([{ type: "DocumentValidated", data: { ...validated().data, dueDate: "2025-03-17" } as never }]);
  });

  it("refuses what lacks a mandatory mention, naming the field", () => {
    spec.given([created()]).when(validate()).thenThrows(refusedOnField("doc.mention.noLines", "lines"));
    spec
      .given([created({ lines: [priced()], contact: { ...alpha, siren: null } })])
      .when(validate())
      .thenThrows(refusedOnField("doc.mention.customerSiren", "contact.siren"));
    spec
      .given([created({ lines: [priced()], contact: null })])
      .when(validate())
      .thenThrows(refusedOnField("doc.mention.contact", "contact"));
    given
      .when(validate(1, { seller: { ...seller, siren: null } }))
      .thenThrows(refusedOnField("doc.mention.sellerSiren", "seller.siren"));
    spec
      .given([invoiceWith(priced({ account: null }))])
      .when(validate())
      .thenThrows(refusedOnField("doc.lineAccountMissing", "lines.l1.account"));
  });

  it("refuses a date before the series' last one, a negative or zero total, a second validation", () => {
    given
      .when(validate(2, { lastIssueDate: "2025-01-06" }))
      .thenThrows(refusedWith("doc.dateBeforeLast", { field: "issueDate", last: "2025-01-06" }));
    spec
      .given([invoiceWith(priced({ quantity: "-1" }))])
      .when(validate())
      .thenThrows(refusedWith("doc.negativeTotal"));
    spec
      .given([invoiceWith(priced({ unitPrice: "0" }))])
      .when(validate())
      .thenThrows(refusedWith("doc.zeroTotal"));
    spec
      .given([invoiceWith(priced()), validated()])
      .when(validate())
      .thenThrows(refusedWith("doc.alreadyValidated", { number: "FA2025-00001" }, 409));
  });

  it("keeps a purchase invoice under its supplier's number", () => {
    spec
      .given([
        created({
          direction: "purchases",
          contact: { ...alpha, auxiliary: { control: "401000", code: "FBETA" } },
          header: header({ supplierNumber: "B-778", supplierDate: "2025-01-06", issueDate: "2025-01-08" }),
          lines: [priced({ account: "607000" })],
        }),
      ])
      .when({ ...validate(), data: { validatedOn: "2025-01-08", entryMvt: "m-2", numbering: null } } as never)
      .then([
        {
          type: "DocumentValidated",
          data: {
            number: "B-778",
            series: null,
            sequence: null,
            dueDate: "2025-02-07",
            validatedOn: "2025-01-08",
            entryMvt: "m-2",
            vatRules: 2,
          },
        },
      ]);
    spec
      .given([created({ direction: "purchases", lines: [priced()] })])
      .when({ ...validate(), data: { validatedOn: "2025-01-08", entryMvt: null, numbering: null } } as never)
      .thenThrows(refusedOnField("doc.mention.supplierNumber", "supplierNumber"));
  });
});

describe("a validated invoice is immutable", () => {
  const given = spec.given([invoiceWith(priced()), validated()]);
  const immutable = refusedWith("doc.validatedImmutable", { number: "FA2025-00001" }, 409);

  it("refuses every change of content and its deletion", () => {
    given.when({ type: "AddDocumentLine", data: { line: freeLine({ id: "l2" }) } }).thenThrows(immutable);
    given
      .when({ type: "ChangeDocumentLine", data: { line: freeLine({ quantity: "3" }) } })
      .thenThrows(immutable);
    given.when({ type: "RemoveDocumentLine", data: { lineId: "l1" } }).thenThrows(immutable);
    given.when({ type: "ChangeDocumentHeader", data: { notes: "x" } }).thenThrows(immutable);
    given.when({ type: "SetDocumentContact", data: { contact: alpha } }).thenThrows(immutable);
    given.when({ type: "DeleteDocument", data: {} }).thenThrows(immutable);
  });

  it("is marked sent, and takes history entries", () => {
    given.when(change("sent")).then([status("validated", "sent")]);
    given
      .when({
        type: "AddDocumentHistoryEntry",
        data: { id: "h1", date: "2025-01-07", text: "Relance téléphonique" },
      })
      .then([
        {
          type: "DocumentHistoryEntryAdded",
          data: { id: "h1", date: "2025-01-07", text: "Relance téléphonique" },
        },
      ]);
    given
      .when(change("cancelled"))
      .thenThrows(
        refusedWith("doc.transitionRefused", { kind: "invoice", from: "validated", to: "cancelled" }),
      );
  });
});

describe("the lifecycle of quotes, orders and delivery slips, from the table", () => {
  const quote = created({ kind: "quote", number: "DE2025-00001", series: "sales-quote", lines: [priced()] });
  const order = created({ kind: "order", number: "CO2025-00001", series: "sales-order", lines: [priced()] });
  const delivery = created({
    kind: "delivery",
    number: "BL2025-00001",
    series: "sales-delivery",
    lines: [priced()],
  });

  it("goes draft -> sent -> accepted, or refused, or cancelled", () => {
    spec
      .given([quote])
      .when(change("sent"))
      .then([status("draft", "sent")]);
    spec
      .given([quote, status("draft", "sent")])
      .when(change("accepted"))
      .then([status("sent", "accepted")]);
    spec
      .given([quote, status("draft", "sent")])
      .when(change("refused"))
      .then([status("sent", "refused")]);
    spec
      .given([quote, status("draft", "accepted")])
      .when(change("cancelled"))
      .then([status("accepted", "cancelled")]);
    spec
      .given([order, status("draft", "accepted")])
      .when(change("delivered"))
      .then([status("accepted", "delivered")]);
    spec
      .given([delivery])
      .when(change("delivered"))
      .then([status("draft", "delivered")]);
  });

  it("refuses every transition the table leaves out, with its parameters", () => {
    spec
      .given([quote, status("draft", "refused")])
      .when(change("accepted"))
      .thenThrows(
        refusedWith("doc.transitionRefused", { kind: "quote", from: "refused", to: "accepted" }, 409),
      );
    spec
      .given([delivery, status("draft", "delivered")])
      .when(change("cancelled"))
      .thenThrows(
        refusedWith("doc.transitionRefused", { kind: "delivery", from: "delivered", to: "cancelled" }),
      );
    spec
      .given([quote])
      .when(validate())
      .thenThrows(refusedWith("doc.transitionRefused", { kind: "quote", from: "draft", to: "validated" }));
  });

  it("locks the content out of draft (not validated: doc.notDraft)", () => {
    spec
      .given([quote, status("draft", "sent")])
      .when({ type: "RemoveDocumentLine", data: { lineId: "l1" } })
      .thenThrows(refusedWith("doc.notDraft", { status: "sent" }, 409));
  });

  it("walks every transition of the table", () => {
    for (const [kind, table] of Object.entries(documentTransitions))
      for (const [from, targets] of Object.entries(table))
        for (const to of targets ?? []) {
          if (to === "validated") continue;
          const events = [created({ kind: kind as never, lines: [priced()] })];
          if (from === "validated") events.push(validated());
          else if (from !== "draft") events.push(status("draft", from));
          spec
            .given(events)
            .when(change(to))
            .then([status(from, to)]);
        }
  });

  it("accepts a quote when it is transformed, and links its child", () => {
    spec
      .given([quote, status("draft", "sent")])
      .when({
        type: "LinkChildDocument",
        data: { docId: "d-2", kind: "order", relation: "transform", on: "2025-01-09" },
      })
      .then([
        { type: "DocumentChildLinked", data: { docId: "d-2", kind: "order", relation: "transform" } },
        status("sent", "accepted", "2025-01-09"),
      ]);
    spec
      .given([
        quote,
        { type: "DocumentChildLinked", data: { docId: "d-2", kind: "order", relation: "transform" } },
      ])
      .when({ type: "DeleteDocument", data: {} })
      .thenThrows(refusedWith("doc.hasChildren", { count: 1 }));
  });
});
