import { type Decider, DomainError } from "../decider.ts";
import { type AttachmentCommand, decideAttachment } from "../files/attachments.ts";
import { AuxiliaryCodeIndex, type AuxiliaryCodeMode, auxiliaryControl } from "./auxiliary.ts";
import {
  type AuxiliaryRole,
  type ContactAvatar,
  type ContactDetails,
  type ContactEvent,
  type ContactIdentity,
  type ContactRecords,
  type ContactState,
  type ContactType,
  contactDisplayName,
  evolveContact,
  initialContactState,
  type LiveContact,
  type RecordKind,
  recordCollection,
  recordEventTypes,
} from "./contact.ts";
import type { DuplicateMatch } from "./duplicates.ts";
import {
  type AddressInput,
  type EmailInput,
  type HistoryEntryInput,
  type IbanInput,
  type IdentityInput,
  type LegalInput,
  type LinkInput,
  type NoteInput,
  normaliseAddressRecord,
  normaliseCriterion,
  normaliseEmailRecord,
  normaliseHistoryEntryRecord,
  normaliseIbanRecord,
  normaliseIdentity,
  normaliseLegal,
  normaliseLinkRecord,
  normaliseMeta,
  normaliseNoteRecord,
  normalisePaymentTerms,
  normalisePhoneRecord,
  normaliseTypes,
  type PaymentTermsInput,
  type PhoneInput,
} from "./records.ts";

/** What the organisation says about auxiliary accounts, read by the shell from its settings and chart. */
export type ContactAccountingContext = {
  readonly codeMode: AuxiliaryCodeMode;
  /**
   * Every auxiliary code the chart ever had, deleted ones too: a code is never given twice. A list (one
   * creation), or an index the caller keeps up to date (an import deciding thousands of contacts).
   */
  readonly takenCodes: readonly string[] | AuxiliaryCodeIndex;
};

type DetailsInput = {
  readonly job?: string | null | undefined;
  readonly website?: string | null | undefined;
};

export type CreateContact = {
  readonly type: "CreateContact";
  readonly data: DetailsInput & {
    readonly id: string;
    readonly identity: IdentityInput;
    readonly types: readonly string[];
    readonly addresses?: readonly AddressInput[] | undefined;
    readonly phones?: readonly PhoneInput[] | undefined;
    readonly emails?: readonly EmailInput[] | undefined;
    readonly ibans?: readonly IbanInput[] | undefined;
    readonly legal?: LegalInput | undefined;
    readonly paymentTerms?: PaymentTermsInput | undefined;
    /** The user saw the possible duplicates and goes on. */
    readonly acknowledgeDuplicates?: boolean | undefined;
  };
  readonly context: {
    /** `findDuplicates` of the new contact among the organisation's contacts. */
    readonly duplicates: readonly DuplicateMatch[];
    readonly accounting: ContactAccountingContext;
  };
};

type RecordCommands<Name extends string, Input> =
  | { readonly type: `AddContact${Name}`; readonly data: Input }
  | { readonly type: `ChangeContact${Name}`; readonly data: Input }
  | { readonly type: `RemoveContact${Name}`; readonly data: { readonly id: string } };

/** What a link checks about the other contact; null when it does not exist (or was deleted). */
export type LinkContext = { readonly linked: { readonly kind: ContactIdentity["kind"] } | null };

