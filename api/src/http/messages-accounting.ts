/** The messages of the books: accounts, journals, entries and their lettering, periods, fiscal years, their closing and adjustments (`core/src/accounting/`), merged into `messages`. */
export const accountingMessages = {
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
  "yearEnd.confirmIrreversible": {
    fr: "Cette opération est irréversible : confirmez la clôture.",
    en: "This operation is irreversible: confirm the closing.",
  },
  "yearEnd.openingValidated": {
    fr: "Les à-nouveaux de l’exercice suivant sont déjà validés.",
    en: "The next year's opening entries are already validated.",
  },
  "amount.outOfRange": {
    fr: "Ces montants sont trop élevés pour être additionnés exactement.",
    en: "These amounts are too large to be added up exactly.",
  },
} as const;
