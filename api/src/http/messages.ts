import { formattedParam } from "./message-params.ts";
import { bankMessages, bankParamText } from "./messages-banks.ts";
import { billingMessages } from "./messages-billing.ts";
import { contactItemMessages, duplicateReasonsText } from "./messages-contacts-items.ts";
import { documentMessages } from "./messages-documents.ts";
import { einvoiceMessages } from "./messages-einvoice.ts";
import { einvoicingMessages } from "./messages-einvoicing.ts";
import { ereportingMessages } from "./messages-ereporting.ts";
import { fileMessages } from "./messages-files.ts";
import { importMessages } from "./messages-import.ts";
import { fieldLabel, itemReferenceMessages } from "./messages-items-reference.ts";
import { mailMessages } from "./messages-mail.ts";
import { paymentMessages } from "./messages-payments.ts";
import { platformMessages } from "./messages-platform.ts";
import { reconcileMessages } from "./messages-reconcile.ts";
import { releaseMessages } from "./messages-releases.ts";
import { uploadMessages, uploadParamText } from "./messages-uploads.ts";
import { vatMessages } from "./messages-vat.ts";

/**
 * Every error code the API can answer, in French (default) and English. `{name}` placeholders are
 * filled from the error's params. The web app shows `detail` as it comes.
 */
