import { type IsoDate, isIsoDate } from "../accounting/dates.ts";
import { cleanText, requiredText } from "../accounting/text.ts";
import type { LiveContact } from "../contacts/contact.ts";
import { contactDisplayName } from "../contacts/contact.ts";
import { DomainError } from "../decider.ts";
import type { DocumentContact, DocumentDirection, DocumentHeader } from "./document.ts";

type Optional<T> = T | null | undefined;

export type HeaderInput = { readonly [K in keyof DocumentHeader]?: Optional<string> };

const textLimits = {
  reference: 60,
  label: 200,
  customerReference: 60,
  notes: 4000,
  supplierNumber: 60,
} as const;
const dateFields = [
  "issueDate",
  "deliveryDate",
  "expiryDate",
  "dueDate",
  "deadline",
  "supplierDate",
] as const;

const optionalDate = (value: Optional<string>, field: string): IsoDate | null => {
  if (value === null || value === undefined || value === "") return null;
  if (!isIsoDate(value)) throw new DomainError("validation.invalidDate", { field, value });
  return value;
};

/** The fields of `input` that are present, cleaned: texts trimmed (empty -> null), dates checked. */
export const normaliseHeaderChanges = (input: HeaderInput): Partial<DocumentHeader> => {
  const out: Record<string, string | null> = {};
  for (const field of dateFields)
    if (input[field] !== undefined) out[field] = optionalDate(input[field], field);
  for (const [field, max] of Object.entries(textLimits) as [keyof typeof textLimits, number][]) {
    const value = input[field];
    if (value === undefined) continue;
    out[field] = value && cleanText(value) ? requiredText(value, field, max) : null;
  }
  if ("issueDate" in out && out.issueDate === null)
    throw new DomainError("validation.required", { field: "issueDate" });
  return out as Partial<DocumentHeader>;
};

/** A whole header from its input: the issue date required, the rest null when absent. */
export const normaliseHeader = (input: HeaderInput): DocumentHeader => {
  const changes = normaliseHeaderChanges(input);
  if (!changes.issueDate) throw new DomainError("validation.required", { field: "issueDate" });
  const header: DocumentHeader = {
    issueDate: changes.issueDate,
    deliveryDate: null,
    expiryDate: null,
    dueDate: null,
    deadline: null,
    reference: null,
    label: null,
    customerReference: null,
    notes: null,
    supplierNumber: null,
    supplierDate: null,
    ...changes,
  };
  return header;
};

/**
 * The contact as a document keeps it: its name, SIREN and VAT number, its billing and delivery
 * addresses (the ones named, else the first of each kind; the billing one falls back to any address),
 * its auxiliary account for the side (customer on sales, supplier on purchases) and payment terms.
 */
export const documentContact = (
  contact: LiveContact,
  direction: DocumentDirection,
  choice: {
    readonly billingAddressId?: Optional<string>;
    readonly deliveryAddressId?: Optional<string>;
  } = {},
): DocumentContact => {
  const addresses = Object.values(contact.addresses);
  const pick = (id: Optional<string>, kind: "billing" | "delivery") => {
    if (id) {
      const found = contact.addresses[id];
      if (!found) throw new DomainError("contact.recordNotFound", { kind: "address", id }, 404);
      return found;
    }
    return addresses.find((a) => a.kind === kind) ?? null;
  };
  const billing =
    pick(choice.billingAddressId, "billing") ?? addresses.find((a) => a.kind !== "delivery") ?? null;
  const delivery = pick(choice.deliveryAddressId, "delivery");
  const strip = (a: typeof billing) =>
    a ? { line1: a.line1, line2: a.line2, postalCode: a.postalCode, city: a.city, country: a.country } : null;
  const account = contact.auxiliary[direction === "sales" ? "customer" : "supplier"];
  return {
    id: contact.id,
    kind: contact.identity.kind,
    name: contactDisplayName(contact.identity),
    siren: contact.legal?.siren ?? null,
    vatNumber: contact.legal?.vatNumber ?? null,
    billingAddress: strip(billing),
    deliveryAddress: strip(delivery),
    auxiliary: account ? { control: account.control, code: account.code } : null,
    paymentTerms: contact.paymentTerms,
    // A supplier's débits option decides when its services' VAT is deductible (the sales side is the organisation's).
    ...(direction === "purchases" && contact.legal?.vatOnDebits && { vatOnDebits: true }),
  };
};
