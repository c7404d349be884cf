import { compactIdentifier } from "../identifiers.ts";
import { normaliseIban } from "../validation/iban.ts";
import { type ContactContent, contactDisplayName } from "./contact.ts";
import { normaliseContactName } from "./names.ts";

/**
 * Possible duplicates of a contact among others: the same normalised name (case, accents, legal-form
 * words and word order aside), SIREN, VAT number, e-mail address or IBAN. A warning, never a
 * refusal: the user may go on (`CreateContact`'s `acknowledgeDuplicates`).
 */
export type DuplicateReason = "name" | "siren" | "vatNumber" | "email" | "iban";
export const duplicateReasons: readonly DuplicateReason[] = ["name", "siren", "vatNumber", "email", "iban"];

/** What a contact is compared on, as a read model or a command holds it. */
export type DuplicateCandidate = {
  readonly id: string;
  readonly name: string;
  readonly siren?: string | null | undefined;
  readonly siret?: string | null | undefined;
  readonly vatNumber?: string | null | undefined;
  readonly emails?: readonly string[] | undefined;
  readonly ibans?: readonly string[] | undefined;
};

export type DuplicateMatch = {
  readonly id: string;
  readonly name: string;
  readonly reasons: readonly DuplicateReason[];
};

type Keys = Record<DuplicateReason, ReadonlySet<string>>;

/** The name compared: normalised, its words sorted ("Dupont Jean" and "Jean Dupont" are one person). */
export const duplicateNameKey = (name: string): string =>
  normaliseContactName(name).split(" ").sort().join(" ");

const present = (values: readonly (string | null | undefined)[]): Set<string> =>
  new Set(values.filter((value): value is string => typeof value === "string" && value.length > 0));

const keysOf = (candidate: DuplicateCandidate): Keys => {
  const siren = candidate.siren ? compactIdentifier(candidate.siren) : null;
  const siretSiren = candidate.siret ? compactIdentifier(candidate.siret).slice(0, 9) : null;
  const vatNumber = candidate.vatNumber ? compactIdentifier(candidate.vatNumber) : null;
  // A French VAT number carries its company's SIREN.
  const vatSiren =
    vatNumber?.startsWith("FR") && /^\d{9}$/.test(vatNumber.slice(4)) ? vatNumber.slice(4) : null;
  return {
    name: present([duplicateNameKey(candidate.name)]),
    siren: present([siren, siretSiren, vatSiren]),
    vatNumber: present([vatNumber]),
    email: present((candidate.emails ?? []).map((email) => email.trim().toLowerCase())),
    iban: present((candidate.ibans ?? []).map((iban) => normaliseIban(iban) ?? compactIdentifier(iban))),
  };
};

const shares = (a: ReadonlySet<string>, b: ReadonlySet<string>): boolean => [...a].some((key) => b.has(key));

export const findDuplicates = (
  contact: DuplicateCandidate,
  others: readonly DuplicateCandidate[],
): DuplicateMatch[] => {
  const mine = keysOf(contact);
  return others.flatMap((other) => {
    if (other.id === contact.id) return [];
    const theirs = keysOf(other);
    const reasons = duplicateReasons.filter((reason) => shares(mine[reason], theirs[reason]));
    return reasons.length > 0 ? [{ id: other.id, name: other.name, reasons }] : [];
  });
};

/** A contact's state (or what a creation will record) as a candidate. */
export const duplicateCandidateOf = (
  id: string,
  content: Pick<ContactContent, "identity" | "legal" | "emails" | "ibans">,
): DuplicateCandidate => ({
  id,
  name: contactDisplayName(content.identity),
  siren: content.legal?.siren ?? null,
  siret: content.legal?.siret ?? null,
  vatNumber: content.legal?.vatNumber ?? null,
  emails: Object.values(content.emails).map((email) => email.address),
  ibans: Object.values(content.ibans).map((iban) => iban.iban),
});

/**
 * The keys a candidate is compared on, as flat strings (`name:…`, `siren:…`, `vatNumber:…`, `email:…`,
 * `iban:…`): a read model indexes them so that the shell fetches only the contacts sharing one, then
 * asks `findDuplicates` about those.
 */
export const duplicateKeys = (candidate: DuplicateCandidate): string[] => {
  const keys = keysOf(candidate);
  return duplicateReasons.flatMap((reason) => [...keys[reason]].map((key) => `${reason}:${key}`));
};