export type ContactCommand =
  | CreateContact
  | { readonly type: "RenameContact"; readonly data: { readonly identity: IdentityInput } }
  | { readonly type: "ChangeContactDetails"; readonly data: DetailsInput }
  | {
      readonly type: "ChangeContactTypes";
      readonly data: { readonly types: readonly string[] };
      readonly context: { readonly accounting: ContactAccountingContext };
    }
  | RecordCommands<"Address", AddressInput>
  | RecordCommands<"Phone", PhoneInput>
  | RecordCommands<"Email", EmailInput>
  | RecordCommands<"Iban", IbanInput>
  | { readonly type: "AddContactLink"; readonly data: LinkInput; readonly context: LinkContext }
  | { readonly type: "ChangeContactLink"; readonly data: LinkInput; readonly context: LinkContext }
  | { readonly type: "RemoveContactLink"; readonly data: { readonly id: string } }
  | RecordCommands<"Note", NoteInput>
  | RecordCommands<"HistoryEntry", HistoryEntryInput>
  | { readonly type: "SetContactLegalIdentity"; readonly data: LegalInput }
  | { readonly type: "RemoveContactLegalIdentity"; readonly data: Record<string, never> }
  | { readonly type: "SetContactPaymentTerms"; readonly data: PaymentTermsInput }
  | { readonly type: "RemoveContactPaymentTerms"; readonly data: Record<string, never> }
  | { readonly type: "SetContactMeta"; readonly data: { readonly key: string; readonly value: string } }
  | { readonly type: "RemoveContactMeta"; readonly data: { readonly key: string } }
  | { readonly type: "AddContactCriterion"; readonly data: { readonly criterion: string } }
  | { readonly type: "RemoveContactCriterion"; readonly data: { readonly criterion: string } }
  /** The image is checked, resized and stored by the shell; null takes it away. */
  | { readonly type: "ChangeContactAvatar"; readonly data: { readonly avatar: ContactAvatar | null } }
  | { readonly type: "ArchiveContact"; readonly data: Record<string, never> }
  | { readonly type: "UnarchiveContact"; readonly data: Record<string, never> }
  /** `used`: a document or an entry names the contact (the shell asks the read models). */
  | { readonly type: "DeleteContact"; readonly data: { readonly used: boolean } }
  | AttachmentCommand;

export type ContactCommandType = ContactCommand["type"];

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The contact a command may change: neither absent, deleted nor merged into another. */
const existing = (state: ContactState): LiveContact => {
  if (!("identity" in state)) throw new DomainError("contact.notFound", {}, 404);
  if (state.status === "merged")
    throw new DomainError("contact.merged", { targetId: state.mergedInto ?? "" }, 409);
  return state;
};

const cleanDetails = (input: DetailsInput): Partial<ContactDetails> => {
  const out: { job?: string | null; website?: string | null } = {};
  if (input.job !== undefined) out.job = input.job?.trim() ? input.job.trim().replace(/\s+/g, " ") : null;
  if (out.job && out.job.length > 100)
    throw new DomainError("validation.tooLong", { field: "job", max: 100 });
  if (input.website !== undefined) {
    const website = input.website?.trim() || null;
    if (website !== null && (website.length > 300 || !/^(https?:\/\/)?[^\s/.]+\.[^\s]+$/i.test(website)))
      throw new DomainError("validation.notAllowed", { field: "website", value: website });
    out.website = website;
  }
  return out;
};

/**
 * The auxiliary accounts a contact needs once it has `types`: one under 411000 when first a
 * customer, one under 401000 when first a supplier. A contact keeps its codes for ever, so losing
 * and regaining a type gives it the same account back.
 */
const auxiliaryAssignments = (
  contact: Pick<LiveContact, "identity" | "auxiliary">,
  types: readonly ContactType[],
  accounting: ContactAccountingContext,
): ContactEvent[] => {
  // Indexed once per decision (a creation's list), or as the caller indexed it (an import's thousands:
  // copying the list per contact made an import quadratic).
  const taken =
    accounting.takenCodes instanceof AuxiliaryCodeIndex
      ? accounting.takenCodes
      : new AuxiliaryCodeIndex(accounting.takenCodes);
  const given = new Set<string>();
  return (["customer", "supplier"] as const satisfies readonly AuxiliaryRole[]).flatMap((role) => {
    if (!types.includes(role) || contact.auxiliary[role]) return [];
    const code = taken.nextCode(role, accounting.codeMode, contactDisplayName(contact.identity), given);
    given.add(code.toUpperCase());
    return [
      { type: "ContactAuxiliaryAccountAssigned", data: { role, control: auxiliaryControl[role], code } },
    ];
  });
};

