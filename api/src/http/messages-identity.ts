/** The messages of people and organisations: sign-in and accounts, users, invitations, rights (authorization items), organisations, merged into `messages`. */
export const identityMessages = {
  "organisation.volumeExceeded": {
    fr: "Les montants enregistrés par cette organisation atteignent la limite que Registre peut totaliser exactement.",
    en: "The amounts this organisation has recorded reach the limit Registre can add up exactly.",
  },
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
  "invitation.notFound": {
    fr: "Invitation introuvable : elle a peut-être été acceptée, déclinée ou retirée.",
    en: "Invitation not found: it may have been accepted, declined or withdrawn.",
  },
  "invitation.expired": {
    fr: "Cette invitation a expiré. Demandez à l’organisation de vous inviter à nouveau.",
    en: "This invitation has expired. Ask the organisation to invite you again.",
  },
  "organisation.lastOwner": {
    fr: "L’organisation doit garder au moins un propriétaire.",
    en: "The organisation must keep at least one owner.",
  },
  "account.duplicateEmail": { fr: "Adresse e-mail en double.", en: "Duplicate email." },
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
} as const;
