import { z } from "@hono/zod-openapi";
import { documentDirections, documentKinds, documentStatuses, vatRates } from "@registre/core";
import { DOCUMENT_COUNT_CAP } from "../http/count-caps.ts";
import { Amount, CentsOut, Day, Offset } from "./common.ts";
import { DocumentLineId, pathParams, Uuid } from "./ids.ts";

/** The schemas of the documents (`/docs…`): inputs, the document, the list, the checks and reports. */

const text = (max: number) => z.string().max(max);
const Decimal = z
  .string()
  .max(30)
  .regex(/^-?\d+(\.\d+)?$/)
  .openapi({ example: "2.5", description: "A decimal as text, 4 decimals at most" });
const LineId = DocumentLineId.openapi({ description: "Kept by PUT; given `L<n>` when left out" });
const Kind = z.enum(documentKinds);
const Direction = z.enum(documentDirections);
const Status = z.enum(documentStatuses);

const ItemLine = z.object({
  kind: z.literal("item"),
  id: LineId.optional(),
  itemId: z.uuid(),
  quantity: Decimal,
  unitPrice: Decimal.nullish().openapi({ description: "The item's price for the quantity when left out" }),
  discount: Decimal.nullish(),
  label: text(500).nullish(),
  originLineId: DocumentLineId.nullish(),
});
const FreeLine = z.object({
  kind: z.literal("free"),
  id: LineId.optional(),
  reference: text(60).nullish(),
  label: text(500),
  description: text(2000).nullish(),
  unit: text(3).nullish().openapi({ example: "C62", description: "UN/ECE Rec. 20" }),
  quantity: Decimal,
  unitPrice: Decimal,
  discount: Decimal.nullish(),
  vatRate: z.enum(vatRates),
  vatExemption: text(200).nullish(),
  account: text(20).nullish().openapi({ example: "706000" }),
  nature: z.enum(["goods", "services"]).nullish(),
  originLineId: DocumentLineId.nullish(),
});
const TitleLine = z.object({ kind: z.literal("title"), id: LineId.optional(), label: text(200) });
const CommentLine = z.object({ kind: z.literal("comment"), id: LineId.optional(), text: text(2000) });
export const DocumentLineInput = z
  .discriminatedUnion("kind", [ItemLine, FreeLine, TitleLine, CommentLine])
  .openapi("DocumentLineInput");

const headerFields = {
  deliveryDate: Day.nullish(),
  expiryDate: Day.nullish(),
  dueDate: Day.nullish().openapi({
    description: "Computed from the contact's payment terms at validation when null",
  }),
  deadline: Day.nullish(),
  reference: text(60).nullish(),
  label: text(200).nullish(),
  customerReference: text(60).nullish(),
  notes: text(4000).nullish(),
  supplierNumber: text(60).nullish().openapi({ description: "Purchases: the supplier's invoice number" }),
  supplierDate: Day.nullish(),
};
const contactFields = {
  contactId: z.uuid().nullish(),
  contactAccount: z
    .object({ control: text(20), code: text(17) })
    .nullish()
    .openapi({
      description:
        "The contact's account for this document when not its own (a fixed-asset supplier's 404000 auxiliary): " +
        "an auxiliary account of the chart under that control account",
    }),
  billingAddressId: Uuid.nullish().openapi({ description: "One of the contact's addresses" }),
  deliveryAddressId: Uuid.nullish().openapi({ description: "One of the contact's addresses" }),
};

const Quantities = z
  .record(DocumentLineId, Decimal)
  .openapi({ description: "Quantity per line id of the origin" });
const DerivedFrom = z
  .discriminatedUnion("relation", [
    z.object({
      relation: z.literal("transform"),
      docId: z.uuid(),
      kind: Kind,
      quantities: Quantities.optional(),
    }),
    z.object({ relation: z.literal("duplicate"), docId: z.uuid() }),
    z.object({
      relation: z.literal("creditNote"),
      docId: z.uuid(),
      selection: z.discriminatedUnion("kind", [
        z.object({ kind: z.literal("whole") }),
        z.object({ kind: z.literal("lines"), quantities: Quantities }),
        z.object({
          kind: z.literal("amounts"),
          amounts: z
            .array(
              z.object({
                net: Decimal,
                vatRate: z.enum(vatRates),
                vatExemption: text(200).nullish(),
                label: text(500).optional(),
                account: text(20).optional(),
                nature: z.enum(["goods", "services"]).optional().openapi({
                  description: "By default the invoice's lines at that rate: goods when they all are",
                }),
              }),
            )
            .min(1)
            .max(20),
        }),
      ]),
    }),
    z.object({
      relation: z.literal("deposit"),
      docId: z.uuid(),
      percent: Decimal,
      label: text(500).optional(),
    }),
  ])
  .openapi("DocumentDerivedFrom", {
    description:
      "Made from another document in one commit with the link on it: transform (quote -> order -> delivery -> " +
      "invoice, by quantities), duplicate, credit note of a validated invoice (whole, lines, amounts per rate), " +
      "deposit invoice on an order. The new document's kind and side come from the relation.",
  });

