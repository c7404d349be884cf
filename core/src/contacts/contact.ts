import type { DomainEvent } from "../decider.ts";
import { type AttachedFile, type AttachmentEvent, evolveFiles } from "../files/attachments.ts";

/**
 * A contact (stream `contact-<id>`): a person or a company, of several types at once, with its
 * sub-records. Its history is its own stream: turning a prospect into a customer is one more event.
 */
export const contactStreamId = (id: string): string => `contact-${id}`;

export const contactTypes = [
  "prospect",
  "customer",
  "supplier",
  "competitor",
  "partner",
  "employee",
  "salesRep",
  "associate",
  "oldCustomer",
  "specialSupplier",
] as const;
export type ContactType = (typeof contactTypes)[number];

export type ContactIdentity =
  | { readonly kind: "company"; readonly name: string }
  | { readonly kind: "person"; readonly firstName: string | null; readonly lastName: string };

export const addressKinds = ["billing", "delivery", "other"] as const;
export type AddressKind = (typeof addressKinds)[number];
export const phoneKinds = ["cellular", "work", "fax", "home"] as const;
export type PhoneKind = (typeof phoneKinds)[number];

export type ContactAddress = {
  readonly id: string;
  readonly kind: AddressKind;
  readonly line1: string;
  readonly line2: string | null;
  readonly postalCode: string;
  readonly city: string;
  /** ISO 3166-1 alpha-2. */
  readonly country: string;
};
/** `number` in E.164 (`+33612345678`). */
export type ContactPhone = { readonly id: string; readonly kind: PhoneKind; readonly number: string };
export type ContactEmail = { readonly id: string; readonly address: string; readonly label: string | null };
/** `iban` in electronic format (no spaces, capitals). */
export type ContactIban = {
  readonly id: string;
  readonly iban: string;
  readonly bic: string | null;
  readonly label: string | null;
};
/** A person belonging to a company (or the company's side of it): `contactId` is the other contact. */
export type ContactLink = { readonly id: string; readonly contactId: string; readonly job: string | null };
export type ContactNote = { readonly id: string; readonly text: string };
/** What a user-written history entry records: a call, a meeting, an e-mail, a letter, a visit… */
export const historyEntryKinds = ["call", "meeting", "email", "letter", "visit", "other"] as const;
export type HistoryEntryKind = (typeof historyEntryKinds)[number];
/**
 * A history entry written by a user (a call, a meeting…): the day it happened, its kind and what was
 * said. Shown in the contact's history beside the sentences of its events; the only lines of that
 * history a user may change or remove.
 */
export type ContactHistoryEntry = {
  readonly id: string;
  /** "YYYY-MM-DD": the day it happened, not the day it was written. */
  readonly date: string;
  readonly kind: HistoryEntryKind;
  readonly text: string;
};

/** The sub-records kept by id, each added, changed and removed by an event of its own. */
export type ContactRecords = {
  readonly address: ContactAddress;
  readonly phone: ContactPhone;
  readonly email: ContactEmail;
  readonly iban: ContactIban;
  readonly link: ContactLink;
  readonly note: ContactNote;
  readonly history: ContactHistoryEntry;
};
export type RecordKind = keyof ContactRecords;
export const recordKinds: readonly RecordKind[] = [
  "address",
  "phone",
  "email",
  "iban",
  "link",
  "note",
  "history",
];

export type ContactLegalIdentity = {
  readonly siren: string | null;
  readonly siret: string | null;
  readonly vatNumber: string | null;
  /** APE code of the NAF nomenclature, "62.01Z". */
  readonly apeCode: string | null;
  readonly legalForm: string | null;
  /** Share capital in euros, a decimal string ("10000.00"). */
  readonly capital: string | null;
  /**
   * A supplier's option for the débits (its VAT on services due at invoicing, so deductible then; a
   * Factur-X's BT-8 names the invoice date); absent (and in events before it existed): when paid.
   */
  readonly vatOnDebits?: true | undefined;
};

export type ContactPaymentTerms = {
  /** Days after the invoice date (or after the end of its month when `endOfMonth`). */
  readonly days: number;
  readonly endOfMonth: boolean;
  /** Late-penalty rate per year, in percent ("13.15"); null: the legal default (ECB rate + 10 points). */
  readonly penaltyRate: string | null;
  /** Early-payment discount in percent; null: "pas d'escompte". */
  readonly earlyPaymentDiscount: string | null;
};

export type AuxiliaryRole = "customer" | "supplier";
/** The contact's auxiliary account under a collective account (411000 for customers, 401000 for suppliers). */
export type ContactAuxiliaryAccount = {
  readonly role: AuxiliaryRole;
  readonly control: string;
  readonly code: string;
};

