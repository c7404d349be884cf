/** The messages of e-mail templates, document e-mails, reminders and the help form, merged into `messages`. */
export const mailMessages = {
  "emailTemplate.unknownVariable": {
    fr: "Variable inconnue dans le champ {field} : {{{variable}}}.",
    en: "Unknown variable in the field {field}: {{{variable}}}.",
  },
  "emailTemplate.unclosedVariable": {
    fr: "Une variable du champ {field} n’est pas fermée (« {{ » sans « }} »).",
    en: "A variable of the field {field} is not closed (“{{” without “}}”).",
  },
  "emailTemplate.notFound": { fr: "Modèle d’e-mail introuvable.", en: "E-mail template not found." },
  "emailTemplate.exists": {
    fr: "Ce modèle d’e-mail existe déjà.",
    en: "This e-mail template exists already.",
  },
  "emailTemplate.builtIn": {
    fr: "Un modèle fourni par Registre se modifie mais ne se supprime pas.",
    en: "A template provided by Registre can be changed, not deleted.",
  },
  "emailTemplate.builtInUse": {
    fr: "Un modèle fourni par Registre garde son usage et sa langue.",
    en: "A template provided by Registre keeps its use and language.",
  },
  "emailTemplate.defaultRequired": {
    fr: "Choisissez un autre modèle par défaut pour cet usage plutôt que de retirer celui-ci.",
    en: "Choose another default template for this use rather than removing this one.",
  },
  "mail.missingTo": { fr: "Destinataire manquant.", en: "Missing to." },
  "mail.documentNotSent": {
    fr: "Échec de l’envoi de l’e-mail : {reason}",
    en: "Failed to send email: {reason}",
  },
  "mail.sent": { fr: "E-mail envoyé.", en: "Email sent successfully." },
  "mail.helpNotConfigured": {
    fr: "Aucune adresse d’assistance n’est configurée sur ce serveur.",
    en: "No help address is set on this server.",
  },
  "mail.tooManyMessages": {
    fr: "Trop de messages envoyés depuis cette adresse : réessayez plus tard.",
    en: "Too many messages sent from this address: try again later.",
  },
  "doc.mailNotValidated": {
    fr: "Validez ce document avant de l’envoyer : un brouillon n’a pas encore de numéro.",
    en: "Validate this document before sending it: a draft has no number yet.",
  },
  "doc.reminderNotInvoice": {
    fr: "Seules les factures de vente font l’objet de relances.",
    en: "Only sales invoices are reminded.",
  },
  "doc.reminderAlreadySent": {
    fr: "La relance de niveau {level} a déjà été envoyée pour cette facture.",
    en: "The level {level} reminder was already sent for this invoice.",
  },
  "reminders.notLate": {
    fr: "Cette facture n’est pas en retard de paiement, ou aucune relance n’est due.",
    en: "This invoice is not overdue, or no reminder is due.",
  },
  "reminders.levelCount": {
    fr: "Il faut exactement {count} niveaux de relance.",
    en: "There must be exactly {count} reminder levels.",
  },
  "reminders.invalidDays": {
    fr: "Le délai d’une relance va de {min} à {max} jours après l’échéance.",
    en: "A reminder is sent {min} to {max} days after the due date.",
  },
  "reminders.daysNotIncreasing": {
    fr: "La relance de niveau {level} doit venir après la précédente.",
    en: "The level {level} reminder must come after the previous one.",
  },
} as const satisfies Record<string, { fr: string; en: string }>;

/** The mail fields as the messages name them. */
export const mailFieldLabels: Readonly<Record<string, { fr: string; en: string }>> = {
  subject: { fr: "Objet", en: "Subject" },
  body: { fr: "Texte", en: "Body" },
  to: { fr: "Destinataires", en: "To" },
  cc: { fr: "Copie", en: "Cc" },
  message: { fr: "Message", en: "Message" },
};