export const CreateDocumentInput = z
  .object({
    from: DerivedFrom.optional(),
    kind: Kind,
    direction: Direction,
    series: text(40)
      .nullish()
      .openapi({ description: "A series id of the settings; the use's first by default" }),
    issueDate: Day,
    ...headerFields,
    ...contactFields,
    lines: z.array(DocumentLineInput).max(1000).optional(),
  })
  .openapi("CreateDocumentInput");

export const UpdateDocumentInput = z
  .object({
    issueDate: Day.optional(),
    ...headerFields,
    ...contactFields,
    lines: z.array(DocumentLineInput).max(1000).optional().openapi({ description: "Replaces the lines" }),
  })
  .openapi("UpdateDocumentInput");

const Address = z.object({
  line1: z.string(),
  line2: z.string().nullish(),
  postalCode: z.string(),
  city: z.string(),
  country: z.string(),
});
const Contact = z.object({
  id: z.string(),
  kind: z.enum(["company", "person"]),
  name: z.string(),
  siren: z.string().nullable(),
  vatNumber: z.string().nullable(),
  billingAddress: Address.nullable(),
  deliveryAddress: Address.nullable(),
  auxiliary: z.object({ control: z.string(), code: z.string() }).nullable(),
  paymentTerms: z.record(z.string(), z.unknown()).nullable(),
});
const Line = z.object({
  kind: z.enum(["item", "free", "title", "comment"]),
  id: z.string(),
  itemId: z.string().nullish(),
  reference: z.string().nullish(),
  label: z.string().optional(),
  text: z.string().optional(),
  description: z.string().nullish(),
  unit: z.string().optional(),
  quantity: z.string().optional(),
  unitPrice: z.string().optional(),
  discount: z.string().optional(),
  vatRate: z.string().optional(),
  vatExemption: z.string().nullish(),
  account: z.string().nullish(),
  nature: z.enum(["goods", "services"]).optional(),
  originLineId: z.string().nullish(),
  vatRegime: z
    .object({
      kind: z.enum(["intraEu", "export", "reverseCharge"]),
      homeRate: z.string(),
      homeExemption: z.string().nullable(),
    })
    .optional()
    .openapi({
      description:
        "A sale exempt or outside French VAT, decided from the customer and the line's nature: an intra-EU delivery (CA3 F2), an export (E1), a service to a business abroad (E2); the rate it bears at home. Absent: French VAT",
    }),
  net: Amount.optional().openapi({
    description: "Priced lines: quantity × price × (1 − discount), in cents",
  }),
});
const Link = z.object({
  relation: z.enum(["transform", "duplicate", "creditNote", "deposit"]),
  docId: z.string(),
  kind: Kind,
  number: z.string().nullish(),
  issueDate: z.string().optional(),
});
const Totals = z.object({
  totalExclTax: Amount,
  totalVat: Amount,
  totalInclTax: Amount,
  deposits: Amount,
  paid: Amount,
  due: Amount,
  breakdown: z.array(
    z.object({ vatRate: z.string(), vatExemption: z.string().nullable(), base: Amount, vat: Amount }),
  ),
});

export const DocumentSummary = z
  .object({
    id: z.string(),
    kind: Kind,
    direction: Direction,
    status: Status,
    number: z.string().nullable().openapi({ description: "Null for a draft invoice: shown « Brouillon »" }),
    series: z.string().nullable(),
    contactId: z.string().nullable(),
    contactName: z.string().nullable(),
    issueDate: z.string(),
    dueDate: z.string().nullable(),
    reference: z.string().nullable(),
    label: z.string().nullable(),
    totalExclTax: Amount,
    totalVat: Amount,
    totalInclTax: Amount,
    paid: Amount,
    due: Amount,
    paymentStatus: z.enum(["unpaid", "partial", "paid"]).nullable().openapi({
      description: "Validated invoices and credit notes: unpaid, partially paid (due shown), paid",
    }),
    entryMvt: z
      .string()
      .nullable()
      .openapi({ description: "The posted entry (`/accounting/entries/mvt/{mvt}`)" }),
    validatedOn: z.string().nullable(),
    origin: Link.nullable(),
    children: z.array(Link.omit({ number: true, issueDate: true })),
  })
  .openapi("DocumentSummary");