/** A contact's picture: the stored image's content-addressed id and size (as an organisation's logo). */
export type ContactAvatar = { readonly fileId: string; readonly width: number; readonly height: number };

export type ContactDetails = {
  /** A person's job (a company's people carry theirs on their link). */
  readonly job: string | null;
  readonly website: string | null;
};

/** Everything a contact holds: the content of `ContactMergedInto`'s snapshot and of the state. */
export type ContactContent = ContactDetails & {
  readonly identity: ContactIdentity;
  readonly types: readonly ContactType[];
  readonly addresses: Readonly<Record<string, ContactAddress>>;
  readonly phones: Readonly<Record<string, ContactPhone>>;
  readonly emails: Readonly<Record<string, ContactEmail>>;
  readonly ibans: Readonly<Record<string, ContactIban>>;
  readonly links: Readonly<Record<string, ContactLink>>;
  readonly notes: Readonly<Record<string, ContactNote>>;
  /** User-written history entries (absent from states and snapshots recorded before they existed). */
  readonly histories: Readonly<Record<string, ContactHistoryEntry>>;
  readonly metas: Readonly<Record<string, string>>;
  readonly criteria: readonly string[];
  readonly legal: ContactLegalIdentity | null;
  readonly paymentTerms: ContactPaymentTerms | null;
  readonly auxiliary: Readonly<Partial<Record<AuxiliaryRole, ContactAuxiliaryAccount>>>;
  /** Absent from the snapshots of merges recorded before avatars existed. */
  readonly avatar?: ContactAvatar | null;
};

/** The state's collection of each kind of sub-record. */
export const recordCollection = {
  address: "addresses",
  phone: "phones",
  email: "emails",
  iban: "ibans",
  link: "links",
  note: "notes",
  history: "histories",
} as const satisfies Record<RecordKind, keyof ContactContent>;

type RecordEventsOf<K extends RecordKind, Name extends string> =
  | DomainEvent<`Contact${Name}Added`, ContactRecords[K]>
  | DomainEvent<`Contact${Name}Changed`, ContactRecords[K]>
  | DomainEvent<`Contact${Name}Removed`, { readonly id: string }>;

export type ContactRecordEvent =
  | RecordEventsOf<"address", "Address">
  | RecordEventsOf<"phone", "Phone">
  | RecordEventsOf<"email", "Email">
  | RecordEventsOf<"iban", "Iban">
  | RecordEventsOf<"link", "Link">
  | RecordEventsOf<"note", "Note">
  | RecordEventsOf<"history", "HistoryEntry">;

/** The event type names of each sub-record kind. */
export const recordEventTypes = {
  address: {
    added: "ContactAddressAdded",
    changed: "ContactAddressChanged",
    removed: "ContactAddressRemoved",
  },
  phone: { added: "ContactPhoneAdded", changed: "ContactPhoneChanged", removed: "ContactPhoneRemoved" },
  email: { added: "ContactEmailAdded", changed: "ContactEmailChanged", removed: "ContactEmailRemoved" },
  iban: { added: "ContactIbanAdded", changed: "ContactIbanChanged", removed: "ContactIbanRemoved" },
  link: { added: "ContactLinkAdded", changed: "ContactLinkChanged", removed: "ContactLinkRemoved" },
  note: { added: "ContactNoteAdded", changed: "ContactNoteChanged", removed: "ContactNoteRemoved" },
  history: {
    added: "ContactHistoryEntryAdded",
    changed: "ContactHistoryEntryChanged",
    removed: "ContactHistoryEntryRemoved",
  },
} as const satisfies Record<RecordKind, Record<"added" | "changed" | "removed", ContactRecordEvent["type"]>>;

