import { isValidBIC } from "ibantools";
import { isIsoDate } from "../accounting/dates.ts";
import { cleanText, requiredText } from "../accounting/text.ts";
import { DomainError } from "../decider.ts";
import { decimalUnits, formatUnits } from "../decimal.ts";
import { compactIdentifier, isValidSiren } from "../identifiers.ts";
import { isCountryCode } from "../reference/countries.ts";
import { validateEmail } from "../validation/email.ts";
import { normaliseIban } from "../validation/iban.ts";
import { type CountryCode, normalisePhone } from "../validation/phone.ts";
import { validateSiret } from "../validation/siret.ts";
import { isValidVatNumber } from "../vat-number.ts";
import {
  type AddressKind,
  addressKinds,
  type ContactAddress,
  type ContactEmail,
  type ContactHistoryEntry,
  type ContactIban,
  type ContactIdentity,
  type ContactLegalIdentity,
  type ContactLink,
  type ContactNote,
  type ContactPaymentTerms,
  type ContactPhone,
  type ContactType,
  contactTypes,
  historyEntryKinds,
  type PhoneKind,
  phoneKinds,
} from "./contact.ts";

/**
 * What each sub-record command carries, and the rules that turn it into the record kept: texts
 * cleaned, phones in E.164, IBANs in electronic format, identifiers checked with their keys. Every
 * refusal names its field.
 */

type Optional<T> = T | null | undefined;

export type IdentityInput =
  | { readonly kind: "company"; readonly name: string }
  | { readonly kind: "person"; readonly firstName?: Optional<string>; readonly lastName: string };
export type AddressInput = {
  readonly id: string;
  readonly kind: AddressKind;
  readonly line1: string;
  readonly line2?: Optional<string>;
  readonly postalCode: string;
  readonly city: string;
  /** ISO 3166-1 alpha-2; France when absent. */
  readonly country?: Optional<string>;
};
export type PhoneInput = {
  readonly id: string;
  readonly kind: PhoneKind;
  readonly number: string;
  /** The country a national number is read in; France when absent. */
  readonly country?: Optional<CountryCode>;
};
export type EmailInput = { readonly id: string; readonly address: string; readonly label?: Optional<string> };
export type IbanInput = {
  readonly id: string;
  readonly iban: string;
  readonly bic?: Optional<string>;
  readonly label?: Optional<string>;
};
export type LinkInput = { readonly id: string; readonly contactId: string; readonly job?: Optional<string> };
export type NoteInput = { readonly id: string; readonly text: string };
export type HistoryEntryInput = {
  readonly id: string;
  readonly date: string;
  readonly kind: string;
  readonly text: string;
};
export type LegalInput = {
  readonly [K in Exclude<keyof ContactLegalIdentity, "vatOnDebits">]?: Optional<string>;
} & { readonly vatOnDebits?: Optional<boolean> };
export type PaymentTermsInput = {
  readonly days: number;
  readonly endOfMonth?: Optional<boolean>;
  readonly penaltyRate?: Optional<string>;
  readonly earlyPaymentDiscount?: Optional<string>;
};

const optionalText = (value: Optional<string>, field: string, max: number): string | null =>
  value && cleanText(value) ? requiredText(value, field, max) : null;

const oneOf = <T extends string>(values: readonly T[], value: string, field: string): T => {
  if (!(values as readonly string[]).includes(value))
    throw new DomainError("validation.notAllowed", { field, value });
  return value as T;
};

export const checkRecordId = (id: string): string => {
  const clean = requiredText(id, "id", 100);
  if (clean !== id) throw new DomainError("validation.notAllowed", { field: "id", value: id });
  return id;
};

export const normaliseIdentity = (input: IdentityInput): ContactIdentity => {
  if (input.kind === "company") {
    const name = cleanText(input.name ?? "");
    if (!name) throw new DomainError("contact.companyNameRequired", { field: "name" });
    return { kind: "company", name: requiredText(name, "name", 200) };
  }
  if (input.kind === "person")
    return {
      kind: "person",
      firstName: optionalText(input.firstName, "firstName", 100),
      lastName: requiredText(input.lastName, "lastName", 100),
    };
  throw new DomainError("validation.notAllowed", {
    field: "kind",
    value: String((input as { kind: unknown }).kind),
  });
};

/** Types without repeats, in the catalogue's order: "customer and supplier" is one set whatever the order typed. */
export const normaliseTypes = (types: readonly string[]): ContactType[] => {
  for (const type of types) oneOf(contactTypes, type, "types");
  return contactTypes.filter((type) => types.includes(type));
};

