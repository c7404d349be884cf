import { DomainError } from "../decider.ts";
import { cleanReceivedText } from "../text-safety.ts";
import {
  type AddressKind,
  addressKinds,
  type ContactContent,
  type ContactIdentity,
  contactDisplayName,
  type PhoneKind,
} from "./contact.ts";

/**
 * vCard 4.0 (RFC 6350) of contacts, both ways, as text: CRLF line ends, lines folded at 75 octets
 * without cutting a character, texts escaped (backslash, comma, semicolon, newline). What a vCard
 * cannot say (IBANs, legal identity, payment terms, metas) stays out of it.
 */

const CRLF = "\r\n";
const FOLD_AT = 75;

/** Escapes a text value or one component of a structured value (section 3.4). */
export const escapeVCardText = (value: string): string =>
  value
    .replace(/\\/g, "\\\\")
    .replace(/,/g, "\\,")
    .replace(/;/g, "\\;")
    .replace(/\r\n|\r|\n/g, "\\n");

export const unescapeVCardText = (value: string): string =>
  value.replace(/\\(.)/gsu, (_, char: string) => (char === "n" || char === "N" ? "\n" : char));

/** Splits on the separator where it is not escaped; the parts stay escaped. */
const splitUnescaped = (value: string, separator: "," | ";"): string[] => {
  const parts: string[] = [];
  let current = "";
  for (let i = 0; i < value.length; i++) {
    const char = value[i] as string;
    if (char === "\\" && i + 1 < value.length) {
      current += char + value[i + 1];
      i++;
    } else if (char === separator) {
      parts.push(current);
      current = "";
    } else current += char;
  }
  parts.push(current);
  return parts;
};

const utf8Length = (codePoint: number): number =>
  codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;