export const Document = DocumentSummary.omit({ children: true })
  .extend({
    children: z.array(Link).openapi({
      description:
        "The documents made from this one, with their numbers (null: a draft) and dates; a deleted draft is left out",
    }),
    remaining: z.record(z.string(), z.record(z.string(), z.string())).openapi({
      description:
        "A document others are made from (quote, order, delivery slip): by kind it can be made into, by priced line id, the quantity not yet carried into documents of that kind (cancelled and refused ones aside); empty for the others",
    }),
    contact: Contact.nullable(),
    header: z.record(z.string(), z.string().nullable()),
    lines: z.array(Line),
    totals: Totals,
    deposits: z.array(z.object({ docId: z.string(), number: z.string(), issueDate: z.string() })),
    history: z.array(z.object({ id: z.string(), date: z.string(), text: z.string() })),
    nextStatuses: z
      .array(Status)
      .openapi({ description: "The statuses PUT /docs/{id}/status/{status} accepts now" }),
    internal: z.boolean().openapi({
      description:
        "An internal credit note: it cancels in the books an invoice the platform rejected (213) or the buyer refused (210); never transmitted nor e-reported",
    }),
    warnings: z.array(z.object({ code: z.string(), message: z.string() })).openapi({
      description:
        "What the page should say before anything is done with the document, in the request's language: `doc.supplierOwnSiren`, a purchase from a supplier with the organisation's own SIREN",
    }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Document");

export const DocumentListQuery = z.object({
  direction: Direction.optional(),
  kind: Kind.optional(),
  status: Status.optional(),
  contactId: z.uuid().optional(),
  from: Day.optional(),
  to: Day.optional(),
  // A bound below zero is no total's: refused rather than read as no bound.
  minTotal: z.coerce
    .number()
    .int()
    .min(0)
    .max(Number.MAX_SAFE_INTEGER)
    .optional()
    .openapi({ description: "Total incl. tax, cents" }),
  maxTotal: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  late: z
    .enum(["true", "false"])
    .optional()
    .openapi({ description: "Validated, unpaid, past their due date" }),
  q: text(100).optional(),
  sort: z.enum(["-date", "date", "-number", "number", "contact", "-totalInclTax"]).default("-date"),
  offset: Offset,
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export const DocumentList = z
  .object({
    items: z.array(DocumentSummary),
    total: z
      .number()
      .int()
      .openapi({
        description: `Documents the filter selects, at most ${DOCUMENT_COUNT_CAP} (see \`capped\`)`,
      }),
    totals: z.object({ totalExclTax: Amount, totalInclTax: Amount, due: Amount }).openapi({
      description: "Totals of the selection, not only of this page's documents",
    }),
    capped: z
      .literal(true)
      .optional()
      .openapi({
        description: `Present when the filter selects more than ${DOCUMENT_COUNT_CAP} documents: \`total\` is then ${DOCUMENT_COUNT_CAP} and \`totals\` add up the first ${DOCUMENT_COUNT_CAP} of the list's order`,
      }),
  })
  .openapi("DocumentList");

export const DocIdParam = pathParams({ id: Uuid });
export const DocTypeParam = z.object({
  type: z
    .string()
    .regex(/^(sales|purchases)-(quote|order|delivery|invoice|creditNote)$/)
    .openapi({
      param: { name: "type", in: "path" },
      example: "sales-invoice",
      description: "`<direction>-<kind>`",
    }),
});
export const DocStatusParams = DocIdParam.extend({
  status: Status.openapi({ param: { name: "status", in: "path" } }),
});

export const DocumentTemplate = z
  .object({
    kind: Kind,
    direction: Direction,
    issueDate: z.string(),
    dueDate: z.string().nullable(),
    notes: z.string().nullable(),
    paymentTerms: z.string().nullable(),
    earlyPaymentDiscount: z.string(),
    series: z.array(
      z.object({ id: z.string(), label: z.string(), format: z.string(), next: z.string().nullable() }),
    ),
    numberedAt: z.enum(["creation", "validation", "supplier"]),
    nextStatuses: z.array(Status),
  })
  .openapi("DocumentTemplate");

export const DocumentProblem = z.object({
  code: z.string(),
  field: z.string().nullable(),
  message: z.string(),
});
export const DocumentValidationCheck = z
  .object({
    valid: z.boolean(),
    problems: z.array(DocumentProblem),
    warnings: z.array(DocumentProblem).openapi({
      description:
        "A sales invoice or credit note still a draft: the seller's mentions the document settings leave out (`docSettings.mention.…`), validated all the same",
    }),
  })
  .openapi("DocumentValidationCheck");
export const BulkValidationInput = z
  .object({ ids: z.array(z.uuid()).min(1).max(500) })
  .openapi("BulkDocumentValidationInput");
export const BulkValidationReport = z
  .object({
    validated: z.array(z.object({ id: z.string(), number: z.string().nullable(), mvt: z.string() })),
    refused: z.array(
      z.object({ id: z.string(), code: z.string(), field: z.string().nullable(), message: z.string() }),
    ),
  })
  .openapi("BulkDocumentValidationReport");

const Cell = z.object({ count: z.number().int(), totalExclTax: Amount, totalInclTax: Amount });
export const DocumentStats = z
  .object({
    byStatus: z.record(z.string(), Cell),
    byMonth: z.array(z.object({ month: z.string(), total: Cell, byStatus: z.record(z.string(), Cell) })),
    total: Cell,
  })
  .openapi("DocumentStats");
export const DocumentStatsQuery = z.object({ from: Day.optional(), to: Day.optional() });

export const HistoryEntry = z
  .object({ id: z.string(), docId: z.string(), date: z.string(), text: z.string() })
  .openapi("DocumentHistoryEntry");
export const HistoryEvent = z.object({
  version: z.number().int(),
  position: z.number().int().openapi({
    description:
      "Its place in the log: the accountant's time machine shows the books as they stood right after it",
  }),
  at: z.string(),
  userName: z.string().nullable(),
  type: z.string(),
  email: z
    .object({
      to: z.array(z.string()),
      cc: z.array(z.string()),
      subject: z.string(),
      messageId: z.string(),
      attachments: z.array(z.string()),
      reminderLevel: z.number().int().nullable(),
    })
    .optional()
    .openapi({ description: "A DocumentEmailed event: to whom, what, the message id" }),
  payment: z
    .object({
      id: z.string(),
      date: Day.nullable(),
      amount: CentsOut.nullable().openapi({
        description: "What it put on this document, cents; null once released",
      }),
    })
    .optional()
    .openapi({ description: "The payment an allocation or its release is about" }),
  transmission: z
    .object({
      flowId: z.string().nullable(),
      status: z.string().nullable().openapi({ description: "An acknowledgement's: Ok or Error" }),
      code: z.number().int().nullable().openapi({ description: "A lifecycle status: 200 … 213" }),
      reason: z.string().nullable().openapi({
        description: "Why: a status's reason, an acknowledgement's reasons, the not-sent reason, the refusal",
      }),
    })
    .optional()
    .openapi({
      description: "A transmission event (DocumentTransmission…, DocumentLifecycleStatusReceived)",
    }),
  /** What the event names, when the line shows it: an attached or removed file's name. */
  detail: z.string().nullable(),
  entryMvt: z.string().nullable().optional().openapi({
    description: "A validation's entry posted in the same commit (its history in the time machine)",
  }),
  entryPosition: z.number().int().nullable().optional().openapi({
    description:
      "That entry's validation's place in the log: the time machine's moment right after the commit",
  }),
});
export const HistoryListQuery = z.object({ docId: z.uuid() });
export const HistoryList = z
  .object({ notes: z.array(HistoryEntry), events: z.array(HistoryEvent) })
  .openapi("DocumentHistoryList");
export const HistoryInput = z
  .object({ docId: z.uuid(), date: Day.optional(), text: text(2000) })
  .openapi("DocumentHistoryInput");
export const HistoryChange = z
  .object({ date: Day.optional(), text: text(2000) })
  .openapi("DocumentHistoryChange");
export const HistoryIdParam = pathParams({ id: Uuid });

/** A contact's documents and the unpaid ones, with days late and the late-payment figures. */
export const ContactDocument = DocumentSummary.extend({
  daysLate: z.number().int().nullable(),
  penalty: CentsOut.nullable().openapi({ description: "Late-payment penalty accrued today, cents" }),
  indemnity: CentsOut.nullable().openapi({ description: "Fixed recovery indemnity (€40) when late" }),
}).openapi("ContactDocument");