export const normaliseAddressRecord = (input: AddressInput): ContactAddress => {
  const country = (input.country ?? "FR").trim().toUpperCase();
  if (!isCountryCode(country))
    throw new DomainError("validation.notAllowed", { field: "country", value: input.country ?? "" });
  const postalCode = requiredText(input.postalCode, "postalCode", 20);
  if (country === "FR" && !/^\d{5}$/.test(postalCode))
    throw new DomainError("contact.invalidPostalCode", { field: "postalCode", value: postalCode });
  return {
    id: checkRecordId(input.id),
    kind: oneOf(addressKinds, input.kind, "kind"),
    line1: requiredText(input.line1, "line1", 200),
    line2: optionalText(input.line2, "line2", 200),
    postalCode,
    city: requiredText(input.city, "city", 100),
    country,
  };
};

export const normalisePhoneRecord = (input: PhoneInput): ContactPhone => {
  const number = normalisePhone(input.number, input.country ?? "FR");
  if (number === undefined)
    throw new DomainError("validation.invalidPhone", { field: "number", value: input.number });
  return { id: checkRecordId(input.id), kind: oneOf(phoneKinds, input.kind, "kind"), number };
};

/** The address as typed, its domain in lower case (a mailbox's local part may be case-sensitive). */
export const normaliseEmailAddress = (value: string): string => {
  const trimmed = value.trim();
  const at = trimmed.lastIndexOf("@");
  return at < 0 ? trimmed : `${trimmed.slice(0, at)}@${trimmed.slice(at + 1).toLowerCase()}`;
};

export const normaliseEmailRecord = (input: EmailInput): ContactEmail => {
  const address = normaliseEmailAddress(input.address);
  const invalid = validateEmail(address);
  if (invalid) throw new DomainError(invalid, { field: "address", value: input.address });
  return { id: checkRecordId(input.id), address, label: optionalText(input.label, "label", 100) };
};

export const normaliseIbanRecord = (input: IbanInput): ContactIban => {
  const iban = normaliseIban(input.iban);
  if (iban === undefined)
    throw new DomainError("validation.invalidIban", { field: "iban", value: input.iban });
  let bic: string | null = null;
  if (input.bic?.trim()) {
    bic = input.bic.replace(/\s/g, "").toUpperCase();
    if (!isValidBIC(bic)) throw new DomainError("validation.invalidBic", { field: "bic", value: input.bic });
  }
  return { id: checkRecordId(input.id), iban, bic, label: optionalText(input.label, "label", 100) };
};

export const normaliseLinkRecord = (input: LinkInput): ContactLink => ({
  id: checkRecordId(input.id),
  contactId: requiredText(input.contactId, "contactId", 100),
  job: optionalText(input.job, "job", 100),
});

export const normaliseNoteRecord = (input: NoteInput): ContactNote => {
  const text = input.text.replace(/\r\n?/g, "\n").trim();
  if (!text) throw new DomainError("validation.required", { field: "text" });
  if (text.length > 10_000) throw new DomainError("validation.tooLong", { field: "text", max: 10_000 });
  return { id: checkRecordId(input.id), text };
};

export const normaliseHistoryEntryRecord = (input: HistoryEntryInput): ContactHistoryEntry => {
  if (!isIsoDate(input.date))
    throw new DomainError("validation.invalidDate", { field: "date", value: input.date });
  const kind = historyEntryKinds.find((k) => k === input.kind);
  if (!kind) throw new DomainError("validation.notAllowed", { field: "kind", value: input.kind });
  const { text } = normaliseNoteRecord({ id: input.id, text: input.text });
  return { id: checkRecordId(input.id), date: input.date, kind, text };
};

/** The French VAT key of a SIREN: (12 + 3 × (SIREN mod 97)) mod 97, on two digits. */
export const frenchVatKey = (siren: string): string =>
  String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, "0");

/** NAF rév. 2 (and NAF 2025) APE codes: two digits, a dot, two digits, a capital ("62.01Z"). */
export const normaliseApeCode = (value: string): string | undefined => {
  const m = /^(\d{2})\.?(\d{2})([A-Z])$/.exec(value.replace(/\s/g, "").toUpperCase());
  return m ? `${m[1]}.${m[2]}${m[3]}` : undefined;
};

/** A non-negative amount with at most two decimals, at most 100 billion: "10000" -> "10000.00". */
const normaliseCapital = (value: string): string => {
  const units = decimalUnits(value.replace(/[\s\u00a0\u202f]/g, ""), 2);
  if (units === undefined || units < 0n || units > 10n ** 13n)
    throw new DomainError("validation.invalidAmount", { field: "capital", value });
  return formatUnits(units, 2);
};

