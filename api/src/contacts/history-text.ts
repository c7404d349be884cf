import {
  type ContactEvent,
  type ContactRecords,
  type ContactState,
  type ContactType,
  contactHistoryLine,
  contactTypes,
  evolveContact,
  initialContactState,
  type RecordKind,
  recordCollection,
  recordEventTypes,
  recordKinds,
} from "@registre/core";
import type { Locale } from "../http/messages.ts";

/**
 * A contact's history in words (`GET /contacts/{id}/histories`): each event of its stream as the
 * sentence `contactHistoryLine` names, worded in the request's language.
 */
type Sentences = Readonly<Record<ContactEvent["type"], { fr: string; en: string }>>;

const sentences: Sentences = {
  ContactCreated: { fr: "Contact créé : {name} ({types}).", en: "Contact created: {name} ({types})." },
  ContactRenamed: { fr: "Renommé « {previous} » → « {name} ».", en: "Renamed “{previous}” → “{name}”." },
  ContactDetailsChanged: { fr: "Informations modifiées ({fields}).", en: "Details changed ({fields})." },
  ContactTypesChanged: {
    fr: "Types modifiés : ajoutés {added} ; retirés {removed}.",
    en: "Types changed: added {added}; removed {removed}.",
  },
  ContactAuxiliaryAccountAssigned: {
    fr: "Compte auxiliaire {code} ouvert sous {control} ({role}).",
    en: "Auxiliary account {code} opened under {control} ({role}).",
  },
  ContactAddressAdded: { fr: "Adresse ajoutée : {value}.", en: "Address added: {value}." },
  ContactAddressChanged: { fr: "Adresse modifiée : {value}.", en: "Address changed: {value}." },
  ContactAddressRemoved: { fr: "Adresse retirée : {value}.", en: "Address removed: {value}." },
  ContactPhoneAdded: { fr: "Téléphone ajouté : {value}.", en: "Phone added: {value}." },
  ContactPhoneChanged: { fr: "Téléphone modifié : {value}.", en: "Phone changed: {value}." },
  ContactPhoneRemoved: { fr: "Téléphone retiré : {value}.", en: "Phone removed: {value}." },
  ContactEmailAdded: { fr: "E-mail ajouté : {value}.", en: "E-mail added: {value}." },
  ContactEmailChanged: { fr: "E-mail modifié : {value}.", en: "E-mail changed: {value}." },
  ContactEmailRemoved: { fr: "E-mail retiré : {value}.", en: "E-mail removed: {value}." },
  ContactIbanAdded: { fr: "IBAN ajouté : {value}.", en: "IBAN added: {value}." },
  ContactIbanChanged: { fr: "IBAN modifié : {value}.", en: "IBAN changed: {value}." },
  ContactIbanRemoved: { fr: "IBAN retiré : {value}.", en: "IBAN removed: {value}." },
  ContactLinkAdded: { fr: "Lien ajouté vers {value}.", en: "Link added to {value}." },
  ContactLinkChanged: { fr: "Lien modifié vers {value}.", en: "Link changed to {value}." },
  ContactLinkRemoved: { fr: "Lien retiré vers {value}.", en: "Link removed to {value}." },
  ContactNoteAdded: { fr: "Note ajoutée : {value}", en: "Note added: {value}" },
  ContactNoteChanged: { fr: "Note modifiée : {value}", en: "Note changed: {value}" },
  ContactNoteRemoved: { fr: "Note retirée : {value}", en: "Note removed: {value}" },
  ContactHistoryEntryAdded: {
    fr: "Entrée d’historique écrite : {value}",
    en: "History entry written: {value}",
  },
  ContactHistoryEntryChanged: {
    fr: "Entrée d’historique modifiée : {value}",
    en: "History entry changed: {value}",
  },
  ContactHistoryEntryRemoved: {
    fr: "Entrée d’historique supprimée : {value}",
    en: "History entry removed: {value}",
  },
  ContactLegalIdentityAdded: {
    fr: "Identité légale ajoutée (SIREN {siren}, TVA {vatNumber}).",
    en: "Legal identity added (SIREN {siren}, VAT {vatNumber}).",
  },
  ContactLegalIdentityChanged: {
    fr: "Identité légale modifiée (SIREN {siren}, TVA {vatNumber}).",
    en: "Legal identity changed (SIREN {siren}, VAT {vatNumber}).",
  },
  ContactLegalIdentityRemoved: { fr: "Identité légale retirée.", en: "Legal identity removed." },
  ContactPaymentTermsAdded: {
    fr: "Conditions de paiement : {days} jours{endOfMonth}.",
    en: "Payment terms: {days} days{endOfMonth}.",
  },
  ContactPaymentTermsChanged: {
    fr: "Conditions de paiement modifiées : {days} jours{endOfMonth}.",
    en: "Payment terms changed: {days} days{endOfMonth}.",
  },
  ContactPaymentTermsRemoved: { fr: "Conditions de paiement retirées.", en: "Payment terms removed." },
  ContactMetaAdded: { fr: "Donnée {key} = {value}.", en: "Meta {key} = {value}." },
  ContactMetaChanged: { fr: "Donnée {key} modifiée : {value}.", en: "Meta {key} changed: {value}." },
  ContactMetaRemoved: { fr: "Donnée {key} retirée.", en: "Meta {key} removed." },
  ContactCriterionAdded: { fr: "Critère ajouté : {criterion}.", en: "Criterion added: {criterion}." },
  ContactCriterionRemoved: { fr: "Critère retiré : {criterion}.", en: "Criterion removed: {criterion}." },
  ContactAvatarChanged: { fr: "Photo {picture}.", en: "Picture {picture}." },
  ContactArchived: { fr: "Contact archivé.", en: "Contact archived." },
  ContactUnarchived: { fr: "Contact désarchivé.", en: "Contact unarchived." },
  ContactDeleted: { fr: "Contact supprimé.", en: "Contact deleted." },
  ContactMergedIn: { fr: "{name} fusionné dans ce contact.", en: "{name} merged into this contact." },
  ContactMergedInto: { fr: "Fusionné dans un autre contact.", en: "Merged into another contact." },
  FileAttached: { fr: "Fichier joint : {name}.", en: "File attached: {name}." },
  FileDetached: { fr: "Fichier retiré : {name}.", en: "File removed: {name}." },
};

