/** The messages of the contacts and items domain (`core/src/contacts/`, `core/src/items/`), merged into `messages`. */
export const contactItemMessages = {
  "contact.companyNameRequired": { fr: "Saisissez le nom de la société.", en: "Enter a company name." },
  "contact.duplicate": {
    fr: "Plusieurs contacts ont le même nom : {name} ({reasons}).",
    en: "Multiple contacts with same name: {name} ({reasons}).",
  },
  "contact.duplicateEmail": { fr: "E-mail en double ({value}).", en: "Duplicate email ({value})." },
  "contact.duplicateIban": { fr: "IBAN en double ({value}).", en: "Duplicate IBAN ({value})." },
  "contact.duplicateLink": {
    fr: "Ce contact est déjà lié à {value}.",
    en: "This contact is already linked to {value}.",
  },
  "contact.duplicates": {
    fr: "Certains contacts ont le même nom ({count}).",
    en: "Some contacts have the same name ({count}).",
  },
  "contact.exists": { fr: "Ce contact existe déjà.", en: "This contact already exists." },
  "contact.invalidPostalCode": {
    fr: "Code postal invalide : {value} (cinq chiffres en France).",
    en: "Invalid postal code: {value} (five digits in France).",
  },
  "contact.invalidVCard": {
    fr: "Fichier vCard illisible à la ligne {line}.",
    en: "Unreadable vCard file at line {line}.",
  },
  "contact.linkKinds": {
    fr: "Un lien relie une personne et une société.",
    en: "A link joins a person and a company.",
  },
  "contact.linkToItself": {
    fr: "Un contact ne peut pas être lié à lui-même.",
    en: "A contact cannot be linked to itself.",
  },
  "contact.linkedNotFound": {
    fr: "Contact lié introuvable ({value}).",
    en: "Linked contact not found ({value}).",
  },
  "contact.mergeSame": {
    fr: "Un contact ne peut pas être fusionné avec lui-même.",
    en: "A contact cannot be merged with itself.",
  },
  "contact.unknownCountry": {
    fr: "Pays inconnu ({value}) : choisissez-le dans la liste.",
    en: "Unknown country ({value}): pick it from the list.",
  },
  "contact.unknownActivity": {
    fr: "Code APE inconnu ({value}) : choisissez-le dans la nomenclature NAF.",
    en: "Unknown APE code ({value}): pick it from the NAF list.",
  },
  "contact.unknownJob": {
    fr: "Fonction inconnue ({value}) : choisissez-la dans la liste.",
    en: "Unknown job ({value}): pick it from the list.",
  },
  "contact.mergeKinds": {
    fr: "Une personne et une société ne peuvent pas être fusionnées.",
    en: "A person and a company cannot be merged.",
  },
  "contact.merged": {
    fr: "Ce contact a été fusionné dans un autre ({targetId}).",
    en: "This contact was merged into another ({targetId}).",
  },
  "contact.notFound": { fr: "Contact introuvable.", en: "Contact not found." },
  "contact.paymentTermTooLong": {
    fr: "Délai de paiement trop long : {max} jours au plus (C. com. L441-10).",
    en: "Payment term too long: {max} days at most (C. com. L441-10).",
  },
  "contact.recordExists": {
    fr: "Cet élément existe déjà ({kind} {id}).",
    en: "This record already exists ({kind} {id}).",
  },
  "contact.recordNotFound": {
    fr: "Élément introuvable ({kind} {id}).",
    en: "Record not found ({kind} {id}).",
  },
  "contact.siretSirenMismatch": {
    fr: "Le SIRET {siret} n’est pas un établissement du SIREN {siren}.",
    en: "SIRET {siret} is not an establishment of SIREN {siren}.",
  },
  "contact.usedInDocs": {
    fr: "Contact utilisé dans des documents, il ne peut pas être supprimé.",
    en: "Contact used in docs, can't be deleted.",
  },
  "contact.vatNumberSirenMismatch": {
    fr: "Le numéro de TVA {vatNumber} ne correspond pas au SIREN {siren}.",
    en: "VAT number {vatNumber} does not match SIREN {siren}.",
  },
  "item.duplicateReference": { fr: "Code en double ({value}).", en: "Duplicate code ({value})." },
  "item.duplicateSelection": {
    fr: "Un article figure deux fois dans la sélection.",
    en: "An item appears twice in the selection.",
  },
  "item.duplicateTierQuantity": {
    fr: "Deux tarifs partent de la même quantité ({value}).",
    en: "Two price tiers start at the same quantity ({value}).",
  },
  "item.emptySelection": { fr: "Aucun article sélectionné.", en: "No item selected." },
  "item.exemptionMentionNotExempt": {
    fr: "La mention d’exonération ne vaut que pour un article exonéré de TVA.",
    en: "The exemption mention is only for an item exempt from VAT.",
  },
  "item.exemptionMentionRequired": {
    fr: "Un article exonéré de TVA doit porter sa mention légale.",
    en: "An item exempt from VAT needs its legal mention.",
  },
  "item.exists": { fr: "Cet article existe déjà.", en: "This item already exists." },
  "item.invalidAccount": {
    fr: "Compte invalide pour {field} : {value} (70x en vente, classe 6 ou 2 en achat).",
    en: "Invalid account for {field}: {value} (70x for sales, class 6 or 2 for purchases).",
  },
  "item.invalidUnit": {
    fr: "Unité invalide : {value} (code UN/ECE Rec 20, par exemple C62, HUR, KGM).",
    en: "Invalid unit: {value} (a UN/ECE Rec 20 code such as C62, HUR, KGM).",
  },
  "item.metaNotFound": {
    fr: "Donnée complémentaire introuvable ({value}).",
    en: "Meta not found ({value}).",
  },
  "item.notFound": { fr: "Article introuvable.", en: "Item not found." },
  "item.tiersSideNotUsed": {
    fr: "Cet article n’a pas ce côté ({use}) : pas de tarifs par quantité pour lui.",
    en: "This item has no such side ({use}): no price tiers for it.",
  },
  "item.used": { fr: "Article utilisé, il ne peut pas être supprimé.", en: "Item used, can't be deleted." },
  "validation.invalidApeCode": {
    fr: "Code APE invalide : {value} (par exemple 62.01Z).",
    en: "Invalid APE code: {value} (for example 62.01Z).",
  },
  "validation.invalidBic": { fr: "BIC invalide.", en: "Invalid BIC." },
  "validation.invalidPercentage": {
    fr: "Pourcentage invalide : {value}.",
    en: "Invalid percentage: {value}.",
  },
  "validation.invalidQuantity": { fr: "Quantité invalide : {value}.", en: "Invalid quantity: {value}." },
  "validation.invalidSiren": { fr: "SIREN invalide.", en: "Invalid SIREN." },
} as const satisfies Record<string, { fr: string; en: string }>;

/** What two contacts share when one may duplicate the other (`DuplicateReason`), as the messages say it. */
const duplicateReasonLabels: Readonly<Record<string, { fr: string; en: string }>> = {
  name: { fr: "même nom", en: "same name" },
  siren: { fr: "même SIREN", en: "same SIREN" },
  vatNumber: { fr: "même n° de TVA", en: "same VAT number" },
  email: { fr: "même e-mail", en: "same e-mail" },
  iban: { fr: "même IBAN", en: "same IBAN" },
};

/** `reasons` of a duplicate warning ("name, siren") in the reader's language. */
export const duplicateReasonsText = (reasons: string, locale: "fr" | "en"): string =>
  reasons
    .split(",")
    .map((r) => r.trim())
    .filter((r) => r.length > 0)
    .map((r) => duplicateReasonLabels[r]?.[locale] ?? r)
    .join(", ");
