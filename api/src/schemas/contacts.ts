import { z } from "@hono/zod-openapi";
import { addressKinds, contactTypes, duplicateReasons, historyEntryKinds, phoneKinds } from "@registre/core";
import { Offset } from "./common.ts";
import { ContactDocument } from "./docs.ts";
import { ContactHistoryId, MetaKey, pathParams, Uuid } from "./ids.ts";

/**
 * Contacts (/api/contacts): people and companies, their sub-records, history and lists. The shapes
 * are loose on purpose where the domain checks a rule with a message of its own (an IBAN, a SIRET, a
 * phone number, a postal code): its refusal names the field in French or English.
 */

const text = (max: number) => z.string().max(max);
const optionalText = (max: number) => z.string().max(max).nullable().optional();

export const ContactType = z.enum(contactTypes).openapi("ContactType");
export const ContactKind = z.enum(["company", "person"]).openapi("ContactKind");

export const AddressInput = z
  .object({
    kind: z.enum(addressKinds).default("billing"),
    line1: text(200),
    line2: optionalText(200),
    postalCode: text(20),
    city: text(100),
    country: z
      .string()
      .max(2)
      .optional()
      .openapi({ description: "ISO 3166-1 alpha-2, France when absent", example: "FR" }),
  })
  .openapi("ContactAddressInput");
export const PhoneInput = z
  .object({
    kind: z.enum(phoneKinds).default("work"),
    number: text(40).openapi({ example: "01 42 68 53 00" }),
    country: z.string().length(2).optional().openapi({ description: "How a national number is read" }),
  })
  .openapi("ContactPhoneInput");
export const EmailInput = z
  .object({ address: text(254), label: optionalText(100) })
  .openapi("ContactEmailInput");
export const IbanInput = z
  .object({ iban: text(50), bic: optionalText(11), label: optionalText(100) })
  .openapi("ContactIbanInput");
export const LinkInput = z
  .object({ contactId: z.uuid(), job: optionalText(100) })
  .openapi("ContactLinkInput");
export const NoteInput = z.object({ text: text(5000) }).openapi("ContactNoteInput");
export const LegalInput = z
  .object({
    siren: optionalText(20),
    siret: optionalText(20),
    vatNumber: optionalText(20),
    apeCode: optionalText(10),
    legalForm: optionalText(100),
    capital: optionalText(20).openapi({ description: "Euros, a decimal string", example: "10000.00" }),
    vatOnDebits: z.boolean().nullish().openapi({
      description:
        "A supplier's option for the débits: its VAT on services deductible at invoicing rather than when paid",
    }),
  })
  .openapi("ContactLegalInput");
export const PaymentTermsInput = z
  .object({
    days: z.number().int().min(0).max(365),
    endOfMonth: z.boolean().optional(),
    penaltyRate: optionalText(10),
    earlyPaymentDiscount: optionalText(10),
  })
  .openapi("ContactPaymentTermsInput");
export const MetaInput = z.object({ key: text(60), value: text(1000) }).openapi("ContactMetaInput");
export const MetaValueInput = z.object({ value: text(1000) });

const Identity = {
  kind: ContactKind,
  name: optionalText(200).openapi({ description: "A company's name" }),
  firstName: optionalText(100),
  lastName: optionalText(100).openapi({ description: "A person's last name" }),
};

export const CreateContactInput = z
  .object({
    ...Identity,
    types: z.array(ContactType).max(10).default([]),
    job: optionalText(100),
    website: optionalText(300),
    criteria: z.array(text(60)).max(50).optional(),
    addresses: z.array(AddressInput).max(20).optional(),
    phones: z.array(PhoneInput).max(20).optional(),
    emails: z.array(EmailInput).max(20).optional(),
    ibans: z.array(IbanInput).max(20).optional(),
    legal: LegalInput.optional(),
    paymentTerms: PaymentTermsInput.optional(),
    acknowledgeDuplicates: z.boolean().optional().openapi({
      description:
        "The user saw the possible duplicates (409 `contact.duplicate(s)` with `duplicates`) and creates it anyway",
    }),
  })
  .openapi("CreateContactInput");