const typesChanged = (previous: readonly ContactType[], types: readonly ContactType[]): ContactEvent[] => {
  const added = types.filter((type) => !previous.includes(type));
  const removed = previous.filter((type) => !types.includes(type));
  return added.length + removed.length === 0
    ? []
    : [{ type: "ContactTypesChanged", data: { types, added, removed } }];
};

// The event of a record kind, typed from its data: the table names it, TypeScript cannot tie the two.
const recordEvent = <K extends RecordKind>(
  kind: K,
  operation: "added" | "changed",
  record: ContactRecords[K],
): ContactEvent => ({ type: recordEventTypes[kind][operation], data: record }) as ContactEvent;

/** Refuses a second e-mail address, IBAN or link to the same contact on one contact. */
const checkUnique = <K extends RecordKind>(
  contact: LiveContact,
  kind: K,
  record: ContactRecords[K],
): void => {
  const others = Object.values(contact[recordCollection[kind]]).filter((r) => r.id !== record.id);
  if (kind === "email") {
    const address = (record as ContactRecords["email"]).address.toLowerCase();
    if (others.some((r) => (r as ContactRecords["email"]).address.toLowerCase() === address))
      throw new DomainError("contact.duplicateEmail", { field: "address", value: address }, 409);
  }
  if (kind === "iban") {
    const iban = (record as ContactRecords["iban"]).iban;
    if (others.some((r) => (r as ContactRecords["iban"]).iban === iban))
      throw new DomainError("contact.duplicateIban", { field: "iban", value: iban }, 409);
  }
  if (kind === "link") {
    const linked = (record as ContactRecords["link"]).contactId;
    if (others.some((r) => (r as ContactRecords["link"]).contactId === linked))
      throw new DomainError("contact.duplicateLink", { field: "contactId", value: linked }, 409);
  }
};

const addRecord = <K extends RecordKind>(
  contact: LiveContact,
  kind: K,
  record: ContactRecords[K],
): ContactEvent[] => {
  if (contact[recordCollection[kind]][record.id])
    throw new DomainError("contact.recordExists", { kind, id: record.id }, 409);
  checkUnique(contact, kind, record);
  return [recordEvent(kind, "added", record)];
};

const changeRecord = <K extends RecordKind>(
  contact: LiveContact,
  kind: K,
  record: ContactRecords[K],
): ContactEvent[] => {
  const current = contact[recordCollection[kind]][record.id];
  if (!current) throw new DomainError("contact.recordNotFound", { kind, id: record.id }, 404);
  checkUnique(contact, kind, record);
  return same(current, record) ? [] : [recordEvent(kind, "changed", record)];
};

const removeRecord = (contact: LiveContact, kind: RecordKind, id: string): ContactEvent[] => {
  if (!contact[recordCollection[kind]][id])
    throw new DomainError("contact.recordNotFound", { kind, id }, 404);
  return [{ type: recordEventTypes[kind].removed, data: { id } } as ContactEvent];
};

/** A link joins a person and a company, never a contact to itself nor two of a kind. */
const checkLink = (contact: LiveContact, link: ContactRecords["link"], context: LinkContext): void => {
  if (link.contactId === contact.id)
    throw new DomainError("contact.linkToItself", { field: "contactId", value: link.contactId });
  if (context.linked === null)
    throw new DomainError("contact.linkedNotFound", { field: "contactId", value: link.contactId }, 404);
  if (context.linked.kind === contact.identity.kind)
    throw new DomainError("contact.linkKinds", { field: "contactId", kind: contact.identity.kind });
};

