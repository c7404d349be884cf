import { DomainError } from "../decider.ts";
import {
  type ContactContent,
  type ContactEvent,
  type ContactRecords,
  type ContactState,
  contactStreamId,
  evolveContact,
  type LiveContact,
  type RecordKind,
  recordCollection,
  recordEventTypes,
  recordKinds,
} from "./contact.ts";
import type { ContactCommand } from "./decide.ts";
import { normaliseTypes } from "./records.ts";

/**
 * A merge of two contacts, planned as the events of both streams for one commit (the store's
 * multi-stream append, both streams at the versions read). The kept contact (`target`) records the
 * source's whole content in `ContactMergedIn`, then takes, each by its own event, every type,
 * sub-record, criterion and meta it lacks; where both hold a single value (legal identity, payment
 * terms, a meta key, an auxiliary account) the target's stays and the source's is in the snapshot.
 * The source records `ContactMergedInto` and takes no command any more; its history stays its own.
 * Its auxiliary account, if the target had none for that role, becomes the target's (its entries
 * stay on it); otherwise it is kept, unused, and never given again.
 */
export type ContactMergePart = { readonly streamId: string; readonly events: readonly ContactEvent[] };

const live = (state: ContactState, role: "target" | "source"): LiveContact => {
  if (!("identity" in state)) throw new DomainError("contact.notFound", { role }, 404);
  if (state.status === "merged")
    throw new DomainError("contact.merged", { targetId: state.mergedInto ?? "" }, 409);
  return state;
};

export const contactContentOf = (contact: LiveContact): ContactContent => {
  const { status: _status, id: _id, mergedInto: _mergedInto, ...content } = contact;
  return content;
};

/** A record without its id: two records of a kind holding the same value are one. */
const valueKey = (kind: RecordKind, record: ContactRecords[RecordKind]): string => {
  switch (kind) {
    case "email":
      return (record as ContactRecords["email"]).address.toLowerCase();
    case "iban":
      return (record as ContactRecords["iban"]).iban;
    case "link":
      return (record as ContactRecords["link"]).contactId;
    default: {
      const { id: _id, ...value } = record;
      return JSON.stringify(value);
    }
  }
};

const recordsToAdd = (target: LiveContact, source: LiveContact, kind: RecordKind): ContactEvent[] => {
  const theirs = Object.values(target[recordCollection[kind]]) as ContactRecords[RecordKind][];
  const held = new Set(theirs.map((record) => valueKey(kind, record)));
  const ids = new Set(theirs.map((record) => record.id));
  return (Object.values(source[recordCollection[kind]]) as ContactRecords[RecordKind][]).flatMap((record) => {
    const key = valueKey(kind, record);
    // A link between the two contacts would become a link of the contact to itself.
    if (held.has(key) || (kind === "link" && key === target.id)) return [];
    held.add(key);
    const id = ids.has(record.id) ? `${source.id}:${record.id}` : record.id;
    ids.add(id);
    return [{ type: recordEventTypes[kind].added, data: { ...record, id } } as ContactEvent];
  });
};

export const planContactMerge = (
  targetState: ContactState,
  sourceState: ContactState,
): ContactMergePart[] => {
  const target = live(targetState, "target");
  const source = live(sourceState, "source");
  if (target.id === source.id) throw new DomainError("contact.mergeSame", { id: target.id }, 409);
  // A person and a company are never the same: their links (person ↔ company) could not follow.
  if (target.identity.kind !== source.identity.kind)
    throw new DomainError("contact.mergeKinds", { kind: target.identity.kind }, 409);
  const events: ContactEvent[] = [
    { type: "ContactMergedIn", data: { sourceId: source.id, source: contactContentOf(source) } },
  ];
  const types = normaliseTypes([...target.types, ...source.types]);
  const added = types.filter((type) => !target.types.includes(type));
  if (added.length > 0) events.push({ type: "ContactTypesChanged", data: { types, added, removed: [] } });
  for (const role of ["customer", "supplier"] as const) {
    const account = source.auxiliary[role];
    if (account && !target.auxiliary[role])
      events.push({ type: "ContactAuxiliaryAccountAssigned", data: account });
  }
  const details: { job?: string; website?: string } = {};
  if (target.job === null && source.job !== null) details.job = source.job;
  if (target.website === null && source.website !== null) details.website = source.website;
  if (Object.keys(details).length > 0)
    events.push({ type: "ContactDetailsChanged", data: { changes: details } });
  for (const kind of recordKinds) events.push(...recordsToAdd(target, source, kind));
  if (target.legal === null && source.legal !== null)
    events.push({ type: "ContactLegalIdentityAdded", data: source.legal });
  if (!target.avatar && source.avatar)
    events.push({ type: "ContactAvatarChanged", data: { avatar: source.avatar } });
  if (target.paymentTerms === null && source.paymentTerms !== null)
    events.push({ type: "ContactPaymentTermsAdded", data: source.paymentTerms });
  for (const [key, value] of Object.entries(source.metas))
    if (target.metas[key] === undefined) events.push({ type: "ContactMetaAdded", data: { key, value } });
  for (const criterion of source.criteria)
    if (!target.criteria.includes(criterion))
      events.push({ type: "ContactCriterionAdded", data: { criterion } });
  return [
    { streamId: contactStreamId(target.id), events },
    {
      streamId: contactStreamId(source.id),
      events: [{ type: "ContactMergedInto", data: { targetId: target.id } }],
    },
  ];
};

/** The kept contact as it will be once the merge's events are applied (for the answer and the tests). */
export const mergedContact = (targetState: ContactState, plan: readonly ContactMergePart[]): ContactState =>
  (plan[0]?.events ?? []).reduce(evolveContact, targetState);

/**
 * What another contact does with its links to a merged contact: each now names the kept one
 * (`ChangeContactLink`), or goes when it already links to the kept one (`RemoveContactLink`). Nothing
 * when it names neither; the kept and merged contacts themselves are the merge's own business.
 */
export const followMergedLinks = (
  otherState: ContactState,
  sourceId: string,
  target: { readonly id: string; readonly kind: LiveContact["identity"]["kind"] },
): ContactCommand[] => {
  if (!("identity" in otherState) || otherState.status === "merged") return [];
  if (otherState.id === sourceId || otherState.id === target.id) return [];
  const links = Object.values(otherState.links);
  let linksTarget = links.some((link) => link.contactId === target.id);
  return links
    .filter((link) => link.contactId === sourceId)
    .map((link): ContactCommand => {
      if (linksTarget) return { type: "RemoveContactLink", data: { id: link.id } };
      linksTarget = true;
      return {
        type: "ChangeContactLink",
        data: { id: link.id, contactId: target.id, job: link.job },
        context: { linked: { kind: target.kind } },
      };
    });
};
