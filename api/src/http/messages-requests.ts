/** The messages of requests as such: HTTP, validation of their bodies, idempotency, commands, the store, read models and projections, services, merged into `messages`. */
export const requestMessages = {
  "validation.invalidDate": { fr: "Date invalide : {value}.", en: "Invalid date: {value}." },
  "validation.invalidRange": {
    fr: "La fin ({end}) précède le début ({start}).",
    en: "The end ({end}) is before the start ({start}).",
  },
  "dashboard.unknownStats": { fr: "Statistiques inconnues : {type}.", en: "Unknown statistics: {type}." },
  "validation.tooLong": {
    fr: "Le champ {field} dépasse {max} caractères.",
    en: "Field {field} is longer than {max} characters.",
  },
  "validation.notAllowed": {
    fr: "Valeur non admise pour {field} : {value}.",
    en: "Value not allowed for {field}: {value}.",
  },
  "validation.invalidFile": {
    fr: "Fichier vide ou invalide : une image PNG, JPEG, WebP ou GIF de {max} au plus.",
    en: "File is empty or invalid: a PNG, JPEG, WebP or GIF image of at most {max}.",
  },
  "validation.invalidAmount": { fr: "Montant invalide : « {value} ».", en: "Invalid amount: “{value}”." },
  "validation.invalidEmail": { fr: "E-mail invalide.", en: "Invalid email." },
  "validation.invalidPassword": {
    fr: "Mot de passe invalide : au moins 10 caractères, dont une lettre et un chiffre.",
    en: "Invalid password: at least 10 characters, with a letter and a digit.",
  },
  "validation.invalidPhone": { fr: "Numéro de téléphone invalide.", en: "Invalid phone number." },
  "validation.invalidIban": { fr: "IBAN invalide.", en: "Invalid Iban." },
  "validation.invalidSiret": { fr: "SIRET invalide.", en: "Invalid SIRET." },
  "validation.onlyNumbers": { fr: "Chiffres uniquement.", en: "Only numbers." },
  "mail.sendFailed": { fr: "Échec de l’envoi de l’e-mail.", en: "Failed to send email." },
  "validation.invalidVatNumber": { fr: "Numéro de TVA invalide.", en: "Invalid VAT number." },
  "validation.invalid": {
    fr: "Certaines valeurs envoyées ne sont pas valides.",
    en: "Some of the values sent are not valid.",
  },
  "validation.required": { fr: "Ce champ est obligatoire.", en: "This is a required field." },
  "store.concurrency": {
    fr: "Les données ont été modifiées entre-temps. Rechargez puis réessayez.",
    en: "The data was changed in the meantime. Reload and try again.",
  },
  "idempotency.invalidKey": {
    fr: "L’en-tête Idempotency-Key doit être un UUID.",
    en: "The Idempotency-Key header must be a UUID.",
  },
  "idempotency.keyReused": {
    fr: "Cette clé d’idempotence a déjà servi pour une autre requête. Réessayez avec une nouvelle clé.",
    en: "This idempotency key was already used for another request. Try again with a new key.",
  },
  "idempotency.inProgress": {
    fr: "Cette requête est encore en cours de traitement. Réessayez dans un instant.",
    en: "This request is still being processed. Try again in a moment.",
  },
  "http.notFound": { fr: "Introuvable.", en: "Not found." },
  "http.badRequest": { fr: "Requête invalide.", en: "Bad request." },
  "http.invalidJson": {
    fr: "Le corps de la requête n’est pas du JSON valide.",
    en: "The request body is not valid JSON.",
  },
  "http.tooDeep": {
    fr: "Le JSON envoyé est imbriqué trop profondément ({max} niveaux au plus).",
    en: "The JSON sent is nested too deeply ({max} levels at most).",
  },
  "http.payloadTooLarge": {
    fr: "Le corps de la requête est trop volumineux ({limit} octets au plus).",
    en: "The request body is too large ({limit} bytes at most).",
  },
  "http.unsupportedMediaType": {
    fr: "Type de contenu non pris en charge ({type}) : envoyez du JSON.",
    en: "Unsupported content type ({type}): send JSON.",
  },
  "http.badPath": {
    fr: "L’adresse demandée est mal encodée.",
    en: "The requested address is badly encoded.",
  },
  "validation.textNul": {
    fr: "Ce texte contient un caractère nul, refusé.",
    en: "This text holds a NUL character, which is refused.",
  },
  "validation.textSurrogate": {
    fr: "Ce texte contient un caractère Unicode incomplet (demi-paire de substitution), refusé.",
    en: "This text holds an incomplete Unicode character (a lone surrogate), which is refused.",
  },
  "validation.textControl": {
    fr: "Ce texte contient un caractère de contrôle, refusé (seuls la tabulation et le retour à la ligne sont admis).",
    en: "This text holds a control character, which is refused (only tab and line breaks are allowed).",
  },
  "validation.textUnstorable": {
    fr: "Le champ {field} contient un caractère qui ne peut pas être enregistré.",
    en: "The field {field} holds a character that cannot be stored.",
  },
  "validation.invalidValue": {
    fr: "Une valeur envoyée est hors des limites admises.",
    en: "A value sent is outside the accepted range.",
  },
  "command.notYetVisible": {
    fr: "C’est enregistré, mais pas encore visible : la mise à jour des données affichées est en retard. Rechargez dans un instant.",
    en: "It is recorded, but not visible yet: the data shown is being brought up to date. Reload in a moment.",
  },
  "service.unavailable": {
    fr: "Le service est momentanément indisponible (base de données injoignable). Réessayez dans un instant.",
    en: "The service is unavailable for a moment (the database cannot be reached). Try again shortly.",
  },
  "projection.notFound": { fr: "Modèle de lecture inconnu : {name}.", en: "Unknown read model: {name}." },
  "readModel.behind": {
    fr: "Les données de cette organisation ne sont pas encore à jour : impossible de vérifier cette opération maintenant. Réessayez dans un instant.",
    en: "This organisation's data is not up to date yet: this operation cannot be checked now. Try again shortly.",
  },
  "http.internal": {
    fr: "Une erreur interne est survenue. Elle a été consignée.",
    en: "An internal error occurred. It has been logged.",
  },
} as const;