export const normaliseLegal = (input: LegalInput): ContactLegalIdentity => {
  const text = (value: Optional<string>) => (value?.trim() ? value : null);
  let siren = text(input.siren) && compactIdentifier(input.siren as string);
  const siret = text(input.siret) && compactIdentifier(input.siret as string);
  const vatNumber = text(input.vatNumber) && compactIdentifier(input.vatNumber as string);
  if (siren !== null && !isValidSiren(siren))
    throw new DomainError("validation.invalidSiren", { field: "siren", value: input.siren ?? "" });
  if (siret !== null) {
    const invalid = validateSiret(siret);
    if (invalid) throw new DomainError(invalid, { field: "siret", value: input.siret ?? "" });
    if (siren !== null && !siret.startsWith(siren))
      throw new DomainError("contact.siretSirenMismatch", { field: "siret", siren, siret });
    siren ??= siret.slice(0, 9);
  }
  if (vatNumber !== null) {
    if (!isValidVatNumber(vatNumber))
      throw new DomainError("validation.invalidVatNumber", {
        field: "vatNumber",
        value: input.vatNumber ?? "",
      });
    if (vatNumber.startsWith("FR") && /^\d{9}$/.test(vatNumber.slice(4))) {
      // jsvat checked the key (`frenchVatKey`); the SIREN it carries must be the one given beside it.
      const vatSiren = vatNumber.slice(4);
      if (siren !== null && vatSiren !== siren)
        throw new DomainError("contact.vatNumberSirenMismatch", { field: "vatNumber", siren, vatNumber });
    }
  }
  let apeCode: string | null = null;
  if (text(input.apeCode)) {
    const ape = normaliseApeCode(input.apeCode as string);
    if (ape === undefined)
      throw new DomainError("validation.invalidApeCode", { field: "apeCode", value: input.apeCode ?? "" });
    apeCode = ape;
  }
  return {
    siren,
    siret,
    vatNumber,
    apeCode,
    legalForm: optionalText(input.legalForm, "legalForm", 100),
    capital: text(input.capital) && normaliseCapital(input.capital as string),
    ...(input.vatOnDebits === true && { vatOnDebits: true as const }),
  };
};

/** A percentage from 0 to 100 with at most 4 decimals ("13.15"), or null. */
const normalisePercent = (value: Optional<string>, field: string): string | null => {
  if (value === null || value === undefined || !value.trim()) return null;
  const units = decimalUnits(value, 4);
  if (units === undefined || units < 0n || units > 100n * 10_000n)
    throw new DomainError("validation.invalidPercentage", { field, value });
  return formatUnits(units, 4);
};

/**
 * C. com. L441-10: at most 60 days from the invoice date, or 45 days end of month. A term past
 * them would print an unlawful mention on every invoice.
 */
export const maxPaymentDays = { plain: 60, endOfMonth: 45 } as const;

export const normalisePaymentTerms = (input: PaymentTermsInput): ContactPaymentTerms => {
  const endOfMonth = input.endOfMonth ?? false;
  const max = endOfMonth ? maxPaymentDays.endOfMonth : maxPaymentDays.plain;
  if (!Number.isInteger(input.days) || input.days < 0)
    throw new DomainError("validation.notAllowed", { field: "days", value: String(input.days) });
  if (input.days > max) throw new DomainError("contact.paymentTermTooLong", { field: "days", max });
  return {
    days: input.days,
    endOfMonth,
    penaltyRate: normalisePercent(input.penaltyRate, "penaltyRate"),
    earlyPaymentDiscount: normalisePercent(input.earlyPaymentDiscount, "earlyPaymentDiscount"),
  };
};

/** Meta keys: letters, digits, "_", "-", "." (they become column names in exports). */
/** How a meta's key is written (a contact's, an item's): what a meta's id names. */
export const metaKeyPattern = /^[A-Za-z0-9_.-]{1,64}$/;

export const normaliseMeta = (key: string, value: string): { key: string; value: string } => {
  if (!metaKeyPattern.test(key)) throw new DomainError("validation.notAllowed", { field: "key", value: key });
  const clean = value.trim();
  if (clean.length > 1000) throw new DomainError("validation.tooLong", { field: "value", max: 1000 });
  return { key, value: clean };
};

export const normaliseCriterion = (criterion: string): string => requiredText(criterion, "criterion", 60);