export const UpdateContactInput = z
  .object({
    kind: ContactKind.optional(),
    name: Identity.name,
    firstName: Identity.firstName,
    lastName: Identity.lastName,
    types: z.array(ContactType).max(10).optional(),
    job: optionalText(100),
    website: optionalText(300),
    criteria: z.array(text(60)).max(50).optional(),
  })
  .openapi("UpdateContactInput");

export const ContactAddress = z
  .object({
    id: z.string(),
    kind: z.enum(addressKinds),
    line1: z.string(),
    line2: z.string().nullable(),
    postalCode: z.string(),
    city: z.string(),
    country: z.string(),
  })
  .openapi("ContactAddress");
export const ContactPhone = z
  .object({
    id: z.string(),
    kind: z.enum(phoneKinds),
    number: z.string().openapi({ description: "E.164" }),
  })
  .openapi("ContactPhone");
export const ContactEmail = z
  .object({ id: z.string(), address: z.string(), label: z.string().nullable() })
  .openapi("ContactEmail");
export const ContactIban = z
  .object({ id: z.string(), iban: z.string(), bic: z.string().nullable(), label: z.string().nullable() })
  .openapi("ContactIban");
export const ContactLink = z
  .object({
    id: z.string(),
    contactId: z.string(),
    name: z.string().openapi({ description: "The linked contact's name" }),
    kind: ContactKind,
    job: z.string().nullable(),
    inverse: z.boolean().openapi({ description: "Recorded on the other contact (it names this one)" }),
  })
  .openapi("ContactLink");
export const ContactNote = z.object({ id: z.string(), text: z.string() }).openapi("ContactNote");
export const ContactMeta = z.object({ key: z.string(), value: z.string() }).openapi("ContactMeta");
export const ContactLegal = z
  .object({
    id: z.string().openapi({ description: "Always `main`: a contact has one legal identity" }),
    siren: z.string().nullable(),
    siret: z.string().nullable(),
    vatNumber: z.string().nullable(),
    apeCode: z.string().nullable(),
    legalForm: z.string().nullable(),
    capital: z.string().nullable(),
    vatOnDebits: z
      .boolean()
      .optional()
      .openapi({ description: "Present (true) when the supplier opted for the débits" }),
  })
  .openapi("ContactLegal");
export const ContactPaymentTerms = z
  .object({
    id: z.string().openapi({ description: "Always `main`: a contact has one set of payment terms" }),
    days: z.number().int(),
    endOfMonth: z.boolean(),
    penaltyRate: z.string().nullable(),
    earlyPaymentDiscount: z.string().nullable(),
  })
  .openapi("ContactPaymentTerms");

export const ContactSummary = z
  .object({
    id: z.uuid(),
    kind: ContactKind,
    name: z.string(),
    types: z.array(ContactType),
    status: z.enum(["active", "archived", "merged"]),
    criteria: z.array(z.string()),
    siren: z.string().nullable(),
    vatNumber: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    city: z.string().nullable(),
    customerAccount: z.string().nullable(),
    supplierAccount: z.string().nullable(),
    updatedAt: z.string(),
  })
  .openapi("ContactSummary");

export const Contact = ContactSummary.extend({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  companyName: z.string().nullable(),
  job: z.string().nullable(),
  website: z.string().nullable(),
  addresses: z.array(ContactAddress),
  phones: z.array(ContactPhone),
  emails: z.array(ContactEmail),
  ibans: z.array(ContactIban),
  links: z.array(ContactLink),
  notes: z.array(ContactNote),
  metas: z.array(ContactMeta),
  legal: ContactLegal.nullable(),
  paymentTerms: ContactPaymentTerms.nullable(),
  avatar: z
    .object({ png: z.string(), webp: z.string(), width: z.number().int(), height: z.number().int() })
    .nullable()
    .openapi({
      description: "The picture's URLs: a WebP variant for browsers that take it, a PNG otherwise",
    }),
  /** The contact it was merged into, when `status` is merged. */
  mergedInto: z.uuid().nullable(),
  createdAt: z.string(),
  version: z.number().int(),
}).openapi("Contact");
export const MergeContactInput = z
  .object({ from: z.uuid().describe("The contact merged into this one; it stays as history.") })
  .openapi("MergeContactInput");

