import { type ContactContent, type ContactType, contactTypes, type PhoneKind } from "../contacts/contact.ts";
import type { CreateContact } from "../contacts/decide.ts";
import type { VCardContact } from "../contacts/vcard.ts";
import { DomainError } from "../decider.ts";
import { csvDecimal, frenchDecimal, headerKey, type ImportField } from "./csv-file.ts";

/**
 * Contacts as a French spreadsheet holds them, both ways: the columns of the export (the first header
 * of each field), the headers an import recognises in French and English, and a row read into what
 * `CreateContact` takes. A row holds one address, one e-mail, a phone and a mobile, one IBAN: a contact's
 * first of each (billing address first) is exported.
 */

export const contactImportFields = [
  { field: "kind", headers: ["Nature", "Genre", "Kind", "Société ou personne", "Company or person"] },
  {
    field: "name",
    headers: [
      "Raison sociale",
      "Société",
      "Entreprise",
      "Dénomination",
      "Company",
      "Company name",
      "Organisation",
      "Organization",
    ],
  },
  { field: "firstName", headers: ["Prénom", "First name", "Firstname", "Given name"] },
  {
    field: "lastName",
    headers: ["Nom", "Nom de famille", "Last name", "Lastname", "Surname", "Family name", "Name"],
  },
  { field: "types", headers: ["Types", "Type", "Catégorie", "Category"] },
  { field: "job", headers: ["Fonction", "Poste", "Job", "Job title", "Title"] },
  { field: "email", headers: ["E-mail", "Email", "Courriel", "Adresse e-mail", "Mail", "E-mail address"] },
  { field: "phone", headers: ["Téléphone", "Tél", "Tel", "Phone", "Telephone", "Work phone"] },
  {
    field: "mobile",
    headers: ["Mobile", "Portable", "Téléphone mobile", "Cell", "Cellular", "Mobile phone"],
  },
  { field: "line1", headers: ["Adresse", "Rue", "Adresse 1", "Address", "Street", "Address line 1"] },
  { field: "line2", headers: ["Complément d'adresse", "Complément", "Adresse 2", "Address line 2"] },
  { field: "postalCode", headers: ["Code postal", "CP", "Postal code", "Zip", "Zip code", "Postcode"] },
  { field: "city", headers: ["Ville", "Commune", "City", "Town"] },
  { field: "country", headers: ["Pays", "Country", "Code pays", "Country code"] },
  { field: "siren", headers: ["SIREN", "N° SIREN"] },
  { field: "siret", headers: ["SIRET", "N° SIRET"] },
  {
    field: "vatNumber",
    headers: [
      "N° TVA",
      "Numéro de TVA",
      "TVA intracommunautaire",
      "N° TVA intracommunautaire",
      "VAT number",
      "VAT",
    ],
  },
  { field: "apeCode", headers: ["Code APE", "APE", "NAF", "Code NAF", "Activity code"] },
  { field: "legalForm", headers: ["Forme juridique", "Legal form"] },
  { field: "capital", headers: ["Capital", "Capital social", "Share capital"] },
  { field: "iban", headers: ["IBAN"] },
  { field: "bic", headers: ["BIC", "SWIFT"] },
  { field: "website", headers: ["Site web", "Site internet", "Site", "Website", "Web", "URL"] },
  { field: "criteria", headers: ["Critères", "Étiquettes", "Tags", "Criteria", "Labels"] },
  { field: "note", headers: ["Note", "Notes", "Commentaire", "Comment", "Remarks"], multiline: true },
] as const satisfies readonly ImportField[];

export type ContactImportField = (typeof contactImportFields)[number]["field"];

/** Export-only columns after the fields: the auxiliary accounts the contact was given. */
const ACCOUNT_HEADERS = ["Compte client", "Compte fournisseur"] as const;