/** Folds a content line into lines of at most 75 octets, continuations starting with one space (3.2). */
export const foldVCardLine = (line: string): string => {
  const lines: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = utf8Length(char.codePointAt(0) as number);
    if (octets + size > FOLD_AT) {
      lines.push(current);
      current = " ";
      octets = 1;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join(CRLF);
};

/** Joins folded lines back: a line break followed by a space or a tab continues the line. */
export const unfoldVCard = (text: string): string[] =>
  text
    .replace(/\r\n|\r/g, "\n")
    .replace(/\n[ \t]/g, "")
    .split("\n")
    .filter((line) => line.length > 0);

const phoneTypes: Readonly<Record<PhoneKind, string>> = {
  cellular: "cell",
  work: "work,voice",
  fax: "fax",
  home: "home,voice",
};

const addressTypes: Readonly<Record<AddressKind, string>> = {
  billing: "work",
  delivery: "work",
  other: "home",
};

export type VCardSource = Pick<
  ContactContent,
  "identity" | "job" | "website" | "phones" | "emails" | "addresses" | "notes" | "criteria"
> & { readonly id: string };

/** One contact's vCard, CRLF-terminated. */
export const contactToVCard = (contact: VCardSource): string => {
  const { identity } = contact;
  const lines = ["BEGIN:VCARD", "VERSION:4.0", `UID;VALUE=text:${escapeVCardText(contact.id)}`];
  lines.push(`KIND:${identity.kind === "company" ? "org" : "individual"}`);
  lines.push(`FN:${escapeVCardText(contactDisplayName(identity))}`);
  if (identity.kind === "person")
    lines.push(`N:${escapeVCardText(identity.lastName)};${escapeVCardText(identity.firstName ?? "")};;;`);
  else lines.push(`ORG:${escapeVCardText(identity.name)}`);
  if (contact.job) lines.push(`TITLE:${escapeVCardText(contact.job)}`);
  for (const phone of Object.values(contact.phones))
    lines.push(`TEL;VALUE=uri;TYPE="${phoneTypes[phone.kind]}":tel:${phone.number}`);
  for (const email of Object.values(contact.emails)) lines.push(`EMAIL:${escapeVCardText(email.address)}`);
  for (const a of Object.values(contact.addresses)) {
    const components = ["", a.line2 ?? "", a.line1, a.city, "", a.postalCode, a.country].map(escapeVCardText);
    lines.push(`ADR;TYPE=${addressTypes[a.kind]};X-KIND=${a.kind}:${components.join(";")}`);
  }
  if (contact.website) lines.push(`URL:${escapeVCardText(contact.website)}`);
  if (contact.criteria.length > 0)
    lines.push(`CATEGORIES:${contact.criteria.map(escapeVCardText).join(",")}`);
  for (const note of Object.values(contact.notes)) lines.push(`NOTE:${escapeVCardText(note.text)}`);
  lines.push("END:VCARD");
  return lines.map(foldVCardLine).join(CRLF) + CRLF;
};

/** A selection's vCards, one after the other in one file. */
export const contactsToVCards = (contacts: readonly VCardSource[]): string =>
  contacts.map(contactToVCard).join("");

/** What a vCard gives to create a contact from (`CreateContact` checks it as any input). */
export type VCardContact = {
  readonly uid: string | null;
  readonly identity: ContactIdentity;
  readonly job: string | null;
  readonly website: string | null;
  readonly phones: readonly { readonly kind: PhoneKind; readonly number: string }[];
  readonly emails: readonly string[];
  readonly addresses: readonly {
    readonly kind: AddressKind;
    readonly line1: string;
    readonly line2: string | null;
    readonly postalCode: string;
    readonly city: string;
    readonly country: string;
  }[];
  readonly notes: readonly string[];
  readonly criteria: readonly string[];
  /** A person's ORG: the company it works for, to link by name. */
  readonly organisation: string | null;
};

/** An unreadable vCard: the number of its first unreadable content line (after unfolding). */
const unreadable = (line: number): DomainError => new DomainError("contact.invalidVCard", { line });

type ContentLine = { name: string; params: Map<string, string[]>; value: string };

/** `[group.]name *(";" param) ":" value`, parameters possibly quoted (section 3.3). */
const parseContentLine = (line: string): ContentLine | undefined => {
  let i = 0;
  let quoted = false;
  while (i < line.length && (quoted || line[i] !== ":")) {
    if (line[i] === '"') quoted = !quoted;
    i++;
  }
  if (i >= line.length) return undefined;
  const [head = "", ...rawParams] = splitParams(line.slice(0, i));
  const name = (head.includes(".") ? head.slice(head.lastIndexOf(".") + 1) : head).toUpperCase();
  if (!/^[A-Z0-9-]+$/.test(name)) return undefined;
  const params = new Map<string, string[]>();
  for (const param of rawParams) {
    const eq = param.indexOf("=");
    const key = (eq < 0 ? "TYPE" : param.slice(0, eq)).toUpperCase();
    const values = (eq < 0 ? param : param.slice(eq + 1))
      .replace(/"/g, "")
      .split(",")
      .map((v) => v.trim().toLowerCase())
      .filter(Boolean);
    params.set(key, [...(params.get(key) ?? []), ...values]);
  }
  return { name, params, value: line.slice(i + 1) };
};

const splitParams = (head: string): string[] => {
  const parts: string[] = [];
  let current = "";
  let quoted = false;
  for (const char of head) {
    if (char === '"') quoted = !quoted;
    if (char === ";" && !quoted) {
      parts.push(current);
      current = "";
    } else current += char;
  }
  parts.push(current);
  return parts;
};

/** A value as Registre keeps it: unescaped, then cleaned as every received text (`cleanReceivedText`). */
const text = (value: string): string => cleanReceivedText(unescapeVCardText(value)).trim();
const orNull = (value: string): string | null => (value.length > 0 ? value : null);

const phoneKindOf = (types: readonly string[]): PhoneKind =>
  types.includes("cell")
    ? "cellular"
    : types.includes("fax")
      ? "fax"
      : types.includes("home")
        ? "home"
        : "work";

const addressKindOf = (params: Map<string, string[]>): AddressKind => {
  const kind = params.get("X-KIND")?.[0];
  if (kind && (addressKinds as readonly string[]).includes(kind)) return kind as AddressKind;
  return (params.get("TYPE") ?? []).includes("work") ? "billing" : "other";
};

const toContact = (lines: readonly ContentLine[]): VCardContact => {
  const first = (name: string) => lines.find((l) => l.name === name);
  const all = (name: string) => lines.filter((l) => l.name === name);
  const fn = first("FN");
  const org = first("ORG");
  const orgName = org ? text(splitUnescaped(org.value, ";")[0] ?? "") : "";
  const n = first("N");
  const [family = "", given = ""] = n ? splitUnescaped(n.value, ";").map(text) : [];
  const kind = first("KIND")?.value.trim().toLowerCase();
  const fullName = fn ? text(fn.value) : "";
  let identity: ContactIdentity;
  if (kind === "org" || (kind !== "individual" && !family && orgName))
    identity = { kind: "company", name: orgName || fullName };
  else identity = { kind: "person", firstName: orNull(given), lastName: family || fullName };
  const uid = first("UID");
  return {
    uid: uid ? orNull(text(uid.value)) : null,
    identity,
    job: first("TITLE") ? orNull(text(first("TITLE")?.value ?? "")) : null,
    website: first("URL") ? orNull(text(first("URL")?.value ?? "")) : null,
    phones: all("TEL").map((l) => ({
      kind: phoneKindOf(l.params.get("TYPE") ?? []),
      number: text(l.value).replace(/^tel:/i, ""),
    })),
    emails: all("EMAIL").map((l) => text(l.value)),
    addresses: all("ADR").map((l) => {
      const [, extended = "", street = "", city = "", , postalCode = "", country = ""] = splitUnescaped(
        l.value,
        ";",
      ).map(text);
      return {
        kind: addressKindOf(l.params),
        line1: street,
        line2: orNull(extended),
        postalCode,
        city,
        country,
      };
    }),
    notes: all("NOTE").map((l) => cleanReceivedText(unescapeVCardText(l.value), { multiline: true })),
    criteria: all("CATEGORIES").flatMap((l) => splitUnescaped(l.value, ",").map(text).filter(Boolean)),
    organisation: identity.kind === "person" && orgName ? orgName : null,
  };
};

/** Every vCard of a file (3.0 and 4.0 read alike); an unreadable one is refused (`contact.invalidVCard`). */
export const parseVCards = (input: string): VCardContact[] => {
  const contacts: VCardContact[] = [];
  let card: ContentLine[] | null = null;
  unfoldVCard(input.replace(/^\uFEFF/, "")).forEach((raw, index) => {
    const line = parseContentLine(raw);
    if (!line) throw unreadable(index + 1);
    const value = line.value.trim().toUpperCase();
    if (line.name === "BEGIN" && value === "VCARD") {
      if (card) throw unreadable(index + 1);
      card = [];
    } else if (line.name === "END" && value === "VCARD") {
      if (!card) throw unreadable(index + 1);
      contacts.push(toContact(card));
      card = null;
    } else if (card) card.push(line);
    else throw unreadable(index + 1);
  });
  if (card) throw unreadable(unfoldVCard(input).length);
  return contacts;
};