export const ContactSort = z.enum(["name", "-name", "city", "-city", "createdAt", "-createdAt"]);
export const ContactListQuery = z.object({
  q: z.string().max(100).optional().openapi({ description: "Name, SIREN, e-mail, phone, city…" }),
  type: ContactType.optional(),
  kind: ContactKind.optional(),
  criterion: z.string().max(60).optional(),
  status: z.enum(["active", "archived", "all"]).default("active"),
  sort: ContactSort.default("name"),
  offset: Offset,
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const ContactList = z
  .object({
    items: z.array(ContactSummary),
    /** The matches, counted up to 1,000. */
    total: z.number().int(),
    /** More than `total` match: the list says "1 000+". */
    capped: z.boolean(),
    offset: z.number().int(),
  })
  .openapi("ContactList");

export const DuplicateMatch = z
  .object({ id: z.uuid(), name: z.string(), reasons: z.array(z.enum(duplicateReasons)) })
  .openapi("ContactDuplicate");

const HistoryEntryFields = z.object({
  date: z
    .string()
    .max(10)
    .openapi({ description: "The day it happened (YYYY-MM-DD)", example: "2026-11-20" }),
  kind: z
    .enum(historyEntryKinds)
    .openapi({ description: "A call, a meeting, an e-mail, a letter, a visit…" }),
  text: text(10_000),
});
export const ContactHistoryEntryInput = HistoryEntryFields.extend({
  contactId: z.uuid().openapi({ description: "The contact whose history it is" }),
}).openapi("ContactHistoryEntryInput");
export const ContactHistoryEntryChange = HistoryEntryFields.partial().openapi("ContactHistoryEntryChange");
const HistoryEntryOutFields = HistoryEntryFields.extend({
  id: z.string().openapi({ description: "`<contactId>:<entryId>`", example: "…:…" }),
  contactId: z.uuid(),
});
export const ContactHistoryEntry = HistoryEntryOutFields.openapi("ContactHistoryEntry");
export const ContactHistoryEntryParam = pathParams({ id: ContactHistoryId });

export const ContactHistoryLine = z
  .object({
    version: z.number().int(),
    at: z.string(),
    userName: z.string().nullable(),
    type: z.string(),
    text: z.string().openapi({ description: "The event as a sentence in the request's language" }),
    // Inline (no named component): OpenAPI 3.0 drops `nullable` beside a `$ref`.
    entry: HistoryEntryOutFields.extend({ changedAt: z.string().nullable() })
      .nullable()
      .openapi({ description: "A user-written entry (changeable, removable); null: an event's sentence" }),
  })
  .openapi("ContactHistoryLine");

export const ContactSettings = z
  .object({ auxiliaryCodeMode: z.enum(["name", "counter"]) })
  .openapi("ContactSettings");

/** Documents of a contact: empty until the sales and purchases exist. */
export const ContactDocumentList = z
  .object({ items: z.array(ContactDocument) })
  .openapi("ContactDocumentList");

/** A contact's due list: `creditNotes=true` adds its open credit notes (what a refund settles). */
export const DueQuery = z.object({ creditNotes: z.enum(["true", "false"]).optional() });

export const ContactIdParam = pathParams({ id: Uuid });
/**
 * A contact and one of its records, the record named as its kind names them: a uuid (an address, a
 * phone…), `main` (the legal identity, the payment terms: one each), or the key of a meta.
 */
export const ContactRecordParams = (recordId: "uuid" | "main" | "metaKey") =>
  pathParams({
    id: Uuid,
    recordId: recordId === "uuid" ? Uuid : recordId === "main" ? z.literal("main") : MetaKey,
  });

export const records = <T extends z.ZodType>(schema: T) => z.object({ items: z.array(schema) });

export const ContactAvatar = z
  .object({ png: z.string(), webp: z.string(), width: z.number().int(), height: z.number().int() })
  .openapi("ContactAvatar");