export type ContactEvent =
  | DomainEvent<
      "ContactCreated",
      ContactDetails & {
        readonly id: string;
        readonly identity: ContactIdentity;
        readonly types: readonly ContactType[];
      }
    >
  | DomainEvent<"ContactRenamed", { readonly identity: ContactIdentity; readonly previous: ContactIdentity }>
  | DomainEvent<"ContactDetailsChanged", { readonly changes: Partial<ContactDetails> }>
  | DomainEvent<
      "ContactTypesChanged",
      {
        readonly types: readonly ContactType[];
        readonly added: readonly ContactType[];
        readonly removed: readonly ContactType[];
      }
    >
  | DomainEvent<"ContactAuxiliaryAccountAssigned", ContactAuxiliaryAccount>
  | ContactRecordEvent
  | DomainEvent<"ContactLegalIdentityAdded", ContactLegalIdentity>
  | DomainEvent<"ContactLegalIdentityChanged", ContactLegalIdentity>
  | DomainEvent<"ContactLegalIdentityRemoved", Record<string, never>>
  | DomainEvent<"ContactPaymentTermsAdded", ContactPaymentTerms>
  | DomainEvent<"ContactPaymentTermsChanged", ContactPaymentTerms>
  | DomainEvent<"ContactPaymentTermsRemoved", Record<string, never>>
  | DomainEvent<"ContactMetaAdded", { readonly key: string; readonly value: string }>
  | DomainEvent<"ContactMetaChanged", { readonly key: string; readonly value: string }>
  | DomainEvent<"ContactMetaRemoved", { readonly key: string }>
  | DomainEvent<"ContactCriterionAdded", { readonly criterion: string }>
  | DomainEvent<"ContactCriterionRemoved", { readonly criterion: string }>
  | DomainEvent<"ContactAvatarChanged", { readonly avatar: ContactAvatar | null }>
  | DomainEvent<"ContactArchived", Record<string, never>>
  | DomainEvent<"ContactUnarchived", Record<string, never>>
  | DomainEvent<"ContactDeleted", { readonly id: string }>
  /** On the kept contact: `source` merged into it; its records follow as their own Added events. */
  | DomainEvent<"ContactMergedIn", { readonly sourceId: string; readonly source: ContactContent }>
  /** On the merged contact, which stays as history and takes no command any more. */
  | DomainEvent<"ContactMergedInto", { readonly targetId: string }>
  | AttachmentEvent;

export type ContactEventType = ContactEvent["type"];

/** Every contact event type, for projectors' `handles` lists. */
export const contactEventTypes: readonly ContactEventType[] = [
  "ContactCreated",
  "ContactRenamed",
  "ContactDetailsChanged",
  "ContactTypesChanged",
  "ContactAuxiliaryAccountAssigned",
  ...recordKinds.flatMap((kind) => Object.values(recordEventTypes[kind])),
  "ContactLegalIdentityAdded",
  "ContactLegalIdentityChanged",
  "ContactLegalIdentityRemoved",
  "ContactPaymentTermsAdded",
  "ContactPaymentTermsChanged",
  "ContactPaymentTermsRemoved",
  "ContactMetaAdded",
  "ContactMetaChanged",
  "ContactMetaRemoved",
  "ContactCriterionAdded",
  "ContactCriterionRemoved",
  "ContactAvatarChanged",
  "ContactArchived",
  "ContactUnarchived",
  "ContactDeleted",
  "ContactMergedIn",
  "ContactMergedInto",
];

export type ContactState =
  | { readonly status: "none" }
  | { readonly status: "deleted"; readonly id: string }
  | (ContactContent & {
      readonly status: "active" | "archived" | "merged";
      readonly id: string;
      readonly mergedInto: string | null;
      /** Attached files (absent in states stored before they existed: none). */
      readonly files?: readonly AttachedFile[];
    });

export type LiveContact = Extract<ContactState, { id: string; identity: ContactIdentity }>;

export const initialContactState = (): ContactState => ({ status: "none" });

/** The name a contact is shown and sorted by: a company's name, a person's first and last names. */
export const contactDisplayName = (identity: ContactIdentity): string =>
  identity.kind === "company"
    ? identity.name
    : identity.firstName
      ? `${identity.firstName} ${identity.lastName}`
      : identity.lastName;

const emptyContent = (): Omit<ContactContent, "identity" | "types" | "job" | "website"> => ({
  addresses: {},
  phones: {},
  emails: {},
  ibans: {},
  links: {},
  notes: {},
  histories: {},
  metas: {},
  criteria: [],
  legal: null,
  paymentTerms: null,
  auxiliary: {},
  avatar: null,
});

const without = <R extends Readonly<Record<string, unknown>>>(record: R, key: string): R => {
  const { [key]: _dropped, ...rest } = record;
  return rest as R;
};

const putRecord = <K extends RecordKind>(
  state: LiveContact,
  kind: K,
  record: ContactRecords[K],
): LiveContact => {
  const collection = recordCollection[kind];
  // A state stored before a collection existed (a read model's row) lacks it.
  return { ...state, [collection]: { ...(state[collection] ?? {}), [record.id]: record } };
};

const removeRecord = (state: LiveContact, kind: RecordKind, id: string): LiveContact => {
  const collection = recordCollection[kind];
  return { ...state, [collection]: without(state[collection] ?? {}, id) };
};