const create = (command: CreateContact, state: ContactState): ContactEvent[] => {
  if (state.status !== "none") throw new DomainError("contact.exists", {}, 409);
  const d = command.data;
  const identity = normaliseIdentity(d.identity);
  const types = normaliseTypes(d.types);
  const details = cleanDetails(d);
  const duplicates = command.context.duplicates;
  if (duplicates.length > 0 && !d.acknowledgeDuplicates) {
    const [first] = duplicates;
    if (duplicates.length === 1 && first)
      throw new DomainError(
        "contact.duplicate",
        { name: first.name, reasons: first.reasons.join(", ") },
        409,
      );
    throw new DomainError("contact.duplicates", { count: duplicates.length }, 409);
  }
  const created: ContactEvent = {
    type: "ContactCreated",
    data: { id: d.id, identity, types, job: details.job ?? null, website: details.website ?? null },
  };
  const events: ContactEvent[] = [created];
  let contact = evolveContact(state, created) as LiveContact;
  const push = (more: ContactEvent[]) => {
    for (const event of more) {
      events.push(event);
      contact = evolveContact(contact, event) as LiveContact;
    }
  };
  push(auxiliaryAssignments(contact, types, command.context.accounting));
  for (const input of d.addresses ?? []) push(addRecord(contact, "address", normaliseAddressRecord(input)));
  for (const input of d.phones ?? []) push(addRecord(contact, "phone", normalisePhoneRecord(input)));
  for (const input of d.emails ?? []) push(addRecord(contact, "email", normaliseEmailRecord(input)));
  for (const input of d.ibans ?? []) push(addRecord(contact, "iban", normaliseIbanRecord(input)));
  if (d.legal) push([{ type: "ContactLegalIdentityAdded", data: normaliseLegal(d.legal) }]);
  if (d.paymentTerms)
    push([{ type: "ContactPaymentTermsAdded", data: normalisePaymentTerms(d.paymentTerms) }]);
  return events;
};

