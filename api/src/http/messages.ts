/**
 * Every error code the API can answer, in French (default) and English. `{name}` placeholders are
 * filled from the error's params. The web app shows `detail` as it comes.
 */
export const messages = {
  "organisation.nameRequired": {
    fr: "Le nom de l’organisation est obligatoire.",
    en: "The organisation name is required.",
  },
  "organisation.nameTooLong": {
    fr: "Le nom de l’organisation dépasse {max} caractères.",
    en: "The organisation name is longer than {max} characters.",
  },
  "organisation.invalidSiren": {
    fr: "Le SIREN « {siren} » n’est pas valide : 9 chiffres avec une clé de contrôle correcte.",
    en: "SIREN “{siren}” is not valid: 9 digits with a correct check digit.",
  },
  "organisation.invalidFiscalYearStartMonth": {
    fr: "Le mois de début d’exercice doit être compris entre 1 et 12.",
    en: "The fiscal year start month must be between 1 and 12.",
  },
  "organisation.vatNumberSirenMismatch": {
    fr: "Le numéro de TVA {vatNumber} ne correspond pas au SIREN {siren}.",
    en: "VAT number {vatNumber} does not match SIREN {siren}.",
  },
  "organisation.alreadyExists": {
    fr: "Cette organisation existe déjà.",
    en: "This organisation already exists.",
  },
  "organisation.notFound": { fr: "Organisation introuvable.", en: "Organisation not found." },
  "identity.emailUsed": { fr: "Adresse e-mail déjà utilisée.", en: "Email already used." },
  "identity.badCredentials": {
    fr: "Adresse e-mail ou mot de passe incorrect.",
    en: "Wrong e-mail address or password.",
  },
  "identity.tooManyAttempts": {
    fr: "Trop de tentatives. Réessayez dans {minutes} min.",
    en: "Too many attempts. Try again in {minutes} min.",
  },
  "identity.unauthenticated": { fr: "Veuillez vous connecter.", en: "Please sign in." },
  "identity.forbidden": {
    fr: "Vos droits ne permettent pas cette action ({code}).",
    en: "Your rights do not allow this action ({code}).",
  },
  "identity.renewSent": {
    fr: "Un e-mail contenant un lien pour renouveler le mot de passe a été envoyé.",
    en: "An e-mail with a link to renew the password was sent.",
  },
  "identity.renewTokenInvalid": {
    fr: "Ce lien de renouvellement n’est plus valable. Demandez-en un nouveau.",
    en: "This renewal link is no longer valid. Ask for a new one.",
  },
  "user.nameRequired": { fr: "Le nom est obligatoire.", en: "The name is required." },
  "user.nameTooLong": {
    fr: "Le nom dépasse {max} caractères.",
    en: "The name is longer than {max} characters.",
  },
  "user.notFound": { fr: "Utilisateur introuvable.", en: "User not found." },
  "organisation.unknownProfile": { fr: "Profil inconnu : {profile}.", en: "Unknown profile: {profile}." },
  "organisation.alreadyMember": {
    fr: "Cet utilisateur est déjà membre de l’organisation.",
    en: "This user is already a member of the organisation.",
  },
  "organisation.lastOwner": {
    fr: "L’organisation doit garder au moins un propriétaire.",
    en: "The organisation must keep at least one owner.",
  },
  "account.duplicateEmail": { fr: "Adresse e-mail en double.", en: "Duplicate email." },
  "validation.tooLong": {
    fr: "Le champ {field} dépasse {max} caractères.",
    en: "Field {field} is longer than {max} characters.",
  },
  "validation.notAllowed": {
    fr: "Valeur non admise pour {field} : {value}.",
    en: "Value not allowed for {field}: {value}.",
  },
  "auth.duplicateCode": {
    fr: "Code en double : « {name} » existe déjà.",
    en: "Duplicate code: “{name}” already exists.",
  },
  "auth.unknownCode": { fr: "Code de droit inconnu : {code}.", en: "Unknown right code: {code}." },
  "auth.invalidBits": {
    fr: "Droits invalides pour {code} : {bits}.",
    en: "Invalid rights for {code}: {bits}.",
  },
  "auth.itemNotFound": { fr: "Rôle introuvable.", en: "Role not found." },
  "auth.itemAssigned": {
    fr: "Le rôle « {name} » est attribué : retirez-le d’abord à ses utilisateurs.",
    en: "Role “{name}” is assigned: remove it from its users first.",
  },
  "auth.alreadyAssigned": {
    fr: "Ce rôle est déjà attribué à cet utilisateur.",
    en: "This role is already assigned to this user.",
  },
  "auth.assignmentNotFound": { fr: "Attribution introuvable.", en: "Assignment not found." },
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
  "http.notFound": { fr: "Introuvable.", en: "Not found." },
  "http.internal": {
    fr: "Une erreur interne est survenue. Elle a été consignée.",
    en: "An internal error occurred. It has been logged.",
  },
} as const satisfies Record<string, { fr: string; en: string }>;

export type MessageCode = keyof typeof messages;
export type Locale = "fr" | "en";

export const isMessageCode = (code: string): code is MessageCode => Object.hasOwn(messages, code);

export const translate = (
  code: string,
  locale: Locale,
  params: Readonly<Record<string, string | number>> = {},
): string => {
  const template: string = isMessageCode(code) ? messages[code][locale] : code;
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in params ? String(params[key]) : whole,
  );
};

/** The first of fr/en the client accepts, French when it names neither. */
export const pickLocale = (acceptLanguage: string | undefined): Locale => {
  for (const part of (acceptLanguage ?? "").split(",")) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === "fr" || tag === "en") return tag;
  }
  return "fr";
};
