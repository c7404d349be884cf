/** The messages of the sales and purchase documents (`core/src/documents/`, `core/src/document-settings/`, `api/src/documents/`), merged into `messages`. */
export const documentMessages = {
  "doc.supplierOwnSiren": {
    fr: "Ce fournisseur a le SIREN de votre organisation ({siren})\u00a0: la facture viendrait de vous-même. Vérifiez le fournisseur avant de la valider.",
    en: "This supplier has your organisation’s SIREN ({siren}): the invoice would come from yourselves. Check the supplier before validating it.",
  },
  "docSettings.bankMissing": {
    fr: "Saisissez les coordonnées bancaires avant de les imprimer sur les documents.",
    en: "Enter the bank details before printing them on documents.",
  },
  "docSettings.duplicateSeries": {
    fr: "Deux séries ont le même identifiant ({value}).",
    en: "Two series have the same id ({value}).",
  },
  "docSettings.invalidCode": {
    fr: "« {value} » n’est pas un identifiant de série : lettres, chiffres et tirets, 40 caractères au plus.",
    en: "“{value}” is not a series id: letters, digits and dashes, 40 characters at most.",
  },
  "docSettings.invalidIban": { fr: "IBAN invalide : {value}.", en: "Invalid IBAN: {value}." },
  "docSettings.invalidUse": {
    fr: "Usage de série inconnu ou non numéroté par nous : {value}.",
    en: "Unknown series use, or one we do not number: {value}.",
  },
  "docSettings.numberTooLong": {
    fr: "Les numéros de cette série dépasseraient {max} caractères (« {example} ») : une plateforme agréée les refuserait. Raccourcissez le format.",
    en: "This series' numbers would exceed {max} characters (“{example}”): an approved platform would reject them. Shorten the format.",
  },
  "docSettings.numberCharacters": {
    fr: "Les numéros de cette série (« {example} ») auraient des caractères qu’une plateforme agréée refuse : lettres sans accent, chiffres, espace et - + _ / seulement.",
    en: "This series' numbers (“{example}”) would hold characters an approved platform rejects: unaccented letters, digits, space and - + _ / only.",
  },
  "transmission.notTransmissible": {
    fr: "Seules les factures et les avoirs de vente passent par la plateforme ({kind}).",
    en: "Only sales invoices and credit notes go through the platform ({kind}).",
  },
  "transmission.notValidated": {
    fr: "Un brouillon n’est pas transmis : validez-le d’abord.",
    en: "A draft is not transmitted: validate it first.",
  },
  "transmission.alreadySubmitted": {
    fr: "Ce document a déjà été transmis (flux {flowId}) : il ne l’est jamais deux fois.",
    en: "This document was already transmitted (flow {flowId}): it never is twice.",
  },
  "transmission.internal": {
    fr: "Un avoir interne annule une facture dans les comptes seulement\xa0: il n’est jamais transmis.",
    en: "An internal credit note cancels an invoice in the books only: it is never transmitted.",
  },
  "transmission.notSubmitted": {
    fr: "Ce document n’a pas été transmis : aucun accusé ni statut ne peut s’y rapporter.",
    en: "This document was not transmitted: no acknowledgement or status can be about it.",
  },
  "transmission.otherFlow": {
    fr: "Ce document a été transmis dans le flux {flowId}, pas dans celui-ci.",
    en: "This document was transmitted in flow {flowId}, not this one.",
  },
  "transmission.notDuplicate": {
    fr: "Le flux {flowId} n’a pas été refusé comme doublon par la plateforme\xa0: il reste celui du document.",
    en: "Flow {flowId} was not refused as a duplicate by the platform: it stays the document's.",
  },
  "transmission.trackingIdMismatch": {
    fr: "L’identifiant de suivi d’un envoi est le numéro du document ({number}).",
    en: "A transmission's tracking id is the document's number ({number}).",
  },
  "transmission.invalidStatus": {
    fr: "Statut de cycle de vie inconnu : {value} (200 à 213).",
    en: "Unknown lifecycle status: {value} (200 to 213).",
  },
  "docSettings.seriesUsed": {
    fr: "La série {value} a déjà numéroté des documents : elle reste, avec son usage et son format.",
    en: "Series {value} already numbered documents: it stays, with its use and format.",
  },
  "docSettings.mention.legalForm": {
    fr: "La forme juridique du vendeur (SARL, SAS…, ou « EI » pour un entrepreneur individuel) ne figure ni dans son nom ni dans les mentions légales des documents.",
    en: "The seller's legal form (SARL, SAS…, or “EI” for a sole trader) appears neither in its name nor in the documents' legal mentions.",
  },
  "docSettings.mention.shareCapital": {
    fr: "Le capital social de la société ne figure pas dans les mentions légales des documents (« SARL au capital de 10 000 € »).",
    en: "The company's share capital is not in the documents' legal mentions (“SARL au capital de 10 000 €”).",
  },
  "docSettings.mention.registration": {
    fr: "L’immatriculation de la société — RCS ou RM et sa ville (« RCS Lyon 123 456 789 ») — ne figure pas dans les mentions légales des documents.",
    en: "The company's registration — RCS or RM and its city (“RCS Lyon 123 456 789”) — is not in the documents' legal mentions.",
  },
  "docSettings.mention.bankDetails": {
    fr: "Les coordonnées bancaires ne sont pas imprimées sur les factures : un client qui paie par virement n’y trouve pas l’IBAN.",
    en: "The bank details are not printed on invoices: a customer paying by transfer does not find the IBAN on them.",
  },
  "docSettings.unknownSeries": {
    fr: "Série de numérotation inconnue ou d’un autre usage : {value}.",
    en: "Unknown numbering series, or one of another use: {value}.",
  },
  "doc.alreadyValidated": {
    fr: "Ce document est déjà validé ({number}).",
    en: "This document is already validated ({number}).",
  },
  "doc.contactAccountMissing": {
    fr: "Le contact n’a pas de compte auxiliaire pour ce côté (client 411, fournisseur 401) : donnez-lui ce type avant de valider.",
    en: "The contact has no auxiliary account for this side (customer 411, supplier 401): give it that type before validating.",
  },
  "doc.dateBeforeLast": {
    fr: "La date du document précède celle du dernier document validé de la série ({last}) : les numéros suivent les dates.",
    en: "The document's date is before the series' last validated one ({last}): numbers follow dates.",
  },
  "doc.depositAlreadyDeducted": {
    fr: "L’acompte {number} est déjà déduit.",
    en: "Deposit {number} is already deducted.",
  },
  "doc.depositNeedsOrder": {
    fr: "Une facture d’acompte se fait sur une commande.",
    en: "A deposit invoice is made on an order.",
  },
  "doc.depositNotDeductible": {
    fr: "Un acompte ne se déduit que d’une facture finale.",
    en: "A deposit is deducted only from a final invoice.",
  },
  "doc.depositNotOnOrder": {
    fr: "L’acompte {number} n’est pas une facture d’acompte validée de la commande de cette facture.",
    en: "Deposit {number} is not a validated deposit invoice of this invoice's order.",
  },
  "doc.depositNotFound": {
    fr: "Acompte introuvable sur ce document.",
    en: "Deposit not found on this document.",
  },
  "doc.depositNotValidated": {
    fr: "La facture d’acompte doit être validée avant d’être déduite.",
    en: "The deposit invoice must be validated before it is deducted.",
  },
  "doc.dueBeforeIssue": {
    fr: "L’échéance précède la date du document.",
    en: "The due date is before the document's date.",
  },
  "doc.dueDateTooLate": {
    fr: "L’échéance dépasse le délai légal (60 jours, ou 45 jours fin de mois) : au plus le {max}.",
    en: "The due date is past the legal limit (60 days, or 45 days end of month): {max} at the latest.",
  },
  "doc.duplicateLineId": {
    fr: "Deux lignes ont le même identifiant.",
    en: "Two lines have the same id.",
  },
  "doc.exists": {
    fr: "Ce document existe déjà.",
    en: "This document already exists.",
  },
  "doc.hasChildren": {
    fr: "Ce document a des documents liés ({count}) : il ne peut pas être supprimé.",
    en: "This document has linked documents ({count}): it can't be deleted.",
  },
  "doc.historyEntryExists": {
    fr: "Cette note d’historique existe déjà.",
    en: "This history note already exists.",
  },
  "doc.historyEntryNotFound": {
    fr: "Note d’historique introuvable.",
    en: "History note not found.",
  },
  "doc.invalidLineOrder": {
    fr: "L’ordre des lignes doit nommer chaque ligne une fois.",
    en: "The line order must name each line once.",
  },
  "doc.invalidSeriesFormat": {
    fr: "Format de numérotation invalide : « {value} » (un seul {#####} pour le compteur, {YYYY}, {YY} et {MM} permis, 40 caractères au plus).",
    en: "Invalid numbering format: “{value}” (one {#####} for the counter, {YYYY}, {YY} and {MM} allowed, 40 characters at most).",
  },
  "doc.itemNotForSide": {
    fr: "L’article {reference} n’est pas utilisé de ce côté.",
    en: "Item {reference} is not used on this side.",
  },
  "doc.lineAccountMissing": {
    fr: "Une ligne n’a pas de compte de vente ou d’achat.",
    en: "A line has no sales or purchase account.",
  },
  "doc.lineNotFound": {
    fr: "Ligne introuvable ({id}).",
    en: "Line not found ({id}).",
  },
  "doc.lineTooLarge": {
    fr: "Le montant de la ligne est trop grand.",
    en: "The line's amount is too large.",
  },
  "doc.negativeTotal": {
    fr: "Le total du document est négatif : faites un avoir.",
    en: "The document's total is negative: make a credit note.",
  },
  "doc.notADeposit": {
    fr: "Ce document n’est pas une facture d’acompte.",
    en: "This document is not a deposit invoice.",
  },
  "doc.notDraft": {
    fr: "Ce document n’est plus un brouillon ({status}).",
    en: "This document is no longer a draft ({status}).",
  },
  "doc.notFound": {
    fr: "Document introuvable.",
    en: "Document not found.",
  },
  "doc.nothingRemaining": {
    fr: "Il ne reste rien à reprendre de ce document.",
    en: "Nothing remains to carry from this document.",
  },
  "doc.numberMissing": {
    fr: "Le document n’a pas de numéro.",
    en: "The document has no number.",
  },
  "doc.numberedAtValidation": {
    fr: "Ce document prend son numéro à la validation.",
    en: "This document takes its number at validation.",
  },
  "doc.numberingRequired": {
    fr: "Ce document prend son numéro à la création.",
    en: "This document takes its number at creation.",
  },
  "doc.postsNothing": {
    fr: "Ce document ne se comptabilise pas.",
    en: "This document posts nothing.",
  },
  "doc.quantityExceedsRemaining": {
    fr: "La quantité dépasse ce qui reste ({remaining}).",
    en: "The quantity exceeds what remains ({remaining}).",
  },
  "doc.seriesNotFound": {
    fr: "Série de numérotation introuvable.",
    en: "Numbering series not found.",
  },
  "doc.seriesOtherUse": {
    fr: "La série {series} numérote un autre type de document.",
    en: "Series {series} numbers another kind of document.",
  },
  "doc.transformNotAllowed": {
    fr: "Ce document ne peut pas devenir ce type de document.",
    en: "This document can't become that kind of document.",
  },
  "doc.transformRefused": {
    fr: "Ce document ne peut pas être transformé dans son état.",
    en: "This document can't be transformed in its status.",
  },
  "doc.internalNotSent": {
    fr: "Un avoir interne n’est jamais envoyé\xa0: il annule dans vos comptes une facture rejetée ou refusée par la plateforme.",
    en: "An internal credit note is never sent: it cancels in your books an invoice the platform rejected or refused.",
  },
  "doc.transitionRefused": {
    fr: "Changement d’état refusé : {from} vers {to}.",
    en: "Status change refused: {from} to {to}.",
  },
  "doc.validatedImmutable": {
    fr: "Document validé, il ne peut plus être modifié ({number}) : faites un avoir.",
    en: "Validated document, it can't be changed ({number}): make a credit note.",
  },
  "doc.validationRequired": {
    fr: "Une facture ou un avoir se valide (numéroté et comptabilisé) : utilisez la validation.",
    en: "An invoice or credit note is validated (numbered and posted): use validation.",
  },
  "doc.zeroTotal": {
    fr: "Le total du document est nul.",
    en: "The document's total is zero.",
  },
  "doc.mention.contact": {
    fr: "Choisissez le client ou le fournisseur.",
    en: "Choose the customer or supplier.",
  },
  "doc.mention.creditedInvoice": {
    fr: "Un avoir cite la facture qu’il corrige (numéro et date).",
    en: "A credit note cites the invoice it corrects (number and date).",
  },
  "doc.mention.customerAddress": {
    fr: "Mention obligatoire manquante : l’adresse du client.",
    en: "Mandatory mention missing: the customer's address.",
  },
  "doc.mention.customerSiren": {
    fr: "Mention obligatoire manquante : le SIREN du client.",
    en: "Mandatory mention missing: the customer's SIREN.",
  },
  "doc.mention.customerVatNumber": {
    fr: "Mention obligatoire manquante : le numéro de TVA du client (autoliquidation).",
    en: "Mandatory mention missing: the customer's VAT number (reverse charge).",
  },
  "doc.vatRegimeOutdated": {
    fr: "Une ligne n’a pas le régime de TVA que le client et sa nature décident (exonération, autoliquidation) : choisissez le client à nouveau ou modifiez la ligne.",
    en: "A line does not have the VAT regime its customer and nature decide (exemption, reverse charge): choose the customer again or edit the line.",
  },
  "doc.mention.franchiseMention": {
    fr: "En franchise en base, chaque ligne porte « TVA non applicable, art. 293 B du CGI ».",
    en: "Under the VAT franchise, each line carries “TVA non applicable, art. 293 B du CGI”.",
  },
  "doc.mention.noLines": {
    fr: "Le document n’a aucune ligne chiffrée.",
    en: "The document has no priced line.",
  },
  "doc.mention.sellerAddress": {
    fr: "Mention obligatoire manquante : l’adresse de votre organisation.",
    en: "Mandatory mention missing: your organisation's address.",
  },
  "doc.mention.sellerName": {
    fr: "Mention obligatoire manquante : le nom de votre organisation.",
    en: "Mandatory mention missing: your organisation's name.",
  },
  "doc.mention.sellerSiren": {
    fr: "Mention obligatoire manquante : le SIREN de votre organisation.",
    en: "Mandatory mention missing: your organisation's SIREN.",
  },
  "doc.mention.sellerVatNumber": {
    fr: "Mention obligatoire manquante : le numéro de TVA de votre organisation.",
    en: "Mandatory mention missing: your organisation's VAT number.",
  },
  "doc.mention.supplierDate": {
    fr: "Saisissez la date de la facture du fournisseur.",
    en: "Enter the supplier's invoice date.",
  },
  "doc.mention.supplierNumber": {
    fr: "Saisissez le numéro de la facture du fournisseur.",
    en: "Enter the supplier's invoice number.",
  },
  "doc.creditNeedsValidatedInvoice": {
    fr: "Un avoir se fait sur une facture validée.",
    en: "A credit note is made on a validated invoice.",
  },
  "doc.depositExceedsInvoice": {
    fr: "Les acomptes déduits dépassent la facture au taux {vatRate} %.",
    en: "The deposits deducted exceed the invoice at the {vatRate} % rate.",
  },
} as const;