const live = (state: ContactState, change: (contact: LiveContact) => ContactState): ContactState =>
  "identity" in state ? change(state) : state;

export const evolveContact = (state: ContactState, event: ContactEvent): ContactState => {
  switch (event.type) {
    case "ContactCreated": {
      const { id, identity, types, job, website } = event.data;
      return {
        status: "active",
        id,
        identity,
        types,
        job,
        website,
        mergedInto: null,
        ...emptyContent(),
      };
    }
    case "ContactRenamed":
      return live(state, (c) => ({ ...c, identity: event.data.identity }));
    case "ContactDetailsChanged":
      return live(state, (c) => ({ ...c, ...event.data.changes }));
    case "ContactTypesChanged":
      return live(state, (c) => ({ ...c, types: event.data.types }));
    case "ContactAuxiliaryAccountAssigned":
      return live(state, (c) => ({ ...c, auxiliary: { ...c.auxiliary, [event.data.role]: event.data } }));
    case "ContactAddressAdded":
    case "ContactAddressChanged":
      return live(state, (c) => putRecord(c, "address", event.data));
    case "ContactAddressRemoved":
      return live(state, (c) => removeRecord(c, "address", event.data.id));
    case "ContactPhoneAdded":
    case "ContactPhoneChanged":
      return live(state, (c) => putRecord(c, "phone", event.data));
    case "ContactPhoneRemoved":
      return live(state, (c) => removeRecord(c, "phone", event.data.id));
    case "ContactEmailAdded":
    case "ContactEmailChanged":
      return live(state, (c) => putRecord(c, "email", event.data));
    case "ContactEmailRemoved":
      return live(state, (c) => removeRecord(c, "email", event.data.id));
    case "ContactIbanAdded":
    case "ContactIbanChanged":
      return live(state, (c) => putRecord(c, "iban", event.data));
    case "ContactIbanRemoved":
      return live(state, (c) => removeRecord(c, "iban", event.data.id));
    case "ContactLinkAdded":
    case "ContactLinkChanged":
      return live(state, (c) => putRecord(c, "link", event.data));
    case "ContactLinkRemoved":
      return live(state, (c) => removeRecord(c, "link", event.data.id));
    case "ContactNoteAdded":
    case "ContactNoteChanged":
      return live(state, (c) => putRecord(c, "note", event.data));
    case "ContactNoteRemoved":
      return live(state, (c) => removeRecord(c, "note", event.data.id));
    case "ContactHistoryEntryAdded":
    case "ContactHistoryEntryChanged":
      return live(state, (c) => putRecord(c, "history", event.data));
    case "ContactHistoryEntryRemoved":
      return live(state, (c) => removeRecord(c, "history", event.data.id));
    case "ContactLegalIdentityAdded":
    case "ContactLegalIdentityChanged":
      return live(state, (c) => ({ ...c, legal: event.data }));
    case "ContactLegalIdentityRemoved":
      return live(state, (c) => ({ ...c, legal: null }));
    case "ContactPaymentTermsAdded":
    case "ContactPaymentTermsChanged":
      return live(state, (c) => ({ ...c, paymentTerms: event.data }));
    case "ContactPaymentTermsRemoved":
      return live(state, (c) => ({ ...c, paymentTerms: null }));
    case "ContactMetaAdded":
    case "ContactMetaChanged":
      return live(state, (c) => ({ ...c, metas: { ...c.metas, [event.data.key]: event.data.value } }));
    case "ContactMetaRemoved":
      return live(state, (c) => ({ ...c, metas: without(c.metas, event.data.key) }));
    case "ContactCriterionAdded":
      return live(state, (c) => ({ ...c, criteria: [...c.criteria, event.data.criterion] }));
    case "ContactCriterionRemoved":
      return live(state, (c) => ({ ...c, criteria: c.criteria.filter((x) => x !== event.data.criterion) }));
    case "ContactAvatarChanged":
      return live(state, (c) => ({ ...c, avatar: event.data.avatar }));
    case "ContactArchived":
      return live(state, (c) => ({ ...c, status: "archived" }));
    case "ContactUnarchived":
      return live(state, (c) => ({ ...c, status: "active" }));
    case "ContactDeleted":
      return { status: "deleted", id: event.data.id };
    case "ContactMergedIn":
      return state;
    case "ContactMergedInto":
      return live(state, (c) => ({ ...c, status: "merged", mergedInto: event.data.targetId }));
    case "FileAttached":
    case "FileDetached":
      return live(state, (c) => ({ ...c, files: evolveFiles(c.files ?? [], event) }));
    default:
      return event satisfies never;
  }
};