const typeLabels: Readonly<Record<ContactType, string>> = {
  prospect: "Prospect",
  customer: "Client",
  supplier: "Fournisseur",
  competitor: "Concurrent",
  partner: "Partenaire",
  employee: "Salarié",
  salesRep: "Commercial",
  associate: "Associé",
  oldCustomer: "Ancien client",
  specialSupplier: "Fournisseur spécial",
};
const typeSynonyms: Readonly<Record<string, ContactType>> = Object.fromEntries([
  ...contactTypes.map((t) => [headerKey(t), t]),
  ...Object.entries(typeLabels).map(([t, label]) => [headerKey(label), t]),
  ...(
    [
      ["clients", "customer"],
      ["fournisseurs", "supplier"],
      ["employe", "employee"],
      ["salesrepresentative", "salesRep"],
      ["competiteur", "competitor"],
      ["formerclient", "oldCustomer"],
      ["oldclient", "oldCustomer"],
      ["formercustomer", "oldCustomer"],
      ["client", "customer"],
    ] as const
  ).map(([k, t]) => [k, t]),
]);

const COMPANY = new Set([
  "societe",
  "entreprise",
  "company",
  "org",
  "organisation",
  "organization",
  "personnemorale",
  "pm",
]);
const PERSON = new Set(["personne", "particulier", "person", "individual", "personnephysique", "pp"]);

/** The export's header row. */
export const contactCsvHeader = (): string[] => [
  ...contactImportFields.map((f) => f.headers[0] as string),
  ...ACCOUNT_HEADERS,
];

const first = <T>(records: Readonly<Record<string, T>>, prefer?: (r: T) => boolean): T | undefined => {
  const all = Object.values(records);
  return (prefer && all.find(prefer)) ?? all[0];
};

/** One contact's row, in the order of `contactCsvHeader` (texts as they are; the writer guards formulas). */
export const contactCsvCells = (contact: ContactContent): string[] => {
  const { identity, legal } = contact;
  const address = first(contact.addresses, (a) => a.kind === "billing");
  const phone = first(contact.phones, (p) => p.kind !== "cellular" && p.kind !== "fax");
  const mobile = Object.values(contact.phones).find((p) => p.kind === "cellular");
  const iban = first(contact.ibans);
  const values: Record<ContactImportField, string> = {
    kind: identity.kind === "company" ? "Société" : "Personne",
    name: identity.kind === "company" ? identity.name : "",
    firstName: identity.kind === "person" ? (identity.firstName ?? "") : "",
    lastName: identity.kind === "person" ? identity.lastName : "",
    types: contact.types.map((t) => typeLabels[t]).join(", "),
    job: contact.job ?? "",
    email: first(contact.emails)?.address ?? "",
    phone: phone && phone !== mobile ? phone.number : "",
    mobile: mobile?.number ?? "",
    line1: address?.line1 ?? "",
    line2: address?.line2 ?? "",
    postalCode: address?.postalCode ?? "",
    city: address?.city ?? "",
    country: address?.country ?? "",
    siren: legal?.siren ?? "",
    siret: legal?.siret ?? "",
    vatNumber: legal?.vatNumber ?? "",
    apeCode: legal?.apeCode ?? "",
    legalForm: legal?.legalForm ?? "",
    capital: csvDecimal(legal?.capital),
    iban: iban?.iban ?? "",
    bic: iban?.bic ?? "",
    website: contact.website ?? "",
    criteria: contact.criteria.join(", "),
    note: Object.values(contact.notes)
      .map((n) => n.text)
      .join("\n"),
  };
  return [
    ...contactImportFields.map((f) => values[f.field]),
    contact.auxiliary.customer?.code ?? "",
    contact.auxiliary.supplier?.code ?? "",
  ];
};

/** What one imported contact creates: `CreateContact`'s data, then its criteria and notes. */
export type ImportedContact = {
  readonly create: Omit<CreateContact["data"], "acknowledgeDuplicates">;
  readonly criteria: readonly string[];
  readonly notes: readonly string[];
  /** A person's company by name (a vCard's ORG), for the shell to link to a company contact. */
  readonly organisation?: string | null | undefined;
  /** Links to companies (the shell's reading of `organisation`), each added by its own event. */
  readonly links?: readonly {
    readonly id: string;
    readonly contactId: string;
    readonly job: string | null;
  }[];
};