export const messages = {
  ...bankMessages,
  ...reconcileMessages,
  ...contactItemMessages,
  ...itemReferenceMessages,
  ...importMessages,
  ...fileMessages,
  ...documentMessages,
  ...mailMessages,
  ...einvoiceMessages,
  ...einvoicingMessages,
  ...ereportingMessages,
  ...paymentMessages,
  ...uploadMessages,
  ...vatMessages,
  ...releaseMessages,
  ...billingMessages,
  ...platformMessages,
  "account.cannotBeCollective": {
    fr: "Le compte {number} ne peut pas devenir collectif : seul un compte de tiers (classe 4) du plan le peut.",
    en: "Account {number} cannot become a control account: only a third-party account (class 4) of the chart can.",
  },
  "account.duplicate": {
    fr: "Ce numéro de compte existe déjà ({number}).",
    en: "Duplicate account id ({number}).",
  },
  "account.invalidAuxiliary": {
    fr: "« {number} » n’est pas un code de compte auxiliaire valide : lettres majuscules et chiffres, 17 caractères au plus.",
    en: "“{number}” is not a valid auxiliary account code: capital letters and digits, 17 characters at most.",
  },
  "account.invalidNumber": {
    fr: "« {number} » n’est pas un numéro de compte valide : trois premiers chiffres du PCG (classes 1 à 8), puis chiffres ou lettres.",
    en: "“{number}” is not a valid account number: three PCG digits first (classes 1 to 8), then digits or letters.",
  },
  "account.lettrableRequired": {
    fr: "Le compte {number} est un compte de tiers : il reste lettrable.",
    en: "Account {number} is a third-party account: it stays lettrable.",
  },
  "account.notCollective": {
    fr: "Le compte {number} n’est pas un compte collectif ouvert : il ne peut pas porter de comptes auxiliaires.",
    en: "Account {number} is not an open control account: it cannot have auxiliary accounts.",
  },
  "account.notFound": { fr: "Compte {number} introuvable.", en: "Account {number} not found." },
  "account.used": {
    fr: "Compte utilisé, il ne peut pas être supprimé ({number}).",
    en: "Account used, can't be deleted ({number}).",
  },
  "adjustment.amountPositive": {
    fr: "Le montant d’une écriture d’inventaire doit être positif.",
    en: "A year-end adjustment's amount must be positive.",
  },
  "adjustment.notFound": { fr: "Écriture d’inventaire introuvable.", en: "Year-end adjustment not found." },
  "adjustment.sameAccount": {
    fr: "Le compte débité et le compte crédité sont le même ({account}).",
    en: "The debited and the credited accounts are the same ({account}).",
  },
  "closingStep.duplicate": {
    fr: "Cette étape de clôture existe déjà ({id}).",
    en: "This closing step already exists ({id}).",
  },
  "closingStep.invalidStatus": {
    fr: "« {status} » n’est pas un état d’étape : à faire, fait ou sans objet.",
    en: "“{status}” is not a step status: to do, done or not applicable.",
  },
  "closingStep.notFound": {
    fr: "Étape de clôture introuvable ({id}).",
    en: "Closing step not found ({id}).",
  },
  "closingStep.standardLabel": {
    fr: "Le libellé d’une étape standard ne se modifie pas ({id}).",
    en: "A standard step's label cannot be changed ({id}).",
  },
  "entry.alreadyValidated": {
    fr: "Cette écriture est déjà validée (n° {number}).",
    en: "This entry is already validated (no. {number}).",
  },
  "entry.auxiliaryRequired": {
    fr: "Ligne {line} : le compte {account} demande un compte auxiliaire (client ou fournisseur).",
    en: "Line {line}: account {account} needs an auxiliary account (customer or supplier).",
  },
  "entry.bothSides": {
    fr: "Ligne {line} : une ligne porte un débit ou un crédit, pas les deux.",
    en: "Line {line}: a line has a debit or a credit, not both.",
  },
  "entry.closedAccount": {
    fr: "Ligne {line} : le compte {account} est fermé.",
    en: "Line {line}: account {account} is closed.",
  },
  "entry.exists": { fr: "Cette écriture existe déjà.", en: "This entry already exists." },
  "entry.invalidAmount": {
    fr: "Ligne {line} : montant invalide (centimes entiers, positifs).",
    en: "Line {line}: invalid amount (whole cents, not negative).",
  },
  "entry.amountTooLarge": {
    fr: "Ligne {line} : montant trop élevé ({max} au plus par ligne).",
    en: "Line {line}: amount too large ({max} at most per line).",
  },
  "entry.totalTooLarge": {
    fr: "Le total de l’écriture est trop élevé ({max} au plus au débit comme au crédit).",
    en: "The entry's total is too large ({max} at most on each side).",
  },
  "organisation.volumeExceeded": {
    fr: "Les montants enregistrés par cette organisation atteignent la limite que Registre peut totaliser exactement.",
    en: "The amounts this organisation has recorded reach the limit Registre can add up exactly.",
  },
  "entry.notFound": { fr: "Écriture introuvable.", en: "Entry not found." },
  "entry.reverseNotValidated": {
    fr: "Seule une écriture validée peut être contre-passée ; un brouillard se modifie.",
    en: "Only a validated entry can be reversed; a draft can be changed.",
  },
  "entry.reverseInvoice": {
    fr: "Cette écriture a été passée par la facture {number} : elle se corrige par un avoir sur cette facture, pas par une contre-passation.",
    en: "This entry was posted by invoice {number}: it is corrected by a credit note on that invoice, not by a reversal.",
  },
  "entry.reverseCreditNote": {
    fr: "Cette écriture a été passée par l’avoir {number} : elle suit cet avoir et ne se contre-passe pas seule ; un avoir émis à tort se corrige par une nouvelle facture.",
    en: "This entry was posted by credit note {number}: it follows that credit note and is not reversed on its own; a credit note issued in error is corrected by a new invoice.",
  },
  "entry.reversePayment": {
    fr: "Cette écriture a été passée par le paiement du {date} : elle suit ce paiement et ne se contre-passe pas seule ; un paiement se corrige en l’annulant depuis sa page, ce qui contre-passe son écriture et libère ses factures.",
    en: "This entry was posted by the payment of {date}: it follows that payment and is not reversed on its own; a payment is corrected by cancelling it from its page, which reverses its entry and releases its invoices.",
  },
  "entry.reverseDeposit": {
    fr: "Cette écriture a été passée par la remise en banque {number} : elle suit cette remise et ne se contre-passe pas seule.",
    en: "This entry was posted by bank deposit {number}: it follows that deposit and is not reversed on its own.",
  },
  "entry.reverseVatReturn": {
    fr: "Cette écriture solde la déclaration de TVA {period} : elle ne se contre-passe pas seule ; une erreur de déclaration se corrige sur une déclaration suivante.",
    en: "This entry settles VAT return {period}: it is not reversed on its own; a mistake in a return is corrected on a later return.",
  },
  "entry.reverseReconciled": {
    fr: "Cette écriture est rapprochée de la ligne {no} d’un relevé bancaire (opération du {date}) : annulez d’abord ce rapprochement, puis contre-passez-la.",
    en: "This entry is reconciled with line {no} of a bank statement (transaction of {date}): undo that match first, then reverse it.",
  },
  "entry.tooFewLines": {
    fr: "Une écriture compte au moins deux lignes.",
    en: "An entry has at least two lines.",
  },
  "entry.tooManyLines": {
    fr: "Une écriture compte au plus {max} lignes.",
    en: "An entry has at most {max} lines.",
  },
  "entry.unbalanced": {
    fr: "L’écriture n’est pas équilibrée : débit {debit}, crédit {credit}, écart {difference}.",
    en: "The entry does not balance: debit {debit}, credit {credit}, difference {difference}.",
  },
  "entry.unknownAccount": {
    fr: "Ligne {line} : le compte {account} n’existe pas dans le plan comptable.",
    en: "Line {line}: account {account} is not in the chart of accounts.",
  },
  "entry.unknownAuxiliary": {
    fr: "Ligne {line} : le compte auxiliaire {auxiliary} n’existe pas sous le compte {account}.",
    en: "Line {line}: auxiliary account {auxiliary} does not exist under account {account}.",
  },
  "entry.validatedImmutable": {
    fr: "Une écriture validée ne peut plus être modifiée ni supprimée : passez une écriture de contre-passation.",
    en: "A validated entry can no longer be changed or deleted: record a reversing entry.",
  },
  "entry.zero": { fr: "Une écriture ne peut pas être nulle.", en: "An entry cannot be zero." },
  "fiscalYear.alreadyClosed": {
    fr: "L’exercice du {start} au {end} est déjà clôturé.",
    en: "The fiscal year {start} to {end} is already closed.",
  },
  "fiscalYear.beforeClosed": {
    fr: "Un exercice antérieur ({start} – {end}) ne peut plus être ouvert : un exercice est déjà clôturé.",
    en: "An earlier fiscal year ({start} – {end}) can no longer be opened: a fiscal year is already closed.",
  },
  "fiscalYear.closed": {
    fr: "Le {date} appartient à un exercice clôturé ({start} – {end}).",
    en: "{date} belongs to a closed fiscal year ({start} – {end}).",
  },
  "fiscalYear.draftsRemain": {
    fr: "{count} {count|écriture|écritures} en brouillard dans l’exercice : {count|validez-la ou supprimez-la|validez-les ou supprimez-les} avant la clôture.",
    en: "{count} draft {count|entry|entries} in the year: validate or delete {count|it|them} before closing.",
  },
  "fiscalYear.duplicate": { fr: "Cet exercice existe déjà.", en: "This fiscal year already exists." },
  "fiscalYear.endFixed": {
    fr: "Cet exercice doit finir le {end}, la veille de l’exercice suivant.",
    en: "This fiscal year must end on {end}, the day before the next one.",
  },
  "fiscalYear.invalidBounds": {
    fr: "Un exercice commence un 1er du mois et finit un dernier jour du mois ({start} – {end}).",
    en: "A fiscal year starts on a first of the month and ends on a last day of the month ({start} – {end}).",
  },
  "fiscalYear.none": {
    fr: "Aucun exercice ne couvre le {date} : créez l’exercice d’abord.",
    en: "No fiscal year covers {date}: create the fiscal year first.",
  },
  "fiscalYear.notContiguous": {
    fr: "Le nouvel exercice doit commencer le {expected}, au lendemain du précédent.",
    en: "The new fiscal year must start on {expected}, the day after the previous one.",
  },
  "fiscalYear.notEmpty": {
    fr: "Les dates de l’exercice du {start} au {end} ne peuvent plus changer : des écritures y sont passées.",
    en: "The fiscal year {start} to {end} can no longer change its dates: entries are posted in it.",
  },
  "fiscalYear.notFound": { fr: "Exercice introuvable.", en: "Fiscal year not found." },
  "fiscalYear.openingExists": {
    fr: "Les à-nouveaux de cet exercice existent déjà.",
    en: "This fiscal year's opening entries already exist.",
  },
  "fiscalYear.overlaps": {
    fr: "L’exercice du {start} au {end} chevaucherait l’exercice du {otherStart} au {otherEnd}.",
    en: "The fiscal year {start} to {end} would overlap the fiscal year {otherStart} to {otherEnd}.",
  },
  "fiscalYear.previousOpen": {
    fr: "L’exercice précédent ({start} – {end}) doit être clôturé d’abord.",
    en: "The previous fiscal year ({start} – {end}) must be closed first.",
  },
  "fiscalYear.tooLong": {
    fr: "Un exercice dure au plus {max} mois ({start} – {end}).",
    en: "A fiscal year lasts at most {max} months ({start} – {end}).",
  },
  "journal.duplicate": { fr: "Ce code existe déjà ({code}).", en: "Duplicate code ({code})." },
  "journal.invalidCode": {
    fr: "« {code} » n’est pas un code journal valide : 1 à 6 lettres majuscules ou chiffres.",
    en: "“{code}” is not a valid journal code: 1 to 6 capital letters or digits.",
  },
  "journal.invalidKind": { fr: "Type de journal inconnu : {kind}.", en: "Unknown journal kind: {kind}." },
  "journal.notFound": { fr: "Journal {code} introuvable.", en: "Journal {code} not found." },
  "journal.used": {
    fr: "Journal utilisé, il ne peut pas être supprimé ({code}).",
    en: "Journal used, can't be deleted ({code}).",
  },
  "lettering.alreadyLettered": {
    fr: "La ligne {line} est déjà lettrée ({code}).",
    en: "Line {line} is already lettered ({code}).",
  },
  "lettering.mixedAuxiliary": {
    fr: "Un lettrage porte sur un seul compte auxiliaire du compte {account}.",
    en: "A lettering set covers one auxiliary account of account {account}.",
  },
  "lettering.notLettrable": {
    fr: "Le compte {account} n’est pas lettrable.",
    en: "Account {account} is not lettrable.",
  },
  "lettering.otherAccount": {
    fr: "La ligne {line} n’est pas sur le compte {account}.",
    en: "Line {line} is not on account {account}.",
  },
  "lettering.tooFewLines": {
    fr: "Un lettrage réunit au moins deux lignes.",
    en: "A lettering set has at least two lines.",
  },
  "lettering.unbalanced": {
    fr: "Le lettrage n’est pas équilibré : débit {debit}, crédit {credit}, écart {difference}.",
    en: "The lettering set does not balance: debit {debit}, credit {credit}, difference {difference}.",
  },
  "lettering.unknownCode": { fr: "Code de lettrage {code} inconnu.", en: "Unknown lettering code {code}." },
  "lettering.unknownLine": {
    fr: "Ligne {line} introuvable parmi les écritures validées.",
    en: "Line {line} not found among validated entries.",
  },
  "period.invalidLock": {
    fr: "Une période se verrouille jusqu’à un dernier jour du mois ({until}).",
    en: "Periods lock up to a last day of the month ({until}).",
  },
  "period.lockBackwards": {
    fr: "Les périodes sont déjà verrouillées jusqu’au {current} : le verrou n’avance que vers l’avant.",
    en: "Periods are already locked up to {current}: the lock only moves forward.",
  },
  "period.locked": {
    fr: "Le {date} est dans une période verrouillée (jusqu’au {until}).",
    en: "{date} is in a locked period (up to {until}).",
  },
  "period.outsideYear": {
    fr: "Le {until} n’est pas dans l’exercice ({start} – {end}).",
    en: "{until} is not in the fiscal year ({start} – {end}).",
  },
  "validation.invalidDate": { fr: "Date invalide : {value}.", en: "Invalid date: {value}." },
  "validation.invalidRange": {
    fr: "La fin ({end}) précède le début ({start}).",
    en: "The end ({end}) is before the start ({start}).",
  },
  "yearEnd.confirmIrreversible": {
    fr: "Cette opération est irréversible : confirmez la clôture.",
    en: "This operation is irreversible: confirm the closing.",
  },
  "dashboard.unknownStats": { fr: "Statistiques inconnues : {type}.", en: "Unknown statistics: {type}." },
  "yearEnd.openingValidated": {
    fr: "Les à-nouveaux de l’exercice suivant sont déjà validés.",
    en: "The next year's opening entries are already validated.",
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
  "amount.outOfRange": {
    fr: "Ces montants sont trop élevés pour être additionnés exactement.",
    en: "These amounts are too large to be added up exactly.",
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
} as const satisfies Record<string, { fr: string; en: string }>;

export type MessageCode = keyof typeof messages;
export type Locale = "fr" | "en";

export const isMessageCode = (code: string): code is MessageCode => Object.hasOwn(messages, code);

/**
 * `{count|one|other}` becomes the form for the number `count` names: French takes the singular for 0 and
 * 1, English for 1 only. A parameter missing leaves the text as it is.
 */
const plurals = (template: string, locale: Locale, params: Readonly<Record<string, string | number>>) =>
  template.replace(/\{(\w+)\|([^|{}]*)\|([^|{}]*)\}/g, (whole, key: string, one: string, other: string) => {
    if (!(key in params)) return whole;
    const n = Math.abs(Number(params[key]));
    return (locale === "fr" ? n < 2 : n === 1) ? one : other;
  });

export const translate = (
  code: string,
  locale: Locale,
  params: Readonly<Record<string, string | number>> = {},
): string => {
  const template: string = isMessageCode(code) ? messages[code][locale] : code;
  return plurals(template, locale, params).replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in params ? paramText(code, key, String(params[key]), locale) : whole,
  );
};

/** A parameter as its sentence shows it: a field by its label, amounts and dates as the reader writes them. */
const paramText = (code: string, key: string, value: string, locale: Locale): string => {
  if (key === "field") return fieldLabel(value, locale);
  if (key === "reasons") return duplicateReasonsText(value, locale);
  // An invoice the platform has said nothing of yet: its last status is « aucun », not "none".
  if (code === "einvoicing.notRefused" && key === "status" && value === "none")
    return locale === "fr" ? "aucun" : "none yet";
  const own = code.startsWith("bankStatement.")
    ? bankParamText(key, value, locale)
    : code.startsWith("upload.")
      ? uploadParamText(code, key, value, locale)
      : undefined;
  return own ?? formattedParam(code, key, value, locale) ?? value;
};

/** The first of fr/en the client accepts, French when it names neither. */
export const pickLocale = (acceptLanguage: string | undefined): Locale => {
  for (const part of (acceptLanguage ?? "").split(",")) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === "fr" || tag === "en") return tag;
  }
  return "fr";
};
