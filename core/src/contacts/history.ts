import {
  type ContactEvent,
  type ContactRecords,
  contactDisplayName,
  type RecordKind,
  recordEventTypes,
  recordKinds,
} from "./contact.ts";

/**
 * A contact's history is its stream: each event as a sentence key (`contactHistory.<event type>`) and
 * the values the sentence needs, for the web's i18n catalogues ("Type client ajouté", "IBAN FR76…
 * retiré"). A removal names the record as it was, so the caller passes the state before the event.
 */
export type HistoryLine = {
  readonly key: string;
  readonly params: Readonly<Record<string, string | number>>;
};

/** A record in a few words: what a sentence shows of it. */
export const describeRecord = <K extends RecordKind>(kind: K, record: ContactRecords[K]): string => {
  switch (kind) {
    case "address": {
      const a = record as ContactRecords["address"];
      return `${a.line1}, ${a.postalCode} ${a.city}`;
    }
    case "phone":
      return (record as ContactRecords["phone"]).number;
    case "email":
      return (record as ContactRecords["email"]).address;
    case "iban":
      return (record as ContactRecords["iban"]).iban.replace(/(.{4})(?=.)/g, "$1 ");
    case "link":
      return (record as ContactRecords["link"]).contactId;
    case "history": {
      const entry = record as ContactRecords["history"];
      const text = entry.text.replace(/\s+/g, " ");
      return `${entry.date} · ${text.length > 80 ? `${text.slice(0, 79)}…` : text}`;
    }
    default: {
      const text = (record as ContactRecords["note"]).text.replace(/\s+/g, " ");
      return text.length > 80 ? `${text.slice(0, 79)}…` : text;
    }
  }
};

const recordOperation = (type: string): { kind: RecordKind; operation: "added" | "changed" | "removed" } => {
  for (const kind of recordKinds)
    for (const operation of ["added", "changed", "removed"] as const)
      if (recordEventTypes[kind][operation] === type) return { kind, operation };
  throw new RangeError(`Not a record event: ${type}`);
};

const line = (event: ContactEvent, params: Record<string, string | number> = {}): HistoryLine => ({
  key: `contactHistory.${event.type}`,
  params,
});

/**
 * The sentence of one event. `removed` is the record a removal took away (from the state before the
 * event), so that the sentence names it; without it the sentence names the record's id.
 */
export const contactHistoryLine = (
  event: ContactEvent,
  removed?: ContactRecords[RecordKind] | undefined,
): HistoryLine => {
  switch (event.type) {
    case "ContactAddressAdded":
    case "ContactAddressChanged":
    case "ContactAddressRemoved":
    case "ContactPhoneAdded":
    case "ContactPhoneChanged":
    case "ContactPhoneRemoved":
    case "ContactEmailAdded":
    case "ContactEmailChanged":
    case "ContactEmailRemoved":
    case "ContactIbanAdded":
    case "ContactIbanChanged":
    case "ContactIbanRemoved":
    case "ContactLinkAdded":
    case "ContactLinkChanged":
    case "ContactLinkRemoved":
    case "ContactNoteAdded":
    case "ContactNoteChanged":
    case "ContactNoteRemoved":
    case "ContactHistoryEntryAdded":
    case "ContactHistoryEntryChanged":
    case "ContactHistoryEntryRemoved": {
      const { kind, operation } = recordOperation(event.type);
      const value =
        operation !== "removed"
          ? describeRecord(kind, event.data as ContactRecords[RecordKind])
          : removed
            ? describeRecord(kind, removed)
            : event.data.id;
      return line(event, { value });
    }
    case "ContactCreated":
      return line(event, {
        name: contactDisplayName(event.data.identity),
        types: event.data.types.join(", "),
      });
    case "ContactRenamed":
      return line(event, {
        name: contactDisplayName(event.data.identity),
        previous: contactDisplayName(event.data.previous),
      });
    case "ContactDetailsChanged":
      return line(event, { fields: Object.keys(event.data.changes).join(", ") });
    case "ContactTypesChanged":
      return line(event, { added: event.data.added.join(", "), removed: event.data.removed.join(", ") });
    case "ContactAuxiliaryAccountAssigned":
      return line(event, { code: event.data.code, control: event.data.control, role: event.data.role });
    case "ContactLegalIdentityAdded":
    case "ContactLegalIdentityChanged":
      return line(event, { siren: event.data.siren ?? "", vatNumber: event.data.vatNumber ?? "" });
    case "ContactPaymentTermsAdded":
    case "ContactPaymentTermsChanged":
      return line(event, { days: event.data.days, endOfMonth: event.data.endOfMonth ? 1 : 0 });
    case "ContactMetaAdded":
    case "ContactMetaChanged":
      return line(event, { key: event.data.key, value: event.data.value });
    case "ContactMetaRemoved":
      return line(event, { key: event.data.key });
    case "ContactCriterionAdded":
    case "ContactCriterionRemoved":
      return line(event, { criterion: event.data.criterion });
    case "ContactMergedIn":
      return line(event, {
        sourceId: event.data.sourceId,
        name: contactDisplayName(event.data.source.identity),
      });
    case "ContactMergedInto":
      return line(event, { targetId: event.data.targetId });
    case "ContactAvatarChanged":
      return line(event, { picture: event.data.avatar === null ? 0 : 1 });
    case "FileAttached":
      return line(event, { name: event.data.name, size: event.data.size });
    case "FileDetached":
      return line(event, { name: event.data.name });
    case "ContactLegalIdentityRemoved":
    case "ContactPaymentTermsRemoved":
    case "ContactArchived":
    case "ContactUnarchived":
    case "ContactDeleted":
      return line(event);
    default:
      return event satisfies never;
  }
};
