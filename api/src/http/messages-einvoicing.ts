/**
 * The messages of e-invoicing through an approved platform (issue 25: `api/src/einvoicing/`, the
 * lifecycle messages of `core/src/einvoicing/`), merged into `messages`. Each helper of the issue
 * appends its own block.
 */
export const einvoicingMessages = {
  // The connection (`einvoicing/connection.ts`, `routes/einvoicing.ts`).
  "einvoicing.invalidUrl": {
    fr: "Adresse invalide\xa0: une URL http(s) sans identifiants ni espaces, de 500 caractères au plus.",
    en: "Invalid address: an http(s) URL without credentials or spaces, 500 characters at most.",
  },
  "einvoicing.urlNotAllowed": {
    fr: "Adresse refusée\xa0: le serveur ne se connecte ni à lui-même ni à une adresse locale au lien (169.254.x.x).",
    en: "Address refused: the server connects neither to itself nor to a link-local address (169.254.x.x).",
  },
  "einvoicing.invalidClientId": {
    fr: "L’identifiant client est vide ou dépasse 200 caractères.",
    en: "The client id is empty or longer than 200 characters.",
  },
  "einvoicing.clientSecretRequired": {
    fr: "Le secret client que la plateforme vous a donné est requis.",
    en: "The client secret the platform gave you is required.",
  },
  "einvoicing.invalidSecret": {
    fr: "Secret invalide.",
    en: "Invalid secret.",
  },
  "einvoicing.webhookSecretTwice": {
    fr: "Donnez un secret de webhook ou demandez-en un nouveau, pas les deux.",
    en: "Give a webhook secret or ask for a new one, not both.",
  },
  "einvoicing.webhookSecretShort": {
    fr: "Le secret de webhook doit compter au moins {min} caractères.",
    en: "The webhook secret must be at least {min} characters long.",
  },
  "einvoicing.secretUnreadable": {
    fr: "Le secret enregistré ne peut plus être lu (la clé du serveur a changé)\xa0: saisissez-le de nouveau.",
    en: "The secret kept can no longer be read (the server key changed): enter it again.",
  },
  "einvoicing.test.ok": {
    fr: "Réussi.",
    en: "Passed.",
  },
  "einvoicing.test.skipped": {
    fr: "Non essayé\xa0: l’étape précédente a échoué.",
    en: "Not tried: the previous step failed.",
  },
  "einvoicing.test.unreachable": {
    fr: "La plateforme ne répond pas ({errorCode})\xa0: vérifiez les adresses, ou réessayez plus tard.",
    en: "The platform does not answer ({errorCode}): check the addresses, or try again later.",
  },
  "einvoicing.test.credentialsRefused": {
    fr: "La plateforme refuse l’identifiant ou le secret client ({errorCode}).",
    en: "The platform refuses the client id or secret ({errorCode}).",
  },
  "einvoicing.test.refused": {
    fr: "La plateforme a refusé la demande ({errorCode}).",
    en: "The platform refused the request ({errorCode}).",
  },
  "einvoicing.test.invalidAnswer": {
    fr: "La plateforme a répondu hors de la norme de l’API ({errorCode}).",
    en: "The platform answered outside the API standard ({errorCode}).",
  },
  "einvoicing.test.notListed": {
    fr: "L’annuaire de la plateforme ne connaît pas le SIREN {siren}\xa0: demandez-lui de vous y inscrire.",
    en: "The platform's directory does not know SIREN {siren}: ask it to list you.",
  },
  "einvoicing.organisationSiren": {
    fr: "L’organisation n’a pas de SIREN\xa0: renseignez-le dans ses paramètres.",
    en: "The organisation has no SIREN: fill it in its settings.",
  },
  // Receiving and the buyer's statuses (`einvoicing/receive.ts`, `buyer-status.ts`).
  "einvoicing.receivedNotFound": {
    fr: "Facture reçue introuvable.",
    en: "Received invoice not found.",
  },
  "einvoicing.receivedNotImported": {
    fr: "Ce flux reçu a été refusé à l’import\xa0: aucun statut ne peut être envoyé à son sujet.",
    en: "This received flow was refused at import: no status can be sent about it.",
  },
  "einvoicing.statusNotBuyers": {
    fr: "L’acheteur n’envoie que les statuts 204, 205, 207, 210 et 211.",
    en: "A buyer only sends statuses 204, 205, 207, 210 and 211.",
  },
  "einvoicing.reasonRequired": {
    fr: "Un refus (210) doit donner son motif.",
    en: "A refusal (210) must give its reason.",
  },
  "einvoicing.reasonNotAllowed": {
    fr: "Le motif « {code} » n’est pas admis pour ce statut.",
    en: "Reason “{code}” is not allowed for this status.",
  },
  "einvoicing.alreadyRefused": {
    fr: "Cette facture a été refusée\xa0: plus aucun statut ne peut être envoyé, le fournisseur doit l’annuler.",
    en: "This invoice was refused: no further status can be sent, the supplier must cancel it.",
  },
  "einvoicing.fileUnavailable": {
    fr: "La plateforme ne fournit pas le fichier de ce flux.",
    en: "The platform does not provide this flow's file.",
  },
  "einvoicing.notConnected": {
    fr: "Aucune plateforme de facturation électronique n’est connectée à cette organisation.",
    en: "No e-invoicing platform is connected to this organisation.",
  },
  "einvoicing.platformUnavailable": {
    fr: "La plateforme de facturation électronique ne répond pas\xa0; réessayez plus tard.",
    en: "The e-invoicing platform does not answer; try again later.",
  },
  "einvoicing.platformRefused": {
    fr: "La plateforme a refusé le message\xa0: {errorCode}.",
    en: "The platform refused the message: {errorCode}.",
  },
  "einvoicing.buyerIdentity": {
    fr: "Le SIREN de l’organisation ou celui du fournisseur manque\xa0: le statut ne peut pas les nommer.",
    en: "The organisation's or the supplier's SIREN is missing: the status cannot name them.",
  },
  "cdar.notLifecycle": {
    fr: "Ce XML n’est pas un message de cycle de vie (CDAR).",
    en: "This XML is not a lifecycle message (CDAR).",
  },
  "cdar.missingField": {
    fr: "Le message de cycle de vie n’a pas de {field}, obligatoire.",
    en: "The lifecycle message lacks {field}, which is required.",
  },
  "cdar.unknownStatus": {
    fr: "Statut de cycle de vie inconnu.",
    en: "Unknown lifecycle status.",
  },
  "cdar.invalidAmount": {
    fr: "Montant illisible en {field}.",
    en: "Unreadable amount in {field}.",
  },
  "cdar.invalidSiren": {
    fr: "SIREN invalide en {field}\xa0: neuf chiffres attendus.",
    en: "Invalid SIREN in {field}: nine digits expected.",
  },
  "cdar.reasonRequired": {
    fr: "Un refus (210) doit donner son motif.",
    en: "A refusal (210) must give its reason.",
  },
  "cdar.reasonNotAllowed": {
    fr: "Le motif « {code} » n’est pas admis pour ce statut.",
    en: "Reason “{code}” is not allowed for this status.",
  },
  "cdar.amountsRequired": {
    fr: "Le statut « Encaissée » (212) doit donner les montants encaissés par taux de TVA.",
    en: "The “collected” status (212) must give the amounts received per VAT rate.",
  },
  "cdar.invalidRate": {
    fr: "Taux de TVA illisible.",
    en: "Unreadable VAT rate.",
  },
  "einvoicing.webhookUnverified": {
    fr: "Appel de la plateforme refusé : sa signature ne correspond pas au secret du webhook de l’organisation.",
    en: "Platform call refused: its signature does not match the organisation's webhook secret.",
  },
  "einvoicing.webhookStale": {
    fr: "Appel de la plateforme refusé : son horodatage s’écarte de plus de cinq minutes.",
    en: "Platform call refused: its timestamp is more than five minutes off.",
  },
  "einvoicing.webhookOtherOrganisation": {
    fr: "Appel de la plateforme refusé : ce flux n’est pas celui de l’organisation.",
    en: "Platform call refused: this flow is not the organisation's.",
  },
  "einvoicing.notRefused": {
    fr: "Seule une facture rejetée (213) ou refusée (210) par la plateforme s’annule par un avoir interne (dernier statut\xa0: {status}).",
    en: "Only an invoice rejected (213) or refused (210) through the platform is cancelled by an internal credit note (last status: {status}).",
  },
  "einvoicing.alreadyCredited": {
    fr: "Cette facture a déjà un avoir ({number})\xa0: elle ne s’annule pas deux fois.",
    en: "This invoice already has a credit note ({number}): it is not cancelled twice.",
  },
} as const;