/** Ids of the new records, derived by the shell (from the import's command id and the row). */
export type RecordIds = (
  step: "contact" | "address" | "phone" | "email" | "iban" | "note",
  index?: number,
) => string;

const list = (value: string | undefined): string[] =>
  (value ?? "")
    .split(/[,;|]/)
    .map((v) => v.trim())
    .filter(Boolean);

/** A row's values by field read into a contact; an unknown kind or type names its field. */
export const contactFromRow = (
  values: Partial<Record<ContactImportField, string>>,
  ids: RecordIds,
): ImportedContact => {
  const v = (field: ContactImportField): string | undefined => values[field];
  const kindText = v("kind") ? headerKey(v("kind") as string) : "";
  if (kindText && !COMPANY.has(kindText) && !PERSON.has(kindText))
    throw new DomainError("import.unknownKind", { field: "kind", value: v("kind") ?? "" });
  const kind = COMPANY.has(kindText)
    ? "company"
    : PERSON.has(kindText)
      ? "person"
      : v("name") || !v("lastName")
        ? "company"
        : "person";
  const types = list(v("types")).map((t) => {
    const type = typeSynonyms[headerKey(t)];
    if (!type) throw new DomainError("import.unknownType", { field: "types", value: t });
    return type;
  });
  const identity =
    kind === "company"
      ? { kind, name: v("name") ?? v("lastName") ?? "" }
      : { kind, firstName: v("firstName") ?? null, lastName: v("lastName") ?? v("name") ?? "" };
  const phones: { id: string; kind: PhoneKind; number: string }[] = [];
  if (v("phone")) phones.push({ id: ids("phone", 0), kind: "work", number: v("phone") as string });
  if (v("mobile")) phones.push({ id: ids("phone", 1), kind: "cellular", number: v("mobile") as string });
  const hasAddress = ["line1", "line2", "postalCode", "city"].some((f) => v(f as ContactImportField));
  const legalFields = ["siren", "siret", "vatNumber", "apeCode", "legalForm"] as const;
  const capitalText = v("capital");
  const capital = capitalText ? frenchDecimal(capitalText) : undefined;
  if (capitalText && capital === undefined)
    throw new DomainError("validation.invalidAmount", { field: "capital", value: capitalText });
  const hasLegal = legalFields.some((f) => v(f)) || capital !== undefined;
  return {
    create: {
      id: ids("contact"),
      identity: identity as CreateContact["data"]["identity"],
      types: [...new Set(types)],
      job: v("job") ?? null,
      website: v("website") ?? null,
      addresses: hasAddress
        ? [
            {
              id: ids("address"),
              kind: "billing",
              line1: v("line1") ?? "",
              line2: v("line2") ?? null,
              postalCode: v("postalCode") ?? "",
              city: v("city") ?? "",
              country: v("country") ?? null,
            },
          ]
        : [],
      phones,
      emails: v("email") ? [{ id: ids("email"), address: v("email") as string }] : [],
      ibans: v("iban") ? [{ id: ids("iban"), iban: v("iban") as string, bic: v("bic") ?? null }] : [],
      ...(hasLegal && {
        legal: { ...Object.fromEntries(legalFields.map((f) => [f, v(f) ?? null])), capital: capital ?? null },
      }),
    },
    criteria: [...new Set(list(v("criteria")))],
    notes: v("note") ? [v("note") as string] : [],
  };
};

/** A vCard read into a contact (its UID is not kept: the contact gets its own id). */
export const contactFromVCard = (card: VCardContact, ids: RecordIds): ImportedContact => ({
  create: {
    id: ids("contact"),
    identity: card.identity,
    types: [],
    job: card.job,
    website: card.website,
    addresses: card.addresses.map((a, i) => ({ ...a, id: ids("address", i) })),
    phones: card.phones.map((p, i) => ({ ...p, id: ids("phone", i) })),
    emails: card.emails.map((address, i) => ({ id: ids("email", i), address })),
    ibans: [],
  },
  criteria: [...new Set(card.criteria)],
  notes: card.notes,
  organisation: card.organisation,
});