export const typeLabels: Readonly<Record<ContactType, { fr: string; en: string }>> = {
  prospect: { fr: "prospect", en: "prospect" },
  customer: { fr: "client", en: "customer" },
  supplier: { fr: "fournisseur", en: "supplier" },
  competitor: { fr: "concurrent", en: "competitor" },
  partner: { fr: "partenaire", en: "partner" },
  employee: { fr: "salarié", en: "employee" },
  salesRep: { fr: "commercial", en: "sales rep" },
  associate: { fr: "associé", en: "associate" },
  oldCustomer: { fr: "ancien client", en: "old customer" },
  specialSupplier: { fr: "fournisseur spécial", en: "special supplier" },
};

const typeList = (value: string | number | undefined, locale: Locale): string => {
  const names = String(value ?? "")
    .split(", ")
    .filter((t) => t.length > 0)
    .map((t) => ((contactTypes as readonly string[]).includes(t) ? typeLabels[t as ContactType][locale] : t));
  return names.length > 0 ? names.join(", ") : "—";
};

const removedRecord = (state: ContactState, event: ContactEvent): ContactRecords[RecordKind] | undefined => {
  if (!("identity" in state)) return undefined;
  for (const kind of recordKinds)
    if (recordEventTypes[kind].removed === event.type) {
      const id = (event.data as { id: string }).id;
      return state[recordCollection[kind]][id] as ContactRecords[RecordKind] | undefined;
    }
  return undefined;
};

/** Each event of the stream as a sentence, in stream order; a removal names what it removed. */
export const historySentences = (
  events: readonly { readonly type: string; readonly data: unknown }[],
  locale: Locale,
  linkedNames: Readonly<Record<string, string>> = {},
): string[] => {
  let state: ContactState = initialContactState();
  return events.map((stored) => {
    const event = stored as ContactEvent;
    const line = contactHistoryLine(event, removedRecord(state, event));
    state = evolveContact(state, event);
    const params: Record<string, string | number> = { ...line.params };
    for (const key of ["types", "added", "removed"])
      if (key in params) params[key] = typeList(params[key], locale);
    if (typeof params.role === "string") params.role = typeList(params.role, locale);
    if ("endOfMonth" in params)
      params.endOfMonth = params.endOfMonth ? (locale === "fr" ? " fin de mois" : " end of month") : "";
    if (event.type === "ContactAvatarChanged")
      params.picture = params.picture
        ? locale === "fr"
          ? "changée"
          : "changed"
        : locale === "fr"
          ? "retirée"
          : "removed";
    // A French number as people read it: +33478281410 -> 04 78 28 14 10.
    if (
      event.type.startsWith("ContactPhone") &&
      typeof params.value === "string" &&
      /^\+33\d{9}$/.test(params.value)
    )
      params.value = `0${params.value.slice(3)}`.replace(/(\d{2})(?=\d)/g, "$1 ");
    if (event.type.startsWith("ContactLink") && typeof params.value === "string")
      params.value = linkedNames[params.value] ?? params.value;
    const template = sentences[event.type][locale];
    return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
      key in params ? String(params[key]) : whole,
    );
  });
};