const decide = (command: ContactCommand, state: ContactState): ContactEvent[] => {
  if (command.type === "CreateContact") return create(command, state);
  const contact = existing(state);
  switch (command.type) {
    case "RenameContact": {
      const identity = normaliseIdentity(command.data.identity);
      if (same(identity, contact.identity)) return [];
      return [{ type: "ContactRenamed", data: { identity, previous: contact.identity } }];
    }
    case "ChangeContactDetails": {
      const cleaned = cleanDetails(command.data);
      const changes = Object.fromEntries(
        Object.entries(cleaned).filter(([key, value]) => contact[key as keyof ContactDetails] !== value),
      );
      return Object.keys(changes).length === 0 ? [] : [{ type: "ContactDetailsChanged", data: { changes } }];
    }
    case "ChangeContactTypes": {
      const types = normaliseTypes(command.data.types);
      return [
        ...typesChanged(contact.types, types),
        ...auxiliaryAssignments(contact, types, command.context.accounting),
      ];
    }
    case "AddContactAddress":
      return addRecord(contact, "address", normaliseAddressRecord(command.data));
    case "ChangeContactAddress":
      return changeRecord(contact, "address", normaliseAddressRecord(command.data));
    case "RemoveContactAddress":
      return removeRecord(contact, "address", command.data.id);
    case "AddContactPhone":
      return addRecord(contact, "phone", normalisePhoneRecord(command.data));
    case "ChangeContactPhone":
      return changeRecord(contact, "phone", normalisePhoneRecord(command.data));
    case "RemoveContactPhone":
      return removeRecord(contact, "phone", command.data.id);
    case "AddContactEmail":
      return addRecord(contact, "email", normaliseEmailRecord(command.data));
    case "ChangeContactEmail":
      return changeRecord(contact, "email", normaliseEmailRecord(command.data));
    case "RemoveContactEmail":
      return removeRecord(contact, "email", command.data.id);
    case "AddContactIban":
      return addRecord(contact, "iban", normaliseIbanRecord(command.data));
    case "ChangeContactIban":
      return changeRecord(contact, "iban", normaliseIbanRecord(command.data));
    case "RemoveContactIban":
      return removeRecord(contact, "iban", command.data.id);
    case "AddContactLink": {
      const link = normaliseLinkRecord(command.data);
      checkLink(contact, link, command.context);
      return addRecord(contact, "link", link);
    }
    case "ChangeContactLink": {
      const link = normaliseLinkRecord(command.data);
      checkLink(contact, link, command.context);
      return changeRecord(contact, "link", link);
    }
    case "RemoveContactLink":
      return removeRecord(contact, "link", command.data.id);
    case "AddContactNote":
      return addRecord(contact, "note", normaliseNoteRecord(command.data));
    case "ChangeContactNote":
      return changeRecord(contact, "note", normaliseNoteRecord(command.data));
    case "RemoveContactNote":
      return removeRecord(contact, "note", command.data.id);
    case "AddContactHistoryEntry":
      return addRecord(contact, "history", normaliseHistoryEntryRecord(command.data));
    case "ChangeContactHistoryEntry":
      return changeRecord(contact, "history", normaliseHistoryEntryRecord(command.data));
    case "RemoveContactHistoryEntry":
      return removeRecord(contact, "history", command.data.id);
    case "SetContactLegalIdentity": {
      const legal = normaliseLegal(command.data);
      if (contact.legal === null) return [{ type: "ContactLegalIdentityAdded", data: legal }];
      return same(legal, contact.legal) ? [] : [{ type: "ContactLegalIdentityChanged", data: legal }];
    }
    case "RemoveContactLegalIdentity":
      return contact.legal === null ? [] : [{ type: "ContactLegalIdentityRemoved", data: {} }];
    case "SetContactPaymentTerms": {
      const terms = normalisePaymentTerms(command.data);
      if (contact.paymentTerms === null) return [{ type: "ContactPaymentTermsAdded", data: terms }];
      return same(terms, contact.paymentTerms) ? [] : [{ type: "ContactPaymentTermsChanged", data: terms }];
    }
    case "RemoveContactPaymentTerms":
      return contact.paymentTerms === null ? [] : [{ type: "ContactPaymentTermsRemoved", data: {} }];
    case "SetContactMeta": {
      const meta = normaliseMeta(command.data.key, command.data.value);
      const current = contact.metas[meta.key];
      if (current === undefined) return [{ type: "ContactMetaAdded", data: meta }];
      return current === meta.value ? [] : [{ type: "ContactMetaChanged", data: meta }];
    }
    case "RemoveContactMeta": {
      if (contact.metas[command.data.key] === undefined)
        throw new DomainError("contact.recordNotFound", { kind: "meta", id: command.data.key }, 404);
      return [{ type: "ContactMetaRemoved", data: { key: command.data.key } }];
    }
    case "AddContactCriterion": {
      const criterion = normaliseCriterion(command.data.criterion);
      return contact.criteria.includes(criterion)
        ? []
        : [{ type: "ContactCriterionAdded", data: { criterion } }];
    }
    case "RemoveContactCriterion": {
      const criterion = command.data.criterion;
      if (!contact.criteria.includes(criterion))
        throw new DomainError("contact.recordNotFound", { kind: "criterion", id: criterion }, 404);
      return [{ type: "ContactCriterionRemoved", data: { criterion } }];
    }
    case "ChangeContactAvatar": {
      const { avatar } = command.data;
      return same(avatar, contact.avatar ?? null) ? [] : [{ type: "ContactAvatarChanged", data: { avatar } }];
    }
    case "ArchiveContact": {
      if (contact.status === "archived") return [];
      // An archived customer is an old customer: the type says so in lists and filters.
      const types = contact.types.includes("customer")
        ? normaliseTypes([...contact.types.filter((t) => t !== "customer"), "oldCustomer"])
        : contact.types;
      return [...typesChanged(contact.types, types), { type: "ContactArchived", data: {} }];
    }
    case "UnarchiveContact":
      return contact.status === "archived" ? [{ type: "ContactUnarchived", data: {} }] : [];
    case "DeleteContact":
      if (command.data.used) throw new DomainError("contact.usedInDocs", {}, 409);
      return [{ type: "ContactDeleted", data: { id: contact.id } }];
    case "AttachFile":
    case "DetachFile":
      return decideAttachment(command, contact.files ?? []);
    default:
      return command satisfies never;
  }
};

export const contactDecider: Decider<ContactCommand, ContactEvent, ContactState> = {
  decide,
  evolve: evolveContact,
  initialState: initialContactState,
};
