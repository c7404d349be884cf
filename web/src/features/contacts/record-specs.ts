import type { ReferenceKind } from "../reference/api.ts";
import type { Contact } from "./api.ts";
import type { RecordPart } from "./paths.ts";
import { groupedIban, nationalPhone } from "./ui.tsx";

/**
 * Each record screen's fields (named as the API names them, so that a refusal's `errors[].path`
 * lands on its field), how its records are listed, and how a record fills the form.
 */
export type FieldKind =
  | "text"
  | "textarea"
  | "addressKind"
  | "phoneKind"
  | "number"
  | "checkbox"
  | "contact"
  | "reference";
/** `list`: the platform reference list a `reference` field picks from (never free text where a list exists). */
export type FieldSpec = {
  name: string;
  kind: FieldKind;
  required?: boolean;
  upper?: boolean;
  list?: ReferenceKind;
  /** Offered only to the contacts it concerns (a supplier's option). */
  when?: (contact: Contact) => boolean;
};
type AnyRecord = Record<string, unknown>;

export type RecordSpec = {
  fields: readonly FieldSpec[];
  /** The records of the contact, each with its id (a meta's key). */
  records: (contact: Contact) => { id: string; record: AnyRecord }[];
  /** The columns of the list: a field's value as shown. */
  columns: readonly {
    field: string;
    show?: (record: AnyRecord) => string;
    list?: ReferenceKind;
    when?: (contact: Contact) => boolean;
  }[];
  /** At most one record ("main"): the list offers to change it rather than add another. */
  single?: boolean;
};

const text = (name: string, required = false): FieldSpec => ({ name, kind: "text", required });
/** A supplier (or a special one), or a contact that already carries a supplier's option. */
const isSupplier = (contact: Contact) =>
  contact.types.some((type) => type === "supplier" || type === "specialSupplier") ||
  contact.legal?.vatOnDebits === true;
const list = <T extends { id: string }>(items: readonly T[]) =>
  items.map((item) => ({ id: item.id, record: item as unknown as AnyRecord }));
const value = (record: AnyRecord, field: string) => {
  const v = record[field];
  return v === null || v === undefined ? "" : String(v);
};

export const recordSpecs: Readonly<Record<RecordPart, RecordSpec>> = {
  address: {
    fields: [
      { name: "kind", kind: "addressKind", required: true },
      text("line1", true),
      text("line2"),
      text("postalCode", true),
      text("city", true),
      { name: "country", kind: "reference", list: "countries", required: true },
    ],
    records: (c) => list(c.addresses),
    columns: [
      { field: "kind" },
      { field: "line1", show: (r) => [value(r, "line1"), value(r, "line2")].filter(Boolean).join(", ") },
      { field: "postalCode" },
      { field: "city" },
      { field: "country", list: "countries" },
    ],
  },
  contact: {
    fields: [
      { name: "contactId", kind: "contact", required: true },
      { name: "job", kind: "reference", list: "jobs" },
    ],
    records: (c) => list(c.links),
    columns: [
      { field: "linkedContact", show: (r) => value(r, "name") },
      { field: "job", list: "jobs" },
    ],
  },
  email: {
    fields: [text("address", true), text("label")],
    records: (c) => list(c.emails),
    columns: [{ field: "email", show: (r) => value(r, "address") }, { field: "label" }],
  },
  phone: {
    fields: [{ name: "kind", kind: "phoneKind", required: true }, text("number", true)],
    records: (c) => list(c.phones),
    columns: [
      { field: "phoneKind", show: (r) => value(r, "kind") },
      { field: "phone", show: (r) => nationalPhone(value(r, "number")) },
    ],
  },
  iban: {
    fields: [
      { name: "iban", kind: "text", required: true, upper: true },
      { name: "bic", kind: "text", upper: true },
      text("label"),
    ],
    records: (c) => list(c.ibans),
    columns: [
      { field: "iban", show: (r) => groupedIban(value(r, "iban")) },
      { field: "bic" },
      { field: "label" },
    ],
  },
  legal: {
    fields: [
      text("siren"),
      text("siret"),
      { name: "vatNumber", kind: "text", upper: true },
      { name: "apeCode", kind: "reference", list: "activities" },
      text("legalForm"),
      text("capital"),
      // The supplier's option for the débits: its services' VAT deductible at invoicing (issue 22).
      { name: "vatOnDebits", kind: "checkbox", when: isSupplier },
    ],
    records: (c) => (c.legal ? [{ id: "main", record: c.legal as unknown as AnyRecord }] : []),
    columns: [
      { field: "siren" },
      { field: "siret" },
      { field: "vatNumber" },
      { field: "apeCode", list: "activities" },
      { field: "legalForm" },
      { field: "capital" },
      { field: "vatOnDebits", when: isSupplier },
    ],
    single: true,
  },
  payment: {
    fields: [
      { name: "days", kind: "number", required: true },
      { name: "endOfMonth", kind: "checkbox" },
      text("penaltyRate"),
      text("earlyPaymentDiscount"),
    ],
    records: (c) => (c.paymentTerms ? [{ id: "main", record: c.paymentTerms as unknown as AnyRecord }] : []),
    columns: [
      { field: "days" },
      { field: "endOfMonth" },
      { field: "penaltyRate" },
      { field: "earlyPaymentDiscount" },
    ],
    single: true,
  },
  note: {
    fields: [{ name: "text", kind: "textarea", required: true }],
    records: (c) => list(c.notes),
    columns: [{ field: "text" }],
  },
  meta: {
    fields: [text("key", true), text("value", true)],
    records: (c) => c.metas.map((m) => ({ id: m.key, record: m as unknown as AnyRecord })),
    columns: [{ field: "key" }, { field: "value" }],
  },
};
